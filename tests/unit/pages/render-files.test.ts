// PDF and Images pages (render-files.ts): the files are only ever reached through the page's own /file/<n> links
// (never by their Storage path), the PDF page has Open and Download, and the gallery's images reserve their size,
// load lazily after the first and open at full size with a tap. Parsed with parse5, not searched as strings.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderHostedPage } from '../../../src/shared/pages/render.ts';
import { hostedPageSchema, pageFiles, type HostedPage } from '../../../src/shared/pages/schema.ts';
import { SAMPLE_OWNER, SAMPLE_PAGES } from './samples.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, out);
  return out;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node): string =>
  node.nodeName === '#text'
    ? (node as DefaultTreeAdapterMap['textNode']).value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : '';

const render = async (page: HostedPage) =>
  elements(
    parse(
      await renderHostedPage(page, {
        now: new Date('2026-04-01T12:00:00Z'),
        fileHref: (n, download) => `/r/abcd1234/file/${n}${download ? '?download' : ''}`,
      }),
    ),
  );

describe('PDF and Images pages', () => {
  it('a PDF page links "Open PDF" and "Download" to file 0 and shows its cover (file 1) at its size', async () => {
    const all = await render(SAMPLE_PAGES.pdf);
    const links = all.filter((el) => el.tagName === 'a');
    const open = links.find((a) => textOf(a).trim() === 'Open PDF')!;
    const download = links.find((a) => textOf(a).trim() === 'Download')!;
    expect(attr(open, 'href')).toBe('/r/abcd1234/file/0');
    expect([attr(download, 'href'), attr(download, 'download')]).toEqual(['/r/abcd1234/file/0?download', '']);
    const [cover, ...others] = all.filter((el) => el.tagName === 'img');
    expect(others).toEqual([]);
    expect([attr(cover!, 'src'), attr(cover!, 'width'), attr(cover!, 'height')]).toEqual([
      '/r/abcd1234/file/1',
      '1414',
      '2000',
    ]);
    // The cover is the first screen: not lazy. And no Storage path anywhere in the page.
    expect(attr(cover!, 'loading')).toBeUndefined();
    const { cover: _, ...withoutCover } = SAMPLE_PAGES.pdf as Extract<HostedPage, { type: 'pdf' }>;
    expect((await render(withoutCover)).some((el) => el.tagName === 'img')).toBe(false);
  });

  it('an Images page is a gallery: every image at its size, lazy after the first, a tap opens it full size', async () => {
    const page = SAMPLE_PAGES.images as Extract<HostedPage, { type: 'images' }>;
    const all = await render(page);
    const images = all.filter((el) => el.tagName === 'img');
    expect(images).toHaveLength(20);
    images.forEach((img, i) => {
      expect(attr(img, 'src')).toBe(`/r/abcd1234/file/${i}`);
      expect([attr(img, 'width'), attr(img, 'height')]).toEqual([
        String(page.images[i]!.width),
        String(page.images[i]!.height),
      ]);
      expect(attr(img, 'loading')).toBe(i === 0 ? undefined : 'lazy');
      expect(attr(img, 'alt')).toBe(page.images[i]!.caption ?? `Our new showroom, image ${i + 1} of 20`);
      expect(attr(img.parentNode as Element, 'href')).toBe(`/r/abcd1234/file/${i}`);
    });
    expect(all.filter((el) => el.tagName === 'figcaption').map(textOf)).toEqual(
      page.images.flatMap((i) => (i.caption ? [i.caption] : [])),
    );
  });

  it('pageFiles lists what /file/<n> serves, in order', () => {
    const pdf = SAMPLE_PAGES.pdf as Extract<HostedPage, { type: 'pdf' }>;
    expect(pageFiles(pdf)).toEqual([pdf.file, pdf.cover!.path]);
    expect(pageFiles(SAMPLE_PAGES.images)).toHaveLength(20);
    expect(pageFiles(SAMPLE_PAGES.links)).toEqual([]);
  });

  it('refuses paths outside one plain file in a user folder, wrong extensions and more than 20 images', () => {
    const pdf = SAMPLE_PAGES.pdf;
    for (const file of [
      `${SAMPLE_OWNER}/../other/x.pdf`,
      `${SAMPLE_OWNER}/sub/x.pdf`,
      `${SAMPLE_OWNER}/x.html`,
      `${SAMPLE_OWNER}/x.webp`,
      'x.pdf',
      `/${SAMPLE_OWNER}/x.pdf`,
      `https://evil.example/${SAMPLE_OWNER}/x.pdf`,
    ]) {
      expect(hostedPageSchema.safeParse({ ...pdf, file }).success, file).toBe(false);
    }
    const images = SAMPLE_PAGES.images as Extract<HostedPage, { type: 'images' }>;
    const one = images.images[0]!;
    expect(hostedPageSchema.safeParse({ ...images, images: [...images.images, one] }).success).toBe(false);
    expect(
      hostedPageSchema.safeParse({ ...images, images: [{ ...one, path: one.path.replace('.webp', '.svg') }] }).success,
    ).toBe(false);
    expect(hostedPageSchema.safeParse({ ...images, images: [{ ...one, width: 0 }] }).success).toBe(false);
  });
});
