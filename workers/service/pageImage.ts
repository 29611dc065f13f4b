/**
 * Images for hosted pages (the upload module, src/features/pageFiles): decoded with `imageOrientation:
 * 'from-image'` so a phone photo stands the way it was taken, scaled to at most PAGE_IMAGE_MAX_SIDE on its longest
 * side (or a smaller `maxSide`), and re-encoded from pixels (WebP, or JPEG when asked: a vCard photo). Re-encoding
 * is what strips the metadata: the new file is written from the canvas and carries no EXIF, GPS location or XMP
 * block of the original.
 */
import { QrError } from '../../src/shared/qr/errors.ts';
import { PAGE_IMAGE_MAX_SIDE } from '../../src/shared/pages/files.ts';
import type { PageImageInput, PreparedPageImage } from '../contract.ts';

/** WebP at this quality is close to the original at phone sizes and about a third of a JPEG's bytes. */
const QUALITY = 0.85;

export async function prepareImage(input: PageImageInput): Promise<PreparedPageImage> {
  const { blob } = input;
  const maxSide = Math.min(PAGE_IMAGE_MAX_SIDE, Math.max(1, Math.floor(input.maxSide ?? PAGE_IMAGE_MAX_SIDE)));
  if (!(blob instanceof Blob) || blob.size === 0) throw new QrError('BAD_IMAGE', 'The image file is empty');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    throw new QrError('BAD_IMAGE', 'The image could not be read: it may be damaged or not a JPEG, PNG or WebP', {
      mime: blob.type,
    });
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    let out = input.format === 'jpeg' ? null : await canvas.convertToBlob({ type: 'image/webp', quality: QUALITY });
    // JPEG when asked, or when the browser cannot write WebP (it answers PNG): on white, JPEG has no transparency.
    if (!out || out.type !== 'image/webp') {
      ctx.globalCompositeOperation = 'destination-over';
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      out = await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
    }
    if (out.type !== 'image/webp' && out.type !== 'image/jpeg') {
      throw new QrError('BAD_IMAGE', 'This browser cannot encode the image for upload', { mime: out.type });
    }
    return { blob: out, type: out.type, width, height };
  } finally {
    bitmap.close();
  }
}
