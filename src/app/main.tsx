import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders.tsx';
import { AppRouter } from './router.tsx';
import { appStore } from './store.ts';
import { startAuthSync } from '../features/auth/authSync.ts';

void startAuthSync(appStore, window);

// Benchmark builds only (scripts/bench-typing.mjs sets VITE_BENCH): Vite replaces the flag at build time, so a
// production build drops this branch and the bench module with it.
if (import.meta.env.VITE_BENCH === '1' && new URLSearchParams(window.location.search).has('benchMainThreadRenderer')) {
  (await import('../../tests/bench/benchMainThreadRenderer.ts')).installMainThreadRenderer();
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
