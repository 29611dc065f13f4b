/**
 * A ZIP archive written as a sequence of parts (PKWARE APPNOTE 6.3.10): for each file a local header, then its
 * data as it came (a Blob, placed by reference: the page never reads a file's bytes), and at the end the central
 * directory. The entries come with their CRC-32 and sizes (`zipEntryOf`, run where the bytes are), so no data
 * descriptor follows the data. ZIP64 records are written only where a field would overflow: more than 65,535
 * entries, or an offset of 4 GiB or more (a large bulk run reaches both).
 *
 * Why not fflate's `Zip`: it takes the file's bytes and computes their CRC itself, so every byte of a bulk run
 * went through the page's main thread; here the archive is composed of the workers' Blobs.
 */
import type { ZipEntryData } from '../shared/zip/entryData.ts';

export type ZipPart = Uint8Array<ArrayBuffer> | Blob;

/** How many bytes a part adds to the archive. */
export const partBytes = (part: ZipPart): number => (part instanceof Blob ? part.size : part.byteLength);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END_OF_CENTRAL = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA_ID = 0x0001;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 0x0800;
/** "Version needed to extract": 2.0 (deflate), 4.5 (ZIP64). */
const VERSION_DEFLATE = 20;
const VERSION_ZIP64 = 45;
/**
 * "Version made by": Unix (3) in the high byte, 4.5. With MS-DOS there, Info-ZIP's unzip reads names as the DOS
 * code page despite the UTF-8 flag; with Unix it takes them as they are, and the external attributes as a mode.
 */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--, in the high 16 bits of the external attributes (Unix hosts). */
const FILE_MODE = (0o100644 << 16) >>> 0;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

/** MS-DOS date and time (local time, 2-second steps, years 1980-2107), as ZIP headers hold them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, date.getFullYear()));
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function setU64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value % 2 ** 32, true);
  view.setUint32(at + 4, Math.floor(value / 2 ** 32), true);
}

export class ZipWriter {
  private readonly emit: (part: ZipPart) => void;
  private readonly stamp: { time: number; date: number };
  /** Offsets at or above this get ZIP64 records; lowered only by tests, to write them for a small archive. */
  private readonly zip64From: number;
  private readonly central: Uint8Array<ArrayBuffer>[] = [];
  private centralBytes = 0;
  private finished = false;
  /** Bytes emitted so far. */
  offset = 0;

  constructor(emit: (part: ZipPart) => void, options: { modified?: Date; zip64From?: number } = {}) {
    this.emit = emit;
    this.stamp = dosDateTime(options.modified ?? new Date());
    this.zip64From = options.zip64From ?? MAX_32;
  }

  get entries(): number {
    return this.central.length;
  }

  /** Adds one file; its name is UTF-8, at most 65,535 bytes. Files of 4 GiB or more are refused. */
  add(name: string, entry: ZipEntryData): void {
    if (this.finished) throw new Error('The ZIP archive is already finished');
    const nameBytes = new TextEncoder().encode(name);
    if (nameBytes.byteLength > MAX_16) throw new RangeError(`A file name in a ZIP is at most ${MAX_16} bytes`);
    const compressed = entry.data.size;
    if (entry.size >= MAX_32 || compressed >= MAX_32)
      throw new RangeError(`${name}: a file of 4 GiB or more cannot go into this archive`);
    const start = this.offset;

    const local = new Uint8Array(30 + nameBytes.byteLength);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, LOCAL_HEADER, true);
    lv.setUint16(4, VERSION_DEFLATE, true);
    lv.setUint16(6, UTF8_NAME, true);
    lv.setUint16(8, entry.method, true);
    lv.setUint16(10, this.stamp.time, true);
    lv.setUint16(12, this.stamp.date, true);
    lv.setUint32(14, entry.crc32 >>> 0, true);
    lv.setUint32(18, compressed, true);
    lv.setUint32(22, entry.size, true);
    lv.setUint16(26, nameBytes.byteLength, true);
    lv.setUint16(28, 0, true);
    local.set(nameBytes, 30);
    this.emit(local);
    this.emit(entry.data);
    this.offset += local.byteLength + compressed;

    // The central record: the same fields, and where the local header is (in a ZIP64 field past 4 GiB).
    const zip64 = start >= this.zip64From;
    const extra = zip64 ? 12 : 0;
    const record = new Uint8Array(46 + nameBytes.byteLength + extra);
    const cv = new DataView(record.buffer);
    cv.setUint32(0, CENTRAL_HEADER, true);
    cv.setUint16(4, MADE_BY, true);
    cv.setUint16(6, zip64 ? VERSION_ZIP64 : VERSION_DEFLATE, true);
    cv.setUint16(8, UTF8_NAME, true);
    cv.setUint16(10, entry.method, true);
    cv.setUint16(12, this.stamp.time, true);
    cv.setUint16(14, this.stamp.date, true);
    cv.setUint32(16, entry.crc32 >>> 0, true);
    cv.setUint32(20, compressed, true);
    cv.setUint32(24, entry.size, true);
    cv.setUint16(28, nameBytes.byteLength, true);
    cv.setUint16(30, extra, true);
    // Comment length, disk number, internal attributes (32-37): 0.
    cv.setUint32(38, FILE_MODE, true);
    cv.setUint32(42, zip64 ? MAX_32 : start, true);
    record.set(nameBytes, 46);
    if (zip64) {
      const at = 46 + nameBytes.byteLength;
      cv.setUint16(at, ZIP64_EXTRA_ID, true);
      cv.setUint16(at + 2, 8, true);
      setU64(cv, at + 4, start);
    }
    this.central.push(record);
    this.centralBytes += record.byteLength;
  }

  /** Writes the central directory and the end records. Nothing can be added after. */
  finish(): void {
    if (this.finished) throw new Error('The ZIP archive is already finished');
    this.finished = true;
    const count = this.central.length;
    const centralStart = this.offset;
    const centralSize = this.centralBytes;
    for (const record of this.central) this.emit(record);
    this.central.length = 0;
    this.offset += centralSize;

    const zip64 = count > MAX_16 || centralStart >= this.zip64From || centralSize >= this.zip64From;
    const tail = new Uint8Array((zip64 ? 56 + 20 : 0) + 22);
    const tv = new DataView(tail.buffer);
    let at = 0;
    if (zip64) {
      tv.setUint32(0, ZIP64_END_OF_CENTRAL, true);
      setU64(tv, 4, 44); // size of the rest of this record
      tv.setUint16(12, MADE_BY, true);
      tv.setUint16(14, VERSION_ZIP64, true);
      // Disk numbers (16, 20): 0.
      setU64(tv, 24, count);
      setU64(tv, 32, count);
      setU64(tv, 40, centralSize);
      setU64(tv, 48, centralStart);
      tv.setUint32(56, ZIP64_LOCATOR, true);
      // Disk with the ZIP64 end record (60): 0.
      setU64(tv, 64, this.offset);
      tv.setUint32(72, 1, true); // disks in all
      at = 76;
    }
    tv.setUint32(at, END_OF_CENTRAL, true);
    // Disk numbers (at + 4, at + 6): 0.
    tv.setUint16(at + 8, zip64 ? MAX_16 : count, true);
    tv.setUint16(at + 10, zip64 ? MAX_16 : count, true);
    tv.setUint32(at + 12, zip64 ? MAX_32 : centralSize, true);
    tv.setUint32(at + 16, zip64 ? MAX_32 : centralStart, true);
    // Comment length (at + 20): 0.
    this.emit(tail);
    this.offset += tail.byteLength;
  }
}
