/**
 * Raster fast path for the module grid: instead of filling thousands of anti-aliased subpaths on the canvas,
 * every dark module is written straight into a pixel buffer that is then put on the canvas in one call.
 *
 * On a pixel grid every cell is w x h whole pixels with w, h in {floor(m), ceil(m)}, and for the shapes below
 * the part of the outline inside one cell depends only on the cell's four edge neighbours (corners are rounded
 * where both sides are light; diagonal neighbours never join, see contours.ts; extraRounded bridges reach the
 * cell edge). So each cell is one of at most 2 x 2 x 16 sprites, each drawn once by the same path code
 * (emitModules on a 3 x 3 neighbourhood, clipped to the centre cell) and kept as a coverage mask. Stamping is a
 * table lookup per pixel; squares are filled as horizontal runs and copied down. With few dark modules (large
 * cells) the same sprites are stamped by the canvas instead (drawImage), which is cheaper there.
 *
 * classyRounded is not purely local: its convex corners (top-left and bottom-right only, all others sharp) have
 * radius min(0.75 m, lenIn / 2, lenOut / 2), the two lengths being the straight edge runs meeting there. But a
 * corner never reaches past its own cell while 0.75 m <= floor(m) (every cell is at least floor(m) pixels), and
 * the radius only depends on the shorter run up to 1.5 m. So its cells are sprites keyed by the neighbour
 * configuration plus the two resolved corner radii (see cornerCodes), found by scanning at most ~2 cells along
 * each edge of a corner cell. For the few module sizes where a corner could spill into the next cell
 * (0.75 m > floor(m): m < 1, 4/3..2, 8/3..3; never in previews, which get >= 3 px per module) it stays on paths.
 */
import { parseHex } from '../shared/qr/colour.ts';
import { newSurface, type Context2D, type Pixels, type Surface2D } from './context2d.ts';
import { cornerRadii, emitCell, emitModules } from './shapes.ts';
import type { Shape } from '../shared/qr/vocabulary.ts';

type Ctx = Context2D;

/** Whether the modules of `shape` at module size `m` (pixels, unsnapped) can be drawn from per-cell sprites. */
export function rasterisable(shape: Shape, m: number): boolean {
  if (shape !== 'classyRounded') return true;
  return cornerRadii(shape).convex[0] * m <= Math.floor(m);
}

/** Whether the sprite of a shape depends on the neighbours at all (dots and squares never do). */
const NEIGHBOURS: Record<Shape, boolean> = {
  square: false,
  dots: false,
  rounded: true,
  extraRounded: true,
  classy: true,
  classyRounded: true,
};

/** Coverage masks (0..255 per pixel) keyed by shape and unsnapped module size; a few recent entries kept. */
const spriteSets = new Map<string, Map<number, Uint8Array>>();
const MAX_SPRITE_SETS = 6;

function spriteSet(shape: Shape, m: number): Map<number, Uint8Array> {
  const key = `${shape}:${m}`;
  let set = spriteSets.get(key);
  if (set) return set;
  set = new Map();
  spriteSets.set(key, set);
  if (spriteSets.size > MAX_SPRITE_SETS) spriteSets.delete(spriteSets.keys().next().value as string);
  return set;
}

/**
 * Sprite key: cell size, neighbour configuration and (classyRounded only, else 0) the corner codes. Cells are
 * < 4096 px (size <= 8192, >= 29 modules) and codes < 1.5 m, so the key stays an exact integer (< 2^49).
 */
function spriteKey(w: number, h: number, cfg: number, tl: number, br: number): number {
  return ((w * 4096 + h) * 16 + cfg) * 16777216 + tl * 4096 + br;
}

/**
 * Bits of the neighbour configuration: 1 up, 2 right, 4 down, 8 left. `tl`, `br`: classyRounded corner codes
 * (0 = full radius, else the limiting edge run in pixels; see cornerCodes).
 */
function makeSprite(shape: Shape, m: number, w: number, h: number, cfg: number, tl = 0, br = 0): Uint8Array {
  const c = newSurface(Math.max(1, w), Math.max(1, h));
  const ctx = c.getContext('2d', { willReadFrequently: true });
  const out = new Uint8Array(w * h);
  if (!ctx || w <= 0 || h <= 0) return out;
  const dark = new Uint8Array(9);
  dark[4] = 1;
  if (cfg & 1) dark[1] = 1;
  if (cfg & 2) dark[5] = 1;
  if (cfg & 4) dark[7] = 1;
  if (cfg & 8) dark[3] = 1;
  // Grid lines of the 3 x 3 neighbourhood: emitModules asks for lines 0..3 only, the length of xs / ys.
  const xs = [-w, 0, w, 2 * w];
  const ys = [-h, 0, h, 2 * h];
  ctx.fillStyle = '#000000';
  ctx.beginPath();
  if (shape === 'classyRounded') {
    const rule = cornerRadii(shape);
    const full = rule.convex[0] * m;
    // Convex top-left where up and left are light, bottom-right where right and down are; the same numbers as
    // emitContours: min(r * m, lenIn / 2, lenOut / 2).
    const rTL = cfg & 9 ? 0 : tl ? tl / 2 : full;
    const rBR = cfg & 6 ? 0 : br ? br / 2 : full;
    emitCell(ctx, 0, 0, w, h, rTL, rBR, rule.convexQuad);
  } else {
    emitModules(ctx, dark, 3, shape, { m, x: (i) => xs[i]!, y: (j) => ys[j]! });
  }
  ctx.fill('nonzero');
  // px is the w x h RGBA image (4 bytes per pixel), out its w x h alpha channel: i * 4 + 3 < px.length.
  const px = ctx.getImageData(0, 0, w, h).data;
  for (let i = 0; i < out.length; i++) out[i] = px[i * 4 + 3]!;
  return out;
}

/** Sprites as small canvases in the fill colour, for stamping with drawImage (few, large modules). */
const canvasSets = new Map<string, Map<number, Surface2D>>();

function canvasSprite(
  shape: Shape,
  m: number,
  fg: string,
  w: number,
  h: number,
  cfg: number,
  tl: number,
  br: number,
): Surface2D {
  const setKey = `${shape}:${m}:${fg}`;
  let set = canvasSets.get(setKey);
  if (!set) {
    set = new Map();
    canvasSets.set(setKey, set);
    if (canvasSets.size > MAX_SPRITE_SETS) canvasSets.delete(canvasSets.keys().next().value as string);
  }
  const key = spriteKey(w, h, cfg, tl, br);
  let c = set.get(key);
  if (c) return c;
  const cov = coverage(shape, m, w, h, cfg, tl, br);
  c = newSurface(Math.max(1, w), Math.max(1, h));
  const ctx = c.getContext('2d');
  if (ctx && w > 0 && h > 0) {
    // cov is the w x h coverage mask (one byte per pixel) and img.data the same w x h pixels as RGBA.
    const img = ctx.createImageData(w, h);
    const [r, g, b] = parseHex(fg);
    for (let i = 0; i < cov.length; i++) {
      img.data[i * 4] = r;
      img.data[i * 4 + 1] = g;
      img.data[i * 4 + 2] = b;
      img.data[i * 4 + 3] = cov[i]!;
    }
    ctx.putImageData(img, 0, 0);
  }
  set.set(key, c);
  return c;
}

function coverage(shape: Shape, m: number, w: number, h: number, cfg: number, tl: number, br: number): Uint8Array {
  const set = spriteSet(shape, m);
  const key = spriteKey(w, h, cfg, tl, br);
  let sp = set.get(key);
  if (!sp) {
    sp = makeSprite(shape, m, w, h, cfg, tl, br);
    set.set(key, sp);
  }
  return sp;
}

/**
 * Below this many dark modules the canvas does the stamping (drawImage of sprite canvases, fillRect runs for
 * squares): per-call cost times few calls beats writing and uploading the whole pixel area from script.
 */
export const STAMP_MAX_MODULES = 4000;

/** Whether rasterModules lets the canvas stamp these modules (few of them) rather than write a pixel buffer. */
export function stampsModules(dark: Uint8Array): boolean {
  let count = 0;
  for (let i = 0; i < dark.length; i++) count += dark[i]!;
  return count < STAMP_MAX_MODULES;
}

function cfgAt(dark: Uint8Array, n: number, x: number, y: number): number {
  const i = y * n + x;
  let cfg = 0;
  if (y > 0 && dark[i - n]) cfg |= 1;
  if (x + 1 < n && dark[i + 1]) cfg |= 2;
  if (y + 1 < n && dark[i + n]) cfg |= 4;
  if (x > 0 && dark[i - 1]) cfg |= 8;
  return cfg;
}

/**
 * classyRounded corner codes of the dark cell (x, y) with neighbour configuration `cfg`, packed as tl * 4096 +
 * br: for a convex top-left (up and left light) or bottom-right (right and down light) corner, 0 when its
 * radius is the full 0.75 m, else the shorter of its two edge runs in pixels (radius = that / 2); 0 for a
 * corner that is not convex. An edge run is what traceContours makes one straight edge: along the top, cells
 * that are dark with a light cell above (a light cell ends it with a convex turn, a dark one above with a
 * concave one); likewise for the other sides. Scans stop once a run reaches 1.5 m (it no longer limits).
 */
function cornerCodes(
  dark: Uint8Array,
  n: number,
  x: number,
  y: number,
  cfg: number,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  full: number,
): number {
  // Indices in range: x, y are cells (0..n-1) and xs, ys hold the n + 1 grid lines, so a cell's own lines x and
  // x + 1 exist; the scans leave e, f in -1..n, and lines e / f (up to n) and e + 1 / f + 1 (from 0) exist too.
  const lim = 2 * full;
  let tl = 0;
  let br = 0;
  if (!(cfg & 9)) {
    const row = y * n;
    let e = x + 1;
    while (e < n && xs[e]! - xs[x]! < lim && dark[row + e] && (y === 0 || !dark[row - n + e])) e++;
    let f = y + 1;
    while (f < n && ys[f]! - ys[y]! < lim && dark[f * n + x] && (x === 0 || !dark[f * n + x - 1])) f++;
    const len = Math.min(xs[e]! - xs[x]!, ys[f]! - ys[y]!);
    if (len / 2 < full) tl = len;
  }
  if (!(cfg & 6)) {
    const row = y * n;
    let e = x - 1;
    while (e >= 0 && xs[x + 1]! - xs[e + 1]! < lim && dark[row + e] && (y + 1 === n || !dark[row + n + e])) e--;
    let f = y - 1;
    while (f >= 0 && ys[y + 1]! - ys[f + 1]! < lim && dark[f * n + x] && (x + 1 === n || !dark[f * n + x + 1])) f--;
    const len = Math.min(xs[x + 1]! - xs[e + 1]!, ys[y + 1]! - ys[f + 1]!);
    if (len / 2 < full) br = len;
  }
  return tl * 4096 + br;
}

function stampModules(
  ctx: Ctx,
  dark: Uint8Array,
  n: number,
  shape: Shape,
  m: number,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  fg: string,
): void {
  ctx.fillStyle = fg;
  const nb = NEIGHBOURS[shape];
  const full = shape === 'classyRounded' ? cornerRadii(shape).convex[0] * m : 0;
  // Indices in range: x, y are cells (0..n-1), the run end e is at most n, and xs, ys hold n + 1 grid lines.
  for (let y = 0; y < n; y++) {
    const y0 = ys[y]!;
    const h = ys[y + 1]! - y0;
    if (h <= 0) continue;
    const row = y * n;
    for (let x = 0; x < n;) {
      if (!dark[row + x]) {
        x++;
        continue;
      }
      if (shape === 'square') {
        let e = x + 1;
        while (e < n && dark[row + e]) e++;
        ctx.fillRect(xs[x]!, y0, xs[e]! - xs[x]!, h);
        x = e;
        continue;
      }
      const cfg = nb ? cfgAt(dark, n, x, y) : 0;
      const codes = full ? cornerCodes(dark, n, x, y, cfg, xs, ys, full) : 0;
      ctx.drawImage(canvasSprite(shape, m, fg, xs[x + 1]! - xs[x]!, h, cfg, codes >> 12, codes & 4095), xs[x]!, y0);
      x++;
    }
  }
}

let scratch: Pixels | null = null;
/** Reuse one pixel buffer for preview-sized areas (an export-sized one would pin megabytes). */
const SCRATCH_MAX_PIXELS = 1024 * 1024;

function imageData(ctx: Ctx, w: number, h: number): Pixels {
  if (w * h > SCRATCH_MAX_PIXELS) return ctx.createImageData(w, h);
  if (!scratch || scratch.width !== w || scratch.height !== h) scratch = ctx.createImageData(w, h);
  return scratch;
}

/** RGBA (opaque) as one little-endian 32-bit word, as a Uint32Array over ImageData sees it. */
function word(r: number, g: number, b: number): number {
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/**
 * Draws the dark modules (eyes and logo hole already cleared from `dark`) for a pixel grid given by its grid
 * lines `xs`, `ys` (n + 1 whole-pixel coordinates each), replacing the symbol area with background and modules.
 */
export function rasterModules(
  ctx: Ctx,
  dark: Uint8Array,
  n: number,
  shape: Shape,
  m: number,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  fg: string,
  /** null: transparent background (the cells' pixels are replaced by the modules' colour with coverage alpha). */
  bg: string | null,
  /**
   * Rewrites the pixel buffer (W x H at X0, Y0 on the canvas) before it is put: a gradient colours the modules
   * there (canvas.ts). Only called on the pixel-buffer path, not when the canvas stamps (see stampsModules).
   */
  recolour?: (buf: Uint32Array, X0: number, Y0: number, W: number, H: number) => void,
): void {
  // Indices in range: dark has n x n cells and xs, ys the n + 1 grid lines 0..n; x, y are cells (0..n-1) and a
  // run end e is at most n. Pixel offsets stay inside the W x H buffer as every cell lies between lines 0 and n;
  // sprites hold w x h coverage bytes (0..255, the range of lut) for the cell they are looked up by.
  let count = 0;
  for (let i = 0; i < dark.length; i++) count += dark[i]!;
  if (count < STAMP_MAX_MODULES) {
    stampModules(ctx, dark, n, shape, m, xs, ys, fg);
    return;
  }
  const X0 = xs[0]!;
  const Y0 = ys[0]!;
  const W = xs[n]! - X0;
  const H = ys[n]! - Y0;
  if (W <= 0 || H <= 0) return;
  const img = imageData(ctx, W, H);
  const buf = new Uint32Array(img.data.buffer, img.data.byteOffset, W * H);
  const [fr, fgG, fb] = parseHex(fg);
  const [br, bgG, bb] = bg === null ? [fr, fgG, fb] : parseHex(bg);
  const bgWord = bg === null ? 0 : word(br, bgG, bb);
  const fgWord = word(fr, fgG, fb);
  buf.fill(bgWord);

  if (shape === 'square') {
    for (let y = 0; y < n; y++) {
      const top = (ys[y]! - Y0) * W;
      const h = ys[y + 1]! - ys[y]!;
      if (h <= 0) continue;
      const row = y * n;
      let any = false;
      for (let x = 0; x < n;) {
        if (!dark[row + x]) {
          x++;
          continue;
        }
        let e = x + 1;
        while (e < n && dark[row + e]) e++;
        buf.fill(fgWord, top + xs[x]! - X0, top + xs[e]! - X0);
        any = true;
        x = e;
      }
      if (any) for (let j = 1; j < h; j++) buf.copyWithin(top + j * W, top, top + W);
    }
  } else {
    // Coverage to colour, blended like source-over with coverage on an opaque background.
    const lut = new Uint32Array(256);
    for (let a = 0; a < 256; a++) {
      const t = a / 255;
      lut[a] =
        bg === null
          ? ((a << 24) | (fb << 16) | (fgG << 8) | fr) >>> 0
          : word(Math.round(br + (fr - br) * t), Math.round(bgG + (fgG - bgG) * t), Math.round(bb + (fb - bb) * t));
    }
    const set = spriteSet(shape, m);
    const nb = NEIGHBOURS[shape];
    const full = shape === 'classyRounded' ? cornerRadii(shape).convex[0] * m : 0;
    // Cells are floor(m) or ceil(m) pixels, and a clamped classyRounded corner is limited by a one-cell run (a
    // longer one is >= 2 floor(m) >= 1.5 m where this path is used), so nearly every sprite sits in a small
    // dense table for this render, indexed by (w, h) - floor(m), cfg and the two corner codes (0 full, 1 / 2 =
    // floor(m) / floor(m) + 1 pixels); anything else goes through the Map.
    const base = Math.floor(m);
    const table: (Uint8Array | undefined)[] = new Array(64 * 9).fill(undefined);
    for (let y = 0; y < n; y++) {
      const top = ys[y]! - Y0;
      const h = ys[y + 1]! - ys[y]!;
      if (h <= 0) continue;
      const row = y * n;
      const dh = h - base;
      for (let x = 0; x < n; x++) {
        if (!dark[row + x]) continue;
        const left = xs[x]! - X0;
        const w = xs[x + 1]! - xs[x]!;
        const cfg = nb ? cfgAt(dark, n, x, y) : 0;
        // Only convex top-left (up and left light) or bottom-right (right and down light) corners can be clamped.
        const codes = full && (!(cfg & 9) || !(cfg & 6)) ? cornerCodes(dark, n, x, y, cfg, xs, ys, full) : 0;
        const dw = w - base;
        const tc = codes >> 12 ? (codes >> 12) - base + 1 : 0;
        const bc = codes & 4095 ? (codes & 4095) - base + 1 : 0;
        const slot =
          dw >>> 0 <= 1 && dh >>> 0 <= 1 && tc >>> 0 <= 2 && bc >>> 0 <= 2
            ? (((dw * 2 + dh) * 16 + cfg) * 3 + tc) * 3 + bc
            : -1;
        let sp = slot >= 0 ? table[slot] : undefined;
        if (!sp) {
          const key = spriteKey(w, h, cfg, 0, 0) + codes;
          sp = set.get(key);
          if (!sp) {
            sp = makeSprite(shape, m, w, h, cfg, codes >> 12, codes & 4095);
            set.set(key, sp);
          }
          if (slot >= 0) table[slot] = sp;
        }
        let o = top * W + left;
        let k = 0;
        for (let j = 0; j < h; j++, o += W) {
          for (let i = 0; i < w; i++) {
            const a = sp[k++]!;
            if (a) buf[o + i] = lut[a]!;
          }
        }
      }
    }
  }
  recolour?.(buf, X0, Y0, W, H);
  ctx.putImageData(img, X0, Y0);
}
