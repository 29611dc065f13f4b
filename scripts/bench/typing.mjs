#!/usr/bin/env node
// @ts-check
/* global window, document */ // page.evaluate callbacks run in the browser
// Smoothness benchmark (generator issue): typing into a 2,000-character text whose live preview is a
// version-40 code, and a 2000x2000 print export, measured in Chromium with Playwright:
//   - keystroke-to-preview latency (p50, p95, last keystroke to final preview),
//   - main-thread long tasks (PerformanceObserver 'longtask'), longest and count over 50 ms.
// Runs twice in the same session: our page (worker) and the same page with the renderer on the main thread
// (`?benchMainThreadRenderer`), so the figures are ratios from one run on one machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildForBench, launchChromium, startPreview } from './lib/app.mjs';
import { percentile } from './lib/stats.mjs';

const KEYSTROKES = 40;
const TYPING_DELAY_MS = 60;

/**
 * The page's window with what it records for the bench (its init script sets that up).
 * @typedef {{ start: number, duration: number, culprit: string }} LongTask
 * @typedef {typeof window & {
 *   __longTasks: LongTask[],
 *   __openMs: number,
 *   __keys: { t: number, length: number }[],
 * }} Recorder
 */

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin the preview's base URL
 * @param {'worker' | 'main'} mode
 */
async function measure(browser, origin, mode) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.addInitScript(() => {
    const rec = /** @type {Recorder} */ (window);
    rec.__longTasks = [];
    // Opening the print window is itself main-thread work; timed apart so it is not mistaken for the export.
    const realOpen = window.open.bind(window);
    rec.__openMs = 0;
    window.open = (...args) => {
      const t = performance.now();
      const w = realOpen(...args);
      rec.__openMs += performance.now() - t;
      return w;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        rec.__longTasks.push({ start: e.startTime, duration: e.duration, culprit: e.name });
    }).observe({ type: 'longtask', buffered: true });
    rec.__keys = [];
    document.addEventListener(
      'input',
      (e) =>
        rec.__keys.push({
          t: performance.now(),
          length: /** @type {{ value?: string } | null} */ (e.target)?.value?.length ?? 0,
        }),
      true,
    );
  });
  await page.goto(`${origin}/create${mode === 'main' ? '?benchMainThreadRenderer' : ''}`);
  await page.getByRole('group', { name: 'QR code type' }).getByRole('button', { name: 'Text', exact: true }).click();
  const text = page.getByLabel(/^Text/);
  const base = Array.from({ length: 2000 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789 .,'[(i * 7) % 39]).join('');
  await text.fill(base);
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  await page.waitForFunction(() => performance.getEntriesByName('qrcraft:preview-painted').length > 0, null, {
    timeout: 60_000,
  });
  await page.evaluate(() => {
    const rec = /** @type {Recorder} */ (window);
    rec.__keys = [];
    rec.__longTasks = [];
  });
  await text.focus();
  await page.keyboard.press('End');
  for (let i = 0; i < KEYSTROKES; i++) await page.keyboard.type('x', { delay: TYPING_DELAY_MS });
  const finalLength = 2000 + KEYSTROKES;
  await page.waitForFunction(
    (len) =>
      /** @type {PerformanceMark[]} */ (performance.getEntriesByName('qrcraft:preview-painted')).some(
        (m) => m.detail?.contentLength === len,
      ),
    finalLength,
    { timeout: 60_000 },
  );
  const typing = await page.evaluate(() => {
    const rec = /** @type {Recorder} */ (window);
    const marks = /** @type {PerformanceMark[]} */ (performance.getEntriesByName('qrcraft:preview-painted'));
    return {
      keys: rec.__keys,
      paints: marks.map((m) => ({ t: m.startTime, length: /** @type {number} */ (m.detail.contentLength) })),
      longTasks: rec.__longTasks,
    };
  });
  const version = await page.getByTestId('qr-preview').getAttribute('data-version');
  // Latency of keystroke k: until the first paint that includes it (content at least as long).
  const latencies = typing.keys
    .map((k) => {
      const paint = typing.paints.find((p) => p.t >= k.t && p.length >= k.length);
      return paint ? paint.t - k.t : Number.NaN;
    })
    .filter((v) => !Number.isNaN(v));
  const lastKey = typing.keys.at(-1);
  const finalPaint = lastKey && typing.paints.find((p) => p.length === finalLength && p.t >= lastKey.t);

  // A 2000x2000 print export while the page is watched.
  await page.evaluate(() => {
    /** @type {Recorder} */ (window).__longTasks = [];
  });
  await page.getByLabel('Download format').selectOption('print');
  const t0 = Date.now();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  await popup.getByRole('img', { name: /ready to print/ }).waitFor({ timeout: 60_000 });
  const exportMs = Date.now() - t0;
  const exportLongTasks = await page.evaluate(() => /** @type {Recorder} */ (window).__longTasks);
  const windowOpenMs = await page.evaluate(() => /** @type {Recorder} */ (window).__openMs);
  await popup.close();
  await page.close();
  const longest = (/** @type {LongTask[]} */ tasks) => tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  return {
    mode,
    version: Number(version),
    keystrokes: typing.keys.length,
    paints: typing.paints.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    lastKeyToFinalPreview: finalPaint && lastKey ? finalPaint.t - lastKey.t : null,
    typingLongTasksOver50: typing.longTasks.filter((t) => t.duration > 50).length,
    typingLongestTask: longest(typing.longTasks),
    exportMs,
    exportLongTasksOver50: exportLongTasks.filter((t) => t.duration > 50).length,
    exportLongestTask: longest(exportLongTasks),
    windowOpenMs,
  };
}

// VITE_BENCH=1 builds in the main-thread baseline (src/app/main.tsx); production builds leave it out.
buildForBench('dist-bench', { env: { VITE_BENCH: '1' } });
const preview = await startPreview({ outDir: 'dist-bench' });
try {
  const browser = await launchChromium();
  const results = [];
  for (const mode of /** @type {const} */ (['worker', 'main', 'worker', 'main']))
    results.push(await measure(browser, preview.base, mode));
  await browser.close();
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/typing.json',
    `${JSON.stringify({ date: new Date().toISOString(), keystrokes: KEYSTROKES, typingDelayMs: TYPING_DELAY_MS, results }, null, 2)}\n`,
  );
  const fmt = (/** @type {number | null} */ v) => (v === null || Number.isNaN(v) ? 'n/a' : v.toFixed(1));
  const rows = results.map(
    (r) =>
      `| ${r.mode === 'worker' ? 'QRCraft (worker)' : 'same page, renderer on main thread'} | ${r.version} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.lastKeyToFinalPreview)} | ${r.typingLongTasksOver50} | ${fmt(r.typingLongestTask)} | ${r.exportMs} | ${r.exportLongTasksOver50} | ${fmt(r.exportLongestTask)} | ${fmt(r.windowOpenMs)} |`,
  );
  const md = [
    `Typing ${KEYSTROKES} keystrokes (${TYPING_DELAY_MS} ms apart) at the end of a 2,000-character text, live preview on; then a 2000x2000 print export. Chromium, ${new Date().toISOString()}.`,
    '',
    '| page | version | keystroke→preview p50 (ms) | p95 (ms) | last key→final preview (ms) | long tasks >50 ms (typing) | longest task (typing, ms) | print export (ms) | long tasks >50 ms (export) | longest task (export, ms) | of which window.open (ms) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync('bench-results/typing.md', md);
  console.log(md);
} finally {
  preview.stop();
}
