import createCache, { type EmotionCache } from '@emotion/cache';
import { PRERENDERED_STYLE_ATTR } from './prerendered.ts';

/**
 * An Emotion cache that takes over the prerendered page's style tags where they are: their class ids are marked
 * as inserted, so hydration inserts none of those rules again, and new rules go to new tags after them.
 *
 * The prerender does not write Emotion's own `data-emotion` tags (src/app/entry-server.tsx): Emotion moves every
 * such tag to the end of `<head>` on start-up, twice (its default cache, created when `@emotion/react` loads,
 * then ours). Each move takes the style sheet out of the document and puts it back, and the browser then rebuilds
 * its rules and restyles and lays out the whole page: 170-400 ms at 4x CPU on `/` and `/create` in a probe, in
 * the middle of start-up (docs/first-paint.md).
 */
export function cacheAdoptingPrerenderedStyles(doc: Document, key: string): EmotionCache {
  const cache = createCache({ key });
  for (const tag of doc.querySelectorAll(`style[${PRERENDERED_STYLE_ATTR}]`)) {
    const [tagKey, ...ids] = (tag.getAttribute(PRERENDERED_STYLE_ATTR) ?? '').split(' ');
    // The global styles' tags ("css-global …") need nothing: hydration gives Chakra's <Global> no styles
    // (getHydratingSystem in src/app/theme.ts).
    if (tagKey === key) for (const id of ids) cache.inserted[id] = true;
  }
  return cache;
}
