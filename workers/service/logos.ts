/** The logo cache: logos the page sends, their bitmaps, and the forms the SVG, PDF and EPS exports embed. */
import type { EpsLogo } from '../../src/render/eps.ts';
import { QrError } from '../../src/shared/qr/errors.ts';
import { LOGO_TYPES, MAX_LOGO_BYTES } from '../../src/shared/qr/vocabulary.ts';
import { type LogoInfo, type LogoInput, type QrRequest } from '../contract.ts';
import type { LogoEntry, QrServiceState } from './state.ts';

export async function putLogo(state: QrServiceState, input: LogoInput): Promise<LogoInfo> {
  const { id, blob } = input;
  if (!id || !(blob instanceof Blob)) throw new QrError('BAD_LOGO', 'A logo needs an id and a file');
  if (!(LOGO_TYPES as readonly string[]).includes(blob.type))
    throw new QrError('BAD_LOGO', 'Logo must be PNG, JPEG or SVG', { mime: blob.type });
  if (blob.size > MAX_LOGO_BYTES)
    throw new QrError('BAD_LOGO', 'Logo is larger than 2 MB', { bytes: blob.size, max: MAX_LOGO_BYTES });
  let bitmap = input.bitmap;
  if (!bitmap) {
    if (blob.type === 'image/svg+xml')
      throw new QrError('BAD_LOGO', 'An SVG logo must come with a bitmap rasterised by the page');
    try {
      bitmap = await createImageBitmap(blob);
    } catch {
      throw new QrError('BAD_LOGO', 'The logo file could not be decoded', { mime: blob.type });
    }
  }
  state.logos.get(id)?.bitmap.close();
  state.lastPng = null;
  const info = { id, width: bitmap.width, height: bitmap.height, mime: blob.type };
  state.logos.set(id, { info, blob, bitmap });
  return info;
}

export async function dropLogo(state: QrServiceState, id: string): Promise<void> {
  state.logos.get(id)?.bitmap.close();
  state.logos.delete(id);
  state.lastPng = null;
}

export function logoFor(state: QrServiceState, req: QrRequest): LogoEntry | null {
  const id = req.style.logoId;
  if (!id) return null;
  const entry = state.logos.get(id);
  if (!entry) throw new QrError('UNKNOWN_LOGO', 'Logo not loaded in the worker (send it again)', { logoId: id });
  return entry;
}

export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type};base64,${btoa(bin)}`;
}

/** Logo pixels for EPS and PDF: at most `maxSide` px on the long side, alpha composited on the background. */
export function logoPixels(bitmap: ImageBitmap, bg: string, maxSide: number): EpsLogo {
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const c = new OffscreenCanvas(w, h);
  const ctx = c.getContext('2d');
  if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(bitmap, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h).data;
  const rgb = new Uint8Array(w * h * 3);
  // data is w x h RGBA (4 bytes a pixel, length a multiple of 4), so i + 2 < data.length.
  for (let i = 0, j = 0; i < data.length; i += 4) {
    rgb[j++] = data[i]!;
    rgb[j++] = data[i + 1]!;
    rgb[j++] = data[i + 2]!;
  }
  return { width: w, height: h, rgb };
}
