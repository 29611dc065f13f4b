import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { siteFiles } from './scripts/build/site-files-plugin.ts';
import { prerender } from './scripts/build/prerender-plugin.ts';
import { chakraLazyGlobal } from './scripts/build/chakra-lazy-global-plugin.ts';

// Dependencies first imported inside the worker must be pre-bundled up front: otherwise Vite re-optimises them
// mid-run and reloads the page, which Vitest's browser mode reports as an unexpected reload.
export const workerDeps = [
  'comlink',
  'zxing-wasm/reader',
  '@undecaf/zbar-wasm',
  'jsqr',
  'papaparse',
  'fflate',
  'jspdf',
];

export default defineConfig({
  plugins: [react(), chakraLazyGlobal(), siteFiles(), prerender()],
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  worker: { format: 'es' },
  optimizeDeps: { include: workerDeps },
  // The manifest lets e2e/budgets.spec.ts count what a page loads before any interaction.
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // @chakra-ui/react/theme builds its full default config at module level with defineConfig(); marked pure,
    // the recipes src/app/theme.ts does not pick are dropped (about 12 KB gzip off the entry).
    rolldownOptions: { treeshake: { manualPureFunctions: ['defineConfig'] } },
  },
});
