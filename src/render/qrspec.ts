/**
 * The few facts of ISO/IEC 18004 the renderer needs to place a logo safely: where the function patterns are,
 * which codeword each data module belongs to, and how codewords are split into error-correction blocks.
 * Independent of the encoder on purpose: the hole budget is checked against the standard, not against the
 * encoder's own bookkeeping.
 */
import { QrError } from '../shared/qr/errors.ts';
import type { Ecl } from '../shared/qr/vocabulary.ts';

// Error-correction codewords per block and number of blocks, indexed [ecl][version] (index 0 unused).
// prettier-ignore
const EC_PER_BLOCK: Readonly<Record<Ecl, readonly number[]>> = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
};
// prettier-ignore
const NUM_BLOCKS: Readonly<Record<Ecl, readonly number[]>> = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
};

/** Misdecode-protection codewords (ISO/IEC 18004 table 9, "p"): not available for correction. */
function misdecodeProtection(version: number, ecl: Ecl): number {
  if (version === 1) return { L: 3, M: 2, Q: 1, H: 1 }[ecl];
  if (version === 2) return ecl === 'L' ? 2 : 0;
  if (version === 3) return ecl === 'L' ? 1 : 0;
  return 0;
}

export function sizeOfVersion(version: number): number {
  return version * 4 + 17;
}

/** Centre coordinates of the alignment patterns along one axis (same list for rows and columns). */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let pos = sizeOfVersion(version) - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
}

/** Kinds of function module. 0 = data. */
export const Fn = { Data: 0, Finder: 1, Timing: 2, Format: 3, Version: 4, Alignment: 5 } as const;
export type FnKind = (typeof Fn)[keyof typeof Fn];

/** Function-pattern map, row-major, one byte per module (see `Fn`). */
export function functionMap(version: number): Uint8Array {
  const n = sizeOfVersion(version);
  const map = new Uint8Array(n * n);
  const set = (x: number, y: number, kind: FnKind) => {
    if (x >= 0 && y >= 0 && x < n && y < n) map[y * n + x] = kind;
  };
  for (let i = 0; i < n; i++) {
    set(6, i, Fn.Timing);
    set(i, 6, Fn.Timing);
  }
  // Finders with their separators.
  for (const [cx, cy] of [
    [3, 3],
    [n - 4, 3],
    [3, n - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) set(cx + dx, cy + dy, Fn.Finder);
  }
  const align = alignmentPositions(version);
  const last = align.length - 1;
  // i, j run over the indices 0..last of align.
  for (let i = 0; i <= last; i++) {
    for (let j = 0; j <= last; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) set(align[i]! + dx, align[j]! + dy, Fn.Alignment);
    }
  }
  // Format information (both copies) and the dark module.
  for (let i = 0; i <= 8; i++) {
    if (i !== 6) {
      set(8, i, Fn.Format);
      set(i, 8, Fn.Format);
    }
  }
  for (let i = 0; i < 8; i++) {
    set(n - 1 - i, 8, Fn.Format);
    set(8, n - 1 - i, Fn.Format);
  }
  if (version >= 7) {
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 3; j++) {
        set(n - 11 + j, i, Fn.Version);
        set(i, n - 11 + j, Fn.Version);
      }
    }
  }
  return map;
}

export interface BlockLayout {
  rawCodewords: number;
  ecPerBlock: number;
  numBlocks: number;
  /** Codewords the decoder can correct per block (errors, not erasures): floor((ec - p) / 2). */
  correctablePerBlock: number;
}

export function blockLayout(version: number, ecl: Ecl, fnMap = functionMap(version)): BlockLayout {
  let dataModules = 0;
  for (const f of fnMap) if (f === Fn.Data) dataModules++;
  const ecPerBlock = EC_PER_BLOCK[ecl][version];
  const numBlocks = NUM_BLOCKS[ecl][version];
  // Versions come from the encoder (1..40); anything else has no entry in the tables.
  if (!(version >= 1) || ecPerBlock === undefined || numBlocks === undefined) {
    throw new QrError('INTERNAL', `No block layout for QR version ${version}`, { version, ecl });
  }
  return {
    rawCodewords: Math.floor(dataModules / 8),
    ecPerBlock,
    numBlocks,
    correctablePerBlock: Math.floor((ecPerBlock - misdecodeProtection(version, ecl)) / 2),
  };
}

/**
 * For every module, the index of the error-correction block its codeword belongs to, or -1 for function
 * modules and remainder bits. Follows the standard's zigzag placement and block interleaving.
 */
export interface ModuleBlockMap {
  blockOf: Int16Array;
  codewordOf: Int32Array;
  /** Block of each codeword. */
  blockOfCodeword: Int16Array;
  fnMap: Uint8Array;
  layout: BlockLayout;
}

const blockMapCache = new Map<string, ModuleBlockMap>();

/** Memoised moduleBlockMap (a handful of versions are in use at any time; each map is a few hundred kB at most). */
export function cachedModuleBlockMap(version: number, ecl: Ecl): ModuleBlockMap {
  const key = ecl + version;
  let m = blockMapCache.get(key);
  if (!m) {
    m = moduleBlockMap(version, ecl);
    blockMapCache.set(key, m);
    if (blockMapCache.size > 8) blockMapCache.delete(blockMapCache.keys().next().value as string);
  }
  return m;
}

export function moduleBlockMap(version: number, ecl: Ecl): ModuleBlockMap {
  const n = sizeOfVersion(version);
  const fnMap = functionMap(version);
  const layout = blockLayout(version, ecl, fnMap);
  const { rawCodewords, ecPerBlock, numBlocks } = layout;
  const codewordOf = new Int32Array(n * n).fill(-1);
  let bit = 0;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < n; vert++) {
      const y = upward ? n - 1 - vert : vert;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const idx = y * n + x;
        if (fnMap[idx] === Fn.Data && bit < rawCodewords * 8) {
          codewordOf[idx] = bit >> 3;
          bit++;
        }
      }
    }
  }
  // Interleaving: data codewords round-robin over blocks (short blocks have one fewer), then EC codewords.
  const shortBlocks = numBlocks - (rawCodewords % numBlocks);
  const shortLen = Math.floor(rawCodewords / numBlocks);
  const shortData = shortLen - ecPerBlock;
  const blockOfCodeword = new Int16Array(rawCodewords);
  let k = 0;
  for (let i = 0; i <= shortData; i++) {
    for (let b = 0; b < numBlocks; b++) {
      if (i < shortData || b >= shortBlocks) blockOfCodeword[k++] = b;
    }
  }
  for (let i = 0; i < ecPerBlock; i++) for (let b = 0; b < numBlocks; b++) blockOfCodeword[k++] = b;
  // idx is a module (0..n*n-1, the length of codewordOf and blockOf); a codeword index >= 0 is < rawCodewords,
  // the length of blockOfCodeword.
  const blockOf = new Int16Array(n * n).fill(-1);
  for (let idx = 0; idx < n * n; idx++) {
    const cw = codewordOf[idx]!;
    if (cw >= 0) blockOf[idx] = blockOfCodeword[cw]!;
  }
  return { blockOf, codewordOf, blockOfCodeword, fnMap, layout };
}
