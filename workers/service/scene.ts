/** From a request to a scene: the matrix cache, scene building, render meta, and drawing a scene on a canvas. */
import { encodeText, type QrMatrix } from '../../src/encoder/index.ts';
import { paintScene } from '../../src/render/canvas.ts';
import { buildScene, type Scene } from '../../src/render/scene.ts';
import { QrError } from '../../src/shared/qr/errors.ts';
import { type PreviewOptions, type QrContent, type QrRequest, type RenderMeta } from '../contract.ts';
import { checkSize, modulesAcross } from './checks.ts';
import { logoFor } from './logos.ts';
import type { LogoEntry, QrServiceState } from './state.ts';

/** Every module of a preview gets at least this many device pixels, whatever the version and frame. */
export const MIN_PREVIEW_MODULE_PX = 3;
/** How long an export's canvas is kept for the next export after the last one (ms). */
const EXPORT_CANVAS_IDLE_MS = 5000;
/** How many matrices the cache keeps. */
const MATRIX_CACHE_SIZE = 4;

export function encode(state: QrServiceState, req: QrContent): QrMatrix {
  if (typeof req.content !== 'string' || req.content.length === 0)
    throw new QrError('EMPTY_CONTENT', 'Nothing to encode');
  const key = req.ecl + req.content;
  const hit = state.matrices.get(key);
  if (hit) return hit;
  const m = encodeText(req.content, { ecl: req.ecl });
  state.matrices.set(key, m);
  if (state.matrices.size > MATRIX_CACHE_SIZE) state.matrices.delete(state.matrices.keys().next().value as string);
  return m;
}

export interface DrawnScene {
  scene: Scene;
  matrix: QrMatrix;
  logo: LogoEntry | null;
}

/** The scene of `req` at `size`; a caller that has already encoded the request passes its `matrix`. */
export function qrScene(
  state: QrServiceState,
  req: QrRequest,
  size: number,
  { wholeUnits = false, matrix = encode(state, req) }: { wholeUnits?: boolean; matrix?: QrMatrix } = {},
): DrawnScene {
  const logo = logoFor(state, req);
  return { scene: buildScene(matrix, req.style, logo ? logo.info : null, size, wholeUnits), matrix, logo };
}

export function renderMeta(s: Scene, matrix: QrMatrix): RenderMeta {
  return {
    version: matrix.version,
    size: matrix.size,
    ecl: matrix.ecl,
    mask: matrix.mask,
    width: s.layout.width,
    height: s.layout.height,
    logo: s.model.logo,
    adjustments: s.model.adjustments,
  };
}

/** The preview's side in device pixels for a symbol of n modules. */
export function previewPixels(n: number, req: QrRequest, o: PreviewOptions): number {
  checkSize(o.cssSize, 16, 4096);
  const ratio = Number.isFinite(o.pixelRatio) && o.pixelRatio > 0 ? Math.min(o.pixelRatio, 8) : 1;
  const base = Math.round(o.cssSize * ratio);
  const need = Math.ceil(MIN_PREVIEW_MODULE_PX * modulesAcross(n, req));
  return Math.max(base, need);
}

// The last export's canvas, drawn on again by the next export of the same size: a new canvas's first drawing costs
// several times the drawing itself (its backing store is allocated then), which a bulk run would pay on every file
// (bench-results/canvas-reuse.md). Each export hands its canvas to the encoder (convertToBlob takes a snapshot) or
// reads it back before the next one draws. Let go after a few idle seconds: a 4096 px one holds 64 MB.
function canvasForExport(state: QrServiceState, size: number): OffscreenCanvas {
  if (state.exportCanvas) clearTimeout(state.exportCanvas.release);
  const canvas =
    state.exportCanvas?.canvas.width === size ? state.exportCanvas.canvas : new OffscreenCanvas(size, size);
  const release = setTimeout(() => {
    if (state.exportCanvas?.canvas === canvas) state.exportCanvas = null;
  }, EXPORT_CANVAS_IDLE_MS);
  state.exportCanvas = { canvas, release };
  return canvas;
}

/**
 * Draws `req` at size x size on `canvas` (by default the reused export canvas). Returns the scene it drew, so
 * that callers read its module size rather than build it again.
 */
export function renderRaster(
  state: QrServiceState,
  req: QrRequest,
  size: number,
  { canvas, matrix }: { canvas?: OffscreenCanvas; matrix?: QrMatrix } = {},
): { canvas: OffscreenCanvas; meta: RenderMeta; scene: Scene } {
  const { scene: s, matrix: m, logo } = qrScene(state, req, size, { matrix });
  const c = canvas ?? canvasForExport(state, size);
  if (c.width !== size) c.width = size;
  if (c.height !== size) c.height = size;
  const ctx = c.getContext('2d');
  if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
  paintScene(ctx, s, logo ? logo.bitmap : null, true);
  return { canvas: c, meta: renderMeta(s, m), scene: s };
}
