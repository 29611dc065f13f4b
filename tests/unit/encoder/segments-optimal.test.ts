/**
 * Optimal segmentation: for short random texts, makeSegments' total bits equal the minimum over every
 * assignment of a mode to each character (brute force), in each version group.
 */
import { describe, expect, it } from 'vitest';
import { makeAlphanumeric, makeBytes, makeKanji, makeNumeric, utf8Encode, type QrSegment } from '../../../src/encoder/index.ts';
import { getTotalBits, isAlphanumeric, isKanji, isNumeric, segmentOptimally } from '../../../src/encoder/segments.ts';
import { prng } from './helpers.ts';

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
      for (let s = 0; s < chars.length; ) {
        let e = s + 1;
        while (e < chars.length && assign[e] === assign[s]) e++;
        segs.push(build(assign[s], chars.slice(s, e).join('')));
        s = e;
      }
      best = Math.min(best, getTotalBits(segs, version));
      return;
    }
    for (const m of MODES) {
      if (m === 'kanji' && !kanji) continue;
      if (!allowed(m, chars[i])) continue;
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
});
