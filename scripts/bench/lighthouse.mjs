#!/usr/bin/env node
// First-paint benchmark (issue 13): Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown) on the
// production build (`vite build` + `vite preview`), for /, /create, /pricing and one industry page, RUNS runs
// each, in Debian's chromium. Writes the medians to bench-results/lighthouse<-LABEL>.md and every run to
// bench-results/lighthouse<-LABEL>.json. A benchmark, not a test: the machine is shared and noisy.
// Lighthouse is fetched by npx on first use (not a dependency: its npm release pins packages this registry lacks).
// Knobs: BENCH_RUNS (default 3), BENCH_LABEL (e.g. "baseline"), BENCH_PAGES (comma-separated paths, for a quick
// A/B of two builds), CHROME_PATH (default /usr/bin/chromium).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { buildForBench, LIGHTHOUSE, median, runLighthouse, startPreview } from './lib/net.mjs';
import os from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/', '/create', '/pricing', '/solutions/healthcare'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
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
const runs = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      const lhr = runLighthouse(`${base}${page}`, join(work, `${run}-${page.replaceAll('/', '_')}.json`));
      const row = { page, run };
      for (const c of CATEGORIES) row[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
      for (const [id, name] of METRICS) row[name] = lhr.audits[id]?.numericValue ?? null;
      // What costs points outside performance: the weighted audits of those categories that did not pass.
      row.failedAudits = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
          .map((ref) => `${c}: ${ref.id}`),
      );
      runs.push(row);
      console.log(
        `run ${run} ${page}: perf ${row.performance}, FCP ${Math.round(row.FCP)} ms, LCP ${Math.round(row.LCP)} ms, TBT ${Math.round(row.TBT)} ms, CLS ${row.CLS.toFixed(3)}`,
      );
    }
  }
} finally {
  stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}

const fmtMetric = (name, unit, v) => (unit === 'ms' ? `${(v / 1000).toFixed(2)} s` : v.toFixed(3));
const lines = [
  `# Lighthouse, mobile preset (${LIGHTHOUSE}), production build`,
  '',
  `Median of ${RUNS} runs per page, ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end. \`npm run bench:lighthouse\`.`,
  '',
  `| page | performance | ${METRICS.map(([, n]) => n).join(' | ')} | accessibility | best practices | SEO |`,
  `| --- | ---: | ${METRICS.map(() => '---:').join(' | ')} | ---: | ---: | ---: |`,
];
for (const page of PAGES) {
  const mine = runs.filter((r) => r.page === page);
  const m = (key) => median(mine.map((r) => r[key]));
  lines.push(
    `| ${page} | ${m('performance')} | ${METRICS.map(([, n, unit]) => fmtMetric(n, unit, m(n))).join(' | ')} | ${m('accessibility')} | ${m('best-practices')} | ${m('seo')} |`,
  );
}
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
  `${JSON.stringify({ lighthouse: LIGHTHOUSE, runs }, null, 2)}\n`,
);
console.log(`\n${lines.join('\n')}`);
