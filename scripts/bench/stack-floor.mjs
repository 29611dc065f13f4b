#!/usr/bin/env node
// @ts-check
// The stack's floor for issue 13's targets (docs/first-paint.md, "The floor"): what Lighthouse's mobile preset
// scores for a page that only starts the libraries the brief prescribes, with none of the app. Three builds, each
// a static heading painted before any script (the LCP, as on a prerendered page) and a module script that renders
// one button:
//   react        React DOM alone;
//   router       React DOM and react-router's data router (createBrowserRouter, as the app);
//   chakra       both, and Chakra UI v3 with the app's own theme and start-up savings (src/app/theme.ts's
//                getHydratingSystem, scripts/build/chakra-lazy-global-plugin.ts) rendering a Box, a Heading and a Button.
// Each build's JavaScript is counted as e2e/budgets.spec.ts counts it (gzip level 9, KiB); Lighthouse runs RUNS
// times per build, builds interleaved so that a noisy minute hits all of them. Medians and ranges go to
// bench-results/stack-floor.md, every run to bench-results/stack-floor.json. A benchmark, not a test.
// Knobs: BENCH_RUNS (default 5), CHROME_PATH (default /usr/bin/chromium), BENCH_APP_PAGES (e.g. "/,/create"):
// also the app's production build, those pages measured in the same runs right after the floor builds, and their
// TBT against the chakra floor's (issue 35: /create and / within 150 ms of the floor).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildForBench, startPreview } from './lib/app.mjs';
import { envInteger } from './lib/knobs.mjs';
import { LIGHTHOUSE, runLighthouse } from './lib/lighthouse.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const RUNS = envInteger('BENCH_RUNS', 5);
const APP_PAGES = process.env.BENCH_APP_PAGES?.split(',').filter(Boolean) ?? [];
const APP_OUT = 'dist-bench-lighthouse';
const ROOT = resolve('dist-bench-stack-floor');
const KIB = 1024;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Stack floor</title>
    <meta name="description" content="The prescribed libraries starting, with none of the app." />
    <style>body{font-family:sans-serif;margin:0}h1{font-size:2.5rem;padding:1rem;margin:0}p{padding:0 1rem}</style>
  </head>
  <body>
    <main><h1>Create QR codes that work everywhere</h1><p>Painted before any script runs.</p><div id="app"></div></main>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

/** Each build's entry; the chakra one imports the app's theme from the repository, two levels up from its folder. */
const VARIANTS = {
  react: `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('app')!).render(<button>Generate QR Code</button>);
`,
  router: `import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
const router = createBrowserRouter([{ path: '*', element: <button>Generate QR Code</button> }]);
createRoot(document.getElementById('app')!).render(<RouterProvider router={router} />);
`,
  chakra: `import { Box, Button, ChakraProvider, Heading } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { getHydratingSystem } from '../../src/app/theme.ts';
const page = (
  <Box p="4">
    <Heading size="md">Style it</Heading>
    <Button>Generate QR Code</Button>
  </Box>
);
const router = createBrowserRouter([{ path: '*', element: page }]);
createRoot(document.getElementById('app')!).render(
  <ChakraProvider value={getHydratingSystem()}>
    <RouterProvider router={router} />
  </ChakraProvider>,
);
`,
};

const VITE_CONFIG = `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chakraLazyGlobal } from '../../scripts/build/chakra-lazy-global-plugin.ts';
export default defineConfig({
  plugins: [react(), chakraLazyGlobal()],
  // As vite.config.ts: lets the bundler drop @chakra-ui/react/theme's unused default recipes.
  build: { outDir: 'dist', rolldownOptions: { treeshake: { manualPureFunctions: ['defineConfig'] } } },
});
`;

rmSync(ROOT, { recursive: true, force: true });
/** @type {Record<string, { dir: string, jsGzipBytes: number, base?: string }>} */
const builds = {};
for (const [name, entry] of Object.entries(VARIANTS)) {
  // Inside the repository (not under node_modules), so that packages resolve from its node_modules as the app's do.
  const dir = join(ROOT, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'main.tsx'), entry);
  writeFileSync(join(dir, 'vite.config.ts'), VITE_CONFIG);
  console.log(`› vite build (${name})`);
  buildForBench('dist', { cwd: dir });
  const assets = join(dir, 'dist', 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  builds[name] = {
    dir,
    jsGzipBytes: js.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0),
  };
}

if (APP_PAGES.length) {
  console.log('› vite build (the app)');
  buildForBench(APP_OUT);
}

const work = mkdtempSync(join(os.tmpdir(), 'qrcraft-stack-floor-'));
/** @type {{ build: string, run: number, performance: number, FCP: number, LCP: number, TBT: number, CLS: number }[]} */
const runs = [];
/** @type {{ stop: () => void }[]} */
const previews = [];
try {
  for (const b of Object.values(builds)) {
    const preview = await startPreview({ cwd: b.dir });
    previews.push(preview);
    b.base = preview.base;
  }
  /** @type {[string, string][]} what each run measures: a name and its URL */
  const targets = Object.entries(builds).map(([name, b]) => [name, `${b.base}/`]);
  if (APP_PAGES.length) {
    const app = await startPreview({ outDir: APP_OUT });
    previews.push(app);
    for (const page of APP_PAGES) targets.push([`app ${page}`, `${app.base}${page}`]);
  }
  for (let run = 1; run <= RUNS; run++) {
    for (const [name, url] of targets) {
      const lhr = runLighthouse(url, join(work, `${name.replaceAll('/', '_').replaceAll(' ', '-')}-${run}.json`));
      const a = lhr.audits;
      const row = {
        build: name,
        run,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        FCP: a['first-contentful-paint']?.numericValue ?? NaN,
        LCP: a['largest-contentful-paint']?.numericValue ?? NaN,
        TBT: a['total-blocking-time']?.numericValue ?? NaN,
        CLS: a['cumulative-layout-shift']?.numericValue ?? NaN,
      };
      runs.push(row);
      console.log(
        `run ${run} ${name}: perf ${row.performance}, FCP ${Math.round(row.FCP)} ms, TBT ${Math.round(row.TBT)} ms`,
      );
    }
  }
} finally {
  for (const p of previews) p.stop();
  rmSync(work, { recursive: true, force: true });
  if (APP_PAGES.length) rmSync(APP_OUT, { recursive: true, force: true });
}

/**
 * @param {number[]} values
 * @param {(v: number) => string} f
 */
const range = (values, f) => `${f(Math.min(...values))}-${f(Math.max(...values))}`;
const ms = (/** @type {number} */ v) => String(Math.round(v));
const lines = [
  `# The stack's floor: Lighthouse mobile (${LIGHTHOUSE}) on pages that only start the libraries`,
  '',
  `\`npm run bench:stack-floor\` (scripts/bench/stack-floor.mjs), ${new Date().toISOString()}, ${RUNS} runs per build,`,
  `builds interleaved, ${machine().cpus} cores, load average ${loadAverage()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end. JS: every file of the build, gzip level 9, as e2e/budgets.spec.ts counts.`,
  '',
  '| build | JS (KiB gzip) | performance median (range) | TBT median (range), ms | FCP median, ms | CLS median |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
];
const measured = [...Object.keys(builds), ...APP_PAGES.map((p) => `app ${p}`)];
/** @param {string} name @param {'performance' | 'FCP' | 'TBT' | 'CLS'} k */
const column = (name, k) => runs.filter((r) => r.build === name).map((r) => r[k]);
for (const name of measured) {
  const col = (/** @type {'performance' | 'FCP' | 'TBT' | 'CLS'} */ k) => column(name, k);
  const js = builds[name] ? (builds[name].jsGzipBytes / KIB).toFixed(1) : 'app';
  lines.push(
    `| ${name} | ${js} | ${median(col('performance'))} (${range(col('performance'), String)}) | ${ms(median(col('TBT')))} (${range(col('TBT'), ms)}) | ${ms(median(col('FCP')))} | ${median(col('CLS')).toFixed(3)} |`,
  );
}
if (APP_PAGES.length && builds.chakra) {
  const floor = median(column('chakra', 'TBT'));
  lines.push(
    '',
    `TBT above the chakra floor (median of the page's runs minus the floor's median, ${ms(floor)} ms):`,
    '',
  );
  for (const page of APP_PAGES) lines.push(`- ${page}: ${ms(median(column(`app ${page}`, 'TBT')) - floor)} ms`);
}
mkdirSync('bench-results', { recursive: true });
const out = APP_PAGES.length ? 'bench-results/lighthouse-with-floor' : 'bench-results/stack-floor';
writeFileSync(`${out}.md`, `${lines.join('\n')}\n`);
writeFileSync(
  `${out}.json`,
  `${JSON.stringify({ lighthouse: LIGHTHOUSE, builds: Object.fromEntries(Object.entries(builds).map(([n, b]) => [n, { jsGzipBytes: b.jsGzipBytes }])), runs }, null, 2)}\n`,
);
console.log(`\n${lines.join('\n')}`);
rmSync(ROOT, { recursive: true, force: true });
