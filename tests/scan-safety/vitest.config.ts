/**
 * `npm run bench:scan-safety`: the full scan-safety matrix (tests/browser/scan-safety/full-matrix.scan.ts) in
 * headless Chromium, with the Node commands that rasterise PDF/EPS and write bench-results/scan-safety.{json,md}.
 * Environment: SCAN_SAFETY_FILTER (a regular expression on shape/frame/logo/level/content) narrows the run;
 * SCAN_SAFETY_PHONE=0 leaves out the phone-photo pass; SCAN_SAFETY_SLICES=N runs the first N slices of 48 designs
 * (an even sample, the same one every time: before/after comparisons in under the full run's time);
 * SCAN_SAFETY_SWEEP=1 runs the phase sweep (tests/browser/scan-safety/phase-sweep.scan.ts) instead of the matrix.
 * See docs/scan-safety.md.
 */
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from '../../vite.config.ts';
import { chromiumLaunch } from '../../vitest.config.ts';
import { scanSafetyCommands } from './commands.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // The decoders are first imported by the test page; pre-bundled so that Vite does not reload it mid-run.
    optimizeDeps: { include: ['jsqr', '@undecaf/zbar-wasm'] },
    test: {
      name: 'scan-safety',
      include: [
        process.env.SCAN_SAFETY_SWEEP === '1'
          ? 'tests/browser/scan-safety/phase-sweep.scan.ts'
          : 'tests/browser/scan-safety/full-matrix.scan.ts',
      ],
      // The whole matrix is one long measurement, not a test with a time limit.
      testTimeout: 24 * 3600_000,
      hookTimeout: 600_000,
      provide: {
        scanSafetyFilter: process.env.SCAN_SAFETY_FILTER ?? '',
        scanSafetyPhone: process.env.SCAN_SAFETY_PHONE !== '0',
        scanSafetySlices: Number(process.env.SCAN_SAFETY_SLICES ?? 0),
      },
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: chromiumLaunch }),
        instances: [{ browser: 'chromium' }],
        commands: scanSafetyCommands,
      },
      // Other suites may hold the default port at the same time; take the next free one.
      api: { port: 23425, strictPort: false },
    },
  }),
);
