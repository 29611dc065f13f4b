#!/usr/bin/env node
// @ts-check
// First-paint benchmark (issue 13): Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown) on the
// production build (`vite build` + `vite preview`), for /, /create, /pricing and one industry page, RUNS runs
// each, in Debian's chromium. Writes the medians to bench-results/lighthouse<-LABEL>.md and every run to
// bench-results/lighthouse<-LABEL>.json. A benchmark, not a test: the machine is shared and noisy.
// Lighthouse is fetched by npx on first use (not a dependency: its npm release pins packages this registry lacks).
// Knobs: BENCH_RUNS (default 3), BENCH_LABEL (e.g. "baseline"), BENCH_PAGES (comma-separated paths, for a quick
// A/B of two builds), CHROME_PATH (default /usr/bin/chromium).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { buildForBench, startPreview } from './lib/app.mjs';
import { envInteger } from './lib/knobs.mjs';
import { LIGHTHOUSE, runLighthouse } from './lib/lighthouse.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const RUNS = envInteger('BENCH_RUNS', 3);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/', '/create', '/pricing', '/solutions/healthcare'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** @type {[audit: string, name: string, unit: 'ms' | ''][]} */
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
];

const outDir = 'dist-bench-lighthouse';
console.log('› vite build');
buildForBench(outDir);
const { base, stop } = await startPreview({ outDir });

const work = mkdtempSync(join(os.tmpdir(), 'qrcraft-lighthouse-'));
/**
 * One run of one page: category scores (0-100) and metrics (NaN when Lighthouse gave none) by name.
 * @typedef {{ page: string, run: number, scores: Record<string, number>, metrics: Record<string, number>,
 *   failedAudits: string[] }} Run
 */
/** @type {Run[]} */
const runs = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      const lhr = runLighthouse(`${base}${page}`, join(work, `${run}-${page.replaceAll('/', '_')}.json`));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const metrics = Object.fromEntries(METRICS.map(([id, name]) => [name, lhr.audits[id]?.numericValue ?? NaN]));
      // What costs points outside performance: the weighted audits of those categories that did not pass.
      const failedAudits = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => {
            const score = lhr.audits[ref.id]?.score;
            return ref.weight > 0 && typeof score === 'number' && score < 1;
          })
          .map((ref) => `${c}: ${ref.id}`),
      );
      runs.push({ page, run, scores, metrics, failedAudits });
      const ms = (/** @type {string} */ name) => Math.round(metrics[name] ?? NaN);
      console.log(
        `run ${run} ${page}: perf ${scores.performance}, FCP ${ms('FCP')} ms, LCP ${ms('LCP')} ms, TBT ${ms('TBT')} ms, CLS ${metrics.CLS?.toFixed(3)}`,
      );
    }
  }
} finally {
  stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}

/** @param {'ms' | ''} unit @param {number} v */
const fmtMetric = (unit, v) => (unit === 'ms' ? `${(v / 1000).toFixed(2)} s` : v.toFixed(3));
const lines = [
  `# Lighthouse, mobile preset (${LIGHTHOUSE}), production build`,
  '',
  `Median of ${RUNS} runs per page, ${new Date().toISOString()}, ${machine().cpus} cores, load average ${loadAverage()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end. \`npm run bench:lighthouse\`.`,
  '',
  `| page | performance | ${METRICS.map(([, n]) => n).join(' | ')} | accessibility | best practices | SEO |`,
  `| --- | ---: | ${METRICS.map(() => '---:').join(' | ')} | ---: | ---: | ---: |`,
];
for (const page of PAGES) {
  const mine = runs.filter((r) => r.page === page);
  const score = (/** @type {string} */ c) => median(mine.map((r) => r.scores[c] ?? NaN));
  const metric = (/** @type {string} */ n) => median(mine.map((r) => r.metrics[n] ?? NaN));
  lines.push(
    `| ${page} | ${score('performance')} | ${METRICS.map(([, n, unit]) => fmtMetric(unit, metric(n))).join(' | ')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} |`,
  );
}
/** @type {[page: string, audits: string[]][]} */
const failed = PAGES.map((page) => [
  page,
  [...new Set(runs.filter((r) => r.page === page).flatMap((r) => r.failedAudits))],
]);
if (failed.some(([, ids]) => ids.length > 0)) {
  lines.push('', 'Audits that did not pass (accessibility, best practices, SEO), in any run:', '');
  for (const [page, ids] of failed) if (ids.length > 0) lines.push(`- ${page}: ${ids.join(', ')}`);
}
mkdirSync('bench-results', { recursive: true });
writeFileSync(`bench-results/lighthouse${LABEL}.md`, `${lines.join('\n')}\n`);
writeFileSync(
  `bench-results/lighthouse${LABEL}.json`,
  // Flat rows, as before: page, run, the scores, the metrics (null for none), failedAudits.
  `${JSON.stringify({ lighthouse: LIGHTHOUSE, runs: runs.map(({ page, run, scores, metrics, failedAudits }) => ({ page, run, ...scores, ...metrics, failedAudits })) }, null, 2)}\n`,
);
console.log(`\n${lines.join('\n')}`);
