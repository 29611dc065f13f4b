// The renderer of hosted pages: (page, context) → one HTML document, on the server (the local server's /r/<slug>
// and the `r` Edge Function), runtime-neutral. Hono's `html` template escapes every interpolated value, so a page
// is never built by string concatenation of user text. No script: every action is a link (tel:, mailto:, the
// coupon's redeem link, the vCard download), and the page reads the same without JavaScript. One small stylesheet
// inline, the owner's colours as CSS variables (checked hex colours), system fonts: well under 14 KB before images.
// Pictures (the owner's logo on any page, a vCard photo, a Links avatar, menu photos): render-pictures.ts.

import { html, raw } from 'hono/html';
import { BUSINESS_STYLE, businessBody } from './render-business.ts';
import { EVENT_STYLE, eventBody } from './render-event.ts';
import { FEEDBACK_STYLE, feedbackBody, feedbackThanksBody, type FeedbackOutcome } from './render-feedback.ts';
import { FILES_STYLE, imagesBody, pdfBody, type FileHref } from './render-files.ts';
import { logoOf, picture, pictureSrc, PICTURES_STYLE, type PictureSrc } from './render-pictures.ts';
import type { CouponPage, FeedbackPage, HostedPage, LinksPage, MenuPage, PageTheme, VcardPage } from './schema.ts';

export interface PageContext {
  /** The time the page is shown (coupon validity). */
  now: Date;
  /**
   * Where the page's n-th link goes: through our redirect, so its clicks are counted. Null or absent: the link
   * itself.
   */
  linkHref?(index: number, url: string): string | null;
  /** Where "Save contact" downloads the page's .vcf. */
  vcardHref?: string;
  /** Where the page's n-th file (pageFiles order) is served. Default: `file/<n>`, relative. */
  fileHref?: FileHref;
  /** Where a feedback page's form posts. Default: `feedback`, relative. */
  feedbackAction?: string;
  /** Where an event page's "Add to calendar" downloads the .ics. Default: `event.ics`, relative. */
  icsHref?: string;
}

type Html = ReturnType<typeof html>;

const DEFAULT_THEME: PageTheme = { background: '#ffffff', accent: '#1a73e8' };

function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/**
 * Black or white text, whichever contrasts more with `background` (WCAG 2 contrast ratio): at least 4.58 : 1 for
 * any colour, so the owner's colours never make a page unreadable.
 */
export function textColourOn(background: string): string {
  const l = relativeLuminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** A link as written in the page: tel: numbers keep only their digits and a leading +. */
function hrefOf(url: string): string {
  return /^tel:/i.test(url) ? `tel:${url.slice(4).replace(/[^0-9+]/g, '')}` : url;
}

const STYLE =
  ':root{color-scheme:light}*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",' +
  'Roboto,sans-serif;background:var(--bg);color:var(--fg)}main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem 3rem}' +
  'h1{font-size:1.6rem;line-height:1.2;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.75rem 0 .5rem}' +
  'p{margin:.5rem 0}.muted{opacity:.8}.button{display:block;text-align:center;padding:.8rem 1rem;margin:.6rem 0;' +
  'border-radius:.6rem;background:var(--accent);color:var(--on-accent);text-decoration:none;font-weight:600;' +
  'overflow-wrap:anywhere}.outline{background:transparent;color:inherit;border:2px solid var(--accent)}' +
  'ul{list-style:none;padding:0;margin:0}.item{display:flex;justify-content:space-between;gap:1rem;padding:.6rem 0;' +
  'border-bottom:1px solid rgba(127,127,127,.3)}.item strong{display:block}.price{white-space:nowrap;font-weight:600}' +
  '.tags{font-size:.8rem;opacity:.8}.code{font:700 1.5rem/1.2 ui-monospace,monospace;letter-spacing:.1em;' +
  'padding:.8rem;border:2px dashed var(--accent);border-radius:.6rem;text-align:center;user-select:all;' +
  'overflow-wrap:anywhere}.note{white-space:pre-line}dl{margin:0}dt{font-size:.85rem;opacity:.8;margin-top:.75rem}' +
  'dd{margin:0;overflow-wrap:anywhere}a{color:inherit}footer{margin-top:2.5rem;font-size:.8rem;opacity:.7;' +
  'text-align:center}';

// Each type's own rules are added only to its pages, so the others stay as small as they were.
function styleOf(type: HostedPage['type']): string {
  return type === 'feedback'
    ? FEEDBACK_STYLE
    : type === 'event'
      ? EVENT_STYLE
      : type === 'business'
        ? BUSINESS_STYLE
        : '';
}

function document(title: string, theme: PageTheme, body: Html, typeStyle = ''): Html {
  const vars =
    `--bg:${theme.background};--fg:${textColourOn(theme.background)};` +
    `--accent:${theme.accent};--on-accent:${textColourOn(theme.accent)}`;
  // The colours are checked hex values (schema), the only raw text in the document.
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${title}</title>
        <meta name="description" content="${title}" />
        <link rel="icon" href="data:," />
        <style>
          ${raw(`:root{${vars}}${STYLE}${FILES_STYLE}${PICTURES_STYLE}${typeStyle}`)}
        </style>
      </head>
      <body>
        <main>
          ${body}
          <footer><a href="/">Made with QRCraft</a></footer>
        </main>
      </body>
    </html>`;
}

function linksBody(page: LinksPage, ctx: PageContext, src: PictureSrc): Html {
  const href = (i: number, url: string) => ctx.linkHref?.(i, url) ?? hrefOf(url);
  return html`${page.avatar ? picture(page.avatar, src, 'avatar', page.title) : ''}
    <h1>${page.title}</h1>
    ${page.bio ? html`<p class="note">${page.bio}</p>` : ''}
    <nav aria-label="Links">
      ${page.links.map((l, i) => html`<a class="button" href="${href(i, l.url)}">${l.label}</a>`)}
    </nav>`;
}

function vcardBody(page: VcardPage, ctx: PageContext, src: PictureSrc): Html {
  const name = [page.firstName, page.lastName].filter(Boolean).join(' ') || page.company || 'Contact';
  const a = page.address;
  const address = a
    ? [a.street, [a.postcode, a.city].filter(Boolean).join(' '), a.region, a.country].filter(Boolean)
    : [];
  return html`${page.photo ? picture(page.photo, src, 'avatar', `Photo of ${name}`) : ''}
    <h1>${name}</h1>
    ${page.role || page.company ? html`<p class="muted">${[page.role, page.company].filter(Boolean).join(' · ')}</p>` : ''}
    ${ctx.vcardHref ? html`<a class="button" href="${ctx.vcardHref}" download>Save contact</a>` : ''}
    <dl>
      ${(page.phones ?? []).map(
        (p) =>
          html`<dt>${p.label ?? 'Phone'}</dt>
            <dd><a href="${hrefOf(`tel:${p.number}`)}">${p.number}</a></dd>`,
      )}${(page.emails ?? []).map(
        (e) =>
          html`<dt>Email</dt>
            <dd><a href="mailto:${e}">${e}</a></dd>`,
      )}${
        page.website
          ? html`<dt>Website</dt>
              <dd><a href="${page.website}">${page.website}</a></dd>`
          : ''
      }${
        address.length
          ? html`<dt>Address</dt>
              <dd>${address.map((line, i) => html`${i ? html`<br />` : ''}${line}`)}</dd>`
          : ''
      }
    </dl>
    ${page.note ? html`<p class="note">${page.note}</p>` : ''}`;
}

function menuBody(page: MenuPage, src: PictureSrc): Html {
  const money = new Intl.NumberFormat(page.locale ?? 'en', { style: 'currency', currency: page.currency });
  return html`<h1>${page.title}</h1>
    ${page.hours ? html`<p class="muted">${page.hours}</p>` : ''}
    ${page.sections.map(
      (s) =>
        html`<h2>${s.name}</h2>
          <ul>
            ${s.items.map(
              (item) =>
                html`<li class="item">
                  ${item.photo ? picture(item.photo, src, 'thumb', item.name) : ''}
                  <div>
                    <strong>${item.name}</strong>${
                      item.description ? html`<span class="note">${item.description}</span>` : ''
                    }${item.tags?.length ? html`<div class="tags">${item.tags.join(' · ')}</div>` : ''}
                  </div>
                  <span class="price">${money.format(item.price)}</span>
                </li>`,
            )}
          </ul>`,
    )}`;
}

function couponBody(page: CouponPage, ctx: PageContext): Html {
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: page.timeZone });
  const now = ctx.now.getTime();
  const ended = page.validUntil !== undefined && now >= Date.parse(page.validUntil);
  const early = page.validFrom !== undefined && now < Date.parse(page.validFrom);
  const validity = [
    page.validFrom ? `from ${day.format(new Date(page.validFrom))}` : '',
    page.validUntil ? `until ${day.format(new Date(page.validUntil))}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return html`<h1>${page.headline}</h1>
    ${page.offer ? html`<p class="note">${page.offer}</p>` : ''}
    ${ended ? html`<p role="status"><strong>This coupon has expired.</strong></p>` : ''}${
      early ? html`<p role="status"><strong>This coupon is not valid yet.</strong></p>` : ''
    }
    ${
      page.code && !ended
        ? html`<p class="muted">Your code</p>
            <p class="code">${page.code}</p>`
        : ''
    }
    ${validity ? html`<p class="muted">Valid ${validity} (${page.timeZone})</p>` : ''}
    ${page.redeemUrl && !ended && !early ? html`<a class="button" href="${page.redeemUrl}">Redeem</a>` : ''}
    ${
      page.terms
        ? html`<h2>Terms</h2>
            <p class="note">${page.terms}</p>`
        : ''
    }`;
}

function titleOf(page: HostedPage): string {
  switch (page.type) {
    case 'links':
    case 'menu':
    case 'pdf':
    case 'images':
    case 'feedback':
    case 'event':
      return page.title;
    case 'coupon':
      return page.headline;
    case 'vcard':
      return [page.firstName, page.lastName].filter(Boolean).join(' ') || page.company || 'Contact';
    case 'business':
      return page.name;
  }
}

function bodyOf(page: HostedPage, ctx: PageContext, fileHref: FileHref, src: PictureSrc): Html {
  switch (page.type) {
    case 'links':
      return linksBody(page, ctx, src);
    case 'vcard':
      return vcardBody(page, ctx, src);
    case 'menu':
      return menuBody(page, src);
    case 'coupon':
      return couponBody(page, ctx);
    case 'pdf':
      return pdfBody(page, fileHref);
    case 'images':
      return imagesBody(page, fileHref);
    case 'feedback':
      return feedbackBody(page, ctx.feedbackAction ?? 'feedback');
    case 'event':
      return eventBody(page, ctx.icsHref ?? 'event.ics', src);
    case 'business':
      return businessBody(page, ctx.now, src);
  }
}

const relativeFileHref: FileHref = (n, download) => `file/${n}${download ? '?download' : ''}`;

/** The page as one HTML document (a checked page: hostedPageSchema). */
export async function renderHostedPage(page: HostedPage, ctx: PageContext): Promise<string> {
  const fileHref = ctx.fileHref ?? relativeFileHref;
  const src = pictureSrc(page, fileHref);
  const body = html`${logoOf(page, src)}${bodyOf(page, ctx, fileHref, src)}`;
  return String(await document(titleOf(page), page.theme ?? DEFAULT_THEME, body, styleOf(page.type)));
}

/** A feedback page's thank-you page (or its "try later" page); `back` leads to the form again. */
export async function renderFeedbackThanks(
  page: FeedbackPage,
  outcome: FeedbackOutcome,
  back: string,
): Promise<string> {
  const body = feedbackThanksBody(page, outcome, back);
  return String(await document(page.title, page.theme ?? DEFAULT_THEME, body, FEEDBACK_STYLE));
}
