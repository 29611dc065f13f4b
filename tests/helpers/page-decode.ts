/** Page-side decoding helpers for browser tests: zxing-wasm with its .wasm from our bundle (never a CDN). */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

let prepared = false;
function prepare() {
  if (prepared) return;
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  prepared = true;
}

export async function decodeImageData(img: ImageData): Promise<string | null> {
  prepare();
  // Fast pass first; the thorough one only when it finds nothing.
  for (const tryHarder of [false, true]) {
    const results = await readBarcodes(img, {
      formats: ['QRCode'],
      tryHarder,
      tryRotate: tryHarder,
      tryInvert: false,
      maxNumberOfSymbols: 1,
    });
    const hit = results.find((r) => r.isValid);
    if (hit) return hit.text;
  }
  return null;
}

export function bitmapToImageData(bitmap: ImageBitmap): ImageData {
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
}

export async function blobToImageData(blob: Blob): Promise<ImageData> {
  const bmp = await createImageBitmap(blob);
  try {
    return bitmapToImageData(bmp);
  } finally {
    bmp.close();
  }
}

/** Rasterises an SVG string the way a browser shows it (an <img>), at its own width/height. */
export async function svgToImageData(svg: string, size?: number): Promise<ImageData> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const w = size ?? img.naturalWidth;
    const h = size ?? img.naturalHeight;
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0, w, h);
    return ctx.getImageData(0, 0, w, h);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A small test logo: a coloured rounded badge with a dark letter, drawn on a canvas (PNG or JPEG). */
export async function makeLogo(type: 'image/png' | 'image/jpeg' = 'image/png', w = 120, h = 120): Promise<Blob> {
  const c = new OffscreenCanvas(w, h);
  const ctx = c.getContext('2d')!;
  if (type === 'image/jpeg') {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, w, h);
  }
  ctx.fillStyle = '#e11d48';
  ctx.beginPath();
  ctx.roundRect(4, 4, w - 8, h - 8, 18);
  ctx.fill();
  ctx.fillStyle = '#111827';
  ctx.font = `bold ${Math.round(h * 0.6)}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('Q', w / 2, h / 2);
  return c.convertToBlob({ type });
}

export const SVG_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><rect x="4" y="4" width="192" height="92" rx="20" fill="#2563eb"/><circle cx="60" cy="50" r="28" fill="#111827"/><rect x="110" y="25" width="60" height="50" fill="#f59e0b"/></svg>`;
