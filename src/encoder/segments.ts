/**
 * Segments (§7.4): a mode, a character count and the data bits of one run of text; plus optimal
 * segmentation of a text into numeric, alphanumeric, byte and kanji runs.
 *
 * A segment is plain data (structured-clone safe). Bits are packed most significant first.
 */
import { BitWriter } from './bitBuffer.ts';
import { kanjiTable, kanjiValue } from './kanji.ts';

export type SegmentMode = 'numeric' | 'alphanumeric' | 'byte' | 'kanji' | 'eci';

export interface QrSegment {
  readonly mode: SegmentMode;
  /**
   * Length in the unit of the mode: digits (numeric), characters (alphanumeric), bytes (byte), double-byte
   * characters (kanji); 0 for eci. Written in the character count indicator.
   */
  readonly numChars: number;
  /** Number of data bits (without mode indicator and character count indicator). */
  readonly bitLength: number;
  /** The data bits, MSB first, ceil(bitLength / 8) bytes. */
  readonly data: Uint8Array;
}

/** 4-bit mode indicators (Table 2). */
export function modeIndicator(mode: SegmentMode): number {
  switch (mode) {
    case 'numeric':
      return 0x1;
    case 'alphanumeric':
      return 0x2;
    case 'byte':
      return 0x4;
    case 'kanji':
      return 0x8;
    case 'eci':
      return 0x7;
  }
}

// Character count indicator lengths (Table 3) for versions 1–9, 10–26, 27–40.
type PerGroup = readonly [number, number, number];
const CC_NUMERIC: PerGroup = [10, 12, 14];
const CC_ALPHANUMERIC: PerGroup = [9, 11, 13];
const CC_BYTE: PerGroup = [8, 16, 16];
const CC_KANJI: PerGroup = [8, 10, 12];

/** 0 for versions 1–9, 1 for 10–26, 2 for 27–40. */
export function versionGroup(version: number): 0 | 1 | 2 {
  return version <= 9 ? 0 : version <= 26 ? 1 : 2;
}

/** Length in bits of the character count indicator of `mode` in `version` (0 for eci). */
export function charCountBits(mode: SegmentMode, version: number): number {
  const g = versionGroup(version);
  switch (mode) {
    case 'numeric':
      return CC_NUMERIC[g];
    case 'alphanumeric':
      return CC_ALPHANUMERIC[g];
    case 'byte':
      return CC_BYTE[g];
    case 'kanji':
      return CC_KANJI[g];
    case 'eci':
      return 0;
  }
}

/**
 * Bits the segments occupy in `version` (mode indicators + character counts + data), or Infinity when a
 * character count does not fit its indicator.
 */
export function getTotalBits(segs: readonly QrSegment[], version: number): number {
  let result = 0;
  for (const seg of segs) {
    const cc = charCountBits(seg.mode, version);
    if (seg.numChars >= 2 ** cc) return Infinity;
    result += 4 + cc + seg.bitLength;
  }
  return result;
}

/**
 * Where a segment's data bytes come from: a fresh exact-size array (`freshBytes`, for segments handed to
 * callers), or encodeText's reused scratch (index.ts). Every byte of the array is written.
 */
export type ByteSource = (length: number) => Uint8Array;
export const freshBytes: ByteSource = (length) => new Uint8Array(length);

/** Alphanumeric value (Table 5) of an ASCII code, −1 outside the 45-character set. */
const ALNUM_VALUE = (() => {
  const t = new Int8Array(128).fill(-1);
  const set = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  for (let i = 0; i < set.length; i++) t[set.charCodeAt(i)] = i;
  return t;
})();

export function isNumeric(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

export function isAlphanumeric(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || ALNUM_VALUE[c]! < 0) return false;
  }
  return true;
}

/** MSB-first bit packer for the data of one segment of known size. */
function packer(capacityBits: number, bytes: ByteSource = freshBytes) {
  const w = new BitWriter(bytes((capacityBits + 7) >>> 3), capacityBits);
  return {
    /** Appends the low `len` (≤ 24) bits of `value`. */
    push(value: number, len: number): void {
      w.append(value, len);
    },
    result(mode: SegmentMode, numChars: number): QrSegment {
      const bitLength = w.bitLength;
      return { mode, numChars, bitLength, data: w.finish() };
    },
  };
}

/** A numeric segment of text[start, end), digits only (not checked). */
export function numericRange(text: string, start: number, end: number, bytes: ByteSource = freshBytes): QrSegment {
  const n = end - start;
  const bitLength = Math.floor(n / 3) * 10 + [0, 4, 7][n % 3]!; // n ≥ 0: n % 3 in [0, 2]
  const data = bytes((bitLength + 7) >>> 3);
  // Groups of three digits in 10 bits; a final group of one or two digits in 4 or 7 bits (§7.4.3).
  // acc holds fewer than 8 pending bits between groups.
  let acc = 0;
  let accBits = 0;
  let o = 0;
  let i = start;
  for (; i + 3 <= end; i += 3) {
    const v =
      (text.charCodeAt(i) - 0x30) * 100 + (text.charCodeAt(i + 1) - 0x30) * 10 + (text.charCodeAt(i + 2) - 0x30);
    acc = (acc << 10) | v;
    accBits += 10;
    data[o++] = acc >>> (accBits - 8);
    accBits -= 8;
    if (accBits >= 8) {
      data[o++] = acc >>> (accBits - 8);
      accBits -= 8;
    }
    acc &= (1 << accBits) - 1;
  }
  if (i < end) {
    const k = end - i;
    const v = k === 1 ? text.charCodeAt(i) - 0x30 : (text.charCodeAt(i) - 0x30) * 10 + (text.charCodeAt(i + 1) - 0x30);
    acc = (acc << (k * 3 + 1)) | v;
    accBits += k * 3 + 1;
  }
  while (accBits >= 8) {
    data[o++] = acc >>> (accBits - 8);
    accBits -= 8;
  }
  if (accBits > 0) data[o] = (acc << (8 - accBits)) & 0xff;
  return { mode: 'numeric', numChars: n, bitLength, data };
}

function alphanumericRange(text: string, start: number, end: number, bytes: ByteSource): QrSegment {
  const n = end - start;
  const bitLength = Math.floor(n / 2) * 11 + (n % 2) * 6;
  const data = bytes((bitLength + 7) >>> 3);
  // Pairs as 45·a + b in 11 bits; a final single character in 6 bits (§7.4.4). The characters are of the
  // alphanumeric set (checked by the callers), so their codes index ALNUM_VALUE (128 entries).
  let acc = 0;
  let accBits = 0;
  let o = 0;
  let i = start;
  for (; i + 2 <= end; i += 2) {
    acc = (acc << 11) | (ALNUM_VALUE[text.charCodeAt(i)]! * 45 + ALNUM_VALUE[text.charCodeAt(i + 1)]!);
    accBits += 11;
    data[o++] = acc >>> (accBits - 8);
    accBits -= 8;
    if (accBits >= 8) {
      data[o++] = acc >>> (accBits - 8);
      accBits -= 8;
    }
    acc &= (1 << accBits) - 1;
  }
  if (i < end) {
    acc = (acc << 6) | ALNUM_VALUE[text.charCodeAt(i)]!;
    accBits += 6;
  }
  while (accBits >= 8) {
    data[o++] = acc >>> (accBits - 8);
    accBits -= 8;
  }
  if (accBits > 0) data[o] = (acc << (8 - accBits)) & 0xff;
  return { mode: 'alphanumeric', numChars: n, bitLength, data };
}

function kanjiRange(text: string, start: number, end: number, table: Uint16Array, bytes: ByteSource): QrSegment {
  const n = end - start;
  const out = packer(n * 13, bytes);
  // table has 0x10000 entries, one per UTF-16 code unit.
  for (let i = start; i < end; i++) out.push(kanjiValue(table[text.charCodeAt(i)]!), 13);
  return out.result('kanji', n);
}

/** Number of UTF-8 bytes of text[start, end) (lone surrogates count as U+FFFD, 3 bytes, as TextEncoder). */
export function utf8Length(text: string, start = 0, end = text.length): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** UTF-8 bytes of text[start, end), like TextEncoder (lone surrogates become U+FFFD). */
export function utf8Encode(text: string, start = 0, end = text.length): Uint8Array {
  return utf8Bytes(text, start, end, freshBytes);
}

function utf8Bytes(text: string, start: number, end: number, bytes: ByteSource): Uint8Array {
  const out = bytes(utf8Length(text, start, end));
  let p = 0;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[p++] = c;
      continue;
    }
    if (c < 0x800) {
      out[p++] = 0xc0 | (c >>> 6);
      out[p++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < end ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && isLowSurrogate(d)) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
        out[p++] = 0xf0 | (c >>> 18);
        out[p++] = 0x80 | ((c >>> 12) & 0x3f);
        out[p++] = 0x80 | ((c >>> 6) & 0x3f);
        out[p++] = 0x80 | (c & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[p++] = 0xe0 | (c >>> 12);
    out[p++] = 0x80 | ((c >>> 6) & 0x3f);
    out[p++] = 0x80 | (c & 0x3f);
  }
  return out;
}

/* ---- Public segment constructors (caller errors are RangeErrors) ---- */

/** A numeric segment; `digits` must be only 0–9. */
export function makeNumeric(digits: string): QrSegment {
  if (!isNumeric(digits)) throw new RangeError('makeNumeric: the string contains characters other than 0-9');
  return numericRange(digits, 0, digits.length);
}

/** An alphanumeric segment; `text` must be only 0–9, A–Z (upper case), space and $ % * + - . / : */
export function makeAlphanumeric(text: string): QrSegment {
  if (!isAlphanumeric(text)) {
    throw new RangeError('makeAlphanumeric: the string contains characters outside 0-9 A-Z space $%*+-./:');
  }
  return alphanumericRange(text, 0, text.length, freshBytes);
}

/** A byte segment of the given bytes (each 0–255), e.g. UTF-8 from `utf8Encode`. */
export function makeBytes(data: Uint8Array | readonly number[]): QrSegment {
  const bytes = Uint8Array.from(data);
  for (let i = 0; i < data.length; i++) {
    if (bytes[i] !== data[i]) throw new RangeError('makeBytes: every byte must be an integer 0-255');
  }
  return { mode: 'byte', numChars: bytes.length, bitLength: bytes.length * 8, data: bytes };
}

/** A kanji segment; every character must be a JIS X 0208 character encodable in kanji mode. */
export function makeKanji(text: string): QrSegment {
  const table = kanjiTable();
  for (let i = 0; i < text.length; i++) {
    if (table === null || table[text.charCodeAt(i)] === 0) {
      throw new RangeError(`makeKanji: character at index ${i} is not encodable in kanji mode`);
    }
  }
  return kanjiRange(text, 0, text.length, table as Uint16Array, freshBytes);
}

/** True when every character of `text` can be written in kanji mode. */
export function isKanji(text: string): boolean {
  const table = kanjiTable();
  if (table === null) return false;
  for (let i = 0; i < text.length; i++) if (table[text.charCodeAt(i)] === 0) return false;
  return true;
}

/** An ECI designator segment (§7.4.2) for assignment number 0–999999 (26 = UTF-8). */
export function makeEci(assignValue: number): QrSegment {
  if (!Number.isInteger(assignValue) || assignValue < 0 || assignValue > 999999) {
    throw new RangeError('makeEci: the assignment number must be an integer 0-999999');
  }
  // One, two or three bytes: 0xxxxxxx, 10xxxxxx xxxxxxxx, 110xxxxx xxxxxxxx xxxxxxxx.
  const len = assignValue < 1 << 7 ? 8 : assignValue < 1 << 14 ? 16 : 24;
  const out = packer(len);
  if (len === 8) out.push(assignValue, 8);
  else if (len === 16) out.push((0b10 << 14) | assignValue, 16);
  else out.push((0b110 << 21) | assignValue, 24);
  return out.result('eci', 0);
}

/* ---- Optimal segmentation ---- */

export type KanjiUse = 'off' | 'mixed' | 'exclusive';

/** True when every non-ASCII character of `text` can be written in kanji mode. */
export function isKanjiOrAscii(text: string): boolean {
  const table = kanjiTable();
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 && (table === null || table[c] === 0)) return false;
  }
  return true;
}

// Mode numbers used by the dynamic programme.
const BYTE = 0;
const ALNUM = 1;
const NUMERIC = 2;
const KANJI = 3;
const NONE = 1e9; // cost of an unavailable mode (larger than any real cost)
/** Sixths of a bit to add to a numeric segment cost to round it up, by its length mod 3. */
const NUMERIC_ROUND = [0, 4, 2];
const CLASS_ALNUM = 1;
const CLASS_DIGIT = 2;
const CLASS_KANJI = 4;
/** CLASS_ALNUM (| CLASS_DIGIT) of each ASCII code. */
const ASCII_CLASS = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    if (ALNUM_VALUE[c]! >= 0) t[c]! |= CLASS_ALNUM;
    if (c >= 0x30 && c <= 0x39) t[c]! |= CLASS_DIGIT;
  }
  return t;
})();

let backScratch = new Uint8Array(256);

/**
 * Segments of `text` with the minimum total bit length in a version of the group of `version` (versions
 * 1–9, 10–26 and 27–40 have different character count lengths), over numeric, alphanumeric, byte (UTF-8)
 * and kanji modes. Empty text gives no segments.
 *
 * Dynamic programme over UTF-16 code units as in nayuki's makeSegmentsOptimally: costs are in sixths of a
 * bit (numeric 10/3 bits = 20, alphanumeric 11/2 = 33, byte 8 per UTF-8 byte = 48, kanji 13 = 78), a
 * segment's cost is rounded up to whole bits when the next one starts, and a new segment pays its header
 * (4-bit mode + character count). A surrogate pair is one 4-byte byte-mode character (its low half costs 0
 * and can only be byte, so a pair is never split).
 *
 * `kanji`: 'off' = no kanji mode; 'mixed' = kanji mode allowed where cheaper; 'exclusive' = every non-ASCII
 * character must be kanji (byte segments then hold ASCII only); with 'exclusive' the caller guarantees that
 * every non-ASCII character is kanji-encodable (`isKanjiOrAscii`). `bytes`: where the segments' data goes.
 *
 * Without kanji, text whose only optimum is one byte segment (most URLs: `singleByteIsOptimal`) skips the
 * programme, which gives the same segment.
 */
export function segmentOptimally(
  text: string,
  version: number,
  kanji: KanjiUse,
  bytes: ByteSource = freshBytes,
): QrSegment[] {
  if (text.length > 0 && kanji === 'off' && singleByteIsOptimal(text, version)) {
    const data = utf8Bytes(text, 0, text.length, bytes);
    return [{ mode: 'byte', numChars: data.length, bitLength: data.length * 8, data }];
  }
  return segmentByProgramme(text, version, kanji, bytes);
}

/**
 * True when one byte segment is the only optimum for `text` (kanji mode off) in `version`'s group, proven
 * in one pass without the programme. A numeric or alphanumeric segment covers part of a run of characters of
 * the alphanumeric set, and in place of byte mode saves at most 8 − 10/3 bits per digit and 8 − 11/2 per
 * other character, while it costs at least an alphanumeric header (4 + its count bits, never more than
 * numeric's), plus a byte header where the run has byte-mode text on both sides, less one where the run is
 * the whole text. When no run can save as much as that, every other segmentation is strictly longer.
 */
export function singleByteIsOptimal(text: string, version: number): boolean {
  const n = text.length;
  const headA = 4 + charCountBits('alphanumeric', version);
  const headB = 4 + charCountBits('byte', version);
  let saving = 0; // sixths of a bit, of the run ending before i
  let start = 0; // first character of that run
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 0x80;
    const cls = c < 0x80 ? ASCII_CLASS[c]! : 0;
    if ((cls & CLASS_ALNUM) !== 0) {
      saving += (cls & CLASS_DIGIT) !== 0 ? 28 : 15;
      continue;
    }
    if (saving > 0) {
      const cost = headA + (start > 0 && i < n ? headB : 0) - (start === 0 && i === n ? headB : 0);
      if (saving >= 6 * cost) return false;
      saving = 0;
    }
    start = i + 1;
  }
  return true;
}

/** The dynamic programme of `segmentOptimally`. */
export function segmentByProgramme(
  text: string,
  version: number,
  kanji: KanjiUse,
  bytes: ByteSource = freshBytes,
): QrSegment[] {
  // Indices in range: ASCII_CLASS at c < 0x80, `table` (0x10000 entries) at any code unit, NUMERIC_ROUND at
  // qN in [0, 2], `back` at i in [0, n) with n ≤ back.length.
  const n = text.length;
  if (n === 0) return [];
  const table = kanji !== 'off' ? kanjiTable() : null;
  const byteOnlyAscii = kanji === 'exclusive';
  const headB = (4 + charCountBits('byte', version)) * 6;
  const headA = (4 + charCountBits('alphanumeric', version)) * 6;
  const headN = (4 + charCountBits('numeric', version)) * 6;
  const headK = (4 + charCountBits('kanji', version)) * 6;
  // back[i]: for each mode m (2 bits at 2m), the mode of character i−1 on the best path reaching i in m.
  // A reused scratch array (every entry below n is written before it is read): one allocation less per encode.
  if (backScratch.length < n) backScratch = new Uint8Array(Math.max(n, 2 * backScratch.length));
  const back = backScratch;
  // Costs in sixths of a bit of the best path ending in each mode with that segment still open. Byte and
  // kanji costs are whole bits; the alphanumeric cost has a half bit when its segment has an odd length
  // (pA = 1) and the numeric cost 1/3 or 2/3 bit by its length mod 3 (qN), which gives the round-up.
  let cB = 0;
  let cA = NONE;
  let cN = NONE;
  let cK = NONE;
  let pA = 0;
  let qN = 0;
  let lowOfPair = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let byteCost: number;
    let cls = 0; // CLASS_ALNUM | CLASS_DIGIT for ASCII, CLASS_KANJI for kanji-encodable
    if (c < 0x80) {
      byteCost = 48;
      cls = ASCII_CLASS[c]!;
    } else if (c < 0x800) {
      byteCost = 96;
      if (table !== null && table[c] !== 0) cls = CLASS_KANJI;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      if (lowOfPair) {
        byteCost = 0;
        lowOfPair = false;
      } else if (c <= 0xdbff && i + 1 < n && isLowSurrogate(text.charCodeAt(i + 1))) {
        byteCost = 192;
        lowOfPair = true;
      } else byteCost = 144;
    } else {
      byteCost = 144;
      if (table !== null && table[c] !== 0) cls = CLASS_KANJI;
    }
    const byteOk = !byteOnlyAscii || c < 0x80;
    if (i === 0) {
      cB = byteOk ? headB + byteCost : NONE;
      if ((cls & CLASS_ALNUM) !== 0) {
        cA = headA + 33;
        pA = 1;
      }
      if ((cls & CLASS_DIGIT) !== 0) {
        cN = headN + 20;
        qN = 1;
      }
      if (cls === CLASS_KANJI) cK = headK + 78;
      continue;
    }
    // Cheapest way to end the previous segment here (rounded up to whole bits), and its mode.
    let best = cB;
    let bestMode = BYTE;
    if (cA < NONE) {
      const r = cA + 3 * pA;
      if (r < best) {
        best = r;
        bestMode = ALNUM;
      }
    }
    if (cN < NONE) {
      const r = cN + NUMERIC_ROUND[qN]!;
      if (r < best) {
        best = r;
        bestMode = NUMERIC;
      }
    }
    if (cK < best) {
      best = cK;
      bestMode = KANJI;
    }
    let bits = 0;
    if (byteCost === 0) {
      // Low half of a surrogate pair: only byte mode, continuing the pair's segment (prev mode BYTE = 0).
    } else if (!byteOk) {
      cB = NONE;
    } else if (cB <= best + headB) {
      cB += byteCost;
    } else {
      cB = best + headB + byteCost;
      bits = bestMode;
    }
    if ((cls & CLASS_ALNUM) !== 0) {
      if (cA <= best + headA) {
        cA += 33;
        pA ^= 1;
        bits |= ALNUM << 2;
      } else {
        cA = best + headA + 33;
        pA = 1;
        bits |= bestMode << 2;
      }
    } else cA = NONE;
    if ((cls & CLASS_DIGIT) !== 0) {
      if (cN <= best + headN) {
        cN += 20;
        qN = qN === 2 ? 0 : qN + 1;
        bits |= NUMERIC << 4;
      } else {
        cN = best + headN + 20;
        qN = 1;
        bits |= bestMode << 4;
      }
    } else cN = NONE;
    if (cls === CLASS_KANJI) {
      if (cK <= best + headK) {
        cK += 78;
        bits |= KANJI << 6;
      } else {
        cK = best + headK + 78;
        bits |= bestMode << 6;
      }
    } else cK = NONE;
    back[i] = bits;
  }
  if (cA < NONE) cA += 3 * pA;
  if (cN < NONE) cN += NUMERIC_ROUND[qN]!;
  // Best final mode, then walk back storing each character's mode.
  let mode = BYTE;
  let best = cB;
  if (cA < best) {
    best = cA;
    mode = ALNUM;
  }
  if (cN < best) {
    best = cN;
    mode = NUMERIC;
  }
  if (cK < best) mode = KANJI;
  const modes = back; // reused: modes[i] overwrites back[i] after it is read
  for (let i = n - 1; i >= 0; i--) {
    const prev = (back[i]! >>> (mode * 2)) & 3;
    modes[i] = mode;
    mode = prev;
  }
  // Consecutive characters of one mode form one segment.
  const segs: QrSegment[] = [];
  for (let start = 0; start < n;) {
    const m = modes[start];
    let end = start + 1;
    while (end < n && modes[end] === m) end++;
    if (m === NUMERIC) segs.push(numericRange(text, start, end, bytes));
    else if (m === ALNUM) segs.push(alphanumericRange(text, start, end, bytes));
    else if (m === KANJI) segs.push(kanjiRange(text, start, end, table as Uint16Array, bytes));
    else {
      const data = utf8Bytes(text, start, end, bytes);
      segs.push({ mode: 'byte', numChars: data.length, bitLength: data.length * 8, data });
    }
    start = end;
  }
  return segs;
}
