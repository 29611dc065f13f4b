/**
 * Optimal segmentation: for short random texts, makeSegments' total bits equal the minimum over every
 * assignment of a mode to each character (brute force), in each version group.
 */
import { describe, expect, it } from 'vitest';
import {
  makeAlphanumeric,
  makeBytes,
  makeKanji,
  makeNumeric,
  utf8Encode,
  type QrSegment,
} from '../../../src/encoder/index.ts';
import {
  getTotalBits,
  isAlphanumeric,
  isKanji,
  isNumeric,
  segmentByProgramme,
  segmentOptimally,
  singleByteIsOptimal,
} from '../../../src/encoder/segments.ts';
import { prng } from '../../helpers/prng.ts';

type M = 'numeric' | 'alphanumeric' | 'byte' | 'kanji';
const MODES: M[] = ['numeric', 'alphanumeric', 'byte', 'kanji'];

function allowed(mode: M, ch: string): boolean {
  if (mode === 'numeric') return isNumeric(ch);
  if (mode === 'alphanumeric') return isAlphanumeric(ch);
  if (mode === 'kanji') return isKanji(ch);
  return true;
}

function build(mode: M, s: string): QrSegment {
  if (mode === 'numeric') return makeNumeric(s);
  if (mode === 'alphanumeric') return makeAlphanumeric(s);
  if (mode === 'kanji') return makeKanji(s);
  return makeBytes(utf8Encode(s));
}

/** Minimum total bits over all per-character mode assignments (adjacent equal modes merge). */
function bruteForce(text: string, version: number, kanji: boolean): number {
  const chars = Array.from(text);
  let best = Infinity;
  const assign: M[] = new Array(chars.length);
  const rec = (i: number) => {
    if (i === chars.length) {
      const segs: QrSegment[] = [];
      for (let s = 0; s < chars.length;) {
        let e = s + 1;
        while (e < chars.length && assign[e] === assign[s]) e++;
        segs.push(build(assign[s]!, chars.slice(s, e).join('')));
        s = e;
      }
      best = Math.min(best, getTotalBits(segs, version));
      return;
    }
    for (const m of MODES) {
      if (m === 'kanji' && !kanji) continue;
      if (!allowed(m, chars[i]!)) continue;
      assign[i] = m;
      rec(i + 1);
    }
  };
  rec(0);
  return best;
}

const ALPHABET = ['0', '1', '7', '9', 'A', 'Z', ' ', ':', 'a', 'z', '!', 'é', '漢', 'あ', '😀'];

describe('optimal segmentation', () => {
  it('matches brute force on 400 random short texts in each version group', () => {
    const r = prng(99);
    for (let t = 0; t < 400; t++) {
      const n = 1 + Math.floor(r() * 7);
      let text = '';
      for (let i = 0; i < n; i++) text += ALPHABET[Math.floor(r() * ALPHABET.length)];
      for (const version of [1, 10, 27]) {
        const kanji = t % 2 === 0;
        const ours = getTotalBits(segmentOptimally(text, version, kanji ? 'mixed' : 'off'), version);
        expect(ours, `${JSON.stringify(text)} v${version} kanji=${kanji}`).toBe(bruteForce(text, version, kanji));
      }
    }
  });

  it('switches to numeric for long digit runs and stays alphanumeric for short ones', () => {
    const long = segmentOptimally(`ABC${'1'.repeat(30)}DEF`, 1, 'off').map((s) => s.mode);
    expect(long).toEqual(['alphanumeric', 'numeric', 'alphanumeric']);
    expect(segmentOptimally('AB12CD', 1, 'off').map((s) => s.mode)).toEqual(['alphanumeric']);
  });

  it('one byte segment without the programme only where the programme gives exactly that', () => {
    // Runs of digits and of other alphanumeric-set characters around the lengths where a segment starts to pay,
    // at the start, inside and at the end of lowercase and non-ASCII text.
    const r = prng(7);
    const pick = (set: string, n: number) =>
      Array.from({ length: n }, () => set[Math.floor(r() * set.length)]).join('');
    const pieces = [
      () => pick('0123456789', 1 + Math.floor(r() * 12)),
      () => pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:', 1 + Math.floor(r() * 16)),
      () => pick('abcdefghijklmnopqrstuvwxyz?&=_', 1 + Math.floor(r() * 10)),
      () => pick('éü漢😀', 1 + Math.floor(r() * 3)),
    ];
    let shortcut = 0;
    let programme = 0;
    for (let t = 0; t < 3000; t++) {
      let text = '';
      const parts = 1 + Math.floor(r() * 5);
      for (let i = 0; i < parts; i++) text += pieces[Math.floor(r() * pieces.length)]!();
      for (const version of [1, 10, 27]) {
        const expected = segmentByProgramme(text, version, 'off');
        expect(segmentOptimally(text, version, 'off'), `${JSON.stringify(text)} v${version}`).toEqual(expected);
        if (singleByteIsOptimal(text, version)) shortcut++;
        else if (expected.length === 1 && expected[0]?.mode === 'byte') programme++;
      }
    }
    // Both sides are exercised: the shortcut often, and single byte segments it cannot prove.
    expect(shortcut).toBeGreaterThan(2000);
    expect(programme).toBeGreaterThan(100);
  });
});
