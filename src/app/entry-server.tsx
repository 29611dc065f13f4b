/**
 * The prerender's entry (built for Node by scripts/build/prerender-plugin.ts): renders one public route to HTML with
 * the Emotion styles that HTML uses. The tree is the browser's (AppProviders + the same route table), with a
 * static router in place of the browser's, so `hydrateRoot` finds exactly these elements.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { createStore } from 'jotai';
import { AppProviders } from './AppProviders.tsx';
import { EMOTION_KEY, PRERENDERED_STYLE_ATTR, ROUTE_ERROR_ATTR, type RenderedPage } from './prerendered.ts';
import { routes, type PageHandle } from './routes.tsx';

/** Renders the page at `path` (a pathname, e.g. `/create`) as a signed-out visitor's first render sees it. */
export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect (${context.status})`);

  const emotionCache = createCache({ key: EMOTION_KEY });
  // Compat mode: Emotion collects the rules in the cache instead of writing <style> tags into the markup.
  emotionCache.compat = true;
  const { extractCriticalToChunks } = createEmotionServer(emotionCache);

  const html = renderToString(
    <AppProviders emotionCache={emotionCache} store={createStore()}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppProviders>,
  );
  if (html.includes(ROUTE_ERROR_ATTR)) {
    const shown = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    throw new Error(`prerender: ${path} could not be rendered: ${shown}`);
  }
  const styleTags = extractCriticalToChunks(html)
    .styles.map(
      (chunk) => `<style ${PRERENDERED_STYLE_ATTR}="${[chunk.key, ...chunk.ids].join(' ')}">${chunk.css}</style>`,
    )
    .join('');
  return { html, styleTags };
}

/** The page modules (build-manifest names) the route at `path` loads: the prerender preloads their chunks. */
export function pageModulesFor(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).flatMap(({ route }) => {
    const handle = route.handle as PageHandle | undefined;
    return handle ? [handle.module] : [];
  });
}
