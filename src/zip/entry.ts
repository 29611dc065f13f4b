/**
 * One file as it goes into a ZIP archive, made where its bytes are (the QR worker, for bulk creation): the
 * CRC-32 and size of the original bytes, and the data as stored (the file's own Blob) or deflated. The page then
 * places the Blob in the archive without reading it (`ZipWriter`).
 */
import { ZipDeflate, ZipPassThrough } from 'fflate';
import type { ZipEntryData } from '../shared/zip/entryData.ts';

/** Text formats (SVG, EPS, CSV) shrink several times at this level; higher levels cost more than they save. */
const DEFLATE_LEVEL = 6;

/**
 * The entry for `bytes`. fflate's ZIP entry streams compute the CRC-32 (and deflate); only their output and
 * their `crc` are used, the archive itself is written by `ZipWriter`. `stored` is the Blob `bytes` came from,
 * reused as the stored data instead of a copy.
 */
export function zipEntryOf(bytes: Uint8Array<ArrayBuffer>, deflate: boolean, stored?: Blob): ZipEntryData {
  const stream = deflate ? new ZipDeflate('', { level: DEFLATE_LEVEL }) : new ZipPassThrough('');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  stream.ondata = (error, chunk) => {
    if (error) throw error;
    chunks.push(chunk as Uint8Array<ArrayBuffer>);
  };
  stream.push(bytes, true);
  const data = deflate || !stored ? new Blob(chunks) : stored;
  return { data, crc32: stream.crc, size: bytes.byteLength, method: deflate ? 8 : 0 };
}

/** The entry for a Blob's bytes, read once. */
export async function zipEntryOfBlob(blob: Blob, deflate: boolean): Promise<ZipEntryData> {
  return zipEntryOf(new Uint8Array(await blob.arrayBuffer()), deflate, blob);
}
