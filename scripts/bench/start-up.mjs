#!/usr/bin/env node
/* global window */ // page callbacks run in the browser
// Start-up main-thread work of prerendered pages, build against build: each page loaded in Chromium with the
// CPU slowed down 4x (as Lighthouse's mobile preset assumes), its long tasks recorded from navigation until
// 3 s after the app has mounted. Per run: blocking time (the sum over long tasks after the first contentful
// paint of their time beyond 50 ms, Lighthouse's TBT without its simulation), the longest task, and the mount
// time. Builds and pages alternate, so a noisy machine weighs on every build alike.
//   npm run bench:start-up                        builds the working tree into dist-bench-start-up/ and measures it
//   node scripts/bench/start-up.mjs --dist A:dist-a --dist B:dist-b [--runs 5] [--paths /,/create]
// Medians go to bench-results/start-up.md (and the console).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { buildForBench, waitFor } from './lib/net.mjs';

const args = process.argv.slice(2);
const all = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []));
const one = (name, fallback) => all(name)[0] ?? fallback;
if (all('--dist').length === 0) {
  buildForBench('dist-bench-start-up');
  args.push('--dist', 'working tree:dist-bench-start-up');
}
const builds = all('--dist').map((spec, i) => {
  const [label, dir] = spec.includes(':') ? spec.split(':') : [spec, spec];
  return { label, dir, port: 4340 + i };
});
const RUNS = Number(one('--runs', '5'));
const PATHS = one('--paths', '/,/create').split(',');
const SLOWDOWN = 4;
const AFTER_MOUNT_MS = 3000;

const servers = builds.map(({ dir, port }) =>
  spawn('npx', ['--no-install', 'vite', 'preview', '--outDir', dir, '--port', String(port), '--strictPort'], {
    stdio: 'ignore',
    detached: true,
  }),
);

async function measure(browser, base, path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.addInitScript(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}${path}`);
  await page.waitForSelector('#root[data-mounted]', { state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(AFTER_MOUNT_MS);
  const r = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const mounted = performance.getEntriesByName('qrcraft:app-mounted')[0]?.startTime ?? NaN;
    const after = window.__tasks.filter(([start]) => start >= fcp);
    return {
      fcp,
      mounted,
      blocking: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
      longest: window.__tasks.reduce((m, [, d]) => Math.max(m, d), 0),
      count: window.__tasks.length,
    };
  });
  await context.close();
  return r;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  await Promise.all(builds.map(({ port }) => waitFor(`http://localhost:${port}`, { ms: 60_000 })));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const results = {};
  for (let run = 0; run < RUNS; run++)
    for (const path of PATHS)
      for (const { label, port } of run % 2 ? [...builds].reverse() : builds) {
        const r = await measure(browser, `http://localhost:${port}`, path);
        ((results[path] ??= {})[label] ??= []).push(r);
        console.log(
          `${path} ${label} run ${run + 1}: blocking ${r.blocking.toFixed(0)} ms, longest ${r.longest.toFixed(0)} ms, ` +
            `${r.count} long tasks, FCP ${r.fcp.toFixed(0)} ms, mounted ${r.mounted.toFixed(0)} ms`,
        );
      }
  await browser.close();
  const lines = [
    '# Start-up main-thread work (`npm run bench:start-up`)',
    '',
    `${new Date().toISOString()}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end. Production builds, ` +
      `Chromium with the CPU ${SLOWDOWN}x slower, 412 x 823 px; from navigation to ${AFTER_MOUNT_MS / 1000} s after the app mounted. ` +
      'Blocking time: the sum, over long tasks after the first contentful paint, of their time beyond 50 ms. ' +
      `Medians of ${RUNS} runs, builds alternating.`,
    '',
    '| page | build | blocking time (ms) | longest task (ms) | long tasks | mounted (ms) | blocking, every run |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const path of PATHS)
    for (const { label } of builds) {
      const rs = results[path][label];
      const m = (k) => median(rs.map((r) => r[k])).toFixed(0);
      lines.push(
        `| ${path} | ${label} | ${m('blocking')} | ${m('longest')} | ${m('count')} | ${m('mounted')} | ${rs.map((r) => r.blocking.toFixed(0)).join(', ')} |`,
      );
    }
  lines.push('');
  console.log(`\n${lines.join('\n')}`);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/start-up.md', lines.join('\n'));
} finally {
  for (const s of servers) process.kill(-s.pid, 'SIGTERM');
}
