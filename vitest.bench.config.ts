/**
 * Browser-mode benchmarks (`vitest bench --config vitest.bench.config.ts`): tests/bench/**\/*.bench.ts run in
 * headless Chromium (Debian's /usr/bin/chromium, never a downloaded browser) through the playwright provider.
 * JSON results: add `--reporter=json --outputFile.json=bench-results/encoder.raw.json`, then
 * `node scripts/bench/encoder-report.mjs` writes bench-results/encoder.json and encoder.md.
 */
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { chromiumLaunch } from './vitest.config.ts';

/** The npm peers compared with our encoder; pre-bundled so that Vite does not reload the page mid-run. */
const benchDeps = ['qr', 'qrcode', 'qrcode-generator', 'lean-qr', 'uqr'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    optimizeDeps: { include: benchDeps },
    test: {
      name: 'bench',
      include: [],
      benchmark: { include: ['tests/bench/**/*.bench.ts'] },
      testTimeout: 600_000,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: chromiumLaunch }),
        instances: [{ browser: 'chromium' }],
      },
      // Other suites may hold the default port at the same time; take the next free one.
      api: { port: 23415, strictPort: false },
    },
  }),
);
