/** Canvas painter: draws a scene on any 2D context (OffscreenCanvas in the worker, a page canvas in tests). */
import { emitFrameShapes, FONT_FAMILY } from './layout.ts';
import { rasterisable, rasterModules } from './raster.ts';
import { logoRect, pixelGrid, pixelLines, vectorGrid, type Scene } from './scene.ts';
import { emitEyes, emitModules } from './shapes.ts';

type Ctx = OffscreenCanvasRenderingContext2D;

/**
 * `snap`: grid lines on whole pixels (raster output). `raster`: on a snapped grid, write the modules as pixels
 * (raster.ts) where the shape allows; off only to compare against the path rendering in tests.
 */
export function paintScene(ctx: Ctx, scene: Scene, logo: CanvasImageSource | null, snap = true, raster = true): void {
  const { layout, style, model } = scene;
  ctx.save();
  ctx.fillStyle = style.bg;
  ctx.fillRect(0, 0, layout.width, layout.height);
  ctx.fillStyle = style.fg;
  if (layout.shapes.length) {
    ctx.beginPath();
    emitFrameShapes(ctx, layout.shapes);
    ctx.fill('nonzero');
  }
  const t = layout.text;
  if (t) {
    ctx.fillStyle = t.color === 'fg' ? style.fg : style.bg;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `bold ${t.fontSize}px ${FONT_FAMILY}`;
    const w = ctx.measureText(t.text).width;
    if (w > t.maxWidth) ctx.font = `bold ${(t.fontSize * t.maxWidth) / w}px ${FONT_FAMILY}`;
    ctx.fillText(t.text, t.cx, t.cy, t.maxWidth);
  }
  // The QR area (quiet zone included) is always plain background.
  const q = layout.qr;
  ctx.fillStyle = style.bg;
  ctx.fillRect(q.x, q.y, q.side, q.side);
  ctx.fillStyle = style.fg;
  let grid;
  if (snap && raster && rasterisable(style.shape, scene.m)) {
    // Modules written as pixels (raster.ts), then the eyes as one path on top.
    const lines = pixelLines(scene);
    rasterModules(ctx, model.dark, model.n, style.shape, scene.m, lines.xs, lines.ys, style.fg, style.bg);
    // Grid lines 0..n are asked for, and lines.xs, lines.ys hold n + 1 of them.
    grid = { m: scene.m, x: (i: number) => lines.xs[i]!, y: (j: number) => lines.ys[j]! };
    ctx.beginPath();
  } else {
    grid = snap ? pixelGrid(scene) : vectorGrid(scene);
    ctx.beginPath();
    emitModules(ctx, model.dark, model.n, style.shape, grid);
  }
  emitEyes(ctx, model.eyes, style.shape, grid);
  ctx.fill('nonzero');
  const box = logoRect(scene);
  if (box && logo) {
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(logo, box.x, box.y, box.w, box.h);
  }
  ctx.restore();
}
