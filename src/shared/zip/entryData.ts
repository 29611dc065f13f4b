/**
 * One file as it sits in a ZIP archive, with what its headers say about it. A type of its own, with no imports:
 * the worker contract names it, the ZIP writer (src/zip, on fflate) makes and reads it, and the page passes it on.
 */
export interface ZipEntryData {
  /** The bytes as they sit in the archive: the file itself when stored, its raw DEFLATE stream when deflated. */
  data: Blob;
  /** CRC-32 of the original (uncompressed) bytes. */
  crc32: number;
  /** Size of the original bytes. */
  size: number;
  /** ZIP compression method: 0 stored, 8 deflated. */
  method: 0 | 8;
}
