/**
 * Applies a Degradation (degradations.ts) to a clean export with OffscreenCanvas, in the order a camera sees a
 * print: geometry (rotation, keystone) and light on the paper first, then the sensor's sampling (shrink), the
 * optics' blur, and the JPEG encoder last.
 */
import { QrError } from '../src/shared/qr/errors.ts';
import type { Degradation } from './degradations.ts';

/** White: the paper around the print, what the camera sees past the export's edges. */
const PAPER = '#ffffff';

function canvas2d(w: number, h: number): [OffscreenCanvas, OffscreenCanvasRenderingContext2D] {
  const c = new OffscreenCanvas(Math.max(1, Math.round(w)), Math.max(1, Math.round(h)));
  const ctx = c.getContext('2d');
  if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
  return [c, ctx];
}

/** Rotated by `deg` around its centre on a canvas large enough to hold it, on paper. */
function rotate(src: OffscreenCanvas, deg: number): OffscreenCanvas {
  const a = (deg * Math.PI) / 180;
  const w = src.width * Math.abs(Math.cos(a)) + src.height * Math.abs(Math.sin(a));
  const h = src.width * Math.abs(Math.sin(a)) + src.height * Math.abs(Math.cos(a));
  const [c, ctx] = canvas2d(w, h);
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.translate(c.width / 2, c.height / 2);
  ctx.rotate(a);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  return c;
}

/**
 * Keystone: the projective image of a paper tilted back, the top edge `k` narrower and rows squeezed towards
 * the top, straight lines kept straight (the homography y' = (1-k)v / (1-kv), x' scaled by (1-k) / (1-kv)).
 * 2D canvas has no perspective transform, so each output row is drawn from its source row.
 */
function keystone(src: OffscreenCanvas, k: number): OffscreenCanvas {
  const [c, ctx] = canvas2d(src.width, src.height);
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, c.width, c.height);
  const h = src.height;
  for (let y = 0; y < h; y++) {
    const t = (y + 0.5) / h;
    const v = t / (1 - k + k * t);
    const w = (src.width * (1 - k)) / (1 - k * v);
    ctx.drawImage(src, 0, Math.min(h - 1, v * h), src.width, 1, (src.width - w) / 2, y, w, 1);
  }
  return c;
}

/** Darkens towards the top-left corner, down to `shade` of the original brightness (multiply). */
function shadeCorner(src: OffscreenCanvas, shade: number): void {
  const ctx = src.getContext('2d');
  if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
  const g = ctx.createLinearGradient(0, 0, src.width, src.height);
  const v = Math.round(255 * shade);
  g.addColorStop(0, `rgb(${v},${v},${v})`);
  g.addColorStop(1, '#ffffff');
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, src.width, src.height);
  ctx.globalCompositeOperation = 'source-over';
}

/**
 * Pixels per module at which the geometry and the light are applied: twice the largest camera sampling of
 * DEGRADATIONS (6 px), so that the final shrink still averages several source pixels per camera pixel, as a
 * sensor does. Rotating and keystoning a 1000-2000 px export at its full size cost several times more; the
 * scan-safety sample and the scan-check tests read the same with either (the full matrix in
 * bench-results/scan-safety.md was last run at full size).
 */
const SCENE_PX_PER_MODULE = 12;

/** The print as it lies in front of the camera (geometry and light applied), before the camera samples it. */
export interface PhotoScene {
  canvas: OffscreenCanvas;
  /** Pixels per module of `canvas`. */
  modulePx: number;
}

/**
 * Stage one of a degradation: `image` (modules `modulePx` pixels wide) on white paper, turned, keystoned and
 * shaded as `d` says. One scene serves every camera sampling of the same degradation (scan.worker.ts tries
 * several).
 */
export function photoScene(image: ImageBitmap, modulePx: number, d: Degradation): PhotoScene {
  const k = Math.min(1, SCENE_PX_PER_MODULE / modulePx);
  const [photo, ctx] = canvas2d(image.width * k, image.height * k);
  // A transparent export is printed on, or shown over, white paper.
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, photo.width, photo.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, photo.width, photo.height);
  let c = photo;
  if (d.rotateDeg) c = rotate(c, d.rotateDeg);
  if (d.keystone) c = keystone(c, d.keystone);
  if (d.shade < 1) shadeCorner(c, d.shade);
  return { canvas: c, modulePx: modulePx * (photo.width / image.width) };
}

/**
 * Stage two: the camera's view of `scene` at `pxPerModule` (the sensor's sampling), then the optics' blur and
 * the JPEG encoder of `d`.
 */
export async function capture(scene: PhotoScene, pxPerModule: number, d: Degradation): Promise<ImageData> {
  const c = scene.canvas;
  const scale = pxPerModule / scene.modulePx;
  const [small, sctx] = canvas2d(c.width * scale, c.height * scale);
  sctx.imageSmoothingQuality = 'high';
  sctx.filter = d.blurPx ? `blur(${d.blurPx}px)` : 'none';
  // The blur applies at the final size; drawing once over paper keeps its edges from fading to transparent.
  sctx.fillStyle = PAPER;
  sctx.fillRect(0, 0, small.width, small.height);
  sctx.drawImage(c, 0, 0, small.width, small.height);
  sctx.filter = 'none';
  let out: OffscreenCanvas = small;
  if (d.jpegQuality > 0) {
    const jpeg = await small.convertToBlob({ type: 'image/jpeg', quality: d.jpegQuality });
    const bmp = await createImageBitmap(jpeg);
    [out] = canvas2d(bmp.width, bmp.height);
    out.getContext('2d')?.drawImage(bmp, 0, 0);
    bmp.close();
  }
  const octx = out.getContext('2d');
  if (!octx) throw new QrError('INTERNAL', 'No 2D context');
  return octx.getImageData(0, 0, out.width, out.height);
}

/** The degraded copy of `image`, whose modules are `modulePx` pixels wide, as the decoders get it. */
export function degrade(image: ImageBitmap, modulePx: number, d: Degradation): Promise<ImageData> {
  return capture(photoScene(image, modulePx, d), d.pxPerModule, d);
}
