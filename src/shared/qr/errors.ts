/**
 * Errors of the encoder.
 *
 * Errors a caller can cause are typed: `DataTooLongError` (content over the capacity of the allowed versions)
 * and `RangeError` (invalid options or invalid segment content). A broken internal invariant is an
 * `Error` whose message starts with "QR encoder internal error" (a bug in this package, never the caller).
 */

/**
 * Thrown when the content does not fit in the largest allowed version at the chosen error-correction level.
 * Never a silent truncation. Both sizes are in bits of the data codeword stream (mode indicators, character
 * counts and data, before the terminator and padding).
 */
export class DataTooLongError extends Error {
  /** Data capacity of `maxVersion` at the chosen level, in bits (data codewords × 8). */
  readonly capacityBits: number;
  /** Bits the content needs at `maxVersion` (headers + data), in bits; larger than `capacityBits`. */
  readonly dataBits: number;
  /** The largest version that was tried (1–40). */
  readonly maxVersion: number;

  constructor(dataBits: number, capacityBits: number, maxVersion: number) {
    super('Data too long');
    this.name = 'DataTooLongError';
    this.dataBits = dataBits;
    this.capacityBits = capacityBits;
    this.maxVersion = maxVersion;
  }
}

/** Internal invariant check: failing means a bug in the encoder, not a caller error. */
export function assert(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`QR encoder internal error: ${what}`);
}
