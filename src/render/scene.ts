/** Everything a backend needs to draw one code: model (what), layout (where), style (how). */
import { layoutFrame, moduleSize, type Layout } from './layout.ts';
import { buildModel, type RenderModel } from './model.ts';
import { resolveDesign, type Design } from './paint.ts';
import { solidAlignment, type GridMap } from './shapes.ts';
import type { QrStyle } from '../shared/qr/vocabulary.ts';
import type { QrMatrix } from '../encoder/index.ts';
import type { LogoSize } from './types.ts';

export interface Scene {
  model: RenderModel;
  style: QrStyle;
  /** The style's design options, checked and resolved (eye shapes, paints, transparency, quiet zone). */
  design: Design;
  layout: Layout;
  /** Module size and symbol origin (quiet zone excluded), output units. */
  m: number;
  ox: number;
  oy: number;
}

/**
 * `wholeUnits`: make the module size a whole number of output units (shrinking the code by less than one unit
 * per module, centred in its area) so that an SVG shown at its nominal size has every module edge on a pixel
 * edge. Used for SVG; raster output snaps per grid line instead (pixelGrid).
 */
export function buildScene(
  matrix: QrMatrix,
  style: QrStyle,
  logo: LogoSize | null,
  size: number,
  wholeUnits = false,
): Scene {
  const design = resolveDesign(style);
  const quiet = design.margin;
  const model = buildModel(matrix, logo, solidAlignment(style.shape));
  const layout = layoutFrame(style.frame, size, style.frameText);
  let m = moduleSize(layout, model.n, quiet);
  const q = layout.qr;
  if (wholeUnits && m >= 2) {
    m = Math.floor(m);
    const side = (model.n + 2 * quiet) * m;
    const x = Math.round(q.x + (q.side - side) / 2);
    const y = Math.round(q.y + (q.side - side) / 2);
    return { model, style, design, layout, m, ox: x + quiet * m, oy: y + quiet * m };
  }
  return { model, style, design, layout, m, ox: q.x + quiet * m, oy: q.y + quiet * m };
}

/** Grid map for vector output: exact fractional coordinates. */
export function vectorGrid(scene: Scene): GridMap {
  const { m, ox, oy } = scene;
  return { m, x: (i) => ox + i * m, y: (j) => oy + j * m };
}

/**
 * Grid map for raster output: every module grid line on a whole pixel, so adjacent modules share an exact edge
 * and module edges are sharp. Modules then differ by at most one pixel in size.
 */
export function pixelGrid(scene: Scene): GridMap {
  const { xs, ys } = pixelLines(scene);
  // Grid lines 0..n are asked for, and xs, ys hold n + 1 of them.
  return { m: scene.m, x: (i) => xs[i]!, y: (j) => ys[j]! };
}

/** The whole-pixel grid lines behind pixelGrid: n + 1 coordinates per axis. */
export function pixelLines(scene: Scene): { xs: Float64Array; ys: Float64Array } {
  const { m, ox, oy } = scene;
  const n = scene.model.n;
  const xs = new Float64Array(n + 1);
  const ys = new Float64Array(n + 1);
  for (let i = 0; i <= n; i++) {
    xs[i] = Math.round(ox + i * m);
    ys[i] = Math.round(oy + i * m);
  }
  return { xs, ys };
}

/** The logo box in output units (aspect ratio of the image kept by the model). */
export function logoRect(scene: Scene): { x: number; y: number; w: number; h: number } | null {
  const p = scene.model.logo;
  if (!p) return null;
  const { m, ox, oy } = scene;
  return { x: ox + p.box.x * m, y: oy + p.box.y * m, w: p.box.w * m, h: p.box.h * m };
}
