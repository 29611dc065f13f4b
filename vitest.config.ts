import { defineConfig, mergeConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { scanSafetyCommands } from './tests/scan-safety/commands.ts';

/** DEBUG_TESTS=1: tests print what they measure besides asserting it (tests/helpers/debug.ts). */
const debugTests = process.env.DEBUG_TESTS === '1';

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['tests/unit/**/*.test.ts'],
            // The render and export cases (41x41 contours, pdftoppm and gs round trips) take a few hundred ms on a
            // quiet machine and more than the default 5 s on a shared one under load: a guard, not a speed check.
            testTimeout: 30_000,
            // Vitest's default on 2 cores is one file at a time, and many files wait on pdftoppm, gs or a child
            // server: two at a time (figures in docs/testing.md).
            maxWorkers: 2,
            provide: { debugTests },
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            // One migrated database per backend per run, which every test store copies (docs/testing.md).
            globalSetup: ['tests/server/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            // Two files at a time: each has its own databases and ports, and much of a file's time is spent
            // waiting (bcrypt, timers, the database), so two share the 2 cores well (docs/testing.md).
            fileParallelism: true,
            maxWorkers: 2,
            provide: { debugTests },
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['tests/browser/**/*.test.{ts,tsx}'],
            testTimeout: 60_000,
            // tests/browser/render/matrix.test.ts: a rotating sample, or every combination (bench:render-matrix).
            provide: { renderMatrix: process.env.RENDER_MATRIX === 'full' ? 'full' : 'sample', debugTests },
            // Two files at a time, each in its own page: the scan-safety sample alone takes most of a minute, much of
            // it waiting on pdftoppm and gs (figures in docs/testing.md). Tests that look at the browser from
            // outside (cdpHeap.ts) keep to their own page's targets.
            maxWorkers: 2,
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({ launchOptions: chromiumLaunch }),
              instances: [{ browser: 'chromium' }],
              // PDF/EPS rasterising for the scan-safety sample (tests/browser/scan-safety.test.ts).
              commands: scanSafetyCommands,
            },
          },
        },
      ],
    },
  }),
);
