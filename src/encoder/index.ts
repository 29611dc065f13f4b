/**
 * QRCraft's QR code encoder: ISO/IEC 18004:2015 Model 2, versions 1–40, levels L/M/Q/H, numeric,
 * alphanumeric, byte, kanji and ECI segments, masks chosen by the penalty rules or fixed.
 *
 * Layered as in nayuki's QR-Code-generator:
 *   encodeText(text)  →  makeSegments(text)  →  encodeSegments(segments)  →  QrMatrix
 * Results are plain data (structured-clone safe, they cross a Web Worker boundary). No DOM, no Node APIs.
 *
 * Caller errors: `RangeError` for invalid options or segment content, `DataTooLongError` for content that
 * does not fit `maxVersion`. Internal invariants throw `Error("QR encoder internal error: …")`.
 */
import { dataCodewords, interleavedCodewords } from './codewords.ts';
import { chooseMask, maskInput } from './mask.ts';
import { getTemplate, placeCodewordsT, transpose, unpack } from './matrix.ts';
import { chooseSegments } from './policy.ts';
import { charCountBits, getTotalBits, type ByteSource, type QrSegment } from './segments.ts';
import { DataTooLongError } from '../shared/qr/errors.ts';
import { ECLS, type Ecl } from '../shared/qr/vocabulary.ts';
import { MAX_VERSION, MIN_VERSION, eclIndex, numDataCodewords, type EclIndex } from './tables.ts';

export { DataTooLongError } from '../shared/qr/errors.ts';
export {
  makeAlphanumeric,
  makeBytes,
  makeEci,
  makeKanji,
  makeNumeric,
  utf8Encode,
  type QrSegment,
  type SegmentMode,
} from './segments.ts';
export type { Ecl } from '../shared/qr/vocabulary.ts';

/** An encoded symbol. `modules[y * size + x] === 1` is dark; row-major, no quiet zone. */
export interface QrMatrix {
  /** 1–40. */
  version: number;
  /** The level written in the format information (the requested one, or higher with `boostEcl`). */
  ecl: Ecl;
  /** Mask pattern 0–7 applied. */
  mask: number;
  /** Modules per side: 4 · version + 17 (21–177). */
  size: number;
  /** size × size bytes, 1 = dark, 0 = light. */
  modules: Uint8Array;
}

export interface EncodeOptions {
  /** Error-correction level; default 'M'. */
  ecl?: Ecl;
  /** Smallest version to use, 1–40; default 1. */
  minVersion?: number;
  /** Largest version to use, 1–40, ≥ minVersion; default 40. */
  maxVersion?: number;
  /** Mask 0–7, or −1 / undefined to choose by the penalty rules. */
  mask?: number;
  /** Raise the level while the data still fits the chosen version; default false (the requested level). */
  boostEcl?: boolean;
}

interface Options {
  ecl: EclIndex;
  minVersion: number;
  maxVersion: number;
  mask: number;
  boostEcl: boolean;
}

function checkVersion(name: string, v: unknown, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < MIN_VERSION || v > MAX_VERSION) {
    throw new RangeError(`Invalid ${name} ${String(v)}: expected an integer from 1 to 40`);
  }
  return v;
}

/** Validates options (RangeError with a clear message) and fills in the defaults. */
function readOptions(options: EncodeOptions | undefined): Options {
  const o = options ?? {};
  const ecl = o.ecl ?? 'M';
  if (ecl !== 'L' && ecl !== 'M' && ecl !== 'Q' && ecl !== 'H') {
    throw new RangeError(`Invalid ecl ${JSON.stringify(ecl)}: expected 'L', 'M', 'Q' or 'H'`);
  }
  const minVersion = checkVersion('minVersion', o.minVersion, MIN_VERSION);
  const maxVersion = checkVersion('maxVersion', o.maxVersion, MAX_VERSION);
  if (minVersion > maxVersion) {
    throw new RangeError(`Invalid version range: minVersion ${minVersion} is greater than maxVersion ${maxVersion}`);
  }
  const mask = o.mask ?? -1;
  if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < -1 || mask > 7) {
    throw new RangeError(`Invalid mask ${String(mask)}: expected an integer from 0 to 7, or -1 for automatic`);
  }
  const boostEcl = o.boostEcl ?? false;
  if (typeof boostEcl !== 'boolean') throw new RangeError('Invalid boostEcl: expected a boolean');
  return { ecl: eclIndex(ecl), minVersion, maxVersion, mask, boostEcl };
}

/** Data capacity in bits (data codewords × 8) of `version` (1–40) at level `ecl`; 72–23648. */
export function getCapacityBits(version: number, ecl: Ecl): number {
  const o = readOptions({ ecl, minVersion: version, maxVersion: version });
  return numDataCodewords(o.minVersion, o.ecl) * 8;
}

/**
 * Segments for `text` (the layer below `encodeText`): the bit-minimal mix of numeric, alphanumeric, byte
 * (UTF-8) and kanji segments for the smallest version of [minVersion, maxVersion] that fits at `ecl`, with
 * an ECI 26 (UTF-8) designator first where the text needs one (see policy.ts). If nothing fits, the
 * segments for maxVersion (encodeSegments will then throw DataTooLongError). Empty text: no segments.
 */
export function makeSegments(
  text: string,
  options?: Pick<EncodeOptions, 'ecl' | 'minVersion' | 'maxVersion'>,
): QrSegment[] {
  const o = readOptions(options);
  return chooseSegments(text, o.ecl, o.minVersion, o.maxVersion).segments;
}

/**
 * Encodes segments in the smallest version of [minVersion, maxVersion] that holds them at `ecl`.
 * Throws DataTooLongError when even maxVersion is too small, RangeError for invalid options.
 */
export function encodeSegments(segs: readonly QrSegment[], options?: EncodeOptions): QrMatrix {
  const o = readOptions(options);
  let version = o.minVersion;
  let usedBits: number;
  for (;;) {
    usedBits = getTotalBits(segs, version);
    if (usedBits <= numDataCodewords(version, o.ecl) * 8) break;
    if (version >= o.maxVersion) {
      throw tooLong(dataBitsIgnoringCounts(segs, version), version, o.ecl);
    }
    version++;
  }
  return encodeAt(segs, version, usedBits, o);
}

/** The error for content needing `dataBits` at `version`, with that version's capacity at every level. */
function tooLong(dataBits: number, version: number, ecl: EclIndex): DataTooLongError {
  const levels = Object.fromEntries(ECLS.map((level) => [level, numDataCodewords(version, eclIndex(level)) * 8]));
  return new DataTooLongError(
    dataBits,
    numDataCodewords(version, ecl) * 8,
    version,
    ECLS[ecl] as Ecl,
    levels as Record<Ecl, number>,
  );
}

/** Header + data bits at `version`, even where a character count overflows its indicator. */
function dataBitsIgnoringCounts(segs: readonly QrSegment[], version: number): number {
  let bits = 0;
  for (const s of segs) bits += 4 + charCountBits(s.mode, version) + s.bitLength;
  return bits;
}

/**
 * Encodes `text`: UTF-8 (with ECI where needed) or kanji per the policy, optimal segments, smallest version
 * in range. The empty string is a valid symbol with no segments (version `minVersion`, data = terminator
 * and padding only), which decoders read as empty text.
 */
export function encodeText(text: string, options?: EncodeOptions): QrMatrix {
  if (typeof text !== 'string') throw new TypeError('encodeText: text must be a string');
  const o = readOptions(options);
  scratchUsed = 0;
  const plan = chooseSegments(text, o.ecl, o.minVersion, o.maxVersion, undefined, scratchBytes);
  if (plan.version === 0) {
    throw tooLong(dataBitsIgnoringCounts(plan.segments, o.maxVersion), o.maxVersion, o.ecl);
  }
  return encodeAt(plan.segments, plan.version, plan.usedBits, o);
}

/** Capacity figures for the UI meter: what `encodeText(text, { ecl })` would use, without building it. */
export interface CapacityInfo {
  /** Version encodeText would choose (1–40), or 0 when the text does not fit version 40. */
  version: number;
  /** Bits the segments use in that version (or in version 40 when too long). */
  usedBits: number;
  /** Data capacity in bits of that version (or of version 40 when too long). */
  capacityBits: number;
  /** Data capacity of version 40 at this level, in bits. */
  maxCapacityBits: number;
  /** True when the text fits version 40. */
  fits: boolean;
}

/** Version and bit usage for `text` at `ecl` (versions 1–40); segments only, no codewords or matrix. */
export function measureCapacity(text: string, ecl: Ecl = 'M'): CapacityInfo {
  const o = readOptions({ ecl });
  scratchUsed = 0;
  const plan = chooseSegments(text, o.ecl, MIN_VERSION, MAX_VERSION, undefined, scratchBytes);
  const maxCapacityBits = numDataCodewords(MAX_VERSION, o.ecl) * 8;
  if (plan.version === 0) {
    return {
      version: 0,
      usedBits: dataBitsIgnoringCounts(plan.segments, MAX_VERSION),
      capacityBits: maxCapacityBits,
      maxCapacityBits,
      fits: false,
    };
  }
  return {
    version: plan.version,
    usedBits: plan.usedBits,
    capacityBits: numDataCodewords(plan.version, o.ecl) * 8,
    maxCapacityBits,
    fits: true,
  };
}

/**
 * Scratch arrays reused by every encode (the encoder is synchronous and not re-entrant), sized for version
 * 40: the packed matrix and its transpose (177 rows × 6 words), the merged tail column (mask.ts), the data
 * and the interleaved codewords (2,956 and 3,706 bytes). Of the typed arrays, only the returned `modules`
 * is allocated per symbol (segment data aside).
 */
const work = {
  data: new Uint32Array(177 * 6),
  dataT: new Uint32Array(177 * 6),
  merged: new Uint32Array(177),
  dataCw: new Uint8Array(2956),
  allCw: new Uint8Array(3706),
};

/**
 * Segment data for encodeText and measureCapacity, whose segments never leave the encoder: carved from one
 * reused buffer, emptied at each call, so that data over 64 bytes costs a view (about 30 ns in Chromium)
 * instead of a fresh off-heap array (about 650 ns: V8 keeps typed arrays of up to 64 bytes on its heap, larger
 * ones off it). Smaller data, and data past the end of the buffer, get fresh arrays.
 */
const segmentScratch = new Uint8Array(8192);
let scratchUsed = 0;
const scratchBytes: ByteSource = (length) => {
  if (length <= 64 || scratchUsed + length > segmentScratch.length) return new Uint8Array(length);
  const view = segmentScratch.subarray(scratchUsed, scratchUsed + length);
  scratchUsed += length;
  return view;
};

/** Codewords → matrix at a version known to fit; `usedBits` drives boostEcl. */
function encodeAt(segs: readonly QrSegment[], version: number, usedBits: number, o: Options): QrMatrix {
  let ecl = o.ecl;
  if (o.boostEcl) {
    while (ecl < 3 && usedBits <= numDataCodewords(version, (ecl + 1) as EclIndex) * 8) ecl = (ecl + 1) as EclIndex;
  }
  const codewords = interleavedCodewords(dataCodewords(segs, version, ecl, work.dataCw), version, ecl, work.allCw);
  const tpl = getTemplate(version, ecl);
  const { size, words } = tpl;
  // The whole scratch arrays are passed (no subarray views): every user reads and writes only the part the
  // version needs.
  const { data, dataT } = work;
  placeCodewordsT(tpl, codewords, dataT);
  transpose(dataT, data, size, words);
  let mask = o.mask;
  if (mask === -1) mask = chooseMask(maskInput(tpl, data, dataT, work.merged), tpl);
  // ecl in [0, 3]; mask in [0, 7] (readOptions checked it, chooseMask returns one).
  return { version, ecl: ECLS[ecl]!, mask, size, modules: unpack(data, tpl.planes[mask]!, size, words) };
}
