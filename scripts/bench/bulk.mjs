#!/usr/bin/env node
// @ts-check
/* global window */ // page callbacks run in the browser
// Bulk-creation benchmark (issue 16): on the production build, /create/bulk with 1,000 rows of styled codes
// (dots, a banner frame, level Q) as 1000 px PNGs in a ZIP, with 1 worker and with 2 workers, against a loop of
// qr-code-styling 1.9 on the main thread over the same rows (1000 px PNG Blobs; it has no frames).
// Per run: rows/s (click on "Create ZIP" → the ZIP handed to the browser), main-thread long tasks over 50 ms
// (PerformanceObserver 'longtask'), and the JS heap before and after (CDP HeapProfiler.collectGarbage, then
// Runtime.getHeapUsage).
//   node scripts/bench/bulk.mjs                    builds dist-bench-bulk/ from the working tree
//   node scripts/bench/bulk.mjs --dist DIR         measures a build made elsewhere
//   --rows 1000 --peer-rows 200 --workers 1,2      the sizes (the peer is slow: a smaller sample, its rate only)
// Writes bench-results/bulk.json and bulk.md.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildForBench, launchChromium, startPreview } from './lib/app.mjs';
import { cliValue } from './lib/knobs.mjs';
import { loadAverage, machine } from './lib/machine.mjs';

const ROWS = Number(cliValue('--rows', '1000'));
const PEER_ROWS = Number(cliValue('--peer-rows', '200'));
const WORKERS = cliValue('--workers', '1,2').split(',').map(Number);
const PORT = cliValue('--port', null);

let dist = cliValue('--dist', null);
if (!dist) {
  dist = 'dist-bench-bulk';
  buildForBench(dist);
}
const preview = await startPreview({ outDir: dist, port: PORT === null ? undefined : Number(PORT) });
const BASE = preview.base;

/** The same rows for every contender: links of realistic length, each its own. */
const rows = Array.from({ length: ROWS }, (_, i) => ({
  name: `Table ${i + 1}`,
  content: `https://example.com/menu/branch-${i % 37}/table-${i + 1}?utm_source=qr&utm_campaign=bulk`,
}));
const csv = ['name,content,shape,frame,level', ...rows.map((r) => `${r.name},${r.content},dots,banner,Q`)].join('\n');

/**
 * The page's window with what it records for the bench (its init script sets that up). Long animation frames are
 * not in TypeScript's DOM library yet: the fields read here.
 * @typedef {PerformanceEntry & { scripts: { invoker: string, sourceFunctionName: string, duration: number }[] }}
 *   LongAnimationFrame
 * @typedef {typeof window & {
 *   __longTasks: number[],
 *   __frames: [start: number, duration: number, scripts: [invoker: string, fn: string, ms: number][]][],
 *   showSaveFilePicker?: unknown,
 *   QRCodeStyling: typeof import('qr-code-styling').default,
 * }} Recorder
 * @typedef {import('@playwright/test').Browser} Browser
 * @typedef {import('@playwright/test').Page} Page
 * @typedef {import('@playwright/test').CDPSession} CDPSession
 */

/** @param {CDPSession} cdp */
async function heapMb(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1e6;
}

/** Goes to `path` and waits until the app has mounted (/create/bulk is prerendered): runs start from a live page. */
const APP_MOUNTED_MARK = 'qrcraft:app-mounted'; // src/app/prerendered.ts
/**
 * @param {Page} page
 * @param {string} path
 */
async function gotoMounted(page, path) {
  await page.goto(`${BASE}${path}`);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_MOUNTED_MARK);
}

/**
 * Uploads the rows as a CSV file and waits until every one is checked and ready.
 * @param {Page} page
 */
async function uploadRows(page) {
  await page
    .getByLabel('Upload a CSV file')
    .setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page
    .getByTestId('bulk-summary')
    .filter({ hasText: `${ROWS.toLocaleString('en-US')} ready` })
    .waitFor({ timeout: 120_000 });
}

/** @param {Browser} browser */
async function newPage(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
  await page.addInitScript(() => {
    const rec = /** @type {Recorder} */ (window);
    // The bench reads the download; the save picker's native dialog cannot be answered here.
    delete rec.showSaveFilePicker;
    rec.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
    // BENCH_TASK_DETAIL=1: what ran in each long animation frame over 50 ms (script invoker, function, ms).
    rec.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of /** @type {LongAnimationFrame[]} */ (list.getEntries()))
        if (e.duration > 50)
          rec.__frames.push([
            Math.round(e.startTime),
            Math.round(e.duration),
            e.scripts.map((x) => [x.invoker, x.sourceFunctionName, Math.round(x.duration)]),
          ]);
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  return page;
}

/**
 * Main-thread time so far (CDP Performance metrics of the page's renderer main thread), in ms.
 * @param {CDPSession} cdp
 */
async function mainThreadMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (/** @type {string} */ name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: get('TaskDuration'), script: get('ScriptDuration') };
}

/**
 * The parts of a CDP CPU profile (Profiler.stop) read here.
 * @typedef {{
 *   nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[],
 *   samples?: number[],
 *   timeDeltas?: number[],
 * }} CpuProfile
 */

/**
 * The profile's top functions by self time (ms), with their script and line.
 * @param {CpuProfile} profile
 * @param {number} workers
 */
function printProfile(profile, workers) {
  /** @type {Map<string, number>} */
  const self = new Map();
  /** @type {Map<number, number>} */
  const dt = new Map();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (deltas[i] ?? 0) / 1000));
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0));
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`main-thread profile, ${workers} worker(s):`);
  for (const [key, ms] of top) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}

const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'blink', 'v8', 'disabled-by-default-devtools.timeline'];

/**
 * A Chromium trace event: complete events (ph 'X') have a duration, metadata (ph 'M') names threads.
 * @typedef {{ ph: string, name: string, pid: number, tid: number, ts: number, dur?: number, args?: { name?: string } }}
 *   TraceEvent
 * @typedef {TraceEvent & { dur: number }} CompleteEvent
 */

/**
 * Self time (ms) per event name on each thread of the trace that was busy, the top names per thread.
 * @param {{ traceEvents?: TraceEvent[] } | TraceEvent[]} trace
 * @param {number} workers
 */
function printTrace(trace, workers) {
  const all = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const events = all.filter(/** @returns {e is CompleteEvent} */ (e) => e.ph === 'X' && typeof e.dur === 'number');
  /** @type {Map<string, string | undefined>} */
  const names = new Map();
  for (const e of all) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name);
  /** @type {Map<string, CompleteEvent[]>} */
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  console.log(`trace, ${workers} worker(s): self time per thread (ms)`);
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    /** @type {Map<string, number>} */
    const self = new Map();
    /** @type {CompleteEvent[]} */
    const stack = [];
    let total = 0;
    for (const e of list) {
      for (let top = stack.at(-1); top && top.ts + top.dur <= e.ts; top = stack.at(-1)) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur / 1000);
      else total += e.dur / 1000;
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur / 1000);
      stack.push(e);
    }
    if (total < 100) continue;
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`  ${names.get(key) ?? key}: ${total.toFixed(0)} ms in top-level events`);
    for (const [name, ms] of top) console.log(`    ${ms.toFixed(0).padStart(6)}  ${name}`);
  }
}

/**
 * The whole machine's CPU time so far (/proc/stat's first line, in clock ticks): busy and all. Over a run, busy /
 * all × cores says how many cores the run kept busy, Chromium's threads and processes included; on a machine with
 * nothing else running, a run that already keeps every core busy cannot go faster with more workers.
 */
function cpuTicks() {
  const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '').trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, idleTicks = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
    fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, all: busy + idleTicks + iowait };
}
/**
 * @param {ReturnType<typeof cpuTicks>} a
 * @param {ReturnType<typeof cpuTicks>} b
 */
const coresBusy = (a, b) => ((b.busy - a.busy) / (b.all - a.all)) * machine().cpus;

/**
 * The long tasks recorded since the last call (and forgets them).
 * @param {Page} page
 */
async function longTasks(page) {
  if (process.env.BENCH_TASK_DETAIL) {
    console.log(JSON.stringify(await page.evaluate(() => /** @type {Recorder} */ (window).__frames.splice(0))));
  }
  const all = await page.evaluate(() => /** @type {Recorder} */ (window).__longTasks.splice(0));
  return { over50: all.filter((d) => d > 50).length, longestMs: all.reduce((m, d) => Math.max(m, d), 0) };
}

/**
 * The machine's own noise: long tasks on the same page, rows checked, doing nothing for IDLE_MS. On a shared,
 * overloaded machine a short task can be descheduled past 50 ms; this says how often that happens without work.
 */
const IDLE_MS = 15_000;
/** @param {Browser} browser */
async function idle(browser) {
  const page = await newPage(browser);
  await gotoMounted(page, '/create/bulk');
  await uploadRows(page);
  await page.waitForTimeout(1000);
  await longTasks(page);
  await page.waitForTimeout(IDLE_MS);
  const tasks = await longTasks(page);
  await page.close();
  return { ms: IDLE_MS, longTasksOver50: tasks.over50, longestTaskMs: tasks.longestMs };
}

/**
 * @param {Browser} browser
 * @param {number} workers
 */
async function ours(browser, workers) {
  const page = await newPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await gotoMounted(page, '/create/bulk');
  await page.evaluate((n) => localStorage.setItem('qrcraft.bulk.workers', String(n)), workers);
  await gotoMounted(page, '/create/bulk');
  await uploadRows(page);
  // PNG 1000 only (SVG is on by default).
  await page.getByRole('button', { name: 'SVG', exact: true }).click();
  await page.waitForTimeout(500);
  const heapBefore = await heapMb(cdp);
  await cdp.send('Performance.enable');
  await longTasks(page);
  const main0 = await mainThreadMs(cdp);
  // BENCH_PROFILE=1: a CPU profile of the page's main thread over the run, its top functions by self time printed.
  if (process.env.BENCH_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  // BENCH_TRACE=1: a Chromium trace over the run, each thread's top events by self time printed.
  if (process.env.BENCH_TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const cpu0 = cpuTicks();
  const t0 = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 600_000 }),
    page.getByRole('button', { name: /^Create ZIP of/ }).click(),
  ]);
  const wallMs = Date.now() - t0;
  const cpu1 = cpuTicks();
  const main1 = await mainThreadMs(cdp);
  if (process.env.BENCH_PROFILE) printProfile((await cdp.send('Profiler.stop')).profile, workers);
  if (process.env.BENCH_TRACE) printTrace(JSON.parse((await browser.stopTracing()).toString()), workers);
  const tasks = await longTasks(page);
  const zipBytes = statSync(await download.path()).size;
  const poolWorkers = await page.getByTestId('bulk-progress').getAttribute('data-workers');
  await page.waitForTimeout(1000);
  const heapAfter = await heapMb(cdp);
  await page.close();
  return {
    contender: `QRCraft, ${workers} worker${workers === 1 ? '' : 's'}`,
    rows: ROWS,
    wallMs,
    rowsPerSecond: ROWS / (wallMs / 1000),
    longTasksOver50: tasks.over50,
    longestTaskMs: tasks.longestMs,
    heapBeforeMb: heapBefore,
    heapAfterMb: heapAfter,
    zipBytes,
    workersAfter: Number(poolWorkers),
    mainThreadTaskMsPerRow: (main1.task - main0.task) / ROWS,
    mainThreadScriptMsPerRow: (main1.script - main0.script) / ROWS,
    coresBusy: coresBusy(cpu0, cpu1),
  };
}

/** @param {Browser} browser */
async function peer(browser) {
  const page = await newPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${BASE}/404`);
  const lib = createRequire(import.meta.url).resolve('qr-code-styling/lib/qr-code-styling.js');
  await page.addScriptTag({ path: lib });
  const heapBefore = await heapMb(cdp);
  await cdp.send('Performance.enable');
  await longTasks(page);
  const main0 = await mainThreadMs(cdp);
  const cpu0 = cpuTicks();
  const sample = rows.slice(0, PEER_ROWS);
  const { ms, bytes } = await page.evaluate(async (list) => {
    const { QRCodeStyling } = /** @type {Recorder} */ (window);
    const t = performance.now();
    let total = 0;
    for (const r of list) {
      const qr = new QRCodeStyling({
        width: 1000,
        height: 1000,
        type: 'canvas',
        data: r.content,
        margin: 0,
        qrOptions: { errorCorrectionLevel: 'Q' },
        dotsOptions: { type: 'dots', color: '#000000' },
        backgroundOptions: { color: '#ffffff' },
      });
      // A Blob in a browser (a Buffer only in Node).
      const blob = /** @type {Blob | null} */ (await qr.getRawData('png'));
      if (!blob) throw new Error('qr-code-styling made no PNG');
      total += blob.size;
    }
    return { ms: performance.now() - t, bytes: total };
  }, sample);
  const cpu1 = cpuTicks();
  const main1 = await mainThreadMs(cdp);
  const tasks = await longTasks(page);
  const heapAfter = await heapMb(cdp);
  await page.close();
  return {
    mainThreadTaskMsPerRow: (main1.task - main0.task) / PEER_ROWS,
    mainThreadScriptMsPerRow: (main1.script - main0.script) / PEER_ROWS,
    contender: 'qr-code-styling 1.9, main thread',
    rows: PEER_ROWS,
    wallMs: ms,
    rowsPerSecond: PEER_ROWS / (ms / 1000),
    longTasksOver50: tasks.over50,
    longestTaskMs: tasks.longestMs,
    heapBeforeMb: heapBefore,
    heapAfterMb: heapAfter,
    zipBytes: bytes,
    workersAfter: 0,
    coresBusy: coresBusy(cpu0, cpu1),
  };
}

try {
  const browser = await launchChromium();
  const idleControl = await idle(browser);
  console.log('idle', JSON.stringify(idleControl));
  /** @type {Awaited<ReturnType<typeof ours>>[]} */
  const results = [];
  for (const w of WORKERS) {
    results.push(await ours(browser, w));
    console.log(JSON.stringify(results.at(-1)));
  }
  if (PEER_ROWS > 0) {
    results.push(await peer(browser));
    console.log(JSON.stringify(results.at(-1)));
  }
  await browser.close();

  const rate = (/** @type {string} */ label) => results.find((r) => r.contender.startsWith(label))?.rowsPerSecond;
  const one = rate('QRCraft, 1 worker');
  const two = rate('QRCraft, 2 workers');
  const qcs = rate('qr-code-styling');
  const ratios = {
    twoOverOne: one && two ? two / one : null,
    twoOverQrCodeStyling: two && qcs ? two / qcs : null,
  };
  const report = {
    date: new Date().toISOString(),
    dist,
    cores: machine().cpus,
    loadAverage: loadAverage()[0],
    rows: ROWS,
    peerRows: PEER_ROWS,
    design: 'dots, banner frame, level Q, 1000 px PNG',
    idleControl,
    results,
    ratios,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/bulk.json', `${JSON.stringify(report, null, 2)}\n`);
  const f = (/** @type {number | null | undefined} */ v, d = 1) =>
    v === null || v === undefined || Number.isNaN(v) ? 'n/a' : v.toFixed(d);
  const md = [
    '# Bulk creation benchmark',
    '',
    `${report.date}, production build, headless Chromium, ${report.cores} cores shared with other work (load average ${f(report.loadAverage)}). ` +
      `${ROWS.toLocaleString('en-US')} rows of links, ${report.design}: QRCraft's /create/bulk makes the ZIP (click → ZIP handed to the browser); ` +
      `qr-code-styling 1.9 renders ${PEER_ROWS.toLocaleString('en-US')} of the same rows (its rate only; it has no frame) to PNG Blobs in a loop on the main thread. ` +
      "Cores busy: the whole machine's CPU time over the run (/proc/stat), in cores. Main-thread task time: CDP Performance.getMetrics TaskDuration over the run, per row. Long tasks: main-thread tasks over 50 ms during the run (PerformanceObserver). Heap: CDP Runtime.getHeapUsage after two forced GCs, before and 1 s after the run.",
    '',
    '| contender | rows | time (s) | rows/s | main-thread task time per row (ms) | long tasks > 50 ms | longest task (ms) | heap before (MB) | heap after (MB) | after − before (MB) | output (MB) | cores busy |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.contender} | ${r.rows} | ${f(r.wallMs / 1000)} | ${f(r.rowsPerSecond)} | ${f(r.mainThreadTaskMsPerRow, 2)} | ${r.longTasksOver50} | ${f(r.longestTaskMs, 0)} | ${f(r.heapBeforeMb)} | ${f(r.heapAfterMb)} | ${f(r.heapAfterMb - r.heapBeforeMb)} | ${f(r.zipBytes / 1e6)} | ${f(r.coresBusy, 2)} of ${report.cores} |`,
    ),
    '',
    `Idle control (the same page, rows checked, no work, ${idleControl.ms / 1000} s): ${idleControl.longTasksOver50} long tasks over 50 ms, longest ${f(idleControl.longestTaskMs, 0)} ms.`,
    '',
    `2 workers / 1 worker: **${f(ratios.twoOverOne, 2)}x** (target ≥ 1.7x). 2 workers / qr-code-styling: **${f(ratios.twoOverQrCodeStyling, 1)}x** (target ≥ 10x).`,
    '',
  ];
  writeFileSync('bench-results/bulk.md', md.join('\n'));
  console.log(md.join('\n'));
} finally {
  preview.stop();
}
