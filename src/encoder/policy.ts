/**
 * Text → segments policy: which modes and designators a text gets, and for which version.
 *
 * Decided by measurement with three independent decoders (ZXing-C++ via zxing-wasm, jsQR, zbar); the
 * measurement is tests/unit/encoder/decoders-agree.test.ts, the figures are in docs/encoder.md:
 *   - UTF-8 in byte mode without ECI: zbar guesses the charset and misreads short or Latin-1 text.
 *   - UTF-8 in byte mode after ECI 26: read right by all three.
 *   - Kanji mode with byte segments that hold only ASCII, no ECI: read right by all three.
 *   - Kanji mode next to byte segments holding non-ASCII UTF-8 (no ECI): zbar misreads the byte part.
 *   - Kanji mode after ECI 26: ZXing-C++ and zbar misread it.
 * Hence:
 *   - ASCII text: numeric / alphanumeric / byte, no ECI.
 *   - Other text: ECI 26 + numeric / alphanumeric / UTF-8 byte ('utf8-eci'); or, when every non-ASCII
 *     character is a JIS X 0208 character, kanji for all non-ASCII characters and numeric / alphanumeric /
 *     byte for ASCII, no ECI ('kanji'), whichever is shorter (ties: 'kanji').
 */
import {
  freshBytes,
  getTotalBits,
  isKanjiOrAscii,
  makeEci,
  numericRange,
  segmentOptimally,
  type ByteSource,
  type QrSegment,
} from './segments.ts';
import { numDataCodewords, type EclIndex } from './tables.ts';

/**
 * How a text is written:
 *   'plain'     numeric / alphanumeric / byte (UTF-8), no ECI, no kanji;
 *   'utf8-eci'  ECI 26 first, then as 'plain';
 *   'kanji'     every non-ASCII character in kanji mode, ASCII as 'plain', no ECI;
 *   'mixed'     kanji mode where it is shorter, non-ASCII also in UTF-8 bytes, no ECI (measured, not used);
 *   'mixed-eci' ECI 26 first, then as 'mixed' (measured, not used).
 */
export type TextVariant = 'plain' | 'utf8-eci' | 'kanji' | 'mixed' | 'mixed-eci';

export interface SegmentPlan {
  segments: QrSegment[];
  /** Smallest version in range that holds the segments, or 0 when none does. */
  version: number;
  /** Bits the segments use in `version` (in maxVersion when `version` is 0). */
  usedBits: number;
}

/** Segments of `text` written as `variant`, optimal for the version group of `version`; data from `bytes`. */
export function segmentsAs(
  text: string,
  variant: TextVariant,
  version: number,
  bytes: ByteSource = freshBytes,
): QrSegment[] {
  if (text.length === 0) return [];
  switch (variant) {
    case 'plain':
      return isAllDigits(text)
        ? [numericRange(text, 0, text.length, bytes)]
        : segmentOptimally(text, version, 'off', bytes);
    case 'utf8-eci':
      return [makeEci(26), ...segmentOptimally(text, version, 'off', bytes)];
    case 'kanji':
      return segmentOptimally(text, version, 'exclusive', bytes);
    case 'mixed':
      return segmentOptimally(text, version, 'mixed', bytes);
    case 'mixed-eci':
      return [makeEci(26), ...segmentOptimally(text, version, 'mixed', bytes)];
  }
}

function isAllDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Lower bound of the data bits of any segmentation of `text` (no headers), and whether it is ASCII. */
function lowerBound(text: string): { minBits: number; ascii: boolean } {
  let sixths = 0;
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39)
      sixths += 20; // numeric 10/3 bits
    else if (c < 0x80)
      sixths += 33; // at least alphanumeric 5.5 bits
    else {
      sixths += 48; // kanji 13 bits, UTF-8 ≥ 16 bits (surrogate halves 16 each)
      ascii = false;
    }
  }
  return { minBits: Math.ceil(sixths / 6), ascii };
}

const GROUPS = [
  [1, 9],
  [10, 26],
  [27, 40],
] as const;

/**
 * Segments for the smallest version in [minVersion, maxVersion] that holds `text` at `ecl`. Segmentation is
 * optimal per version group (character count lengths differ for versions 1–9, 10–26, 27–40); groups are
 * tried in increasing order. `variants` overrides the policy (for measurement); by default the policy above.
 * `bytes`: where the segments' data goes (fresh arrays unless the caller keeps the segments to itself).
 */
export function chooseSegments(
  text: string,
  ecl: EclIndex,
  minVersion: number,
  maxVersion: number,
  variants?: readonly TextVariant[],
  bytes: ByteSource = freshBytes,
): SegmentPlan {
  const { minBits, ascii } = lowerBound(text);
  const candidates: readonly TextVariant[] =
    variants ?? (ascii ? ['plain'] : isKanjiOrAscii(text) ? ['kanji', 'utf8-eci'] : ['utf8-eci']);
  let segments: QrSegment[] = [];
  for (const [g0, g1] of GROUPS) {
    const lo = Math.max(g0, minVersion);
    const hi = Math.min(g1, maxVersion);
    if (lo > hi) continue;
    // Skip a group whose largest allowed version cannot hold even the lower bound.
    if (hi < maxVersion && minBits > numDataCodewords(hi, ecl) * 8) continue;
    let bits = Infinity;
    for (let i = 0; i < candidates.length; i++) {
      const segs = segmentsAs(text, candidates[i]!, hi, bytes);
      const b = getTotalBits(segs, hi); // Infinity when a character count overflows its indicator
      if (i === 0 || b < bits) {
        bits = b;
        segments = segs;
      }
    }
    if (bits > numDataCodewords(hi, ecl) * 8) continue;
    // Character count lengths are the same throughout a group, so the segments take `bits` in every version
    // of it: the first version whose capacity holds them wins.
    for (let v = lo; v <= hi; v++) {
      if (bits <= numDataCodewords(v, ecl) * 8) return { segments, version: v, usedBits: bits };
    }
  }
  return { segments, version: 0, usedBits: getTotalBits(segments, maxVersion) };
}
