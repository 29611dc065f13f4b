/**
 * Reed–Solomon error-correction codewords over GF(2^8) (ISO/IEC 18004 §7.5.2).
 *
 * The generator polynomial of degree d (7–30) is g(x) = (x − α^0)(x − α^1)…(x − α^(d−1)). The ECC codewords
 * of a block are the remainder of data(x)·x^d divided by g(x), computed by the usual shift register, here
 * four bytes per 32-bit word: the d remainder bytes are held big-endian in up to eight words, and for each
 * data byte one table row (the feedback byte times g, 8 words, cached per degree) is XORed in.
 */
import { gfMultiply } from './tables.ts';

/** Coefficients of g(x) without its leading 1, highest degree first (d entries). */
export function generatorPolynomial(degree: number): Uint8Array {
  const result = new Uint8Array(degree);
  result[degree - 1] = 1; // start with the monomial x^0 = 1
  // Multiply by (x − α^i) for i = 0..d−1; subtraction is XOR in GF(2^8). Indices j, j + 1 in [0, degree).
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/**
 * Per degree: 256 rows of 8 words; row f holds the bytes f·g_0 … f·g_(d−1) big-endian (byte j in word j>>2
 * at bits 24−8(j&3)), zero beyond d.
 */
const feedbackTables: (Int32Array | undefined)[] = [];

function feedbackTable(degree: number): Int32Array {
  let table = feedbackTables[degree];
  if (table === undefined) {
    const gen = generatorPolynomial(degree);
    table = new Int32Array(256 * 8);
    // f in [0, 256), j in [0, degree) with degree ≤ 32: word f·8 + (j >>> 2) < 256·8.
    for (let f = 0; f < 256; f++) {
      for (let j = 0; j < degree; j++) table[f * 8 + (j >>> 2)]! |= gfMultiply(gen[j]!, f) << (24 - 8 * (j & 3));
    }
    feedbackTables[degree] = table;
  }
  return table;
}

/**
 * Writes the `degree` (≤ 32) ECC codewords of the data block `data[start .. start+length)` to
 * `out[outStart + k·outStride]` for k = 0..degree−1.
 */
export function computeEcc(
  data: Uint8Array,
  start: number,
  length: number,
  degree: number,
  out: Uint8Array,
  outStart: number,
  outStride: number,
): void {
  const t = feedbackTable(degree);
  // Indices in range: i in [start, end) lies in `data` (the caller's block); f = feedback byte · 8, so
  // f + 7 < 256 · 8 = t.length.
  let r0 = 0,
    r1 = 0,
    r2 = 0,
    r3 = 0,
    r4 = 0,
    r5 = 0,
    r6 = 0,
    r7 = 0;
  const end = start + length;
  if (degree <= 16) {
    for (let i = start; i < end; i++) {
      const f = ((data[i]! ^ (r0 >>> 24)) & 0xff) << 3;
      r0 = ((r0 << 8) | (r1 >>> 24)) ^ t[f]!;
      r1 = ((r1 << 8) | (r2 >>> 24)) ^ t[f + 1]!;
      r2 = ((r2 << 8) | (r3 >>> 24)) ^ t[f + 2]!;
      r3 = (r3 << 8) ^ t[f + 3]!;
    }
  } else {
    for (let i = start; i < end; i++) {
      const f = ((data[i]! ^ (r0 >>> 24)) & 0xff) << 3;
      r0 = ((r0 << 8) | (r1 >>> 24)) ^ t[f]!;
      r1 = ((r1 << 8) | (r2 >>> 24)) ^ t[f + 1]!;
      r2 = ((r2 << 8) | (r3 >>> 24)) ^ t[f + 2]!;
      r3 = ((r3 << 8) | (r4 >>> 24)) ^ t[f + 3]!;
      r4 = ((r4 << 8) | (r5 >>> 24)) ^ t[f + 4]!;
      r5 = ((r5 << 8) | (r6 >>> 24)) ^ t[f + 5]!;
      r6 = ((r6 << 8) | (r7 >>> 24)) ^ t[f + 6]!;
      r7 = (r7 << 8) ^ t[f + 7]!;
    }
  }
  // Remainder bytes out, four per word, most significant first (no temporary array: this runs per block).
  let o = outStart;
  o = putWord(r0, 0, degree, out, o, outStride);
  o = putWord(r1, 4, degree, out, o, outStride);
  o = putWord(r2, 8, degree, out, o, outStride);
  o = putWord(r3, 12, degree, out, o, outStride);
  if (degree > 16) {
    o = putWord(r4, 16, degree, out, o, outStride);
    o = putWord(r5, 20, degree, out, o, outStride);
    o = putWord(r6, 24, degree, out, o, outStride);
    putWord(r7, 28, degree, out, o, outStride);
  }
}

/** Writes the bytes k = first … min(first + 4, degree) − 1 of the remainder held big-endian in `word`. */
function putWord(word: number, first: number, degree: number, out: Uint8Array, o: number, stride: number): number {
  const n = Math.min(4, degree - first);
  for (let j = 0; j < n; j++, o += stride) out[o] = word >>> (24 - 8 * j);
  return o;
}
