/**
 * A seeded sample of the scan-safety matrix (the full run is `npm run bench:scan-safety`, docs/scan-safety.md):
 * clean exports (PNG, SVG in Chromium, PDF via pdftoppm, EPS via Ghostscript, at every resolution) must be read
 * exactly by ZXing-C++, zbar and jsQR. Sampled from the plain designs (square modules, no frame) and a few
 * styled ones; designs the harness reports as failing today are listed in its report, not here. The designs the
 * drawing changes fixed (FIXED) also go through the phone-photo pass, as a regression test.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QrClient } from '../../src/worker-client/index.ts';
import { makeLogo } from '../helpers/page-decode.ts';
import { checkDesign } from './scan-safety/checkDesign.ts';
import { allDesigns, designKey, isPlain, seededSample, type Design } from './scan-safety/matrix.ts';

/** Fixed so that every run checks the same designs; change it to look at others. */
const SEED = 15;
const PLAIN = seededSample(allDesigns().filter(isPlain), 6, SEED);
const STYLED = seededSample(
  allDesigns().filter((d) => !isPlain(d)),
  4,
  SEED,
);

/**
 * Designs issue 15's drawing changes fixed, checked with the phone-photo pass too: every one failed some read
 * before (bench-results/scan-safety.md). Dots: solid alignment patterns, dots that touch, near-square eyes.
 * extraRounded: solid alignment patterns (jsQR missed clean exports of 1750 px and more). A wide logo at level L:
 * a light margin around the logo and half of L's correction kept in reserve (zbar missed clean 480 px exports).
 */
const FIXED: Design[] = [
  { shape: 'dots', frame: 'none', logo: 'none', level: 'H', content: 'short' },
  { shape: 'dots', frame: 'bottomText', logo: 'square', level: 'M', content: 'short' },
  { shape: 'extraRounded', frame: 'none', logo: 'none', level: 'H', content: 'long' },
  { shape: 'square', frame: 'rounded', logo: 'wide', level: 'L', content: 'long' },
];

const client = new QrClient({ timeoutMs: 120_000 });
beforeAll(async () => {
  await client.putLogo(await makeLogo('image/png', 120, 120), 'square');
  await client.putLogo(await makeLogo('image/png', 240, 80), 'wide');
});
afterAll(() => client.terminate());

test.each([...PLAIN, ...STYLED].map((d) => [designKey(d), d] as const))(
  '%s: every clean export is read exactly by all three decoders',
  async (_key, design) => {
    const { checks } = await checkDesign(client, design, { phonePhoto: false });
    const failed = checks.filter((c) => !c.ok).map((c) => `${c.format} ${c.resolution}: ${c.decoder}`);
    expect(checks.length).toBeGreaterThan(0);
    expect(failed, failed.join('\n')).toEqual([]);
  },
);

test.each(FIXED.map((d) => [designKey(d), d] as const))(
  '%s: every export and every phone-photo copy is read exactly by all three decoders',
  async (_key, design) => {
    const { checks } = await checkDesign(client, design, { phonePhoto: true });
    const failed = checks.filter((c) => !c.ok).map((c) => `${c.format} ${c.resolution} ${c.degradation}: ${c.decoder}`);
    expect(checks.some((c) => c.degradation !== 'clean')).toBe(true);
    expect(failed, failed.join('\n')).toEqual([]);
  },
);
