import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders.tsx';
import { AppRouter } from './router.tsx';
import { appStore } from './store.ts';
import { startAuthSync } from '../features/auth/authSync.ts';

void startAuthSync(appStore, window);

if (new URLSearchParams(window.location.search).has('benchMainThreadRenderer')) {
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
