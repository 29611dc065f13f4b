import { useEffect } from 'react';
import { headTags, siteOrigin, type PagePath } from '../content/pageHead.ts';

const ORIGIN = siteOrigin(import.meta.env.VITE_SITE_URL);

/** Updates the one `<meta>` of that name/property (creating it, or removing it when `content` is null). */
function setMeta(attr: 'name' | 'property', key: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) return el?.remove();
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

function setCanonical(href: string | null) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) return el?.remove();
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.append(el);
  }
  el.href = href;
}

/**
 * While the page is shown, the document head is the one `src/content/pageHead.ts` gives `path`: title
 * ("… | QRCraft"), description, canonical link, Open Graph and Twitter tags, or `robots: noindex` for the
 * dashboard and the 404 page (removed again when such a page is left).
 */
export function usePageHead(path: PagePath) {
  useEffect(() => {
    const tags = headTags(path, ORIGIN);
    document.title = tags.title;
    setCanonical(tags.canonical);
    for (const { attr, key, content } of tags.meta) setMeta(attr, key, content);
    return () => setMeta('name', 'robots', null);
  }, [path]);
}
