/// <reference lib="webworker" />
/**
 * The scan check's readers (decoders.ts: ZXing-C++, zbar, jsQR; about 500 KB gzip of wasm, from our own bundle)
 * in a worker of their own. The QR worker starts it for its first scan check, so loading or running the readers
 * never holds up a preview or an export, and a worker whose readers fail to load is replaced by the next check.
 */
import { expose } from 'comlink';
import { QrError } from '../src/shared/qr/errors.ts';
import type { ScanReader } from './contract.ts';
import { DECODERS, readWithAll } from './decoders.ts';
import { DEGRADATIONS, PHONE_CHECK_PX_PER_MODULE } from './degradations.ts';
import { capture, photoScene } from './phonePhoto.ts';

export interface ScanReport {
  /** What ZXing read from the export as it is. */
  decoded: string | null;
  /** Readers that read the exact content from the export, and from the phone photo at the first size tried. */
  clean: ScanReader[];
  phonePhoto: ScanReader[];
  /** The fewest pixels per module (of PHONE_CHECK_PX_PER_MODULE) at which every reader read the phone photo. */
  phonePhotoPxPerModule: number | null;
}

function pixels(bitmap: ImageBitmap): ImageData {
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = c.getContext('2d');
  if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
  // A transparent export is read as it would be seen: over white paper (transparent pixels are black to a reader).
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
}

const api = {
  /**
   * Reads `image` (an export whose modules are `modulePx` pixels wide) with every reader, then its phone-photo
   * copies (degradations.ts) from the largest size down, stopping at the first size a reader misses.
   */
  async check(image: Blob | ImageData, content: string, modulePx: number): Promise<ScanReport> {
    const bitmap = await createImageBitmap(image);
    try {
      const readers = (read: Record<ScanReader, string | null>) => DECODERS.filter((d) => read[d] === content);
      const clean = await readWithAll(pixels(bitmap));
      let phonePhoto: ScanReader[] = [];
      let phonePhotoPxPerModule: number | null = null;
      const scene = photoScene(bitmap, modulePx, DEGRADATIONS.phonePhoto);
      for (const [i, pxPerModule] of PHONE_CHECK_PX_PER_MODULE.entries()) {
        const read = readers(await readWithAll(await capture(scene, pxPerModule, DEGRADATIONS.phonePhoto)));
        if (i === 0) phonePhoto = read;
        if (read.length < DECODERS.length) break;
        phonePhotoPxPerModule = pxPerModule;
      }
      return { decoded: clean.zxing, clean: readers(clean), phonePhoto, phonePhotoPxPerModule };
    } finally {
      bitmap.close();
    }
  },
};

export type ScanWorkerApi = typeof api;

expose(api);
