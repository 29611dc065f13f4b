#!/usr/bin/env node
// @ts-check
/* global window, document, HTMLAnchorElement, Element */ // page callbacks run in the browser
// Export benchmark (issue 17): on the production build, /create with 1,000 characters of text at level H
// (version 36), every shape, every download format: click → file (median of 5), file size, and main-thread
// long tasks over 50 ms during each export (PerformanceObserver 'longtask'), the first export included.
//   node scripts/bench/export.mjs                      builds dist-bench-export/ from the working tree
//   node scripts/bench/export.mjs --dist DIR --label before   measures a build made elsewhere (e.g. of HEAD)
//   --shapes Dots,Classy --formats pdf,print --runs 5          a subset; BENCH_TASK_DETAIL=1 prints each long
//                                                              task (start after the click, duration, culprit)
// Writes bench-results/export.json and export.md; a second label is merged in (before/after side by side).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { buildForBench, launchChromium, startPreview } from './lib/app.mjs';
import { cliValue } from './lib/knobs.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const LABEL = cliValue('--label', 'after');
const RUNS = Number(cliValue('--runs', '5'));
const PORT = cliValue('--port', null);
const SHAPES = cliValue('--shapes', 'Square,Dots,Rounded,Extra Rounded,Classy,Classy Rounded').split(',');
const FORMATS = cliValue('--formats', null)?.split(',') ?? null;
const TEXT = Array.from({ length: 1000 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789 .,'[(i * 7) % 39]).join('');

let dist = cliValue('--dist', null);
if (!dist) {
  dist = 'dist-bench-export';
  buildForBench(dist);
}

/**
 * The page's window with what it records for the bench (its init script sets that up). Long animation frames are
 * not in TypeScript's DOM library yet: the fields read here.
 * @typedef {PerformanceEntry & {
 *   styleAndLayoutStart: number,
 *   scripts: { invoker: string, sourceFunctionName: string, duration: number }[],
 * }} LongAnimationFrame
 * @typedef {[invoker: string, fn: string, ms: number]} FrameScript
 * @typedef {typeof window & {
 *   __longTasks: { start: number, duration: number, culprit: string }[],
 *   __frames: { start: number, duration: number, style: number, scripts: FrameScript[] }[],
 *   __marks: { click: number, done: number, openMs: number },
 * }} Recorder
 */

/**
 * One row of bench-results/export.json: a shape and a format, RUNS exports.
 * @typedef {{ shape: string, format: string, version: number, bytes: number, clickToFileMs: number,
 *   wallMs: number, firstClickToFileMs: number, windowOpenMs: number, ownClickMs?: number,
 *   longTasksOver50: number, longestTaskMs: number }} ExportRow
 * One labelled run (older runs have no `cores`, some no `ownClickMs`).
 * @typedef {{ date: string, dist: string, runsPerFormat: number, cores?: number, loadAverage?: number,
 *   rows: ExportRow[] }} LabelledRun
 */

/**
 * /create with TEXT at level H in `shape`, generated; resolves with the code's version.
 * @param {import('@playwright/test').Page} page
 * @param {string} base
 * @param {string} shape
 */
async function setUp(page, base, shape) {
  await page.goto(`${base}/create`);
  await page.getByRole('group', { name: 'QR code type' }).getByRole('button', { name: 'Text', exact: true }).click();
  await page.getByLabel(/^Text/).fill(TEXT);
  await page.getByRole('tab', { name: 'Error Level' }).click();
  await page.getByRole('tabpanel').getByText('H (30%)').click();
  await page.getByRole('tab', { name: 'Shape & Colors' }).click();
  await page.getByRole('tabpanel').getByText(shape, { exact: true }).click();
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  // data-version is set once a frame from the worker is on the canvas.
  await page.waitForFunction(
    () => /^\d+$/.test(document.querySelector('[data-testid="qr-preview"]')?.getAttribute('data-version') ?? ''),
    null,
    { timeout: 60_000 },
  );
  return page.getByTestId('qr-preview').getAttribute('data-version');
}

/**
 * One export: in-page click → file handed to the browser (anchor click or window.open), wall time, long tasks.
 * @param {import('@playwright/test').Page} page
 * @param {string} format
 */
async function exportOnce(page, format) {
  await page.evaluate(() => {
    const rec = /** @type {Recorder} */ (window);
    rec.__marks = { click: 0, done: 0, openMs: 0 };
    rec.__longTasks = [];
  });
  const button = page.getByRole('button', { name: 'Download', exact: true });
  await button.waitFor();
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Download');
    return b && !b.disabled;
  });
  const t0 = Date.now();
  let bytes = 0;
  if (format === 'print') {
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.getByRole('img', { name: /ready to print/ }).waitFor({ timeout: 60_000 });
    await popup.close();
  } else {
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    bytes = statSync(await download.path()).size;
  }
  const wallMs = Date.now() - t0;
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => {
    const rec = /** @type {Recorder} */ (window);
    const { click, done, openMs } = rec.__marks;
    const tasks = rec.__longTasks.filter((t) => t.start + t.duration >= click);
    const frames = rec.__frames.filter((f) => f.start + f.duration >= click);
    rec.__longTasks = [];
    rec.__frames = [];
    return {
      clickToFileMs: done - click,
      openMs,
      // The click handler's own script time (long animation frame attribution), window.open's share taken out.
      clickScriptMs: frames
        .flatMap((f) => f.scripts)
        .filter(([invoker]) => invoker.endsWith('onclick'))
        .reduce((sum, [, , ms]) => sum + ms, 0),
      tasks: tasks.map((t) => t.duration),
      // When each started after the click, how long, and the frame it is attributed to.
      detail: tasks.map((t) => [Math.round(t.start - click), Math.round(t.duration), t.culprit]),
      frames: frames.map((f) => [Math.round(f.start - click), Math.round(f.duration), Math.round(f.style), f.scripts]),
    };
  });
  if (process.env.BENCH_TASK_DETAIL) console.log(format, JSON.stringify(r.detail), JSON.stringify(r.frames));
  return {
    wallMs,
    bytes,
    clickToFileMs: r.clickToFileMs,
    openMs: r.openMs,
    ownClickMs: Math.max(0, r.clickScriptMs - r.openMs),
    longTasks: r.tasks,
  };
}

/**
 * Every download format of one shape: RUNS exports each.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 * @param {string} shape
 */
async function measureShape(browser, base, shape) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
  await page.addInitScript(() => {
    const rec = /** @type {Recorder} */ (window);
    rec.__longTasks = [];
    rec.__marks = { click: 0, done: 0, openMs: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        rec.__longTasks.push({ start: e.startTime, duration: e.duration, culprit: e.name });
    }).observe({ type: 'longtask', buffered: true });
    // With BENCH_TASK_DETAIL: what ran in each long animation frame (script, invoker, duration).
    rec.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of /** @type {LongAnimationFrame[]} */ (list.getEntries()))
        rec.__frames.push({
          start: e.startTime,
          duration: e.duration,
          style: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((x) => [x.invoker, x.sourceFunctionName, Math.round(x.duration)]),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
    document.addEventListener(
      'click',
      (e) => {
        if (e.target instanceof Element && e.target.closest('button')?.textContent === 'Download')
          rec.__marks.click = performance.now();
      },
      true,
    );
    const anchorClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function click() {
      if (this.download) rec.__marks.done = performance.now();
      return anchorClick.call(this);
    };
    const open = window.open.bind(window);
    window.open = (...a) => {
      const t = performance.now();
      rec.__marks.done = t;
      const w = open(...a);
      // Opening a window is itself main-thread work (Chromium creates it synchronously): timed apart.
      rec.__marks.openMs = performance.now() - t;
      return w;
    };
  });
  const version = await setUp(page, base, shape);
  const formats = (
    await page
      .getByLabel('Download format')
      .evaluate((select) => [.../** @type {HTMLSelectElement} */ (select).options].map((o) => o.value))
  ).filter((f) => !FORMATS || FORMATS.includes(f));
  /** @type {ExportRow[]} */
  const rows = [];
  let first = true;
  for (const format of formats) {
    await page.getByLabel('Download format').selectOption(format);
    // The print setup (when there is one) keeps its defaults; let it ask the worker for the floor.
    await page.waitForTimeout(400);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await exportOnce(page, format));
      // /create's save prompt opens a second after the page's first download; declined, it stays away.
      if (first) await page.getByRole('button', { name: 'Maybe Later' }).click({ timeout: 5000 });
      first = false;
    }
    const [firstRun] = runs;
    if (!firstRun) throw new Error(`--runs must be 1 or more, got ${RUNS}`);
    const all = runs.flatMap((r) => r.longTasks);
    rows.push({
      shape,
      format,
      version: Number(version),
      bytes: firstRun.bytes,
      clickToFileMs: median(runs.map((r) => r.clickToFileMs)),
      wallMs: median(runs.map((r) => r.wallMs)),
      firstClickToFileMs: firstRun.clickToFileMs,
      windowOpenMs: median(runs.map((r) => r.openMs)),
      ownClickMs: Math.max(...runs.map((r) => r.ownClickMs)),
      longTasksOver50: all.filter((d) => d > 50).length,
      longestTaskMs: all.reduce((m, d) => Math.max(m, d), 0),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  await page.close();
  return rows;
}

const preview = await startPreview({ outDir: dist, port: PORT === null ? undefined : Number(PORT) });
try {
  const browser = await launchChromium();
  const rows = [];
  for (const shape of SHAPES) rows.push(...(await measureShape(browser, preview.base, shape)));
  await browser.close();
  mkdirSync('bench-results', { recursive: true });
  const file = 'bench-results/export.json';
  /** @type {{ runs: Record<string, LabelledRun> }} */
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { runs: {} };
  // The machine is shared: its load says how far the timings can be trusted.
  previous.runs[LABEL] = {
    date: new Date().toISOString(),
    dist,
    runsPerFormat: RUNS,
    cores: machine().cpus,
    loadAverage: loadAverage()[0],
    rows,
  };
  writeFileSync(file, `${JSON.stringify(previous, null, 2)}\n`);
  const fmt = (/** @type {number | null} */ v) => (v === null || Number.isNaN(v) ? 'n/a' : v.toFixed(0));
  const md = [
    `Export benchmark: /create, 1,000 characters of text at level H, every shape, production build, Chromium. Click → file is measured in the page (click on Download → the file handed to the browser, or the print window opened), median of ${RUNS} (for the print window, when window.open is called; "wall" is click → art visible in the window, seen from Playwright); long tasks are main-thread tasks over 50 ms from the click on (PerformanceObserver), over all ${RUNS} runs, the first included.`,
    '',
  ];
  for (const [label, run] of Object.entries(previous.runs)) {
    // Runs recorded before the core count was (all on the 2-core machine) have none.
    md.push(
      `## ${label} (${run.date}, load average ${run.loadAverage?.toFixed(1) ?? 'n/a'} on ${run.cores ?? 2} cores)`,
      '',
    );
    md.push(
      '| shape | format | version | bytes | × SVG | click → file, median (ms) | first export (ms) | wall, median (ms) | window.open (ms) | click handler without window.open, max (ms) | long tasks > 50 ms | longest (ms) |',
    );
    md.push('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of run.rows) {
      const svg = run.rows.find((o) => o.shape === r.shape && o.format === 'svg')?.bytes;
      const ratio = r.bytes && svg ? (r.bytes / svg).toFixed(2) : '—';
      md.push(
        `| ${r.shape} | ${r.format} | ${r.version} | ${r.bytes || '—'} | ${ratio} | ${fmt(r.clickToFileMs)} | ${fmt(r.firstClickToFileMs)} | ${fmt(r.wallMs)} | ${r.windowOpenMs ? fmt(r.windowOpenMs) : '—'} | ${r.ownClickMs === undefined ? '—' : fmt(r.ownClickMs)} | ${r.longTasksOver50} | ${fmt(r.longestTaskMs)} |`,
      );
    }
    md.push('');
  }
  writeFileSync('bench-results/export.md', md.join('\n'));
  console.log(md.join('\n'));
} finally {
  preview.stop();
}
