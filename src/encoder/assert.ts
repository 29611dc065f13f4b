/** Internal invariant check: failing means a bug in the encoder, not a caller error. */
export function assert(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`QR encoder internal error: ${what}`);
}
