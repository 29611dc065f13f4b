/** Canvas painter: draws a scene on any 2D context (OffscreenCanvas in the worker, a page canvas in tests). */
import { newSurface, type Context2D, type GradientFill } from './context2d.ts';
import { emitEyeCentres, emitEyeRings } from './eyes.ts';
import { emitFrameShapes, FONT_FAMILY } from './layout.ts';
import { parseHex } from '../shared/qr/colour.ts';
import { gradientGeometry, samePaint, type Paint } from './paint.ts';
import { rasterisable, rasterModules, stampsModules } from './raster.ts';
import { logoRect, pixelGrid, pixelLines, vectorGrid, type Scene } from './scene.ts';
import { emitAlignments, emitModules, type GridMap } from './shapes.ts';

type Ctx = Context2D;

/**
 * A paint as a canvas fill style: the colour, or the gradient laid over the symbol (module units mapped by the
 * symbol's origin `ox`, `oy` and module size `m` in the context's coordinates).
 */
function canvasPaint(ctx: Ctx, paint: Paint, n: number, ox: number, oy: number, m: number): string | GradientFill {
  if (paint.kind === 'solid') return paint.colour;
  const g = gradientGeometry(paint.gradient, n);
  const grad =
    g.type === 'linear'
      ? ctx.createLinearGradient(ox + g.x1 * m, oy + g.y1 * m, ox + g.x2 * m, oy + g.y2 * m)
      : ctx.createRadialGradient(ox + g.cx * m, oy + g.cy * m, 0, ox + g.cx * m, oy + g.cy * m, g.r * m);
  for (const s of g.stops) grad.addColorStop(s.offset, s.colour);
  return grad;
}

/** Colour ramp resolution: 1024 steps across the gradient (no visible banding at 4096 px). */
const RAMP = 1024;

/**
 * A recolouring pass for rasterModules' pixel buffer, drawn black on transparent (alpha = coverage): every
 * pixel gets the gradient's colour at its centre, blended on the background by its coverage (or kept as alpha
 * when transparent). One pass in script: a gradient fill and a compositing layer cost far more on a software
 * canvas (3x the bare floor at 2000 px against 1.1x for this).
 */
function gradientRecolour(paint: Paint & { kind: 'gradient' }, scene: Scene, bg: string | null) {
  const g = gradientGeometry(paint.gradient, scene.model.n);
  const { m, ox, oy } = scene;
  // The ramp: RAMP + 1 colours from the stops, linear in sRGB like canvas gradients.
  const rs = new Uint8Array(RAMP + 1);
  const gs = new Uint8Array(RAMP + 1);
  const bs = new Uint8Array(RAMP + 1);
  const cols = g.stops.map((st) => parseHex(st.colour));
  for (let k = 0; k <= RAMP; k++) {
    const t = k / RAMP;
    const seg = Math.min(cols.length - 2, Math.floor(t * (cols.length - 1)));
    const u = t * (cols.length - 1) - seg;
    const a = cols[seg]!;
    const b = cols[seg + 1]!;
    rs[k] = Math.round(a[0] + (b[0] - a[0]) * u);
    gs[k] = Math.round(a[1] + (b[1] - a[1]) * u);
    bs[k] = Math.round(a[2] + (b[2] - a[2]) * u);
  }
  const [br, bgG, bb] = bg === null ? [0, 0, 0] : parseHex(bg);
  const bgWord = bg === null ? 0 : ((255 << 24) | (bb << 16) | (bgG << 8) | br) >>> 0;
  return (buf: Uint32Array, X0: number, Y0: number, W: number, H: number) => {
    // Gradient parameter t at pixel centre (px, py) in canvas coordinates.
    let lin = false;
    let tx = 0;
    let ty = 0;
    let t0 = 0;
    let cx = 0;
    let cy = 0;
    let inv = 0;
    if (g.type === 'linear') {
      lin = true;
      const x1 = ox + g.x1 * m;
      const y1 = oy + g.y1 * m;
      const dx = (g.x2 - g.x1) * m;
      const dy = (g.y2 - g.y1) * m;
      const len2 = dx * dx + dy * dy || 1;
      tx = dx / len2;
      ty = dy / len2;
      t0 = (X0 + 0.5 - x1) * tx + (Y0 + 0.5 - y1) * ty;
    } else {
      cx = ox + g.cx * m - X0 - 0.5;
      cy = oy + g.cy * m - Y0 - 0.5;
      inv = 1 / (g.r * m || 1);
    }
    // Indices in range: o walks the W x H buffer; k is clamped to 0..RAMP, the ramps' last index.
    for (let y = 0, o = 0; y < H; y++) {
      const rowT = t0 + y * ty;
      for (let x = 0; x < W; x++, o++) {
        const a = buf[o]! >>> 24;
        if (a === 0) {
          buf[o] = bgWord;
          continue;
        }
        const t = lin ? rowT + x * tx : Math.hypot(x - cx, y - cy) * inv;
        const k = t <= 0 ? 0 : t >= 1 ? RAMP : (t * RAMP + 0.5) | 0;
        let r = rs[k]!;
        let gg = gs[k]!;
        let b = bs[k]!;
        let alpha = 255;
        if (a !== 255) {
          if (bg === null) alpha = a;
          else {
            r = (br + ((r - br) * a + 127) / 255) | 0;
            gg = (bgG + ((gg - bgG) * a + 127) / 255) | 0;
            b = (bb + ((b - bb) * a + 127) / 255) | 0;
          }
        }
        buf[o] = ((alpha << 24) | (b << 16) | (gg << 8) | r) >>> 0;
      }
    }
  };
}

/**
 * The modules written as pixels (raster.ts) in a gradient, for the few (large) modules the canvas stamps: drawn as coverage on a transparent layer the size of
 * the symbol, coloured by the gradient there (`source-in`), then laid on the canvas in one drawImage.
 */
function rasterGradientModules(ctx: Ctx, scene: Scene, xs: Float64Array, ys: Float64Array, paint: Paint): void {
  const { model, style } = scene;
  const n = model.n;
  const X0 = xs[0]!;
  const Y0 = ys[0]!;
  const W = xs[n]! - X0;
  const H = ys[n]! - Y0;
  if (W <= 0 || H <= 0) return;
  const layer = newSurface(W, H);
  const lctx = layer.getContext('2d');
  if (!lctx) return;
  rasterModules(
    lctx,
    model.dark,
    n,
    style.shape,
    scene.m,
    xs.map((v) => v - X0),
    ys.map((v) => v - Y0),
    '#000000',
    null,
  );
  lctx.globalCompositeOperation = 'source-in';
  lctx.fillStyle = canvasPaint(lctx, paint, n, scene.ox - X0, scene.oy - Y0, scene.m);
  lctx.fillRect(0, 0, W, H);
  ctx.drawImage(layer, X0, Y0);
}

/**
 * `snap`: grid lines on whole pixels (raster output). `raster`: on a snapped grid, write the modules as pixels
 * (raster.ts) where the shape allows; off only to compare against the path rendering in tests.
 */
export function paintScene(ctx: Ctx, scene: Scene, logo: unknown, snap = true, raster = true): void {
  const { layout, style, model, design } = scene;
  const bg = design.transparent ? null : style.bg;
  ctx.save();
  if (bg) {
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, layout.width, layout.height);
  } else ctx.clearRect(0, 0, layout.width, layout.height);
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
  // The QR area (quiet zone included) is always plain background (or nothing, when transparent).
  const q = layout.qr;
  if (bg) {
    ctx.fillStyle = bg;
    ctx.fillRect(q.x, q.y, q.side, q.side);
  } else ctx.clearRect(q.x, q.y, q.side, q.side);
  const paint = (p: Paint) => canvasPaint(ctx, p, model.n, scene.ox, scene.oy, scene.m);
  let grid: GridMap;
  // Whether the module layer's path is still open (to be filled together with eyes of the same paint).
  let modulesOpen: boolean;
  if (snap && raster && rasterisable(style.shape, scene.m)) {
    // Modules written as pixels (raster.ts), then the eyes as paths on top.
    const lines = pixelLines(scene);
    if (design.modules.kind === 'solid')
      rasterModules(ctx, model.dark, model.n, style.shape, scene.m, lines.xs, lines.ys, design.modules.colour, bg);
    else if (stampsModules(model.dark)) rasterGradientModules(ctx, scene, lines.xs, lines.ys, design.modules);
    else {
      const recolour = gradientRecolour(design.modules, scene, bg);
      rasterModules(ctx, model.dark, model.n, style.shape, scene.m, lines.xs, lines.ys, '#000000', null, recolour);
    }
    // Grid lines 0..n are asked for, and lines.xs, lines.ys hold n + 1 of them.
    grid = { m: scene.m, x: (i: number) => lines.xs[i]!, y: (j: number) => lines.ys[j]! };
    ctx.beginPath();
    // Alignment patterns drawn whole (shapes.ts solidAlignment) are the module layer's only path here.
    emitAlignments(ctx, model.aligns, grid);
    modulesOpen = model.aligns.length > 0;
  } else {
    grid = snap ? pixelGrid(scene) : vectorGrid(scene);
    ctx.beginPath();
    emitModules(ctx, model.dark, model.n, style.shape, grid);
    emitAlignments(ctx, model.aligns, grid);
    modulesOpen = true;
  }
  // One fill per distinct paint: modules (if still a path), eye rings, eye centres.
  if (modulesOpen && !samePaint(design.modules, design.eyeFrames)) {
    ctx.fillStyle = paint(design.modules);
    ctx.fill('nonzero');
    ctx.beginPath();
  }
  emitEyeRings(ctx, model.eyes, design.eyeFrame, style.shape, grid);
  if (!samePaint(design.eyeFrames, design.eyeCentres)) {
    ctx.fillStyle = paint(design.eyeFrames);
    ctx.fill('nonzero');
    ctx.beginPath();
  }
  emitEyeCentres(ctx, model.eyes, design.eyeCentre, style.shape, grid);
  ctx.fillStyle = paint(design.eyeCentres);
  ctx.fill('nonzero');
  const box = logoRect(scene);
  if (box && logo) {
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(logo, box.x, box.y, box.w, box.h);
  }
  ctx.restore();
}
