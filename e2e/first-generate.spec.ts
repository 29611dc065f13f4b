/**
 * The first Generate on /create (issue 13): what it downloads until the first preview is painted (≤ 50 KB gzip of
 * JS and wasm, no PDF writer, no zxing wasm), that the scan badge's decoder loads afterwards, that a PDF export
 * then fetches the PDF writer, and that a decoder which never loads delays neither previews nor downloads.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Request, Route } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { decodeImageFile, decodePdf } from './fixtures/decode.ts';
import { download, fillFields } from './fixtures/generator.ts';
import { debugLog } from './fixtures/debug.ts';

const BUDGET_BYTES = 50 * 1024;
const CONTENT = 'https://qrcraft.example/first-generate';

interface Fetched {
  name: string;
  /** True when the request started after the first preview was painted (browser clock, both sides). */
  afterPaint: boolean;
  /** When the browser started the request (epoch ms), once answered; null if unknown. */
  startedAt: number | null;
  gzipBytes: number;
  /** The PDF writer's chunk (src/render/pdf.ts with jsPDF), loaded by the first PDF export. */
  pdfWriter: boolean;
  /** Why the response could not be read, if it could not. */
  unread?: string;
}

const isCode = (url: string) => /\.(m?js|wasm)$/.test(new URL(url).pathname);

/** When the first preview frame was painted, in epoch ms of the browser's clock (Infinity if not yet). */
const paintedAt = (page: Page) =>
  page.evaluate(() => {
    const mark = performance.getEntriesByName('qrcraft:preview-painted')[0];
    return mark ? performance.timeOrigin + mark.startTime : Number.POSITIVE_INFINITY;
  });

/**
 * Records every JS and wasm file the page and its workers (nested ones too) request from now on, with when the
 * browser started each request and, once answered, its gzip size. `classify()` then compares the start times with
 * the first paint on the browser's own clock: asking the page "painted yet?" when the request event arrived was
 * late under load and counted the worker as fetched after the paint.
 */
function recordCode(page: Page): {
  fetched: Fetched[];
  settled: () => Promise<unknown>;
  classify: () => Promise<void>;
} {
  const fetched: Fetched[] = [];
  const answers: Promise<void>[] = [];
  // seenAt: when the request event reached the test (same machine, same clock as the browser's epoch time).
  const seen: { entry: Fetched; request: Request; seenAt: number }[] = [];
  page.context().on('request', (request) => {
    if (!isCode(request.url())) return;
    const entry: Fetched = {
      name: new URL(request.url()).pathname.split('/').pop()!,
      afterPaint: true,
      startedAt: null,
      gzipBytes: 0,
      pdfWriter: false,
    };
    seen.push({ entry, request, seenAt: Date.now() });
    fetched.push(entry);
    answers.push(
      (async () => {
        const body = await (await request.response())?.body();
        if (!body) return;
        entry.gzipBytes = gzipSync(body, { level: 9 }).length;
        // The PDF writer's chunk holds jsPDF, which writes itself into each document as its producer.
        entry.pdfWriter = body.includes('/Producer (');
      })().catch((error: unknown) => {
        // A request still in flight when the test ends (the save prompt's chunks after the last download) fails
        // here as "Test ended"; it is kept, and a file before the preview that could not be read fails the test.
        entry.unread = String(error);
      }),
    );
  });
  const classify = async () => {
    const paint = await paintedAt(page);
    // A request's timing is known once it has its response; a worker's script has none in Chromium, so for it
    // the moment its request event reached the test stands in (later than the real start, never earlier).
    await Promise.all(seen.map(({ request }) => request.response().catch(() => null)));
    for (const { entry, request, seenAt } of seen) {
      const start = request.timing().startTime;
      entry.startedAt = start > 0 ? start : seenAt;
      entry.afterPaint = entry.startedAt >= paint;
    }
  };
  return { fetched, settled: () => Promise.all(answers), classify };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const describe = (files: Fetched[]) => files.map((f) => `${f.name} ${kb(f.gzipBytes)}`).join(', ');

/** /create with the page's own code loaded. */
async function openCreate(page: Page) {
  await page.goto('/create');
  await page.waitForLoadState('networkidle');
}

/**
 * Fills in the URL and clicks Generate, until a frame is painted. Counting starts before the first keystroke: the
 * capacity meter starts the worker as soon as there is content, so the worker is part of the first Generate.
 */
async function generateFirst(page: Page) {
  await fillFields(page, { URL: CONTENT });
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  // data-version is set once a frame from the worker is on the canvas.
  await expect(page.getByTestId('qr-preview')).toHaveAttribute('data-version', /^\d+$/);
}

test('the first Generate downloads ≤ 50 KB gzip before the preview, no PDF writer and no wasm; PDF still works', async ({
  page,
}, testInfo) => {
  await openCreate(page);
  const { fetched, settled, classify } = recordCode(page);
  await generateFirst(page);
  await settled();
  await classify();

  const beforePaint = fetched.filter((f) => !f.afterPaint);
  const total = beforePaint.reduce((sum, f) => sum + f.gzipBytes, 0);
  const summary = `${kb(total)} gzip in ${beforePaint.length} files: ${describe(beforePaint)}`;
  testInfo.annotations.push({ type: 'first-generate-gzip', description: summary });
  debugLog(`first Generate, before the preview: ${summary}`);
  expect(beforePaint.length).toBeGreaterThan(0); // the worker at least: the recording works
  expect(beforePaint.filter((f) => f.unread).map((f) => `${f.name}: ${f.unread}`)).toEqual([]);
  expect(beforePaint.filter((f) => f.pdfWriter).map((f) => f.name)).toEqual([]);
  // Neither the decoder's wasm nor its worker (the scan badge comes after the preview).
  expect(beforePaint.filter((f) => /\.wasm$|^scan\.worker-/.test(f.name)).map((f) => f.name)).toEqual([]);
  expect(total, summary).toBeLessThanOrEqual(BUDGET_BYTES);

  // The scan badge's readers come afterwards, in idle time, and still read the code.
  await expect(page.getByText('✓ Scans with 3 readers, also from a phone photo')).toBeVisible({ timeout: 20_000 });
  await settled();
  await classify();
  // Two readers with wasm (ZXing-C++ and zbar; jsQR is plain JavaScript in the scan worker).
  expect(fetched.filter((f) => f.name.endsWith('.wasm') && f.afterPaint)).toHaveLength(2);
  expect(fetched.filter((f) => f.pdfWriter)).toEqual([]);
  debugLog(`after the preview, before any export: ${describe(fetched.filter((f) => f.afterPaint))}`);

  // A PDF export loads the PDF writer then, and the file decodes.
  const before = fetched.length;
  const pdf = await download(page, 'pdf');
  await settled();
  expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
  expect(await decodePdf(pdf.bytes)).toEqual([CONTENT]);
  const forPdf = fetched.slice(before);
  debugLog(`for the PDF export: ${describe(forPdf)}`);
  expect(forPdf.filter((f) => f.pdfWriter)).toHaveLength(1);
});

for (const mode of ['hang', 'fail'] as const) {
  test(`a decoder whose load ${mode === 'hang' ? 'never ends' : 'fails'} delays neither previews nor downloads`, async ({
    page,
  }) => {
    const held: Route[] = [];
    let wasmRequests = 0;
    await openCreate(page);
    await page.context().route('**/*.wasm', async (route) => {
      wasmRequests++;
      if (mode === 'fail') await route.abort('failed');
      else held.push(route);
    });
    await generateFirst(page);
    // Once the scan check has asked for the decoder (which now hangs or has failed), the generator must not wait.
    await expect.poll(() => wasmRequests, { timeout: 20_000 }).toBeGreaterThan(0);
    const preview = page.getByTestId('qr-preview');
    const firstVersion = (await preview.getAttribute('data-version'))!;
    const longer = `${CONTENT}/${'x'.repeat(80)}`;
    await fillFields(page, { URL: longer });
    await expect(preview).not.toHaveAttribute('data-version', firstVersion, { timeout: 5_000 });
    const png = await download(page, 'png');
    expect(await decodeImageFile(png.bytes)).toEqual([longer]);
    await page.getByRole('dialog').getByRole('button', { name: 'Maybe Later' }).click();
    const svg = await download(page, 'svg');
    expect(new TextDecoder().decode(svg.bytes)).toMatch(/^<svg/);
    await expect(page.getByText('✓ Scans with 3 readers, also from a phone photo')).toHaveCount(0);
    if (mode === 'hang') {
      // The downloads are done while the check still waits for its decoder: they did not queue behind it (a call
      // queued behind the decoder would only run once the check gives up, and the badge would say so by then).
      await expect(page.getByText('Checking that it scans…')).toBeVisible();
    } else {
      // A decoder that cannot load says nothing about the code: a neutral badge, not "May not scan".
      await expect(page.getByText('Scan check unavailable')).toBeVisible();
      await expect(page.getByText('May not scan')).toHaveCount(0);
    }

    await page.context().unrouteAll({ behavior: 'ignoreErrors' });
    for (const route of held) await route.abort().catch(() => {});
  });
}
