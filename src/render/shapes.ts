/**
 * Module shapes and finder eyes as path commands. Geometry is decided in module units from the contours of
 * the dark modules (a corner is convex where both of its sides are light, concave where a light module sits
 * in an L of dark ones), then mapped to output coordinates by a GridMap, which may snap grid lines to pixels.
 */
import { DX, DY, traceContours, type Contours } from './contours.ts';
import type { Shape } from '../shared/qr/vocabulary.ts';

/** What every backend can draw: Canvas 2D contexts and Path2D satisfy it as they are. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  closePath(): void;
  /** Optional native circle support (Canvas 2D): much faster than curves for thousands of dots. */
  arc?(x: number, y: number, r: number, start: number, end: number, counterclockwise?: boolean): void;
}

/** Module grid line i (0..n, quiet zone excluded) to an output coordinate. */
export interface GridMap {
  x(i: number): number;
  y(j: number): number;
  /** Module size in output units (unsnapped). */
  m: number;
}

/** Bezier handle length for a quarter circle. */
export const KAPPA = 0.5522847498;
/**
 * Radius of a dot in the `dots` shape, in modules: neighbours all but touch. Smaller dots (0.45 before issue 15)
 * leave a dark module under 64 % ink, which blur and a few pixels per module turn into grey that the decoders'
 * thresholds drop (docs/scan-safety.md has the counts).
 */
export const DOT_RADIUS = 0.5;
/** extraRounded: every module a full circle, neighbours joined by bridges this wide (modules). */
export const BRIDGE_WIDTH = 0.8;

/** Corner indices: 0 TL, 1 TR, 2 BR, 3 BL. */
type Radii = readonly [number, number, number, number];

export interface CornerRule {
  /** Radius (modules) of a convex corner at each corner of the dark region (TL, TR, BR, BL). */
  convex: Radii;
  /** Radius of concave corners (a fillet into the light module). */
  concave: number;
  /** Corner curves drawn as quadratic curves (control point at the grid vertex) instead of circular arcs. */
  convexQuad: boolean;
  concaveQuad: boolean;
}

/**
 * Corner rules per shape. `rounded` uses circular arcs (the SVG draws it as round-capped strokes along runs of
 * modules, which is the same outline); the others use quadratic corners, which SVG writes in ten bytes.
 */
export function cornerRadii(shape: Shape): CornerRule {
  switch (shape) {
    case 'square':
    case 'dots':
      return { convex: [0, 0, 0, 0], concave: 0, convexQuad: false, concaveQuad: false };
    case 'rounded':
      return { convex: [0.5, 0.5, 0.5, 0.5], concave: 0, convexQuad: false, concaveQuad: false };
    case 'extraRounded':
      // Drawn as round modules joined by bridges (see emitModules); the contour rule is unused.
      return { convex: [0.5, 0.5, 0.5, 0.5], concave: 0, convexQuad: false, concaveQuad: false };
    case 'classy':
      return { convex: [0.5, 0, 0.5, 0], concave: 0, convexQuad: true, concaveQuad: true };
    case 'classyRounded':
      // Leaves like classy, rounder where the dark region is wider than one module (clamped to half an edge).
      return { convex: [0.75, 0, 0.75, 0], concave: 0, convexQuad: true, concaveQuad: true };
  }
}

/** Eye radii in modules: outer edge of the ring, inner edge of the ring, solid centre. */
export type EyeRadii = readonly [number, number, number];

/**
 * The finder rule (issue 15): the largest corner radii, in modules, an eye may have and still be found by every
 * decoder under a phone's rotation and keystone. Decoders find an eye by the 1:1:3:1:1 runs across its middle
 * and then take its corners and size from the ring's outline; rings rounder than this (a circle's 3.5) measured
 * as a different size on the diagonal, and the `angle` and `phonePhoto` reads of such designs failed (dots with
 * circular eyes: 16 of 48 reads under `angle`, 46 of 48 with this cap). Eye shapes of their own (eyes.ts) keep
 * within it with `finderSafeRadii`, so the rule lives in one place.
 */
export const FINDER_MAX_RADII: EyeRadii = [2, 1, 0.75];

/** `r` (outer, inner, centre radii in modules) capped by the finder rule. */
export function finderSafeRadii(r: EyeRadii): EyeRadii {
  return [
    Math.min(r[0], FINDER_MAX_RADII[0]),
    Math.min(r[1], FINDER_MAX_RADII[1]),
    Math.min(r[2], FINDER_MAX_RADII[2]),
  ];
}

/**
 * Eye radii in modules for the TL/BR (`major`) and TR/BL (`minor`) corners, already within the finder rule.
 * Dots get near-square eyes: with round eyes and small dots nothing in the code is straight, and the dots
 * designs were the ones the decoders lost under rotation.
 */
export function eyeRadii(shape: Shape): { major: EyeRadii; minor: EyeRadii } {
  const own = ((): { major: EyeRadii; minor: EyeRadii } => {
    switch (shape) {
      case 'square':
        return { major: [0, 0, 0], minor: [0, 0, 0] };
      case 'dots':
        return { major: [1, 0.5, 0.5], minor: [1, 0.5, 0.5] };
      case 'rounded':
        return { major: [2, 1, 0.75], minor: [2, 1, 0.75] };
      case 'extraRounded':
        return { major: [2, 1, 0.75], minor: [2, 1, 0.75] };
      case 'classy':
        return { major: [2, 1, 0.75], minor: [0, 0, 0] };
      case 'classyRounded':
        return { major: [2, 1, 0.75], minor: [1.2, 0.4, 0.5] };
    }
  })();
  return { major: finderSafeRadii(own.major), minor: finderSafeRadii(own.minor) };
}

/**
 * Whether the shape draws alignment patterns as whole 5x5 units (emitAlignments) instead of module by module.
 * Dots do: a ring of separate dots reads, on its diagonals, as a much wider light ring than on its axes, and
 * jsQR then takes a nearby lone dot for the alignment pattern (clean 1000 px dots exports failed jsQR until
 * the pattern was drawn solid). extraRounded does too: its ring of circles joined by narrower bridges has a wavy
 * inner edge, and jsQR lost clean exports of 1750 px and more (the scan-safety harness) until it was drawn whole.
 * The other shapes join neighbouring modules edge to edge, so their patterns are solid already.
 */
export function solidAlignment(shape: Shape): boolean {
  return shape === 'dots' || shape === 'extraRounded';
}

/** Corner radii (modules) of an alignment pattern drawn whole: ring outer, ring inner, centre. */
const ALIGNMENT_RADII: EyeRadii = [0.75, 0.35, 0.35];

/**
 * The alignment patterns at `aligns` (top-left cells of each 5x5) as whole shapes: a ring one module thick
 * (outer clockwise, inner counter-clockwise: fill nonzero) and a solid centre module. Same geometry in every
 * backend, like the eyes.
 */
export function emitAlignments(sink: PathSink, aligns: readonly (readonly [number, number])[], map: GridMap): void {
  const [o, i, c] = ALIGNMENT_RADII.map((r) => r * map.m) as [number, number, number];
  for (const [ax, ay] of aligns) {
    roundedRect(sink, map.x(ax), map.y(ay), map.x(ax + 5), map.y(ay + 5), [o, o, o, o], true);
    roundedRect(sink, map.x(ax + 1), map.y(ay + 1), map.x(ax + 4), map.y(ay + 4), [i, i, i, i], false);
    roundedRect(sink, map.x(ax + 2), map.y(ay + 2), map.x(ax + 3), map.y(ay + 3), [c, c, c, c], true);
  }
}

/**
 * Visits every corner of every loop with its incoming and outgoing direction and its radius in modules.
 * Shared by the generic emitter and the compact SVG writer so both draw the same geometry.
 */
export function forEachCorner(
  c: Contours,
  shape: Shape,
  loopStart: (loop: number) => void,
  corner: (
    x: number,
    y: number,
    din: number,
    dout: number,
    r: number,
    quad: boolean,
    prevX: number,
    prevY: number,
    nextX: number,
    nextY: number,
  ) => void,
  loopEnd: () => void,
): void {
  const { convex, concave, convexQuad, concaveQuad } = cornerRadii(shape);
  const p = c.points;
  // Indices in range: p holds the x,y pairs of all loops, loop l taking the k = loopSizes[l] pairs from `base`
  // on, so a, b, d (a corner and its neighbours, wrapped mod k) and their + 1 are inside it; directions are 0..3.
  let base = 0;
  let l = 0;
  for (const k of c.loopSizes) {
    loopStart(l);
    for (let i = 0; i < k; i++) {
      const a = base + ((i + k - 1) % k) * 2;
      const b = base + i * 2;
      const d = base + ((i + 1) % k) * 2;
      const x = p[b]!;
      const y = p[b + 1]!;
      const px = p[a]!;
      const py = p[a + 1]!;
      const nx = p[d]!;
      const ny = p[d + 1]!;
      const din = dirOf(px, py, x, y);
      const dout = dirOf(x, y, nx, ny);
      const isConvex = dout === ((din + 1) & 3);
      const r = isConvex ? convex[(din + 1) & 3]! : concave;
      corner(x, y, din, dout, r, isConvex ? convexQuad : concaveQuad, px, py, nx, ny);
    }
    loopEnd();
    base += k * 2;
    l++;
  }
}

/**
 * A corner's radius in module units, no more than half of either edge it joins (two curves on one edge must not
 * overlap). For writers that work in module units (SVG path data, the EPS procedures).
 */
export function fittedRadius(r: number, x: number, y: number, px: number, py: number, nx: number, ny: number): number {
  return Math.min(r, (Math.abs(x - px) + Math.abs(y - py)) / 2, (Math.abs(nx - x) + Math.abs(ny - y)) / 2);
}

function dirOf(x0: number, y0: number, x1: number, y1: number): number {
  if (y0 === y1) return x1 > x0 ? 0 : 2;
  return y1 > y0 ? 1 : 3;
}

/** Draws the dark modules (already cleared of eyes and logo hole) with the shape, as one fillable path. */
export function emitModules(sink: PathSink, dark: Uint8Array, n: number, shape: Shape, map: GridMap): void {
  if (shape === 'dots') {
    const r = DOT_RADIUS * map.m;
    for (let y = 0; y < n; y++) {
      const cy = (map.y(y) + map.y(y + 1)) / 2;
      for (let x = 0; x < n; x++) {
        if (!dark[y * n + x]) continue;
        circle(sink, (map.x(x) + map.x(x + 1)) / 2, cy, r, true);
      }
    }
    return;
  }
  if (shape === 'extraRounded') {
    const r = 0.5 * map.m;
    const hw = (BRIDGE_WIDTH / 2) * map.m;
    for (let y = 0; y < n; y++) {
      const cy = (map.y(y) + map.y(y + 1)) / 2;
      for (let x = 0; x < n; x++) {
        if (!dark[y * n + x]) continue;
        const cx = (map.x(x) + map.x(x + 1)) / 2;
        circle(sink, cx, cy, r, true);
        if (x + 1 < n && dark[y * n + x + 1]) {
          const cx2 = (map.x(x + 1) + map.x(x + 2)) / 2;
          rect(sink, cx, cy - hw, cx2, cy + hw);
        }
        if (y + 1 < n && dark[(y + 1) * n + x]) {
          const cy2 = (map.y(y + 1) + map.y(y + 2)) / 2;
          rect(sink, cx - hw, cy, cx + hw, cy2);
        }
      }
    }
    return;
  }
  emitContours(sink, traceContours(dark, n), shape, map);
}

export function emitContours(sink: PathSink, contours: Contours, shape: Shape, map: GridMap): void {
  let first = true;
  let sx = 0;
  let sy = 0;
  forEachCorner(
    contours,
    shape,
    () => {
      first = true;
    },
    (x, y, din, dout, r, quad, px, py, nx, ny) => {
      const vx = map.x(x);
      const vy = map.y(y);
      let rr = 0;
      if (r > 0) {
        const lenIn = Math.abs(map.x(x) - map.x(px)) + Math.abs(map.y(y) - map.y(py));
        const lenOut = Math.abs(map.x(nx) - map.x(x)) + Math.abs(map.y(ny) - map.y(y));
        rr = Math.min(r * map.m, lenIn / 2, lenOut / 2);
      }
      const move = first;
      if (first) {
        // din is a direction (0..3) from forEachCorner, an index into DX / DY.
        first = false;
        sx = vx - DX[din]! * rr;
        sy = vy - DY[din]! * rr;
      }
      contourCorner(sink, vx, vy, din, dout, rr, quad, move);
    },
    () => {
      endSubpath(sink, sx, sy);
    },
  );
}

/**
 * One corner of an outline at vertex (vx, vy), reached in direction `din` and left in `dout`, with radius `rr`
 * in output units (0 = sharp): a line (or, for the first corner of a subpath, a move) to where the curve
 * starts, then the curve. Shared by the contour emitter and the raster sprites so both draw the same curve.
 */
export function contourCorner(
  sink: PathSink,
  vx: number,
  vy: number,
  din: number,
  dout: number,
  rr: number,
  quad: boolean,
  move: boolean,
): void {
  // din, dout are directions (0..3), indices into DX / DY.
  const bx = vx - DX[din]! * rr;
  const by = vy - DY[din]! * rr;
  if (move) sink.moveTo(bx, by);
  else sink.lineTo(bx, by);
  if (rr > 0) {
    // Circular: handles of KAPPA * r; quadratic with its control at the vertex: handles of 2/3 r.
    const h = rr * (1 - (quad ? 2 / 3 : KAPPA));
    sink.bezierCurveTo(
      vx - DX[din]! * h,
      vy - DY[din]! * h,
      vx + DX[dout]! * h,
      vy + DY[dout]! * h,
      vx + DX[dout]! * rr,
      vy + DY[dout]! * rr,
    );
  }
}

/**
 * One module cell (x0, y0)-(x1, y1) of a contour shape whose only rounded corners are convex top-left and
 * bottom-right ones (classy, classyRounded), with those radii already resolved (output units, 0 = sharp), as
 * emitContours draws that cell's part of the outline. Clockwise on screen.
 */
export function emitCell(
  sink: PathSink,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  rTL: number,
  rBR: number,
  quad: boolean,
): void {
  contourCorner(sink, x0, y0, 3, 0, rTL, quad, true);
  contourCorner(sink, x1, y0, 0, 1, 0, quad, false);
  contourCorner(sink, x1, y1, 1, 2, rBR, quad, false);
  contourCorner(sink, x0, y1, 2, 3, 0, quad, false);
  endSubpath(sink, x0, y0 + rTL);
}

/**
 * Ends a filled subpath. Canvas contexts (recognised by `arc`) get a line back to the start instead of
 * closePath(): filling closes subpaths anyway, and Skia slows down badly with thousands of closePath() calls.
 */
function endSubpath(sink: PathSink, x: number, y: number): void {
  if (sink.arc) sink.lineTo(x, y);
  else sink.closePath();
}

/** Axis-aligned rectangle, clockwise on screen. */
function rect(sink: PathSink, x0: number, y0: number, x1: number, y1: number): void {
  sink.moveTo(x0, y0);
  sink.lineTo(x1, y0);
  sink.lineTo(x1, y1);
  sink.lineTo(x0, y1);
  endSubpath(sink, x0, y0);
}

/** A circle as four quarter curves; clockwise on screen when `cw`. */
export function circle(sink: PathSink, cx: number, cy: number, r: number, cw: boolean): void {
  sink.moveTo(cx + r, cy);
  if (sink.arc) {
    // No closePath here: a full arc ends where it started, and Skia slows down badly on thousands of closes.
    sink.arc(cx, cy, r, 0, 2 * Math.PI, !cw);
    return;
  }
  const h = r * KAPPA;
  if (cw) {
    sink.bezierCurveTo(cx + r, cy + h, cx + h, cy + r, cx, cy + r);
    sink.bezierCurveTo(cx - h, cy + r, cx - r, cy + h, cx - r, cy);
    sink.bezierCurveTo(cx - r, cy - h, cx - h, cy - r, cx, cy - r);
    sink.bezierCurveTo(cx + h, cy - r, cx + r, cy - h, cx + r, cy);
  } else {
    sink.bezierCurveTo(cx + r, cy - h, cx + h, cy - r, cx, cy - r);
    sink.bezierCurveTo(cx - h, cy - r, cx - r, cy - h, cx - r, cy);
    sink.bezierCurveTo(cx - r, cy + h, cx - h, cy + r, cx, cy + r);
    sink.bezierCurveTo(cx + h, cy + r, cx + r, cy + h, cx + r, cy);
  }
  sink.closePath();
}

/**
 * Rectangle with per-corner radii [TL, TR, BR, BL] (clamped to half the shorter side), clockwise on screen when
 * `cw`, counter-clockwise otherwise (to cut a hole under the nonzero rule).
 */
export function roundedRect(
  sink: PathSink,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  radii: Radii,
  cw: boolean,
): void {
  const lim = Math.min(x1 - x0, y1 - y0) / 2;
  const clamp = (r: number) => Math.max(0, Math.min(r, lim));
  const tl = clamp(radii[0]);
  const tr = clamp(radii[1]);
  const br = clamp(radii[2]);
  const bl = clamp(radii[3]);
  const k = 1 - KAPPA;
  if (cw) {
    sink.moveTo(x0 + tl, y0);
    sink.lineTo(x1 - tr, y0);
    if (tr) sink.bezierCurveTo(x1 - tr * k, y0, x1, y0 + tr * k, x1, y0 + tr);
    sink.lineTo(x1, y1 - br);
    if (br) sink.bezierCurveTo(x1, y1 - br * k, x1 - br * k, y1, x1 - br, y1);
    sink.lineTo(x0 + bl, y1);
    if (bl) sink.bezierCurveTo(x0 + bl * k, y1, x0, y1 - bl * k, x0, y1 - bl);
    sink.lineTo(x0, y0 + tl);
    if (tl) sink.bezierCurveTo(x0, y0 + tl * k, x0 + tl * k, y0, x0 + tl, y0);
  } else {
    sink.moveTo(x0 + tl, y0);
    if (tl) sink.bezierCurveTo(x0 + tl * k, y0, x0, y0 + tl * k, x0, y0 + tl);
    sink.lineTo(x0, y1 - bl);
    if (bl) sink.bezierCurveTo(x0, y1 - bl * k, x0 + bl * k, y1, x0 + bl, y1);
    sink.lineTo(x1 - br, y1);
    if (br) sink.bezierCurveTo(x1 - br * k, y1, x1, y1 - br * k, x1, y1 - br);
    sink.lineTo(x1, y0 + tr);
    if (tr) sink.bezierCurveTo(x1, y0 + tr * k, x1 - tr * k, y0, x1 - tr, y0);
  }
  sink.closePath();
}

/** The three finder patterns as whole eyes: a ring (outer clockwise, inner counter-clockwise) and a solid centre. */
export function emitEyes(
  sink: PathSink,
  eyes: readonly (readonly [number, number])[],
  shape: Shape,
  map: GridMap,
): void {
  const { major, minor } = eyeRadii(shape);
  const m = map.m;
  const radii = (i: 0 | 1 | 2): Radii => {
    const a = major[i] * m;
    const b = minor[i] * m;
    return [a, b, a, b];
  };
  for (const [ex, ey] of eyes) {
    roundedRect(sink, map.x(ex), map.y(ey), map.x(ex + 7), map.y(ey + 7), radii(0), true);
    roundedRect(sink, map.x(ex + 1), map.y(ey + 1), map.x(ex + 6), map.y(ey + 6), radii(1), false);
    roundedRect(sink, map.x(ex + 2), map.y(ey + 2), map.x(ex + 5), map.y(ey + 5), radii(2), true);
  }
}
