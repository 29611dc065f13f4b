/**
 * Round trip through decoders we did not write: seeded random texts of every kind, every level, versions
 * 1–40, automatic and fixed masks → encodeText → pixels → ZXing-C++ (zxing-wasm) and jsQR → the same text.
 * The format information in the matrix must carry the requested level and the reported mask. Shared by
 * roundtrip-*.test.ts, which split the cases so that vitest runs them in parallel.
 */
import { describe, expect, it } from 'vitest';
import { DataTooLongError, encodeText, type QrMatrix } from '../../../src/encoder/index.ts';
import { loadZxing } from '../../helpers/decoders.ts';
import { decodeJsqr, decodeZxing, readFormat, render } from './helpers.ts';
import { makeCases, type Case } from './inputs.ts';

export const SEED = 20240611;
const BATCH = 100;
/**
 * `npm test` checks the first 800 cases of the seeded sequence (about 20 s on 2 cores); `npm run bench:roundtrip`
 * (ENCODER_ROUNDTRIP=full) checks all 2,000. Each roundtrip-*.test.ts file takes one half.
 */
export const ROUND_TRIP_CASES = process.env.ENCODER_ROUNDTRIP === 'full' ? 2000 : 800;

/**
 * jsQR 1.4's table has wrong alignment pattern centres for version 23 (74 instead of 78), so it cannot read
 * version 23 at level L from any encoder (see jsqr-v23.test.ts); the other decoder still checks those.
 */
export function jsqrCanRead(m: QrMatrix): boolean {
  return !(m.version === 23 && m.ecl === 'L');
}

function encodeCase(c: Case): { matrix: QrMatrix; text: string } {
  let text = c.text;
  for (;;) {
    try {
      return { matrix: encodeText(text, { ecl: c.ecl, minVersion: c.minVersion, mask: c.mask }), text };
    } catch (e) {
      if (!(e instanceof DataTooLongError)) throw e;
      // Too long for this level or minimum version: keep the first 3/4 (on code point boundaries).
      const cps = Array.from(text);
      text = cps.slice(0, Math.max(1, Math.floor(cps.length * 0.75))).join('');
    }
  }
}

export function roundTripSuite(first: number, count: number): void {
  describe(`round trip through zxing-wasm and jsQR, cases ${first}–${first + count - 1}`, () => {
    const versions = new Set<number>();
    const ecls = new Set<string>();
    for (let start = first; start < first + count; start += BATCH) {
      it(`cases ${start}–${start + BATCH - 1}`, async () => {
        await loadZxing();
        for (const c of makeCases(start, BATCH, SEED)) {
          const { matrix, text } = encodeCase(c);
          versions.add(matrix.version);
          ecls.add(matrix.ecl);
          const where = `case ${c.id} (${c.kind}, ${c.ecl}, v${matrix.version}, mask ${matrix.mask}): ${JSON.stringify(text.slice(0, 40))}`;
          expect(matrix.ecl, where).toBe(c.ecl);
          expect(matrix.version, where).toBeGreaterThanOrEqual(c.minVersion);
          expect(matrix.size, where).toBe(matrix.version * 4 + 17);
          if (c.mask !== -1) expect(matrix.mask, where).toBe(c.mask);
          expect(readFormat(matrix), where).toEqual({ ecl: c.ecl, mask: matrix.mask });
          const pixels = render(matrix, matrix.version <= 4 ? 3 : 2);
          const z = await decodeZxing(pixels);
          expect(z, where).not.toBeNull();
          expect(z?.text, where).toBe(text);
          expect(z?.ecLevel, where).toBe(c.ecl);
          expect(z?.mask, where).toBe(matrix.mask);
          expect(z?.version, where).toBe(matrix.version);
          if (jsqrCanRead(matrix)) expect(decodeJsqr(pixels), where).toBe(text);
        }
      }, 120_000);
    }
    it('covered all 40 versions and all 4 levels', () => {
      expect(versions.size).toBe(40);
      expect(ecls.size).toBe(4);
    });
  });
}
