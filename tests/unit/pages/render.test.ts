// The hosted-page renderer (issue 32): every page type renders a small, script-free document; text from the owner is
// escaped wherever it lands (checked by parsing the output with parse5, the HTML standard's parser, not by
// searching strings); links are only http(s), mailto and tel; coupons know when they are valid.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { renderHostedPage, textColourOn } from '../../../src/shared/pages/render.ts';
import { EVENT_SCRIPT, EVENT_SCRIPT_HASH } from '../../../src/shared/pages/render-event.ts';
import { PAGE_TYPES, hostedPageSchema, isPageLink, type HostedPage } from '../../../src/shared/pages/schema.ts';
import { HOSTILE_STRINGS, PICTURE_PAGES, SAMPLE_PAGES, withHostileText } from './samples.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const ALLOWED_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'main',
  'footer',
  'nav',
  'h1',
  'h2',
  'p',
  'a',
  'strong',
  'span',
  'div',
  'ul',
  'li',
  'dl',
  'dt',
  'dd',
  'br',
  // PDF and Images pages (render-files.ts).
  'img',
  'figure',
  'figcaption',
  // Feedback pages' form (render-feedback.ts).
  'form',
  'fieldset',
  'legend',
  'label',
  'input',
  'textarea',
  'button',
  // Event pages: the times in the visitor's zone (render-event.ts); its one script is checked apart.
  'time',
  // Business pages: the week's hours (render-business.ts).
  'table',
  'tbody',
  'tr',
  'th',
  'td',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'lang',
  'charset',
  'name',
  'content',
  'class',
  'href',
  'download',
  'aria-label',
  'role',
  'src',
  'width',
  'height',
  'alt',
  'loading',
  'decoding',
  'method',
  'action',
  'type',
  'id',
  'value',
  'required',
  'for',
  'maxlength',
  'rows',
  'autocomplete',
  'tabindex',
  'aria-hidden',
  'datetime',
  'data-zone',
  'hidden',
  'scope',
]);

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, out);
  if ('content' in node && node.content) elements(node.content as Node, out);
  return out;
}

function text(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
}

const render = (page: HostedPage, now = '2026-04-01T12:00:00Z') =>
  renderHostedPage(page, {
    now: new Date(now),
    vcardHref: '/r/abcd1234/contact.vcf',
    fileHref: (n, download) => `/r/abcd1234/file/${n}${download ? '?download' : ''}`,
    feedbackAction: '/r/abcd1234/feedback',
    icsHref: '/r/abcd1234/event.ics',
  });

describe('hosted pages', () => {
  it('accepts the sample pages and refuses links that are not http(s), mailto or tel', () => {
    for (const page of Object.values(SAMPLE_PAGES)) expect(hostedPageSchema.safeParse(page).error).toBeUndefined();
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'https://user:pw@example.com/',
      'ftp://example.com/',
      'mailto:a@b.example,c@d.example',
      'mailto:a@b.example?bcc=c@d.example',
      'tel:call-me',
      'https://example.com/\u0007',
      '//example.com/',
    ]) {
      expect(isPageLink(url), url).toBe(false);
      const page = { ...SAMPLE_PAGES.links, links: [{ label: 'x', url }] };
      expect(hostedPageSchema.safeParse(page).success, url).toBe(false);
    }
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.links, title: 'a\u0000b' }).success).toBe(false);
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.links, extra: 1 }).success).toBe(false);
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.links, type: 'pdf' }).success).toBe(false);
  });

  it.each(PAGE_TYPES)('renders a %s page under 14 KB, with no script and only safe links', async (type) => {
    for (const page of [SAMPLE_PAGES[type], PICTURE_PAGES[type]]) await checkSmallAndSafe(page);
  });

  async function checkSmallAndSafe(page: HostedPage) {
    const out = await render(page);
    expect(new TextEncoder().encode(out).length).toBeLessThan(14 * 1024);
    const all = elements(parse(out));
    // The one <link>: an empty icon, so that a phone does not ask the code's host for /favicon.ico (a 404 that
    // Lighthouse counts as a console error); nothing is loaded.
    expect(all.filter((el) => el.tagName === 'link').map((el) => el.attrs)).toEqual([
      [
        { name: 'rel', value: 'icon' },
        { name: 'href', value: 'data:,' },
      ],
    ]);
    checkScripts(page, all);
    for (const el of all.filter((e) => e.tagName !== 'link' && e.tagName !== 'script')) {
      expect(ALLOWED_TAGS.has(el.tagName), el.tagName).toBe(true);
      for (const attr of el.attrs) {
        expect(ALLOWED_ATTRIBUTES.has(attr.name), attr.name).toBe(true);
        if (attr.name === 'href' || attr.name === 'src' || attr.name === 'action')
          expect(attr.value).toMatch(/^(https?:\/\/|mailto:|tel:\+?[0-9]+$|\/)/);
      }
    }
  }

  /**
   * No script on any page but an event's one, which is EVENT_SCRIPT exactly (the page's CSP allows that text by its
   * hash, EVENT_SCRIPT_HASH, and nothing else).
   */
  function checkScripts(page: HostedPage, all: Element[]) {
    const scripts = all.filter((el) => el.tagName === 'script');
    if (page.type !== 'event') {
      expect(scripts).toEqual([]);
      return;
    }
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.attrs).toEqual([]);
    expect(text(scripts[0]!)).toBe(EVENT_SCRIPT);
  }

  it("allows the event script by its hash, and the hash is the script's", () => {
    const digest = createHash('sha256').update(EVENT_SCRIPT).digest('base64');
    expect(EVENT_SCRIPT_HASH).toBe(`sha256-${digest}`);
  });

  it.each(HOSTILE_STRINGS.map((s) => [s]))('shows %j as text in every field of every page type', async (hostile) => {
    // The pictures' alt texts are made of the page's text too (a title, a company, a dish).
    for (const sample of [...Object.values(SAMPLE_PAGES), ...Object.values(PICTURE_PAGES)]) {
      const page = withHostileText(sample, hostile);
      expect(hostedPageSchema.safeParse(page).error, page.type).toBeUndefined();
      const tree = parse(await render(page));
      const all = elements(tree);
      // No element or attribute came from the text: the same tags as the sample's own rendering allows.
      expect(all.filter((el) => el.tagName === 'link')).toHaveLength(1);
      checkScripts(page, all);
      for (const el of all.filter((e) => e.tagName !== 'link' && e.tagName !== 'script')) {
        expect(ALLOWED_TAGS.has(el.tagName), `${page.type}: <${el.tagName}>`).toBe(true);
        for (const attr of el.attrs) expect(ALLOWED_ATTRIBUTES.has(attr.name), `${page.type}: ${attr.name}`).toBe(true);
      }
      // And the text reads as typed (the title too).
      expect(text(tree), page.type).toContain(hostile.slice(0, 20));
      const title = all.find((el) => el.tagName === 'title')!;
      expect(text(title).length).toBeGreaterThan(0);
    }
  });

  it('formats menu prices in the page locale and currency', async () => {
    const out = await render(SAMPLE_PAGES.menu);
    expect(out).toContain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(8.75));
    expect(out).toContain('vegetarian · gluten-free');
  });

  it('says when a coupon is not valid yet or has expired, in the owner time zone, and hides the code once expired', async () => {
    const early = await render(SAMPLE_PAGES.coupon, '2026-02-28T22:59:59Z');
    expect(early).toContain('not valid yet');
    expect(early).not.toContain('>Redeem<');
    const valid = await render(SAMPLE_PAGES.coupon, '2026-04-01T12:00:00Z');
    expect(valid).toContain('SPRING-20');
    expect(valid).toContain('>Redeem<');
    // 2026-06-01T00:00Z is 02:00 in Berlin (summer time).
    expect(valid).toContain('until 1 June 2026 at 02:00 (Europe/Berlin)');
    const ended = await render(SAMPLE_PAGES.coupon, '2026-06-01T00:00:00Z');
    expect(ended).toContain('has expired');
    expect(ended).not.toContain('SPRING-20');
  });

  it('picks a readable text colour for the owner colours (contrast ≥ 4.5 : 1)', () => {
    const luminance = (hex: string) => {
      const c = [0, 1, 2].map((i) => {
        const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    let worst = Infinity;
    for (let i = 0; i < 4096; i++) {
      const hex = `#${[(i >> 8) & 15, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      worst = Math.min(worst, contrast(hex, textColourOn(hex)));
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
