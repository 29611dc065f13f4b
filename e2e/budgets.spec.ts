import type { Request } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { E2E_OUT_DIR } from '../playwright.config.ts';
import {
  BUDGETED_PAGES,
  describeFiles,
  FIRST_PAINT_CEILING_BYTES,
  FIRST_PAINT_TARGET_BYTES,
  firstPaintClosure,
  kib,
} from './fixtures/budgets.ts';

/** How long the page must stay without a new script request, after network idle, to count as settled. */
const QUIET_MS = 1500;

const isCode = (url: URL) => /\.(m?js|wasm)$/.test(url.pathname);

for (const { path, pageModule } of BUDGETED_PAGES) {
  test.describe(`first paint of ${path}`, () => {
    test(`the manifest's first-paint JavaScript is within ${kib(FIRST_PAINT_CEILING_BYTES)} gzip`, () => {
      const closure = firstPaintClosure(E2E_OUT_DIR, pageModule);
      expect(
        closure.totalGzipBytes,
        `${path} loads ${kib(closure.totalGzipBytes)} gzip in ${closure.files.length} files before any interaction ` +
          `(ceiling ${kib(FIRST_PAINT_CEILING_BYTES)}, target ${kib(FIRST_PAINT_TARGET_BYTES)}):\n` +
          describeFiles(closure.files),
      ).toBeLessThanOrEqual(FIRST_PAINT_CEILING_BYTES);
    });

    test('an untouched page requests no script outside that closure', async ({ page, context, baseURL }) => {
      const closure = firstPaintClosure(E2E_OUT_DIR, pageModule);
      const counted = new Set(closure.files.map((f) => f.file));
      // Context-wide, so the page's workers' requests are seen too.
      const requested = new Set<string>();
      let lastScriptAt = Date.now();
      const onRequest = (request: Request) => {
        const url = new URL(request.url());
        if (url.origin !== new URL(baseURL!).origin || !isCode(url)) return;
        requested.add(url.pathname.replace(/^\//, ''));
        lastScriptAt = Date.now();
      };
      context.on('request', onRequest);

      await page.goto(path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      // A prerendered page asks for its scripts only once it has painted: on a busy machine that can come after
      // `networkidle`, so the quiet window starts from the first script request, not before it.
      await expect
        .poll(() => requested.size, { message: 'the page never requested its scripts', timeout: 30_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => Date.now() - lastScriptAt, { message: 'script requests never settled', timeout: 30_000 })
        .toBeGreaterThanOrEqual(QUIET_MS);
      context.off('request', onRequest);

      const outside = [...requested].filter((file) => !counted.has(file)).sort();
      expect(
        outside,
        `${path} requested these scripts before any interaction, outside the ${kib(closure.totalGzipBytes)} ` +
          `counted from the manifest:\n${outside.map((f) => `  ${f}`).join('\n')}\n` +
          `counted:\n${describeFiles(closure.files)}`,
      ).toEqual([]);
      // The check above is only meaningful if the page did load its scripts.
      expect(requested.size).toBeGreaterThan(0);
    });
  });
}
