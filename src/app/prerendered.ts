import { matchRoutes, type RouteObject } from 'react-router-dom';

/** Emotion's cache key on both sides: the prerendered style tags' class ids are found by it. */
export const EMOTION_KEY = 'css';

/**
 * Marks the prerendered page's `<style>` tags, with Emotion's chunk key and class ids as the value (`"css id1
 * id2 …"`). Not Emotion's own `data-emotion`: Emotion would move those tags on start-up (src/app/prerenderedStyles.ts).
 */
export const PRERENDERED_STYLE_ATTR = 'data-prerendered-css';

/** Set on #root by the prerender: the route path the HTML inside was rendered for. */
export const PRERENDERED_ATTR = 'data-prerendered';

/** A performance mark set once the app has first committed: on a prerendered page, once hydration is done. */
export const APP_MOUNTED_MARK = 'qrcraft:app-mounted';

/**
 * Set on #root at the same moment as APP_MOUNTED_MARK, by index.html's replay script (which main.tsx calls on
 * mount). Tests wait on it: a fake clock (Playwright's, sinon's) replaces `performance`, and the mark cannot be
 * read through it.
 */
export const APP_MOUNTED_ATTR = 'data-mounted';

/**
 * The `window` property holding a promise that the prerendered page's script resolves once it has added a module
 * preload for every chunk the page needs (scripts/build/prerender-plugin.ts). Absent on pages that were not
 * prerendered.
 */
export const PRELOADS_DRAINED_GLOBAL = '__qrcraftPreloadsDrained';

/** The prerendered-for value of the 404 page, which a host serves for any path no route claims. */
export const NOT_FOUND_PATH = '*';

/** What the prerender makes of one page (src/app/entry-server.tsx). */
export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** `<style data-prerendered-css>` tags: the global styles and every class the markup uses. */
  styleTags: string;
}

/** Marks the route error page, so the prerender fails the build instead of shipping a page that could not render. */
export const ROUTE_ERROR_ATTR = 'data-route-error';

/** The prerender's entry points, as the build plugin calls them (src/app/entry-server.tsx). */
export interface PrerenderEntry {
  renderPage(path: string): Promise<RenderedPage>;
  pageModulesFor(path: string): string[];
}

/** `/create/` and `/create` are one page (static hosts serve `create/index.html` for both). */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Whether the HTML in #root was prerendered for the page at `pathname`, and so can be hydrated. It may not be:
 * a host that falls back to one HTML file for unknown paths serves some other page's HTML.
 */
export function isPrerenderedFor(prerenderedFor: string | null, routes: RouteObject[], pathname: string): boolean {
  if (prerenderedFor === null) return false;
  if (prerenderedFor === NOT_FOUND_PATH) return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
  return prerenderedFor === normalizePath(pathname);
}
