/**
 * Constant tables of ISO/IEC 18004:2015 (Model 2), computed once at module load.
 * Versions are 1–40; error-correction levels are indexed L=0, M=1, Q=2, H=3 (`EclIndex`).
 */
import type { Ecl } from '../shared/qr/vocabulary.ts';

/** 0 = L, 1 = M, 2 = Q, 3 = H. */
export type EclIndex = 0 | 1 | 2 | 3;

export const MIN_VERSION = 1;
export const MAX_VERSION = 40;

export function eclIndex(ecl: Ecl): EclIndex {
  return ecl === 'L' ? 0 : ecl === 'M' ? 1 : ecl === 'Q' ? 2 : 3;
}

/** Side length in modules of a symbol of `version` (21–177). */
export function symbolSize(version: number): number {
  return version * 4 + 17;
}

/** One entry per error-correction level, indexed by `EclIndex`. */
type PerEcl<T> = readonly [T, T, T, T];

// Table 9: error-correction codewords per block, by level then version (index 0 unused).
// prettier-ignore
const ECC_CODEWORDS_PER_BLOCK: PerEcl<readonly number[]> = [
  [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  [-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  [-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
];

// Table 9: number of error-correction blocks, by level then version (index 0 unused).
// prettier-ignore
const NUM_ERROR_CORRECTION_BLOCKS: PerEcl<readonly number[]> = [
  [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  [-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  [-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
];

// The lookups by version below take a version in [1, 40]: the public API rejects any other (index.ts), and
// the encoder only ever iterates within that range.

export function eccCodewordsPerBlock(version: number, ecl: EclIndex): number {
  return ECC_CODEWORDS_PER_BLOCK[ecl][version]!;
}

export function numErrorCorrectionBlocks(version: number, ecl: EclIndex): number {
  return NUM_ERROR_CORRECTION_BLOCKS[ecl][version]!;
}

/**
 * Modules available for codewords (data + ECC + remainder bits) in `version`: the symbol area minus finder
 * patterns with separators, timing patterns, alignment patterns, format and version information and the
 * dark module. 208–29648.
 */
export function numRawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const numAlign = Math.floor(version / 7) + 2;
    result -= (25 * numAlign - 10) * numAlign - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Data codewords (8-bit) of `version` at level `ecl`, indexed `ecl * 41 + version`; 9–2956. */
const NUM_DATA_CODEWORDS = (() => {
  const t = new Int32Array(4 * 41);
  for (const e of [0, 1, 2, 3] as const) {
    for (let v = MIN_VERSION; v <= MAX_VERSION; v++) {
      t[e * 41 + v] = (numRawDataModules(v) >>> 3) - eccCodewordsPerBlock(v, e) * numErrorCorrectionBlocks(v, e);
    }
  }
  return t;
})();

export function numDataCodewords(version: number, ecl: EclIndex): number {
  return NUM_DATA_CODEWORDS[ecl * 41 + version]!;
}

/**
 * Ascending centre coordinates (in modules, 6..170) of the alignment patterns of each version, used on both
 * axes (Annex E). Version 1 has none.
 */
export const ALIGNMENT_POSITIONS: readonly Uint8Array[] = (() => {
  const out: Uint8Array[] = [new Uint8Array(0)];
  for (let v = MIN_VERSION; v <= MAX_VERSION; v++) {
    if (v === 1) {
      out.push(new Uint8Array(0));
      continue;
    }
    const numAlign = Math.floor(v / 7) + 2;
    const step = Math.floor((v * 8 + numAlign * 3 + 5) / (numAlign * 4 - 4)) * 2;
    const pos = new Uint8Array(numAlign);
    pos[0] = 6;
    for (let i = numAlign - 1, p = symbolSize(v) - 7; i >= 1; i--, p -= step) pos[i] = p;
    out.push(pos);
  }
  return out;
})();

/** The 2-bit error-correction level indicator of the format information (L=01, M=00, Q=11, H=10). */
const ECL_FORMAT_BITS: PerEcl<number> = [1, 0, 3, 2];

/**
 * 15-bit format information (BCH(15,5) code, masked with 101010000010010) for level index `ecl` and
 * mask 0–7, indexed `ecl * 8 + mask`. Bit 14 is the most significant.
 */
export const FORMAT_BITS = (() => {
  const t = new Uint16Array(32);
  for (const e of [0, 1, 2, 3] as const) {
    for (let mask = 0; mask < 8; mask++) {
      const data = (ECL_FORMAT_BITS[e] << 3) | mask;
      let rem = data;
      for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
      t[e * 8 + mask] = ((data << 10) | rem) ^ 0x5412;
    }
  }
  return t;
})();

/** 18-bit version information (BCH(18,6) code) for versions 7–40; 0 below 7. */
export const VERSION_BITS = (() => {
  const t = new Uint32Array(41);
  for (let v = 7; v <= MAX_VERSION; v++) {
    let rem = v;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    t[v] = (v << 12) | rem;
  }
  return t;
})();

/** GF(2^8) with the QR field polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D); generator α = 2. */
export const GF_EXP = new Uint8Array(512); // α^i for i in 0..510 (doubled so log sums need no modulo)
export const GF_LOG = new Uint8Array(256); // log_α(x) for x in 1..255; GF_LOG[0] unused
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    GF_EXP[i] = x;
    GF_LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) GF_EXP[i] = GF_EXP[i - 255]!;
}

/** Product of two field elements (a, b in [0, 255]: GF_LOG has 256 entries, a sum of two logs ≤ 508 < 512). */
export function gfMultiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : GF_EXP[GF_LOG[a]! + GF_LOG[b]!]!;
}
