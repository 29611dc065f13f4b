// The bodies of the pages that show uploaded files (PDF and Images), for render.ts. Kept apart from the other
// types so they can change independently. The files are never linked by their Storage path: every image and link
// goes through `fileHref(n)`, which the redirect points at `…/r/<slug>/file/<n>`, answered with a signed URL that
// lives a minute only while the page may be shown (redirect-ruled.ts): pausing or deleting the page stops its files.
//
// Images carry their width and height so the browser reserves their place before they load (no layout shift), are
// scaled to the column by CSS, and are lazy-loaded except the first one, which is usually in the first screen.
// Tapping one opens it at full size (a plain link: no script).

import { html } from 'hono/html';
import type { ImagesPage, PdfPage } from './schema.ts';

/** Where the page's n-th file (pageFiles order) is served; `download` asks for it as an attachment. */
export type FileHref = (index: number, download: boolean) => string;

type Html = ReturnType<typeof html>;

export const FILES_STYLE =
  'img{display:block;max-width:100%;height:auto;border-radius:.6rem}.cover{margin:0 0 1rem}' +
  '.gallery{display:grid;gap:1rem}figure{margin:0}figcaption{font-size:.9rem;margin-top:.35rem}';

export function pdfBody(page: PdfPage, fileHref: FileHref): Html {
  const cover = page.cover;
  return html`<h1>${page.title}</h1>
    ${
      cover
        ? html`<a class="cover" href="${fileHref(1, false)}"
            ><img
              src="${fileHref(1, false)}"
              width="${cover.width}"
              height="${cover.height}"
              alt="Cover of ${page.title}"
              decoding="async"
          /></a>`
        : ''
    }
    ${page.description ? html`<p class="note">${page.description}</p>` : ''}
    <a class="button" href="${fileHref(0, false)}">Open PDF</a>
    <a class="button outline" href="${fileHref(0, true)}" download>Download</a>`;
}

export function imagesBody(page: ImagesPage, fileHref: FileHref): Html {
  const count = page.images.length;
  return html`<h1>${page.title}</h1>
    ${page.description ? html`<p class="note">${page.description}</p>` : ''}
    <ul class="gallery">
      ${page.images.map(
        (image, i) =>
          html`<li>
            <figure>
              <a href="${fileHref(i, false)}"
                ><img
                  src="${fileHref(i, false)}"
                  width="${image.width}"
                  height="${image.height}"
                  alt="${image.caption ?? `${page.title}, image ${i + 1} of ${count}`}"
                  ${i > 0 ? html`loading="lazy"` : ''}
                  decoding="async"
              /></a>
              ${image.caption ? html`<figcaption>${image.caption}</figcaption>` : ''}
            </figure>
          </li>`,
      )}
    </ul>`;
}
