/**
 * Cross-check with uqr (a port of nayuki's reference encoder): with the same single segment and a fixed mask
 * the matrices are identical; with automatic masks the chosen mask (and so the matrix) is the same.
 */
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import {
  encodeSegments,
  makeAlphanumeric,
  makeBytes,
  makeNumeric,
  utf8Encode,
  type Ecl,
  type QrMatrix,
  type QrSegment,
} from '../../../src/encoder/index.ts';
import { prng } from '../../helpers/prng.ts';
import { randomText, type Kind } from './inputs.ts';

/** uqr's own mode choice for a string: numeric, else alphanumeric, else UTF-8 bytes. */
function uqrSegment(text: string): QrSegment {
  if (/^[0-9]*$/.test(text)) return makeNumeric(text);
  if (/^[A-Z0-9 $%*+\-./:]*$/.test(text)) return makeAlphanumeric(text);
  return makeBytes(utf8Encode(text));
}

function sameModules(ours: QrMatrix, theirs: boolean[][]): boolean {
  if (theirs.length !== ours.size) return false;
  for (let y = 0; y < ours.size; y++) {
    for (let x = 0; x < ours.size; x++) if ((ours.modules[y * ours.size + x] === 1) !== theirs[y]![x]) return false;
  }
  return true;
}

const KINDS: Kind[] = ['numeric', 'alphanumeric', 'ascii', 'url', 'utf8'];
const ECLS: Ecl[] = ['L', 'M', 'Q', 'H'];

function* cases(seed: number, count: number) {
  for (let i = 0; i < count; i++) {
    const r = prng(seed + i * 131);
    const kind = KINDS[i % KINDS.length]!;
    const ecl = ECLS[Math.floor(i / KINDS.length) % 4]!;
    const n = 1 + Math.floor(r() ** 4 * (kind === 'numeric' ? 2500 : kind === 'alphanumeric' ? 1500 : 900));
    const text = randomText(r, kind, n);
    const minVersion = i % 2 === 0 ? 1 + ((i >>> 1) % 40) : 1;
    yield { i, kind, ecl, text, minVersion, mask: Math.floor(r() * 8) };
  }
}

describe('cross-check with uqr', () => {
  it('same segment and fixed mask: identical matrices', () => {
    let compared = 0;
    const versions = new Set<number>();
    for (const c of cases(11, 320)) {
      let theirs;
      try {
        theirs = encode(c.text, {
          ecc: c.ecl,
          maskPattern: c.mask,
          minVersion: c.minVersion,
          border: 0,
          boostEcc: false,
        });
      } catch {
        continue; // too long for uqr at this level: nothing to compare
      }
      const ours = encodeSegments([uqrSegment(c.text)], { ecl: c.ecl, mask: c.mask, minVersion: c.minVersion });
      const where = `case ${c.i} (${c.kind}, ${c.ecl}, mask ${c.mask})`;
      expect(ours.version, where).toBe(theirs.version);
      expect(ours.mask, where).toBe(theirs.maskPattern);
      expect(sameModules(ours, theirs.data), where).toBe(true);
      versions.add(ours.version);
      compared++;
    }
    expect(compared).toBeGreaterThan(250);
    expect(versions.size).toBe(40);
  }, 120_000);

  it('automatic mask on single-mode inputs: the same mask (and matrix) as uqr', () => {
    let compared = 0;
    const masks = new Set<number>();
    for (const c of cases(23, 320)) {
      let theirs;
      try {
        theirs = encode(c.text, { ecc: c.ecl, minVersion: c.minVersion, border: 0, boostEcc: false });
      } catch {
        continue;
      }
      const ours = encodeSegments([uqrSegment(c.text)], { ecl: c.ecl, minVersion: c.minVersion });
      const where = `case ${c.i} (${c.kind}, ${c.ecl}, v${theirs.version})`;
      expect(ours.version, where).toBe(theirs.version);
      expect(ours.mask, where).toBe(theirs.maskPattern);
      expect(sameModules(ours, theirs.data), where).toBe(true);
      masks.add(ours.mask);
      compared++;
    }
    expect(compared).toBeGreaterThan(250);
    expect(masks.size).toBe(8);
  }, 120_000);

  it('automatic mask on structured data (padding-only large versions, repeated text)', () => {
    for (const [text, ecl, minVersion] of [
      ['1', 'L', 40],
      ['A', 'H', 33],
      ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'M', 20],
      ['0'.repeat(3000), 'L', 1],
      ['ABABABABABABABABABABAB'.repeat(40), 'Q', 1],
      ['', 'L', 7],
      ['', 'H', 40],
    ] as const) {
      const theirs = encode(text, { ecc: ecl, minVersion, border: 0, boostEcc: false });
      const ours = encodeSegments(text === '' ? [] : [uqrSegment(text)], { ecl, minVersion });
      expect(ours.mask, `${text.slice(0, 10)} ${ecl} v${minVersion}`).toBe(theirs.maskPattern);
      expect(sameModules(ours, theirs.data)).toBe(true);
    }
  }, 60_000);
});
