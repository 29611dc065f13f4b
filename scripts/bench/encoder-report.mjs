#!/usr/bin/env node
// @ts-check
// Turns the vitest JSON output of tests/bench/encoder.bench.ts into bench-results/encoder.json and
// bench-results/encoder.md: encodes per second of each library per corpus entry, and our ratio to the
// fastest peer.
//   node scripts/bench/encoder-report.mjs [raw.json] [out-dir]     (defaults: bench-results/encoder.raw.json, bench-results)
// Each task is named "<library> ×<batch>": tinybench measures batches, so encodes/s = batch × 1000 / latency
// (ms). The median batch latency is used (robust to pauses of a shared machine); the mean-based figure is
// kept in the JSON. Of the rounds in the run (same entry, libraries in different orders), each library
// keeps its best.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OURS = 'QRCraft';
const rawPath = process.argv[2] ?? 'bench-results/encoder.raw.json';
const outDir = process.argv[3] ?? 'bench-results';
/**
 * The parts of vitest's JSON report read here: each benchmark task's latency figures (ms).
 * @typedef {{ p50: number, mean: number, samplesCount: number, rme: number }} Latency
 * @typedef {{ name: string, latency?: Latency }} Task
 * @typedef {{ title: string, ancestorTitles: string[], benchmarks?: { tasks?: Task[] }[] }} Assertion
 * @typedef {{ testResults?: { name: string, assertionResults?: Assertion[] }[] }} RawReport
 */
/** @type {RawReport} */
const raw = JSON.parse(readFileSync(rawPath, 'utf8'));

/** @typedef {{ hz: number, hzMean: number, batch: number, samples: number, rme: number, round: string }} Best */
/** @type {Map<string, Map<string, Best>>} entry name → library → best figures */
const entries = new Map();
/** @type {string[]} */
const order = [];
for (const file of raw.testResults ?? []) {
  if (!String(file.name).endsWith('encoder.bench.ts')) continue;
  for (const test of file.assertionResults ?? []) {
    for (const group of test.benchmarks ?? []) {
      let libs = entries.get(test.title);
      if (!libs) {
        libs = new Map();
        entries.set(test.title, libs);
        order.push(test.title);
      }
      for (const task of group.tasks ?? []) {
        const m = /^(.*) ×(\d+)$/.exec(task.name);
        if (!m || !task.latency) continue;
        const [, lib = '', batch] = m;
        const n = Number(batch);
        const hz = (n * 1000) / task.latency.p50;
        const hzMean = (n * 1000) / task.latency.mean;
        const prev = libs.get(lib);
        if (!prev || hz > prev.hz) {
          libs.set(lib, {
            hz,
            hzMean,
            batch: n,
            samples: task.latency.samplesCount,
            rme: task.latency.rme,
            round: test.ancestorTitles.join(' '),
          });
        }
      }
    }
  }
}

if (order.length === 0) {
  console.error(`No encoder benchmark results in ${rawPath}`);
  process.exit(1);
}

const libraries = [OURS];
for (const libs of entries.values()) for (const lib of libs.keys()) if (!libraries.includes(lib)) libraries.push(lib);

const rows = order.map((name) => {
  /** @type {Map<string, Best>} */
  const libs = entries.get(name) ?? new Map();
  const ours = libs.get(OURS);
  /** @type {{ lib: string, hz: number } | null} */
  let fastestPeer = null;
  for (const [lib, r] of libs)
    if (lib !== OURS && (!fastestPeer || r.hz > fastestPeer.hz)) fastestPeer = { lib, hz: r.hz };
  /** @type {Record<string, number>} */
  const ratios = {};
  for (const [lib, r] of libs) if (lib !== OURS && ours) ratios[lib] = ours.hz / r.hz;
  return {
    entry: name,
    results: Object.fromEntries(libs),
    fastestPeer: fastestPeer?.lib ?? null,
    ratioToFastestPeer: ours && fastestPeer ? ours.hz / fastestPeer.hz : null,
    ratios,
  };
});

const fmt = (/** @type {number} */ hz) => (hz >= 100 ? Math.round(hz).toLocaleString('en-US') : hz.toFixed(1));
const md = [];
md.push('# Encoder benchmark (headless Chromium, vitest bench)', '');
md.push(
  `Encodes per second (median of batches), automatic mask. Generated ${new Date().toISOString()} from ${rawPath}.`,
  '',
);
md.push(`| entry | ${libraries.join(' | ')} | fastest peer | ${OURS} ÷ fastest peer |`);
md.push(`| --- | ${libraries.map(() => '---:').join(' | ')} | --- | ---: |`);
for (const row of rows) {
  const cells = libraries.map((lib) => (row.results[lib] ? fmt(row.results[lib].hz) : '–'));
  const ratio = row.ratioToFastestPeer === null ? '–' : `**${row.ratioToFastestPeer.toFixed(2)}×**`;
  md.push(`| ${row.entry} | ${cells.join(' | ')} | ${row.fastestPeer ?? '–'} | ${ratio} |`);
}
md.push('', `Ratios of ${OURS} to each peer:`, '');
const peers = libraries.filter((l) => l !== OURS);
md.push(`| entry | ${peers.join(' | ')} |`, `| --- | ${peers.map(() => '---:').join(' | ')} |`);
for (const row of rows)
  md.push(`| ${row.entry} | ${peers.map((p) => (row.ratios[p] ? `${row.ratios[p].toFixed(1)}×` : '–')).join(' | ')} |`);

mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'encoder.json'),
  `${JSON.stringify({ generatedAt: new Date().toISOString(), source: rawPath, unit: 'encodes per second', libraries, entries: rows }, null, 2)}\n`,
);
writeFileSync(join(outDir, 'encoder.md'), `${md.join('\n')}\n`);
console.log(md.join('\n'));
