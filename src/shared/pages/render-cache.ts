// Rendered hosted pages remembered per page, so a page's scans do not each build the same HTML again: rendering a
// 24-dish menu took more of the server's CPU than the rest of its scan (bench-results/redirect-page-postgres.md).
//
// The key is the checked page object itself. The redirect's page parser returns the same object for the same stored
// JSON text (redirect-ruled.ts), so an edited page is a new object and can never be answered with the old HTML; a
// runtime that hands over a fresh object per scan (no JSON text) simply renders every time. A page's HTML depends on
// the time only through a coupon's validity and a business's opening hours: `renderedUntil` says when the HTML
// remembered at `now` stops being what renderHostedPage would give.

import { renderHostedPage, type PageContext } from './render.ts';
import type { HostedPage } from './schema.ts';

interface Rendered {
  /** The base path the links were made for (…/r/<slug>). */
  base: string;
  html: string;
  /** Epoch ms of the render: a clock set back (a test's) renders again rather than trust the HTML. */
  at: number;
  /** Epoch ms from which this HTML is out of date (Infinity: never by time alone). */
  until: number;
}

/**
 * The first instant after `now` at which the page may render differently because of the time alone (a coupon that
 * starts or ends, a business that opens or closes), or Infinity.
 */
export function renderedUntil(page: HostedPage, now: Date): number {
  const t = now.getTime();
  // "Open now · Closes at 18:00" and its like change on a minute of the business's zone (every zone's offset is a
  // whole number of minutes), so a business page is kept until the next minute starts.
  if (page.type === 'business') return (Math.floor(t / 60_000) + 1) * 60_000;
  if (page.type !== 'coupon') return Infinity;
  const edges = [page.validFrom, page.validUntil]
    .filter((s): s is string => s !== undefined)
    .map((s) => Date.parse(s))
    .filter((edge) => edge > t);
  return edges.length ? Math.min(...edges) : Infinity;
}

export type PageRenderer = (page: HostedPage, base: string, ctx: PageContext) => Promise<string>;

/**
 * renderHostedPage with a memory. `ctx` must be a function of `base` alone (plus `now`), as the redirect builds
 * it: the remembered HTML is reused for the same page and base until renderedUntil.
 */
export function rememberingPageRenderer(): PageRenderer {
  const rendered = new WeakMap<HostedPage, Rendered>();
  return async (page, base, ctx) => {
    const t = ctx.now.getTime();
    const hit = rendered.get(page);
    if (hit && hit.base === base && hit.at <= t && t < hit.until) return hit.html;
    const html = await renderHostedPage(page, ctx);
    rendered.set(page, { base, html, at: t, until: renderedUntil(page, ctx.now) });
    return html;
  };
}
