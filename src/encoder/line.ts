/**
 * Mask penalty terms of single lines of the symbol, scored along the line itself (see mask.ts for the rules,
 * matrix.ts `tailLayout` for which lines). Module i of the line is bit i & 31 of word at + (i >>> 5) of
 * `m ^ p`: a packed row of the symbol, or of its transpose for a column; `size` modules, bits at i ≥ size 0.
 * One step covers 32 modules of the line, with the neighbouring words shifted in, where a lane scan spends
 * one step per module of the line however few of its 32 lanes are in use.
 */
import { POP16 as POP16_TABLE, scaledFinder } from './finder.ts';

/** N1 + 40·N3 along one line (modules outside the symbol count as light for N3). */
export function lineScore(m: Uint32Array, p: Uint32Array, at: number, words: number, size: number): number {
  // Reads in range: words at + k for k in [0, words) (the line's own words), POP16 at 16-bit values.
  const POP16 = POP16_TABLE;
  const last = size >>> 5; // the word holding position `size` (size is odd: never a word boundary)
  const endBit = 1 << (size & 31);
  // A finder-like pattern may end up to 4 light modules past the symbol, possibly in the word after the last.
  const end = (size + 3) >>> 5;
  let runs = 0;
  let finders = 0;
  let prev = 0; // modules −32 … −1: outside the symbol, light
  let cur = m[at]! ^ p[at]!;
  // Transitions, bit i = module i ≠ module i − 1, forced at 0 and at `size` so that runs start and end with
  // the line.
  let dPrev = 0;
  let d = (cur ^ (cur << 1)) | 1 | (last === 0 ? endBit : 0);
  let corePrev = 0;
  for (let k = 0; k <= end; k++) {
    const next = k + 1 < words ? m[at + k + 1]! ^ p[at + k + 1]! : 0;
    const dNext = (next ^ ((next << 1) | (cur >>> 31))) | (k + 1 === last ? endBit : 0);
    if (k <= last) {
      // N1: windows of 5 equal modules ending at i (no transition at i − 3 … i), and 2 more per run of ≥ 5
      // ending at i (a transition at i + 1): a run of L ≥ 5 scores (L − 4) + 2.
      const w =
        ~(d | (d << 1) | (dPrev >>> 31) | (d << 2) | (dPrev >>> 30) | (d << 3) | (dPrev >>> 29)) &
        (k < last ? -1 : endBit - 1);
      if (w !== 0) {
        const e = w & ((d >>> 1) | (dNext << 31));
        runs += POP16[w & 0xffff]! + POP16[w >>> 16]! + 2 * (POP16[e & 0xffff]! + POP16[e >>> 16]!);
      }
    }
    // sj: bit i = module i − j.
    const s1 = (cur << 1) | (prev >>> 31);
    const s2 = (cur << 2) | (prev >>> 30);
    const s3 = (cur << 3) | (prev >>> 29);
    const s4 = (cur << 4) | (prev >>> 28);
    const s5 = (cur << 5) | (prev >>> 27);
    const s6 = (cur << 6) | (prev >>> 26);
    const s7 = (cur << 7) | (prev >>> 25);
    const s8 = (cur << 8) | (prev >>> 24);
    // N3 at scale 1: the core "010111010" ends at i; with 3 more light modules before it ("0000 1011101 0"),
    // or after it ("0 1011101 0000": the core ended at i − 3, modules i − 2 … i light).
    const core = s7 & s5 & s4 & s3 & s1 & ~(s8 | s6 | s2 | cur);
    const fa = core & ~((cur << 9) | (prev >>> 23) | (cur << 10) | (prev >>> 22) | (cur << 11) | (prev >>> 21));
    const fb = ((core << 3) | (corePrev >>> 29)) & ~(s2 | s1 | cur);
    if ((fa | fb) !== 0) finders += POP16[fa & 0xffff]! + POP16[fa >>> 16]! + POP16[fb & 0xffff]! + POP16[fb >>> 16]!;
    // Scale ≥ 2: the 6th module of a dark run after a light one (a centre run of 3n ≥ 6), checked exactly.
    for (let c = ~s6 & s5 & s4 & s3 & s2 & s1 & cur; c !== 0; c &= c - 1) {
      finders += scaledFinder(m, p, at, 0, 0, size, 32 * k + (31 - Math.clz32(c & -c)) - 5, 6);
    }
    prev = cur;
    cur = next;
    dPrev = d;
    d = dNext;
    corePrev = core;
  }
  return runs + 40 * finders;
}

/** Dark modules of one line (N4). */
export function lineDark(m: Uint32Array, p: Uint32Array, at: number, words: number): number {
  // Reads in range: the line's words at … at + words − 1; POP16 at 16-bit values.
  const POP16 = POP16_TABLE;
  let dark = 0;
  for (let k = at; k < at + words; k++) {
    const v = m[k]! ^ p[k]!;
    dark += POP16[v & 0xffff]! + POP16[v >>> 16]!;
  }
  return dark;
}

/** Dark modules counted by the last tailBlocks call. */
export let tailDarkCount = 0;

/**
 * 2×2 blocks of one colour (N2) and dark modules (N4) within the last, partial word column of `m ^ p`
 * (packed rows, `words` per row: columns 32·(words − 1) … size − 1), without a run scan: a block at (x, y)
 * has modules x and x + 1 equal on rows y and y + 1, and the two rows equal at x. Blocks across the word
 * boundary are boundaryBoxes' (scan.ts). Returns 3 × blocks; the dark count is left in `tailDarkCount`.
 */
export function tailBlocks(m: Uint32Array, p: Uint32Array, size: number, words: number): number {
  // Reads in range: word y·words + words − 1 for y in [0, size), the last of row y; POP16 at 16-bit values.
  const POP16 = POP16_TABLE;
  const validH = (1 << (size - 32 * (words - 1) - 1)) - 1; // x + 1 in the symbol too
  let dark = 0;
  let blocks = 0;
  let prev = 0;
  let hPrev = 0;
  for (let y = 0, i = words - 1; y < size; y++, i += words) {
    const r = m[i]! ^ p[i]!;
    dark += POP16[r & 0xffff]! + POP16[r >>> 16]!;
    const h = ~(r ^ (r >>> 1)) & validH;
    const v = h & hPrev & ~(r ^ prev);
    if (v !== 0) blocks += POP16[v & 0xffff]! + POP16[v >>> 16]!;
    prev = r;
    hPrev = h;
  }
  tailDarkCount = dark;
  return 3 * blocks;
}
