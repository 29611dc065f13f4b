// Pictures on any page type, for render.ts: the owner's logo at the top of every page, a vCard Plus photo and a
// Links avatar (round, above the name), menu items' photos (a square beside the item). Like every file of a page
// they are reached only through `fileHref(n)` (`…/r/<slug>/file/<n>`, pageFiles order), never by Storage path.
// Each carries its width and height so the browser reserves its place; the ones in the first screen (logo, photo,
// avatar) load at once, the menu's lazily. CSS shows them at a fixed height (the logo 4 rem, its width from its
// width and height attributes before it loads, so nothing moves when it arrives; never wider than the column,
// object-fit keeping its shape) or a fixed square (object-fit: cover crops one from any shape), so the editor
// uploads them small (512 px).

import { html } from 'hono/html';
import type { FileHref } from './render-files.ts';
import { pageFiles, type HostedPage } from './schema.ts';

type Html = ReturnType<typeof html>;

interface Picture {
  path: string;
  width: number;
  height: number;
}

/** The URL a page shows for one of its files, by path. */
export type PictureSrc = (path: string) => string;

export const PICTURES_STYLE =
  '.logo{height:4rem;width:auto;object-fit:contain;object-position:left;border-radius:0;margin:0 0 1rem}.avatar{width:7.5rem;height:7.5rem;' +
  'object-fit:cover;border-radius:50%;margin:0 auto 1rem}.thumb{width:4.5rem;height:4.5rem;object-fit:cover;' +
  'flex:none}.item>div{flex:1}';

/** `fileHref` by path: a file shown twice (the same image as logo and avatar) is one index, the first. */
export function pictureSrc(page: HostedPage, fileHref: FileHref): PictureSrc {
  // Built at the first picture: most pages have none, and this runs on every scan.
  let index: Map<string, number> | null = null;
  return (path) => {
    if (!index) {
      const map = new Map<string, number>();
      pageFiles(page).forEach((p, i) => {
        if (!map.has(p)) map.set(p, i);
      });
      index = map;
    }
    return fileHref(index.get(path) ?? 0, false);
  };
}

export function picture(image: Picture, src: PictureSrc, kind: 'logo' | 'avatar' | 'thumb', alt: string): Html {
  const lazy = kind === 'thumb' ? html` loading="lazy"` : '';
  // One line: a menu may show dozens.
  // prettier-ignore
  return html`<img class="${kind}" src="${src(image.path)}" width="${image.width}" height="${image.height}" alt="${alt}"${lazy} decoding="async">`;
}

/** The owner's logo, named by the business where the page says it (a company, a Links or Menu title). */
export function logoOf(page: HostedPage, src: PictureSrc): Html | '' {
  if (!page.logo) return '';
  const name = page.type === 'vcard' ? page.company : page.type === 'links' || page.type === 'menu' ? page.title : '';
  return picture(page.logo, src, 'logo', name ? `${name} logo` : 'Logo');
}
