/**
 * A hosted page's image through the real QR worker (comlink, module worker, Chromium): a phone photo stored sideways
 * with EXIF orientation 6 and a GPS position comes out upright, at most 2000 px on its longest side, re-encoded as
 * WebP with no EXIF block and none of the GPS bytes; a small image is not enlarged; bytes that are not an image are
 * BAD_IMAGE. The photo is made by exifPhoto.ts: a JPEG from a canvas with an APP1 EXIF segment written byte by byte.
 */
import { afterEach, expect, test } from 'vitest';
import { QrClient, QrError } from '../../../src/worker-client/index.ts';
import { LATITUDE, sidewaysPhoto } from './exifPhoto.ts';

let clients: QrClient[] = [];
const client = () => {
  const c = new QrClient();
  clients.push(c);
  return c;
};
afterEach(() => {
  clients.forEach((c) => c.terminate());
  clients = [];
});

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const latitudeBytes = LATITUDE.flatMap((v) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);

async function pixel(blob: Blob, x: number, y: number): Promise<number[]> {
  const bitmap = await createImageBitmap(blob);
  const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

test('a sideways phone photo with GPS comes out upright, ≤ 2000 px, WebP, without EXIF or the GPS bytes', async () => {
  const { photo, plain } = await sidewaysPhoto();
  // The fixture is what it claims: the same JPEG without the EXIF segment is wide, with it the browser reads
  // orientation 6 and stands it upright; and it holds the EXIF and GPS bytes.
  const asStored = await createImageBitmap(plain);
  const upright = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  expect([asStored.width, asStored.height, upright.width, upright.height]).toEqual([3000, 1000, 1000, 3000]);
  const input = new Uint8Array(await photo.arrayBuffer());
  expect([contains(input, ascii('Exif\0\0')), contains(input, latitudeBytes)]).toEqual([true, true]);

  const out = await client().prepareImage({ blob: photo });
  expect([out.type, out.blob.type, out.width, out.height]).toEqual(['image/webp', 'image/webp', 667, 2000]);
  const bytes = new Uint8Array(await out.blob.arrayBuffer());
  expect([...bytes.subarray(0, 4), ...bytes.subarray(8, 12)]).toEqual([...ascii('RIFF'), ...ascii('WEBP')]);
  expect(contains(bytes, ascii('Exif'))).toBe(false);
  expect(contains(bytes, ascii('EXIF'))).toBe(false);
  expect(contains(bytes, latitudeBytes)).toBe(false);
  // Upright: the stored left half (red) is now the top, the right half (blue) the bottom.
  const [top, bottom] = [await pixel(out.blob, 333, 20), await pixel(out.blob, 333, 1980)];
  expect(top[0]! > 200 && top[2]! < 60, `top ${top}`).toBe(true);
  expect(bottom[2]! > 200 && bottom[0]! < 60, `bottom ${bottom}`).toBe(true);
});

test('a small image is re-encoded at its own size (or smaller, as JPEG, when asked), and bytes that are not an image are BAD_IMAGE', async () => {
  const canvas = new OffscreenCanvas(40, 30);
  canvas.getContext('2d')!.fillRect(0, 0, 40, 30);
  const png = await canvas.convertToBlob({ type: 'image/png' });
  const out = await client().prepareImage({ blob: png });
  expect([out.type, out.width, out.height]).toEqual(['image/webp', 40, 30]);
  // A vCard photo: a JPEG (on white), at the side asked for.
  const photo = await client().prepareImage({ blob: png, maxSide: 20, format: 'jpeg' });
  expect([photo.type, photo.blob.type, photo.width, photo.height]).toEqual(['image/jpeg', 'image/jpeg', 20, 15]);
  expect([...new Uint8Array(await photo.blob.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'image/jpeg' });
  const error = await client()
    .prepareImage({ blob: html })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(QrError);
  expect((error as QrError).code).toBe('BAD_IMAGE');
});
