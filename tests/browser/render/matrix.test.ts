/**
 * Shapes x frames x logo / no logo x L M Q H, on short, medium and version-35+ content: the preview and the SVG
 * (rasterised by the page) must decode with zxing-wasm to the exact content. `npm test` checks a rotating sample
 * (SAMPLE below); `npm run bench:render-matrix` checks every combination. PNG 1000 and PNG 2000 are decoded for a
 * representative subset that still covers every shape, level, content and frame (one frame per
 * shape/level/content, rotating; always with a logo). Refused or shrunk logos must say why.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { measureCapacity } from '../../../src/encoder/index.ts';
import {
  ECLS,
  FRAMES,
  QrClient,
  SHAPES,
  type Ecl,
  type QrRequest,
  type RenderMeta,
} from '../../../src/worker-client/index.ts';
import {
  bitmapToImageData,
  blobToImageData,
  decodeImageData,
  makeLogo,
  SVG_LOGO,
  svgToImageData,
} from '../../helpers/page-decode.ts';
import { mulberry32 } from '../../helpers/prng.ts';
import { debugLog } from '../../helpers/debug.ts';

const FULL = inject('renderMatrix') === 'full';

/**
 * The shape x frame x logo combinations one content and level check. The sample: every shape with two frames,
 * one without a logo and one with, four frames apart; `offset` (a different one per content and level) turns the
 * frames, so that the 12 tests together cover every shape x frame pair with and without a logo. 96 per test in
 * full, 12 in the sample.
 */
function combinations(offset: number): [number, number, boolean][] {
  const all: [number, number, boolean][] = [];
  for (const si of SHAPES.keys())
    for (const fi of FRAMES.keys()) for (const withLogo of [false, true]) all.push([si, fi, withLogo]);
  if (FULL) return all;
  const apart = FRAMES.length / 2;
  return all.filter(([si, fi, withLogo]) => fi === (si + offset + (withLogo ? apart : 0)) % FRAMES.length);
}

const client = new QrClient({ timeoutMs: 60_000 });
const LOGOS = ['png', 'jpeg', 'svg'] as const;

beforeAll(async () => {
  await client.putLogo(await makeLogo('image/png'), 'png');
  await client.putLogo(await makeLogo('image/jpeg', 160, 100), 'jpeg');
  await client.putLogo(new Blob([SVG_LOGO], { type: 'image/svg+xml' }), 'svg');
});
afterAll(() => client.terminate());

const VCARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Dr. Margarethe Okonkwo-Lindqvist',
  'TEL;TYPE=CELL:+44 7700 900123',
  'EMAIL:margarethe.okonkwo@northwind-example.co.uk',
  'ORG:Northwind Traders Ltd',
  'URL:https://northwind-example.co.uk/team/margarethe',
  'END:VCARD',
].join('\n');

/** Deterministic URL-ish text long enough for version 35 or more at this level. */
function longContent(ecl: Ecl): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const next = mulberry32(12345);
  let s = 'https://qrcraft.app/d?p=';
  while (measureCapacity(s, ecl).version < 35) {
    for (let i = 0; i < 20; i++) s += alphabet[Math.floor(next() * alphabet.length)];
  }
  return s;
}

const CONTENTS: [string, (ecl: Ecl) => string][] = [
  ['short', () => 'https://qrcraft.app/s/7Xk2'],
  ['medium', () => VCARD],
  ['v35+', longContent],
];

function checkLogoMeta(meta: RenderMeta, withLogo: boolean): string | null {
  if (!withLogo) return meta.logo === null && meta.adjustments.length === 0 ? null : 'unexpected logo/adjustment';
  if (meta.logo === null)
    return meta.adjustments.some((a) => a.code === 'LOGO_REFUSED' && a.message) ? null : 'logo missing without reason';
  return null;
}

test('the sample covers every shape x frame pair, with and without a logo, over the 12 tests', () => {
  const seen = new Set<string>();
  for (let offset = 0; offset < CONTENTS.length * ECLS.length; offset++)
    for (const c of combinations(offset)) seen.add(c.join());
  expect(seen.size).toBe(SHAPES.length * FRAMES.length * 2);
});

describe.each(CONTENTS)('%s content', (label, make) => {
  test.each(ECLS)(
    'level %s: shapes x frames x logo decode (preview + SVG)',
    async (ecl) => {
      const content = make(ecl);
      const failures: string[] = [];
      let count = 0;
      let refused = 0;
      let shrunk = 0;
      const ci = CONTENTS.findIndex(([l]) => l === label);
      for (const [si, fi, withLogo] of combinations(ECLS.indexOf(ecl) + ECLS.length * ci)) {
        const shape = SHAPES[si]!;
        const frame = FRAMES[fi]!;
        const logoId = withLogo ? LOGOS[(si + fi) % LOGOS.length]! : null;
        const req: QrRequest = {
          content,
          ecl,
          kind: label === 'medium' ? 'vcard' : 'url',
          style: {
            shape,
            frame,
            fg: '#1A2BB2',
            bg: '#FFFFFF',
            frameText: fi % 2 ? 'Scan for the menu' : '',
            logoId,
          },
        };
        const tag = `${label}/${ecl}/${shape}/${frame}/${logoId ?? 'nologo'}`;
        count++;
        const p = await client.preview(req, { cssSize: 160, pixelRatio: 1 });
        if (!p) {
          failures.push(`${tag}: preview dropped`);
          continue;
        }
        const metaProblem = checkLogoMeta(p.meta, withLogo);
        if (metaProblem) failures.push(`${tag}: ${metaProblem}`);
        if (p.meta.adjustments.some((a) => a.code === 'LOGO_REFUSED')) refused++;
        if (p.meta.adjustments.some((a) => a.code === 'LOGO_HOLE_SHRUNK')) shrunk++;
        const fromPreview = await decodeImageData(bitmapToImageData(p.bitmap));
        p.bitmap.close();
        if (fromPreview !== content)
          failures.push(`${tag}: preview ${p.bitmap.width}px decoded ${JSON.stringify(fromPreview?.slice(0, 30))}`);
        const { svg } = await client.svg(req, 1000);
        const fromSvg = await decodeImageData(await svgToImageData(svg));
        if (fromSvg !== content) failures.push(`${tag}: svg decoded ${JSON.stringify(fromSvg?.slice(0, 30))}`);
      }
      debugLog(
        `${label}/${ecl}: ${count} combinations, logo refused ${refused}, shrunk ${shrunk}, failures ${failures.length}`,
      );
      expect(failures.length, failures.join('\n')).toBe(0);
    },
    900_000,
  );

  test.each(ECLS)(
    'level %s: PNG 1000 and 2000 decode for every shape (frame rotating, with logo)',
    async (ecl) => {
      const content = make(ecl);
      const failures: string[] = [];
      const ci = CONTENTS.findIndex(([l]) => l === label);
      for (const [si, shape] of SHAPES.entries()) {
        // Indices taken modulo the list lengths.
        const frame = FRAMES[(si + ECLS.indexOf(ecl) + ci * 3) % FRAMES.length]!;
        const req: QrRequest = {
          content,
          ecl,
          kind: label === 'medium' ? 'vcard' : 'url',
          style: { shape, frame, fg: '#000000', bg: '#FFFFFF', frameText: '', logoId: LOGOS[si % LOGOS.length]! },
        };
        for (const size of [1000, 2000]) {
          const { blob, meta } = await client.png(req, size);
          const img = await blobToImageData(blob);
          if (img.width !== size || img.height !== size)
            failures.push(`${shape}/${frame}/${size}: wrong size ${img.width}`);
          const got = await decodeImageData(img);
          if (got !== content)
            failures.push(`${label}/${ecl}/${shape}/${frame}/png${size}: decoded ${JSON.stringify(got?.slice(0, 30))}`);
          const metaProblem = checkLogoMeta(meta, true);
          if (metaProblem) failures.push(`${shape}/${frame}/${size}: ${metaProblem}`);
        }
      }
      expect(failures.length, failures.join('\n')).toBe(0);
    },
    600_000,
  );
});
