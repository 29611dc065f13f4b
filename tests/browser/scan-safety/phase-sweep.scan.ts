/**
 * `SCAN_SAFETY_SWEEP=1 npm run bench:scan-safety` (docs/scan-safety.md): how often each reader reads a design's
 * phone-photo copies when the camera's pixel grid falls anywhere on the print, not only where the full matrix puts
 * it. The full matrix samples each degradation once, at one phase; near a reader's limit (jsQR at 4 px per module
 * on a version-18 code) whether that one copy reads depends on where the module edges fall between camera pixels,
 * which a real photo leaves to chance. Here each preset is sampled at SWEEP_PHASES offsets of the print times
 * SWEEP_SCALES pixel sizes around its own, and the counts per reader go to bench-results/scan-safety-sweep.{json,md}.
 * It measures and reports; only a broken export fails the run.
 */
import { afterAll, expect, inject, test } from 'vitest';
import { QrClient } from '../../../src/worker-client/index.ts';
import { DECODERS, readWithAll, type DecoderName } from '../../../workers/decoders.ts';
import { DEGRADATIONS, type DegradationName } from '../../../workers/degradations.ts';
import { degrade } from '../../../workers/phonePhoto.ts';
import { modulePx, requestFor } from './checkDesign.ts';
import { allDesigns, designKey, PNG_SIZE, type Design } from './matrix.ts';
import { writeReport } from './nodeCommands.ts';

/** The presets swept: pure sampling, sampling with blur, and the everyday stack. */
const SWEPT: readonly DegradationName[] = ['smallPrint', 'blur', 'phonePhoto'];
/** Offsets of the print under the camera's pixel grid, in modules: eight phases on each axis (paired as k and 5k mod 8). */
const SWEEP_PHASES = Array.from({ length: 8 }, (_, k) => [k / 8, ((5 * k) % 8) / 8] as const);
/** Camera pixels per module, as a factor of the preset's own (±10 %: a phone held a little nearer or farther). */
const SWEEP_SCALES = [0.9, 0.925, 0.95, 0.975, 1, 1.025, 1.05, 1.075, 1.1] as const;

const client = new QrClient({ timeoutMs: 120_000 });
afterAll(() => client.terminate());

/**
 * Long content without a logo at level H: square modules in every frame, dots without a frame and in the circular
 * one (about a minute each). SCAN_SAFETY_FILTER picks others.
 */
function sweptDesigns(): Design[] {
  const filter = new RegExp(
    inject('scanSafetyFilter') || '^square/[^/]+/none/H/long$|^dots/(none|circular)/none/H/long$',
  );
  return allDesigns().filter((d) => d.logo === 'none' && filter.test(designKey(d)));
}

/** `image` moved by (dx, dy) pixels on white paper. */
function shifted(image: ImageBitmap, dx: number, dy: number): Promise<ImageBitmap> {
  const c = new OffscreenCanvas(image.width + Math.ceil(dx) + 1, image.height + Math.ceil(dy) + 1);
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('No 2D context');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.drawImage(image, dx, dy);
  return createImageBitmap(c);
}

interface SweepRow {
  design: string;
  version: number;
  preset: DegradationName;
  copies: number;
  reads: Record<DecoderName, number>;
}

const rows: SweepRow[] = [];

function markdown(): string {
  const lines = [
    '# Scan-safety phase sweep',
    '',
    `Generated ${new Date().toISOString()} by \`SCAN_SAFETY_SWEEP=1 npm run bench:scan-safety\` (docs/scan-safety.md):`,
    `each preset at ${SWEEP_PHASES.length} phases x ${SWEEP_SCALES.length} pixel sizes (x${SWEEP_SCALES[0]}-${SWEEP_SCALES.at(-1)} of the preset's own), the ${PNG_SIZE} px PNG.`,
    '',
    `| design | version | preset | ${DECODERS.join(' | ')} |`,
    `| --- | ---: | --- | ${DECODERS.map(() => '---:').join(' | ')} |`,
    ...rows.map(
      (r) =>
        `| ${r.design} | ${r.version} | ${r.preset} | ${DECODERS.map((d) => `${r.reads[d]}/${r.copies}`).join(' | ')} |`,
    ),
  ];
  return lines.join('\n') + '\n';
}

test('phase sweep', async () => {
  const designs = sweptDesigns();
  expect(designs.length).toBeGreaterThan(0);
  for (const d of designs) {
    const req = requestFor(d);
    const png = await client.png(req, PNG_SIZE);
    const image = await createImageBitmap(png.blob);
    const m = modulePx(req, PNG_SIZE);
    for (const preset of SWEPT) {
      const d0 = DEGRADATIONS[preset];
      const reads = Object.fromEntries(DECODERS.map((n) => [n, 0])) as Record<DecoderName, number>;
      let copies = 0;
      for (const [fx, fy] of SWEEP_PHASES) {
        const moved = await shifted(image, fx * m, fy * m);
        for (const s of SWEEP_SCALES) {
          const read = await readWithAll(await degrade(moved, m, { ...d0, pxPerModule: d0.pxPerModule * s }));
          copies++;
          for (const n of DECODERS) if (read[n] === req.content) reads[n]++;
        }
        moved.close();
      }
      rows.push({ design: designKey(d), version: png.meta.version, preset, copies, reads });
      console.log(`${designKey(d)} ${preset}: ${DECODERS.map((n) => `${n} ${reads[n]}/${copies}`).join(', ')}`);
    }
    image.close();
    await writeReport('scan-safety-sweep', JSON.stringify(rows, null, 2) + '\n', markdown());
  }
});
