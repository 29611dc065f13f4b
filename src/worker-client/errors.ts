/** Re-creates typed errors on the page side from the worker's plain WireError data. */
import { DataTooLongError } from '../encoder/errors.ts';
import { isWireError, QrError } from '../render/errors.ts';

export { QrError, DataTooLongError };

export function fromWire(e: unknown): Error {
  if (!isWireError(e)) return e instanceof Error ? e : new Error(String(e));
  if (e.code === 'DATA_TOO_LONG') {
    const d = e.details;
    return new DataTooLongError(Number(d.dataBits), Number(d.capacityBits), Number(d.maxVersion));
  }
  const err = new QrError(e.code, e.message, e.details);
  return err;
}

/** The `code` of any error this client throws ('DATA_TOO_LONG' for DataTooLongError), or null. */
export function errorCode(e: unknown): string | null {
  if (e instanceof DataTooLongError) return 'DATA_TOO_LONG';
  if (e instanceof QrError) return e.code;
  return null;
}
