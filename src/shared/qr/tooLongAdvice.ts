import type { Ecl } from './vocabulary.ts';

/**
 * What the encoder knows when content does not fit (a DataTooLongError's figures): the bits the content needs
 * at the largest allowed version, and that version's data capacity at each level. The bits a content needs at
 * a given version do not depend on the level, so "does it fit at level X" is `dataBits <= levelCapacityBits[X]`.
 */
export interface TooLongFacts {
  dataBits: number;
  maxVersion: number;
  /** The level the content was encoded at. */
  ecl: Ecl;
  /** Data capacity of `maxVersion` at each level, in bits (data codewords × 8). */
  levelCapacityBits: Readonly<Record<Ecl, number>>;
}

/** From the most to the least error correction: a lower level holds more. */
const LOWER_LEVELS: Record<Ecl, readonly Ecl[]> = { H: ['Q', 'M', 'L'], Q: ['M', 'L'], M: ['L'], L: [] };

/** Bits of a byte segment's header at versions 10–40 (4-bit mode, 16-bit count): what "holds N bytes" leaves out. */
const BYTE_HEADER_BITS = 20;

const count = (n: number) => n.toLocaleString('en-US');
const bytes = (n: number) => `${count(n)} byte${n === 1 ? '' : 's'}`;

/** Bytes to cut so that `dataBits` fits in `capacityBits` (whole bytes, at least 1). */
export function bytesOver(dataBits: number, capacityBits: number): number {
  return Math.max(1, Math.ceil((dataBits - capacityBits) / 8));
}

/** Bytes of text the largest code holds in one byte segment at `capacityBits`. */
export function bytesHeld(capacityBits: number): number {
  return Math.max(0, Math.floor((capacityBits - BYTE_HEADER_BITS) / 8));
}

/**
 * The one wording for content that does not fit, shared by the generator, the bulk row check and the API:
 * how much to cut at the chosen level; a lower level only when that level holds the content as it is; and when
 * no level holds it, that a link (a dynamic code points to a page of any length) is the way for long content.
 */
export function tooLongAdvice(facts: TooLongFacts): string {
  const { dataBits, maxVersion, ecl, levelCapacityBits } = facts;
  const capacity = levelCapacityBits[ecl];
  const over = bytesOver(dataBits, capacity);
  const head =
    `Too long for a QR code by about ${bytes(over)} at error level ${ecl}: ` +
    `the largest code (version ${maxVersion}) holds about ${bytes(bytesHeld(capacity))} at this level.`;
  const fitsAt = LOWER_LEVELS[ecl].find((level) => dataBits <= levelCapacityBits[level]);
  if (fitsAt) return `${head} Cut about ${bytes(over)}, or choose error level ${fitsAt}, which holds it as it is.`;
  return (
    `${head} Cut about ${bytes(over)}. ` +
    'For long text or a file, put it on a web page and encode its link: a dynamic code (signed in) points to a page of any length.'
  );
}
