// A click on a hosted Links page's link: the page links each http(s) link to …/r/<slug>/l/<index>, so the click
// comes through here, is counted (issue 32: "each link's clicks counted, so they show in analytics") and answered
// with a 302 to the link. The page's gates have already let the visitor through (answerRuled); a click is never a
// scan. mailto: and tel: links are left as they are (a redirect to them is not dependable in every browser).
import type { HostedPage } from '../pages/schema.ts';
import type { RedirectDeps } from './redirect-deps.ts';
import { notFoundPage, redirectTo, safeTarget } from './redirect-pages.ts';

/** Whether a Links page's link goes through the click counter: http(s) links only. */
export function countsClicks(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

export async function linkClick(
  deps: Pick<RedirectDeps, 'recordLinkClick'>,
  click: { clickCountable: boolean },
  codeId: string,
  page: HostedPage,
  index: number,
): Promise<Response> {
  const link = page.type === 'links' ? page.links[index]?.url : undefined;
  const target = link !== undefined && countsClicks(link) ? safeTarget(link) : null;
  if (target === null) return notFoundPage();
  // False: the page changed since it was looked up (the link is gone); the visitor still goes where it pointed.
  if (click.clickCountable) await deps.recordLinkClick(codeId, index);
  return redirectTo(target);
}
