import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders.tsx';
import {
  APP_MOUNTED_MARK,
  EMOTION_KEY,
  isPrerenderedFor,
  PRELOADS_DRAINED_GLOBAL,
  PRERENDERED_ATTR,
} from './prerendered.ts';
import { cacheAdoptingPrerenderedStyles } from './prerenderedStyles.ts';
import { resolveLazyMatches } from './resolveLazyMatches.ts';
import { routes } from './routes.tsx';
import { appStore } from './store.ts';
import { getAppSystem } from './theme.ts';
import { startAuthSync } from '../features/auth/authSync.ts';

// Benchmark builds only (scripts/bench/typing.mjs sets VITE_BENCH): Vite replaces the flag at build time, so a
// production build drops this branch and the bench module with it.
if (import.meta.env.VITE_BENCH === '1' && new URLSearchParams(window.location.search).has('benchMainThreadRenderer')) {
  (await import('./benchMainThreadRenderer.ts')).installMainThreadRenderer();
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// Created before React renders, the cache adopts the prerendered <style data-prerendered-css> tags, so hydration
// inserts none of those rules again.
const emotionCache = cacheAdoptingPrerenderedStyles(document, EMOTION_KEY);
// After the first commit (hydration included): the session is looked up only now, so until then the header shows
// what the prerender showed. Once: StrictMode runs mount effects twice in development.
let mounted = false;
const onAppMounted = () => {
  if (mounted) return;
  mounted = true;
  performance.mark(APP_MOUNTED_MARK);
  // Clicks and text the prerendered page got before now were held by index.html's script: replay them (the same
  // call sets APP_MOUNTED_ATTR on #root). Not from a PerformanceObserver on the mark: a test's fake clock, like
  // some extensions, replaces performance.mark.
  (window as { __qrcraftReplay?: () => void }).__qrcraftReplay?.();
  // A transition: the state it sets at once (a new visitor is signed out without a request) re-renders what
  // shows the account in slices. Set outside one, from an effect, it was a render that held the main thread.
  startTransition(() => {
    void startAuthSync(appStore, window);
  });
};

/** Ends the current task: start-up runs as several tasks, so a click or a key between them is handled at once. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const hydrate = isPrerenderedFor(rootElement.getAttribute(PRERENDERED_ATTR), routes, window.location.pathname);
if (hydrate) {
  // The page's script adds its module preloads a few per task; Vite's preload helper, called by the lazy imports
  // below, would add all those still missing in one task. So the lazy modules load once every preload is in.
  await (window as { [PRELOADS_DRAINED_GLOBAL]?: Promise<void> })[PRELOADS_DRAINED_GLOBAL];
  await nextTask();
  // A hydrated page must render what the server rendered on its first pass, so its lazy route modules load first.
  await resolveLazyMatches(routes, window.location.pathname);
}
// The design system is built in a task of its own (getAppSystem), not in the one that evaluated the modules.
await nextTask();
const systemStart = performance.now();
getAppSystem();
// Named for bench:start-up --causes, which puts the task holding this measure down to the design system.
performance.measure('qrcraft:design-system', { start: systemStart });
await nextTask();

const app = (
  <AppProviders emotionCache={emotionCache} store={appStore} onMounted={onAppMounted} hydrating={hydrate}>
    {/* Hydration data, even empty, tells the router the page was rendered ahead: its scroll restoration then
        leaves the first page where the visitor has scrolled it, instead of jumping to the top on mount. */}
    <RouterProvider router={createBrowserRouter(routes, hydrate ? { hydrationData: {} } : undefined)} />
  </AppProviders>
);

if (hydrate) {
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page (a phone's slow CPU would otherwise block input for hundreds of ms).
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else {
  // Client-rendered routes (the dashboard) and HTML prerendered for another path (a host's SPA fallback).
  rootElement.replaceChildren();
  createRoot(rootElement).render(app);
}
