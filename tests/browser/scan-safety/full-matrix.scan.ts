/**
 * The full scan-safety matrix (`npm run bench:scan-safety`, docs/scan-safety.md): every design through every
 * export, resolution, decoder and phone-photo degradation. It measures and reports; the report's failing list
 * is what issue 15 has to bring to zero. Only a broken export (a worker error, a file the tools cannot open)
 * fails the run.
 */
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import { QrClient } from '../../../src/worker-client/index.ts';
import { makeLogo } from '../../helpers/page-decode.ts';
import { checkDesign, type DesignResult } from './checkDesign.ts';
import { allDesigns, designKey, seededSample } from './matrix.ts';
import { writeReport } from './nodeCommands.ts';
import { buildReport, reportMarkdown } from './report.ts';

const client = new QrClient({ timeoutMs: 120_000 });
const filter = new RegExp(inject('scanSafetyFilter'));
const phonePhoto = inject('scanSafetyPhone');
const results: DesignResult[] = [];
const started = performance.now();

beforeAll(async () => {
  await client.putLogo(await makeLogo('image/png', 120, 120), 'square');
  await client.putLogo(await makeLogo('image/png', 240, 80), 'wide');
});

/** Written after every shape, so that a run stopped early still leaves the counts of what it covered. */
async function saveReport(): Promise<void> {
  const report = buildReport(results, (performance.now() - started) / 1000);
  const json = JSON.stringify({ filter: filter.source, phonePhoto, ...report }, null, 2) + '\n';
  await writeReport('scan-safety', json, reportMarkdown(report));
}

afterEach(saveReport);
afterAll(() => client.terminate());

/**
 * The designs in a seeded shuffle, in slices of this many: a run stopped early (the report is written after
 * every slice) has covered an even sample of the matrix rather than the first shapes only.
 */
const SLICE = 48;
const designs = seededSample(allDesigns(), Infinity, 2026).filter((d) => filter.test(designKey(d)));
const slices = Array.from({ length: Math.ceil(designs.length / SLICE) }, (_, i) =>
  designs.slice(i * SLICE, (i + 1) * SLICE),
).slice(0, inject('scanSafetySlices') || undefined);

test.each(slices.map((s, i) => [i + 1, slices.length, s] as const))('slice %i of %i', async (_i, _n, slice) => {
  for (const d of slice) {
    const r = await checkDesign(client, d, { phonePhoto });
    results.push(r);
    const failed = r.checks
      .filter((c) => !c.ok)
      .map((c) => `${c.format} ${c.resolution} ${c.degradation} ${c.decoder}`);
    console.log(
      `${designKey(d)} v${r.version}: ${r.checks.length - failed.length}/${r.checks.length} read; failed: ${failed.join(', ') || 'none'}`,
    );
  }
  expect(results.length).toBeGreaterThan(0);
});
