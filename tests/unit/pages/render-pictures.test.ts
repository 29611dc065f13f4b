// Pictures on hosted pages (render-pictures.ts): the owner's logo on every type, a vCard photo, a Links avatar and
// menu photos are reached only through the page's own /file/<n> links, in pageFiles order, each with its size, an
// alt text from the page, and lazy loading only below the first screen (the menu's). Parsed with parse5.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderHostedPage } from '../../../src/shared/pages/render.ts';
import {
  MAX_MENU_PHOTOS,
  PAGE_TYPES,
  hostedPageSchema,
  pageFiles,
  type HostedPage,
  type MenuPage,
} from '../../../src/shared/pages/schema.ts';
import { PICTURE_PAGES, SAMPLE_OWNER, SAMPLE_PAGES } from './samples.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, out);
  return out;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

const imagesOf = async (page: HostedPage) =>
  elements(
    parse(
      await renderHostedPage(page, {
        now: new Date('2026-04-01T12:00:00Z'),
        fileHref: (n, download) => `/r/abcd1234/file/${n}${download ? '?download' : ''}`,
      }),
    ),
  ).filter((el) => el.tagName === 'img');

const pictures = (img: Element[], kind: string) => img.filter((el) => attr(el, 'class') === kind);

describe('pictures on hosted pages', () => {
  it('the schema takes a logo on every type, a vCard photo, a Links avatar and menu photos', () => {
    for (const page of Object.values(PICTURE_PAGES)) expect(hostedPageSchema.safeParse(page).error).toBeUndefined();
    const logo = { path: `${SAMPLE_OWNER}/logo.png`, width: 10, height: 10 };
    // Only where the type has them, with a path in a user's folder and a size.
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.coupon, avatar: logo }).success).toBe(false);
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.links, photo: logo }).success).toBe(false);
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.links, logo: { ...logo, width: 0 } }).success).toBe(false);
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.links, logo: { ...logo, alt: 'x' } }).success).toBe(false);
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.links, logo: { ...logo, path: 'logo.png' } }).success).toBe(
      false,
    );
    // A vCard photo is a JPEG: it goes into the .vcf, and JPEG is what every phone imports.
    expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.vcard, photo: logo }).success).toBe(false);
    expect(
      hostedPageSchema.safeParse({ ...SAMPLE_PAGES.vcard, photo: { ...logo, path: `${SAMPLE_OWNER}/me.jpg` } }).success,
    ).toBe(true);
  });

  it(`a menu shows up to ${MAX_MENU_PHOTOS} photos, so that its files fit /file/0 to /file/99`, () => {
    const dish = (i: number) => ({
      name: `Dish ${i}`,
      price: 5,
      photo: { path: `${SAMPLE_OWNER}/d${i}.webp`, width: 4, height: 3 },
    });
    const menu = (photos: number): MenuPage => ({
      ...(SAMPLE_PAGES.menu as MenuPage),
      logo: { path: `${SAMPLE_OWNER}/logo.png`, width: 10, height: 10 },
      sections: [0, 1].map((s) => ({
        name: `S${s}`,
        items: Array.from({ length: photos / 2 }, (_, i) => dish(s * 100 + i)),
      })),
    });
    expect(hostedPageSchema.safeParse(menu(MAX_MENU_PHOTOS)).success).toBe(true);
    expect(pageFiles(menu(MAX_MENU_PHOTOS))).toHaveLength(MAX_MENU_PHOTOS + 1);
    expect(hostedPageSchema.safeParse(menu(MAX_MENU_PHOTOS + 2)).success).toBe(false);
  });

  it.each(PAGE_TYPES)(
    'a %s page shows its pictures through /file/<n>, in pageFiles order, at their size',
    async (type) => {
      const page = PICTURE_PAGES[type];
      const files = pageFiles(page);
      // The logo is the last file, the first picture of the page; the type's own files come first.
      expect(files.at(-1)).toBe(page.logo!.path);
      const img = await imagesOf(page);
      const [logo] = pictures(img, 'logo');
      expect(img[0]).toBe(logo);
      expect([attr(logo!, 'src'), attr(logo!, 'width'), attr(logo!, 'height'), attr(logo!, 'loading')]).toEqual([
        `/r/abcd1234/file/${files.length - 1}`,
        '640',
        '240',
        undefined,
      ]);
      for (const el of img) {
        const n = Number(/\/file\/(\d+)$/.exec(attr(el, 'src')!)![1]);
        expect(n).toBeLessThan(files.length);
        expect(attr(el, 'alt')?.length).toBeGreaterThan(0);
        expect([attr(el, 'width'), attr(el, 'height')].every((v) => Number(v) > 0)).toBe(true);
      }
    },
  );

  it('the vCard photo and the Links avatar are round, named, in the first screen; menu photos load lazily', async () => {
    const [photo] = pictures(await imagesOf(PICTURE_PAGES.vcard), 'avatar');
    expect([attr(photo!, 'src'), attr(photo!, 'alt'), attr(photo!, 'loading')]).toEqual([
      '/r/abcd1234/file/0',
      "Photo of Zoë O'Brien-Müller",
      undefined,
    ]);
    expect(attr(pictures(await imagesOf(PICTURE_PAGES.vcard), 'logo')[0]!, 'alt')).toBe('Acme, Inc.; Europe logo');
    const [avatar] = pictures(await imagesOf(PICTURE_PAGES.links), 'avatar');
    expect([attr(avatar!, 'src'), attr(avatar!, 'alt'), attr(avatar!, 'width')]).toEqual([
      '/r/abcd1234/file/0',
      'Café Lumière',
      '512',
    ]);

    const menu = PICTURE_PAGES.menu as MenuPage;
    const withPhotos = menu.sections.flatMap((s) => s.items.filter((i) => i.photo));
    const thumbs = pictures(await imagesOf(menu), 'thumb');
    expect(thumbs.map((t) => [attr(t, 'src'), attr(t, 'alt'), attr(t, 'loading')])).toEqual(
      withPhotos.map((item, n) => [`/r/abcd1234/file/${n}`, item.name, 'lazy']),
    );
    // Without pictures, a page has no img at all.
    for (const type of ['links', 'vcard', 'menu', 'coupon'] as const) {
      expect(await imagesOf(SAMPLE_PAGES[type])).toEqual([]);
    }
  });

  it('a file shown twice (the same image as logo and avatar) is served by one index', async () => {
    const links = PICTURE_PAGES.links as Extract<HostedPage, { type: 'links' }>;
    const img = await imagesOf({ ...links, logo: { ...links.avatar! } });
    expect(img.map((el) => attr(el, 'src'))).toEqual(['/r/abcd1234/file/0', '/r/abcd1234/file/0']);
  });
});
