// The remembering page renderer (render-cache.ts): whatever the order and the instants of the scans, it answers
// exactly what a fresh renderHostedPage would, for every sample page, coupons scanned around their edges and
// businesses on either side of a day (their opening hours).
import { describe, expect, it } from 'vitest';
import { rememberingPageRenderer, renderedUntil } from '../../../src/shared/pages/render-cache.ts';
import { renderHostedPage, type PageContext } from '../../../src/shared/pages/render.ts';
import { PAGE_TYPES, type HostedPage } from '../../../src/shared/pages/schema.ts';
import { mulberry32 } from '../../helpers/prng.ts';
import { SAMPLE_PAGES } from './samples.ts';

function sampleCoupon() {
  const coupon = SAMPLE_PAGES.coupon;
  if (coupon.type !== 'coupon' || !coupon.validFrom || !coupon.validUntil)
    throw new Error('the sample coupon has both edges');
  return { coupon, from: Date.parse(coupon.validFrom), until: Date.parse(coupon.validUntil) };
}

const contextFor = (base: string, now: number): PageContext => ({
  now: new Date(now),
  vcardHref: `${base}/contact.vcf`,
  linkHref: (i) => `${base}/l/${i}`,
  fileHref: (n, download) => `${base}/file/${n}${download ? '?download' : ''}`,
});

describe('rememberingPageRenderer', () => {
  it('answers what a fresh render gives, for each page, base and instant, in a random order of scans', async () => {
    const { from, until } = sampleCoupon();
    const edges = [from, until];
    // Instants on, just before and just after each edge, a day either side and within business hours; the clock also
    // steps back sometimes.
    const instants = edges.flatMap((e) => [
      e - 1,
      e,
      e + 1,
      e - 86_400_000,
      e + 86_400_000,
      e + 9 * 3_600_000 + 59_999,
    ]);
    const pages: HostedPage[] = PAGE_TYPES.map((type) => SAMPLE_PAGES[type]);
    const bases = ['/r/abc123', '/functions/v1/r/abc123'];
    const random = mulberry32(35_032);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const render = rememberingPageRenderer();
    for (let i = 0; i < 300; i++) {
      const page = pick(pages);
      const base = pick(bases);
      const now = pick(instants);
      const expected = await renderHostedPage(page, contextFor(base, now));
      expect(
        await render(page, base, contextFor(base, now)),
        `${page.type} ${base} ${new Date(now).toISOString()}`,
      ).toBe(expected);
    }
  });

  it('renders an edited page (a new object) afresh', async () => {
    const render = rememberingPageRenderer();
    const now = Date.parse('2026-04-01T12:00:00Z');
    const before = await render(SAMPLE_PAGES.links, '/r/x', contextFor('/r/x', now));
    const links = SAMPLE_PAGES.links;
    if (links.type !== 'links') throw new Error('the sample links page');
    const edited: HostedPage = { ...links, title: 'A new title' };
    const after = await render(edited, '/r/x', contextFor('/r/x', now));
    expect(after).not.toBe(before);
    expect(after).toContain('A new title');
  });
});

describe('renderedUntil', () => {
  it('is the next edge of a coupon, and never for other pages', () => {
    const { coupon, from, until } = sampleCoupon();
    expect(renderedUntil(coupon, new Date(from - 1))).toBe(from);
    expect(renderedUntil(coupon, new Date(from))).toBe(until);
    expect(renderedUntil(coupon, new Date(until))).toBe(Infinity);
    expect(renderedUntil(SAMPLE_PAGES.menu, new Date(from - 1))).toBe(Infinity);
    // A business page: until the next minute, whose start changes what "Open now · Closes at …" may say.
    expect(renderedUntil(SAMPLE_PAGES.business, new Date(from + 59_999))).toBe(from + 60_000);
    expect(renderedUntil(SAMPLE_PAGES.business, new Date(from + 60_000))).toBe(from + 120_000);
  });
});
