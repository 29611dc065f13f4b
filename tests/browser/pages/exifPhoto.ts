// A phone photo as a test fixture, made in the browser: a JPEG from a canvas with an APP1 EXIF segment written byte
// by byte (orientation 6, a GPS latitude), so the tests know exactly which bytes must not survive an upload.

/** 52° 31' 12.34" N as the three RATIONALs of GPSLatitude (big-endian): bytes the output must not hold. */
export const LATITUDE = [52, 1, 31, 1, 1234, 100];

/** An APP1 EXIF segment (big-endian TIFF): IFD0 with Orientation and a GPS IFD pointer; GPS IFD with N and a latitude. */
function exifSegment(orientation: number): Uint8Array {
  const tiff = new DataView(new ArrayBuffer(92));
  let at = 0;
  const u16 = (v: number) => {
    tiff.setUint16(at, v);
    at += 2;
  };
  const u32 = (v: number) => {
    tiff.setUint32(at, v);
    at += 4;
  };
  /** One 12-byte IFD entry: tag, type, count, then its 4-byte value or offset. */
  const entry = (tag: number, type: number, count: number, value: () => void) => {
    u16(tag);
    u16(type);
    u32(count);
    value();
  };
  u16(0x4d4d); // "MM"
  u16(42);
  u32(8); // IFD0 offset
  u16(2); // IFD0: 2 entries
  entry(0x0112, 3, 1, () => (u16(orientation), u16(0))); // Orientation (SHORT)
  entry(0x8825, 4, 1, () => u32(38)); // the GPS IFD, at 38
  u32(0); // no next IFD
  u16(2); // GPS IFD: 2 entries
  entry(0x0001, 2, 2, () => (u16(0x4e00), u16(0))); // GPSLatitudeRef "N"
  entry(0x0002, 5, 3, () => u32(68)); // GPSLatitude: three RATIONALs at 68
  u32(0);
  for (const v of LATITUDE) u32(v);
  const body = new Uint8Array(tiff.buffer, 0, at);
  const head = [0xff, 0xe1, ((body.length + 8) >> 8) & 0xff, (body.length + 8) & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0];
  return new Uint8Array([...head, ...body]);
}

/** `jpeg` with the EXIF segment put after its JFIF APP0 segment (where cameras write it). */
function withExif(jpeg: Uint8Array, exif: Uint8Array): Uint8Array<ArrayBuffer> {
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
  const out = new Uint8Array(new ArrayBuffer(jpeg.length + exif.length));
  out.set(jpeg.subarray(0, at));
  out.set(exif, at);
  out.set(jpeg.subarray(at), at + exif.length);
  return out;
}

/** A 3000 × 1000 photo stored sideways: red left half, blue right half; orientation 6 shows it upright, red on top. */
export async function sidewaysPhoto(): Promise<{ photo: Blob; plain: Blob }> {
  const canvas = new OffscreenCanvas(3000, 1000);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 1500, 1000);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(1500, 0, 1500, 1000);
  const jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
  return {
    photo: new Blob([withExif(jpeg, exifSegment(6))], { type: 'image/jpeg' }),
    plain: new Blob([jpeg.slice()], { type: 'image/jpeg' }),
  };
}
