/**
 * Module matrix (§6.3, §7.7–7.9): function patterns, codeword placement and masking, on bit-packed rows.
 *
 * Packed layout: `words = ceil(size / 32)` 32-bit words per row; module (x, y) is bit (x & 31) of word
 * `y * words + (x >>> 5)`; 1 = dark. Bits at x ≥ size are always 0. The transposed matrix (rows ↔ columns)
 * uses the same layout with x and y swapped, so column scans become row-word scans.
 *
 * Everything that depends only on (version, level) is built once and kept in a tiny cache: the function
 * patterns, the order in which data bits are placed, and for each mask the plane to XOR (mask pattern on
 * data modules + that mask's format information), in both orientations.
 */
import { assert } from './assert.ts';
import {
  ALIGNMENT_POSITIONS,
  FORMAT_BITS,
  VERSION_BITS,
  numRawDataModules,
  symbolSize,
  type EclIndex,
} from './tables.ts';

export interface Template {
  readonly version: number;
  readonly ecl: EclIndex;
  /** Modules per side, 21–177. */
  readonly size: number;
  /** 32-bit words per packed row, 1–6. */
  readonly words: number;
  /** Function patterns (finders, separators, timing, alignment, version info, dark module); format area 0. Transposed. */
  readonly baseT: Uint32Array;
  /**
   * Placement order (§7.7.3) in the transposed layout: entry i is the packed position `(wordIndex << 5) | bit`
   * in the transpose of data bit i (the MSB of codeword 0 first), for all numRawDataModules(version) data
   * modules.
   */
  readonly orderT: Uint16Array;
  /**
   * Per codeword, where its 8 modules lie in the regular shape (see `nibbleCells`): two runs of 4 consecutive
   * modules of one column each, columns x and x − 1 of a placement strip, i.e. two nibbles of the transpose:
   * `(word << 12) | (shiftX << 7) | (shiftX1 << 2) | kind`, word = index in the transpose of column x's
   * nibble (column x − 1's is `words` lower), shifts of the nibbles' lowest rows, kind as in NIBBLES; −1 for
   * any other codeword (at a turn, next to a function pattern, across a 32-row word), placed bit by bit along
   * `orderT`.
   */
  readonly cells: Int32Array;
  /** Per mask 0–7: mask pattern over data modules, plus that mask's format information. Rows. */
  readonly planes: readonly Uint32Array[];
  /** The same planes transposed. */
  readonly planesT: readonly Uint32Array[];
  /** How the mask penalty covers the partial last word column (see `tailLayout`). */
  readonly tail: TailLayout;
  /** The planes' merged tail columns (see `mergeTail`), or null when the layout has none. */
  readonly planesM: readonly Uint32Array[] | null;
}

/**
 * How the mask penalty covers the last, partial word column of the symbol and of its transpose: `tail` =
 * size − 32·(words − 1) lanes each (size = 4·version + 17, so tail is 1, 5, 9, … or 29). A lane scan costs
 * one step per row however few of its 32 lanes hold lines; a line scored along itself (line.ts) costs about
 * as much per 32 of its modules as three lane-scan steps. So:
 *   - tail 1 (versions 4, 12, 20, 28, 36): the last column and the last row are scored along themselves;
 *   - tail 5, 9, 13 (versions 5–7, 13–15, 21–23, 29–31, 37–39): both partial columns merged into one word
 *     column (tail + tail lanes), scanned once with the columns' dark modules and 2×2 blocks;
 *   - tail 17 (versions 8, 16, 24, 32, 40): one word column of the 17 rows and the first 15 of the 17
 *     columns, scanned for runs and finder-like patterns only (in the half of the score that stops early,
 *     mask.ts chooseMask); the last 2 columns are scored along themselves, and the dark modules and 2×2
 *     blocks of all 17 columns counted without a run scan;
 *   - one word column (versions 1–3), tail 21–29: the partial columns are scanned as they are.
 * Measured and not kept (Chromium): for tail 17, the 17 columns and 15 rows in one word column with the last
 * 2 rows along themselves (no faster: it moves a scan into the half of the score every mask runs in full);
 * for tail 21, the tail-17 layout with 10 columns along themselves (5 % slower at version 17).
 */
export interface TailLayout {
  /** Word columns of the rows and of the transpose that are scanned as they are: words, or words − 1. */
  readonly cols: number;
  /** Tail 5–13: lanes per side of the merged tail column (columns, then rows); 0: none. */
  readonly mergeLanes: number;
  /** Tail 1: the last column and the last row are scored along themselves. */
  readonly lines: boolean;
  /** Tail 17: lanes of rows in the merged tail column (rows, then 32 − rowLanes columns); 0: none. */
  readonly rowLanes: number;
}

export function tailLayout(size: number, words: number): TailLayout {
  const tail = size - 32 * (words - 1);
  if (words === 1 || tail > 17) return { cols: words, mergeLanes: 0, lines: false, rowLanes: 0 };
  if (tail === 1) return { cols: words - 1, mergeLanes: 0, lines: true, rowLanes: 0 };
  if (tail === 17) return { cols: words - 1, mergeLanes: 0, lines: false, rowLanes: 17 };
  return { cols: words - 1, mergeLanes: tail, lines: false, rowLanes: 0 };
}

/**
 * Merged tail column: word y = the first `lanes` lanes of the last word of row y of `src` (columns
 * 32·(words − 1) … of the symbol) | the same of `srcT` shifted up by `lanes` (rows 32·(words − 1) …). Every
 * lane is then one line (column or row) of `size` modules, as in the other word columns.
 */
export function mergeTail(
  src: Uint32Array,
  srcT: Uint32Array,
  size: number,
  words: number,
  lanes: number,
  out: Uint32Array,
): void {
  const keep = (1 << lanes) - 1;
  // i = y·words + words − 1 for y in [0, size): the last word of row y, in range.
  for (let y = 0, i = words - 1; y < size; y++, i += words) out[y] = (src[i]! & keep) | ((srcT[i]! & keep) << lanes);
}

/**
 * Merged tail column of the tail-17 layout: word x = the `rows` lanes of the last word of row x of `srcT`
 * (rows 32·(words − 1) … of the symbol) | the first 32 − rows lanes of the same word of `src` (columns
 * 32·(words − 1) …) shifted up by `rows`.
 */
export function mergeTailRows(
  src: Uint32Array,
  srcT: Uint32Array,
  size: number,
  words: number,
  rows: number,
  out: Uint32Array,
): void {
  const keepRows = (1 << rows) - 1;
  const keepCols = (1 << (32 - rows)) - 1;
  // i = x·words + words − 1 for x in [0, size): the last word of row x, in range.
  for (let x = 0, i = words - 1; x < size; x++, i += words)
    out[x] = (srcT[i]! & keepRows) | ((src[i]! & keepCols) << rows);
}

/** Mask condition (Table 10): true where the module is inverted, x = column, y = row. */
export function maskCondition(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    case 7:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      throw new Error('QR encoder internal error: mask out of range');
  }
}

/**
 * Calls `set(x, y)` for the 15 format information modules of each copy (§7.9.1) with the bit index 0–14
 * (bit 0 = least significant), then the dark module with index 15.
 */
function forEachFormatModule(size: number, set: (x: number, y: number, bit: number) => void): void {
  // First copy, around the top-left finder.
  for (let i = 0; i <= 5; i++) set(8, i, i);
  set(8, 7, 6);
  set(8, 8, 7);
  set(7, 8, 8);
  for (let i = 9; i < 15; i++) set(14 - i, 8, i);
  // Second copy: below the top-right finder and right of the bottom-left finder.
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, i);
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, i);
  set(8, size - 8, 15); // dark module
}

function buildTemplate(version: number, ecl: EclIndex): Template {
  // Indices in range: version in [1, 40] and ecl·8 + mask < 32 for the tables; module coordinates x, y in
  // [0, size), word indices y·words + (x >>> 5) < size·words; i in [0, numData) for xs, ys.
  const size = symbolSize(version);
  const words = (size + 31) >>> 5;
  const dark = new Uint8Array(size * size);
  const isFunction = new Uint8Array(size * size);
  const setFunction = (x: number, y: number, isDark: boolean) => {
    dark[y * size + x] = isDark ? 1 : 0;
    isFunction[y * size + x] = 1;
  };
  // Timing patterns (row 6 and column 6), overwritten where finders and alignment patterns lie.
  for (let i = 0; i < size; i++) {
    setFunction(6, i, i % 2 === 0);
    setFunction(i, 6, i % 2 === 0);
  }
  // Finder patterns with their separators (centres at (3,3), (size−4,3), (3,size−4)).
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || x >= size || y < 0 || y >= size) continue;
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        setFunction(x, y, dist !== 2 && dist !== 4);
      }
    }
  }
  // Alignment patterns, except the three positions overlapping the finders.
  const align = ALIGNMENT_POSITIONS[version]!;
  const na = align.length;
  for (let i = 0; i < na; i++) {
    for (let j = 0; j < na; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === na - 1) || (i === na - 1 && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          setFunction(align[i]! + dx, align[j]! + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }
  }
  // Format information area (reserved, light here) and the dark module.
  forEachFormatModule(size, (x, y, bit) => setFunction(x, y, bit === 15));
  // Version information (§7.10), versions 7 and up: two 6×3 blocks.
  if (version >= 7) {
    const bits = VERSION_BITS[version]!;
    for (let i = 0; i < 18; i++) {
      const on = ((bits >>> i) & 1) !== 0;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      setFunction(a, b, on);
      setFunction(b, a, on);
    }
  }

  const baseT = new Uint32Array(size * words);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (dark[y * size + x]) baseT[x * words + (y >>> 5)]! |= 1 << (y & 31);
  }

  // Placement order: two-module-wide columns from the right, upwards then downwards, skipping column 6.
  const numData = numRawDataModules(version);
  const xs = new Uint8Array(numData);
  const ys = new Uint8Array(numData);
  let n = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < size; vert++) {
      const y = upward ? size - 1 - vert : vert;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (isFunction[y * size + x]) continue;
        xs[n] = x;
        ys[n++] = y;
      }
    }
  }
  assert(n === numData, 'data module count');
  const orderT = new Uint16Array(numData);
  for (let i = 0; i < numData; i++) orderT[i] = ((xs[i]! * words + (ys[i]! >>> 5)) << 5) | (ys[i]! & 31);
  const cells = nibbleCells(xs, ys, words);

  // Mask planes with the format information of (ecl, mask), and their merged tail columns.
  const tail = tailLayout(size, words);
  const planes: Uint32Array[] = [];
  const planesT: Uint32Array[] = [];
  const planesM: Uint32Array[] | null = tail.mergeLanes > 0 || tail.rowLanes > 0 ? [] : null;
  for (let mask = 0; mask < 8; mask++) {
    const p = new Uint32Array(size * words);
    const pt = new Uint32Array(size * words);
    const put = (x: number, y: number) => {
      p[y * words + (x >>> 5)]! |= 1 << (x & 31);
      pt[x * words + (y >>> 5)]! |= 1 << (y & 31);
    };
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (!isFunction[y * size + x] && maskCondition(mask, x, y)) put(x, y);
    }
    const format = FORMAT_BITS[ecl * 8 + mask]!;
    forEachFormatModule(size, (x, y, bit) => {
      if (bit < 15 && ((format >>> bit) & 1) !== 0) put(x, y);
    });
    planes.push(p);
    planesT.push(pt);
    if (planesM !== null) {
      const pm = new Uint32Array(size);
      if (tail.mergeLanes > 0) mergeTail(p, pt, size, words, tail.mergeLanes, pm);
      else mergeTailRows(p, pt, size, words, tail.rowLanes, pm);
      planesM.push(pm);
    }
  }
  return { version, ecl, size, words, baseT, orderT, cells, planes, planesT, tail, planesM };
}

/**
 * Template.cells from the placement order (module i of the order at (xs[i], ys[i])). A codeword of 8 modules
 * is regular when it lies on four consecutive rows d = ±1 apart of one strip (columns x and x − 1), starting
 * either at column x ("even": rows y0 … y0 + 3d of both columns) or, after a strip row with one data module,
 * at column x − 1 ("odd": x − 1 on rows y0 … y0 + 3d, x on rows y0 + d … y0 + 4d), and each column's 4 rows
 * are in one 32-row word. kind = 2·odd + (d < 0).
 */
function nibbleCells(xs: Uint8Array, ys: Uint8Array, words: number): Int32Array {
  // Indices in range: i + j with j in [0, 8) and k < count lies in [0, count·8) ⊆ [0, xs.length).
  const count = xs.length >>> 3; // the remainder bits (0–7) belong to no codeword
  const cells = new Int32Array(count).fill(-1);
  for (let k = 0; k < count; k++) {
    const i = k * 8;
    const odd = xs[i]! < xs[i + 1]!;
    const x = odd ? xs[i + 1]! : xs[i]!;
    const d = odd ? ys[i + 1]! - ys[i]! : ys[i + 2]! - ys[i]!;
    if (d !== 1 && d !== -1) continue;
    let regular = true;
    for (let j = 0; j < 8 && regular; j++) {
      // Module j: column x − 1 for odd j when even, for even j when odd; row step every two modules.
      const left = (j & 1) === (odd ? 0 : 1);
      const row = ys[i]! + (odd ? (j + 1) >>> 1 : j >>> 1) * d;
      regular = xs[i + j]! === (left ? x - 1 : x) && ys[i + j]! === row;
    }
    if (!regular) continue;
    // Lowest row of each column's four.
    const lowX = d > 0 ? ys[i]! + (odd ? 1 : 0) : ys[i]! - 3 - (odd ? 1 : 0);
    const lowX1 = d > 0 ? ys[i]! : ys[i]! - 3;
    if (lowX >>> 5 !== (lowX + 3) >>> 5 || lowX1 >>> 5 !== (lowX1 + 3) >>> 5 || lowX >>> 5 !== lowX1 >>> 5) continue;
    const word = x * words + (lowX >>> 5);
    cells[k] = (word << 12) | ((lowX & 31) << 7) | ((lowX1 & 31) << 2) | ((odd ? 2 : 0) | (d < 0 ? 1 : 0));
  }
  return cells;
}

/**
 * Per kind (see nibbleCells) and codeword byte: the nibble of column x (low 4 bits) and of column x − 1 (high
 * 4 bits), bit r = the module on the nibble's lowest row + r. Even: x takes bits 7, 5, 3, 1 and x − 1 bits
 * 6, 4, 2, 0 of the byte, in placement order; odd: the other way round; upwards (d < 0) the order runs down
 * the nibble.
 */
const NIBBLES = (() => {
  const t = new Uint8Array(4 * 256);
  const nibble = (b: number, bits: readonly number[], up: boolean) => {
    let v = 0;
    for (let r = 0; r < 4; r++) v |= ((b >>> bits[up ? 3 - r : r]!) & 1) << r; // bits: 4 entries
    return v;
  };
  const high = [7, 5, 3, 1];
  const low = [6, 4, 2, 0];
  for (let kind = 0; kind < 4; kind++) {
    const odd = kind >= 2;
    const up = (kind & 1) === 1;
    for (let b = 0; b < 256; b++)
      t[kind * 256 + b] = nibble(b, odd ? low : high, up) | (nibble(b, odd ? high : low, up) << 4);
  }
  return t;
})();

/** Most recently used templates, newest first; a handful covers the UI and the benchmark. */
const cache: Template[] = [];
const CACHE_SIZE = 4;

export function getTemplate(version: number, ecl: EclIndex): Template {
  for (let i = 0; i < cache.length; i++) {
    const t = cache[i]!;
    if (t.version === version && t.ecl === ecl) {
      if (i !== 0) {
        cache.splice(i, 1);
        cache.unshift(t);
      }
      return t;
    }
  }
  const t = buildTemplate(version, ecl);
  cache.unshift(t);
  if (cache.length > CACHE_SIZE) cache.pop();
  return t;
}

/**
 * The transpose of the unmasked symbol without format information: function patterns plus the codeword bits
 * placed along the template's order. `codewords` holds at least numRawDataModules(version) / 8 of them (the
 * remainder bits stay light). In the transpose a regular codeword is two nibbles, one per column of its strip,
 * whichever module of a row it starts at: one table lookup and two stores.
 */
export function placeCodewordsT(tpl: Template, codewords: Uint8Array, outT: Uint32Array): void {
  // Indices in range: k < cells.length = the codewords placed (≤ codewords.length); a regular cell's words w
  // and w − words are in the transpose; NIBBLES at kind·256 + byte < 1024; orderT at k·8 + 7 < numData.
  outT.set(tpl.baseT);
  const { orderT, cells, words } = tpl;
  const nibbles = NIBBLES;
  const n = cells.length;
  for (let k = 0; k < n; k++) {
    const byte = codewords[k]!;
    if (byte === 0) continue;
    const at = cells[k]!;
    if (at >= 0) {
      const v = nibbles[((at & 3) << 8) | byte]!;
      const w = at >>> 12;
      outT[w]! |= (v & 15) << ((at >>> 7) & 31);
      outT[w - words]! |= (v >>> 4) << ((at >>> 2) & 31);
      continue;
    }
    // Bit by bit, unrolled: a loop over the 8 bits placed 20–25 % slower at versions 4–13.
    const i = k * 8;
    let p = orderT[i]!;
    outT[p >>> 5]! |= ((byte >>> 7) & 1) << (p & 31);
    p = orderT[i + 1]!;
    outT[p >>> 5]! |= ((byte >>> 6) & 1) << (p & 31);
    p = orderT[i + 2]!;
    outT[p >>> 5]! |= ((byte >>> 5) & 1) << (p & 31);
    p = orderT[i + 3]!;
    outT[p >>> 5]! |= ((byte >>> 4) & 1) << (p & 31);
    p = orderT[i + 4]!;
    outT[p >>> 5]! |= ((byte >>> 3) & 1) << (p & 31);
    p = orderT[i + 5]!;
    outT[p >>> 5]! |= ((byte >>> 2) & 1) << (p & 31);
    p = orderT[i + 6]!;
    outT[p >>> 5]! |= ((byte >>> 1) & 1) << (p & 31);
    p = orderT[i + 7]!;
    outT[p >>> 5]! |= (byte & 1) << (p & 31);
  }
}

/** 32×32 bit-matrix transpose in place: afterwards bit r of a[c] is the former bit c of a[r]. */
function transpose32(a: Uint32Array): void {
  // k + j < 32 = a.length: k steps over the rows whose bit j is 0.
  for (let j = 16, m = 0x0000ffff; j !== 0; j >>>= 1, m ^= m << j) {
    for (let k = 0; k < 32; k = (k + j + 1) & ~j) {
      const t = ((a[k]! >>> j) ^ a[k + j]!) & m;
      a[k]! ^= t << j;
      a[k + j]! ^= t;
    }
  }
}

const block = new Uint32Array(32);

/** Writes the transpose of the packed `size`×`size` matrix `src` into `dst` (same layout). */
export function transpose(src: Uint32Array, dst: Uint32Array, size: number, words: number): void {
  // Indices in range: by, bx < words; rows by·32 + r and bx·32 + c < size (r < rows, c < cols ≤ 32 = block.length).
  for (let by = 0; by < words; by++) {
    for (let bx = 0; bx < words; bx++) {
      const rows = Math.min(32, size - by * 32);
      for (let r = 0; r < rows; r++) block[r] = src[(by * 32 + r) * words + bx]!;
      block.fill(0, rows);
      transpose32(block);
      const cols = Math.min(32, size - bx * 32);
      for (let c = 0; c < cols; c++) dst[(bx * 32 + c) * words + by] = block[c]!;
    }
  }
}

/**
 * Byte expansion table: words 2b and 2b+1 hold the 8 bytes (b >> i) & 1, i = 0..7, in memory order (built
 * through a byte view, so right on any platform endianness).
 */
const EXPAND = (() => {
  const bytes = new Uint8Array(256 * 8);
  for (let b = 0; b < 256; b++) for (let i = 0; i < 8; i++) bytes[b * 8 + i] = (b >>> i) & 1;
  return new Uint32Array(bytes.buffer);
})();

/** Row-major bit stream of the symbol (bit i = module i), reused. */
let stream = new Int32Array(0);
/** Expansion scratch, one byte per module (177² rounded up to whole words), with a 4-byte-word view. */
const expanded = new Uint8Array(31360);
const expanded32 = new Uint32Array(expanded.buffer);

/** Unpacks `packed ^ plane` to one byte per module, row-major (1 = dark); a fresh, exactly sized array. */
export function unpack(packed: Uint32Array, plane: Uint32Array, size: number, words: number): Uint8Array {
  const total = size * size;
  const streamWords = (total + 31) >>> 5;
  if (stream.length < streamWords + 2) stream = new Int32Array(streamWords + 2);
  const s = stream;
  s.fill(0, 0, streamWords + 2);
  // Indices in range: base + wi < size·words; stream words sw + 1 ≤ streamWords + 1 (s has streamWords + 2);
  // EXPAND at 2b + 1 < 512 for a byte b; out32 at o + 7 < 8·streamWords ≤ 31360 / 4.
  // Row y occupies stream bits y·size … y·size + size − 1 (bits past the row end are 0 in both arrays).
  for (let y = 0, bitPos = 0; y < size; y++, bitPos += size) {
    const base = y * words;
    for (let wi = 0, p = bitPos; wi < words; wi++, p += 32) {
      const v = packed[base + wi]! ^ plane[base + wi]!;
      const sw = p >>> 5;
      const sh = p & 31;
      s[sw]! |= v << sh;
      if (sh !== 0) s[sw + 1]! |= v >>> (32 - sh);
    }
  }
  // 32 modules per stream word, written as eight 4-byte words into the reused scratch (every stream word,
  // the last one partial: its bits past `total` are 0), then copied out by one slice: the only allocation
  // is the result itself, with no typed-array view over it.
  // Local aliases: TurboFan checks a module-level table again at every loop iteration, a local once.
  const out32 = expanded32;
  const table = EXPAND;
  for (let w = 0, o = 0; w < streamWords; w++, o += 8) {
    const v = s[w]!;
    const b0 = (v & 0xff) << 1;
    const b1 = ((v >>> 8) & 0xff) << 1;
    const b2 = ((v >>> 16) & 0xff) << 1;
    const b3 = (v >>> 24) << 1;
    out32[o] = table[b0]!;
    out32[o + 1] = table[b0 + 1]!;
    out32[o + 2] = table[b1]!;
    out32[o + 3] = table[b1 + 1]!;
    out32[o + 4] = table[b2]!;
    out32[o + 5] = table[b2 + 1]!;
    out32[o + 6] = table[b3]!;
    out32[o + 7] = table[b3 + 1]!;
  }
  return expanded.slice(0, total);
}
