#!/usr/bin/env node
// @ts-check
/* global window */ // page callbacks run in the browser
// Start-up main-thread work of prerendered pages, build against build: each page loaded in Chromium with the
// CPU slowed down 4x (as Lighthouse's mobile preset assumes), its long tasks recorded from navigation until
// 3 s after the app has mounted. Per run: blocking time (the sum over long tasks after the first contentful
// paint of their time beyond 50 ms, Lighthouse's TBT without its simulation), the longest task, and the mount
// time. Builds and pages alternate, so a noisy machine weighs on every build alike.
//   npm run bench:start-up                        builds the working tree into dist-bench-start-up/ and measures it
//   node scripts/bench/start-up.mjs --dist A:dist-a --dist B:dist-b [--runs 5] [--paths /,/create] [--cpu 4] [--causes]
// --causes also records a Chromium trace of every load and shares each long task's blocking time out over what it
// ran (script compile and evaluation, module preloads, the design system, React's render and commit, style and
// layout; scripts/bench/lib/longTaskCauses.mjs): medians per cause in the table below the main one.
// --modules also records the V8 profile in that trace and lists, for each page and build, every long task of the
// first run with the source modules it ran (lib/longTaskModules.mjs; module names need a `vite build --minify false`
// build passed with --dist, a minified one gives chunk names).
// Typing through start-up (lib/startUpKeys.mjs; --no-keys leaves it out): a second load of each page, with a key
// typed every 10 ms from the moment its field is on screen until 1 s after the mount: each key's wait until its
// input event is handled, and whether the typed text is still in the field and in the app's draft afterwards.
// Medians go to bench-results/start-up.md (and the console).
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildForBench, launchChromium, startPreview } from './lib/app.mjs';
import { cliValue, cliValues } from './lib/knobs.mjs';
import { REPO_ROOT } from './lib/repo.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';
import { longTaskCauses, TRACE_CATEGORIES } from './lib/longTaskCauses.mjs';
import { longTaskModules, PROFILE_CATEGORY } from './lib/longTaskModules.mjs';
import { typedPaths, typeThroughStartUp } from './lib/startUpKeys.mjs';

const dists = cliValues('--dist');
if (dists.length === 0) {
  buildForBench('dist-bench-start-up');
  dists.push('working tree:dist-bench-start-up');
}
// LABEL:DIR, or DIR (its own label).
const builds = dists.map((spec) => {
  const at = spec.indexOf(':');
  return at < 0 ? { label: spec, dir: spec } : { label: spec.slice(0, at), dir: spec.slice(at + 1) };
});
const RUNS = Number(cliValue('--runs', '5'));
const PATHS = cliValue('--paths', '/,/create').split(',');
// Lighthouse's mobile preset slows the CPU down 4x; --cpu 1 measures the machine as it is.
const SLOWDOWN = Number(cliValue('--cpu', '4'));
const AFTER_MOUNT_MS = 3000;
const CAUSES = process.argv.includes('--causes');
const MODULES = process.argv.includes('--modules');
const KEYS = !process.argv.includes('--no-keys');

/** @typedef {typeof window & { __tasks: [start: number, duration: number][] }} Recorder */

/**
 * One page load, its long tasks until AFTER_MOUNT_MS after the mount.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 * @param {string} path
 * @param {string} dir the build's folder (for --modules)
 */
async function measure(browser, base, path, dir) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.addInitScript(() => {
    const rec = /** @type {Recorder} */ (window);
    rec.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.__tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const tracing = CAUSES || MODULES;
  if (tracing)
    await browser.startTracing(page, {
      categories: MODULES ? [...TRACE_CATEGORIES, PROFILE_CATEGORY] : TRACE_CATEGORIES,
    });
  await page.goto(`${base}${path}`);
  await page.waitForSelector('#root[data-mounted]', { state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(AFTER_MOUNT_MS);
  const trace = tracing ? JSON.parse((await browser.stopTracing()).toString()) : null;
  const r = await page.evaluate(() => {
    const tasks = /** @type {Recorder} */ (window).__tasks;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const mounted = performance.getEntriesByName('qrcraft:app-mounted')[0]?.startTime ?? NaN;
    const after = tasks.filter(([start]) => start >= fcp);
    return {
      fcp,
      mounted,
      blocking: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
      longest: tasks.reduce((m, [, d]) => Math.max(m, d), 0),
      count: tasks.length,
      // Once the page shows, a visitor can type: a task over 50 ms from then on holds a key for more than 50 ms.
      countAfterFcp: after.length,
      longestAfterFcp: after.reduce((m, [, d]) => Math.max(m, d), 0),
    };
  });
  await context.close();
  return {
    ...r,
    causes: trace && CAUSES ? longTaskCauses(trace.traceEvents, r.fcp).blocking : {},
    taskModules: trace && MODULES ? longTaskModules(trace.traceEvents, resolve(REPO_ROOT, dir, 'assets')) : [],
  };
}

const previews = await Promise.all(builds.map(({ dir }) => startPreview({ outDir: dir })));
try {
  const browser = await launchChromium();
  /** @type {Record<string, Record<string, Awaited<ReturnType<typeof measure>>[]>>} */
  const results = {};
  /** @type {Record<string, Record<string, Awaited<ReturnType<typeof typeThroughStartUp>>[]>>} */
  const typing = {};
  const served = builds.map((b, i) => ({ ...b, base: /** @type {{ base: string }} */ (previews[i]).base }));
  for (let run = 0; run < RUNS; run++)
    for (const path of PATHS)
      for (const { label, base, dir } of run % 2 ? [...served].reverse() : served) {
        const r = await measure(browser, base, path, dir);
        ((results[path] ??= {})[label] ??= []).push(r);
        console.log(
          `${path} ${label} run ${run + 1}: blocking ${r.blocking.toFixed(0)} ms, longest ${r.longest.toFixed(0)} ms, ` +
            `${r.count} long tasks (${r.countAfterFcp} after FCP, longest ${r.longestAfterFcp.toFixed(0)} ms), FCP ${r.fcp.toFixed(0)} ms, mounted ${r.mounted.toFixed(0)} ms`,
        );
        if (!KEYS || !typedPaths(path)) continue;
        const k = await typeThroughStartUp(browser, base, path, SLOWDOWN);
        ((typing[path] ??= {})[label] ??= []).push(k);
        console.log(
          `${path} ${label} run ${run + 1}, typing: worst wait ${k.worstWait.toFixed(0)} ms (${k.keysBeforeMount} of ` +
            `${k.keys} keys before the mount), ${k.over50} over 50 ms, text kept: field ${k.fieldKept}, draft ${k.draftKept}`,
        );
      }
  await browser.close();
  const lines = [
    '# Start-up main-thread work (`npm run bench:start-up`)',
    '',
    `${new Date().toISOString()}, ${machine().cpus} cores, load average ${loadAverage()[0].toFixed(1)} at the end. Production builds, ` +
      `Chromium with the CPU ${SLOWDOWN}x slower, 412 x 823 px; from navigation to ${AFTER_MOUNT_MS / 1000} s after the app mounted. ` +
      'Blocking time: the sum, over long tasks after the first contentful paint, of their time beyond 50 ms. ' +
      `Medians of ${RUNS} runs, builds alternating.`,
    '',
    '| page | build | blocking time (ms) | longest task (ms) | long tasks | long tasks after FCP | loads with no task over 50 ms after FCP | mounted (ms) | blocking, every run | longest task after FCP, every run |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const path of PATHS)
    for (const { label } of builds) {
      const rs = results[path]?.[label] ?? [];
      const m = (/** @type {'blocking' | 'longest' | 'count' | 'countAfterFcp' | 'mounted'} */ k) =>
        median(rs.map((r) => r[k])).toFixed(0);
      lines.push(
        `| ${path} | ${label} | ${m('blocking')} | ${m('longest')} | ${m('count')} | ${m('countAfterFcp')} | ` +
          `${rs.filter((r) => r.countAfterFcp === 0).length} / ${rs.length} | ${m('mounted')} | ` +
          `${rs.map((r) => r.blocking.toFixed(0)).join(', ')} | ${rs.map((r) => r.longestAfterFcp.toFixed(0)).join(', ')} |`,
      );
    }
  if (CAUSES) {
    lines.push(
      '',
      'Blocking time by cause (ms, medians over the runs; a cause missing from a run counts 0 there):',
      '',
    );
    const causeNames = [
      ...new Set(
        Object.values(results).flatMap((byBuild) =>
          Object.values(byBuild)
            .flat()
            .flatMap((r) => Object.keys(r.causes)),
        ),
      ),
    ].sort();
    lines.push(
      `| page | build | ${causeNames.join(' | ')} |`,
      `| --- | --- |${causeNames.map(() => ' ---: |').join('')}`,
    );
    for (const path of PATHS)
      for (const { label } of builds) {
        const rs = results[path]?.[label] ?? [];
        lines.push(
          `| ${path} | ${label} | ${causeNames.map((c) => median(rs.map((r) => r.causes[c] ?? 0)).toFixed(0)).join(' | ')} |`,
        );
      }
  }
  if (MODULES) {
    lines.push('', "Long tasks of each page's first run, and the modules their samples ran (ms at 4x):", '');
    for (const path of PATHS)
      for (const { label } of builds)
        for (const t of results[path]?.[label]?.[0]?.taskModules ?? [])
          lines.push(
            `- ${path}, ${label}: ${t.dur.toFixed(0)} ms at ${t.at.toFixed(0)} ms: ` +
              t.modules.map(([m, ms]) => `${m} ${ms.toFixed(0)}`).join(', '),
          );
  }
  if (Object.keys(typing).length) {
    lines.push(
      '',
      'Typing through start-up (a second load of each page): a key every 10 ms from the moment the field is on screen ' +
        "until 1 s after the mount; a key's wait is from its keydown's timeStamp to its input event's handler. " +
        'Text kept: the field and the stored draft hold every typed key afterwards (runs kept / runs).',
      '',
      '| page | build | worst wait (ms) | worst wait before the mount (ms) | keys over 50 ms | keys (before the mount) | text kept | worst wait, every run |',
      '| --- | --- | ---: | ---: | ---: | ---: | --- | --- |',
    );
    for (const path of PATHS)
      for (const { label } of builds) {
        const ks = typing[path]?.[label] ?? [];
        if (!ks.length) continue;
        const m = (/** @type {'worstWait' | 'worstWaitBeforeMount' | 'over50' | 'keys' | 'keysBeforeMount'} */ k) =>
          median(ks.map((r) => r[k])).toFixed(0);
        const kept = ks.filter((r) => r.fieldKept && r.draftKept).length;
        lines.push(
          `| ${path} | ${label} | ${m('worstWait')} | ${m('worstWaitBeforeMount')} | ${m('over50')} | ${m('keys')} (${m('keysBeforeMount')}) | ${kept} / ${ks.length} | ${ks.map((r) => r.worstWait.toFixed(0)).join(', ')} |`,
        );
      }
  }
  lines.push('');
  console.log(`\n${lines.join('\n')}`);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/start-up.md', lines.join('\n'));
} finally {
  for (const p of previews) p.stop();
}
