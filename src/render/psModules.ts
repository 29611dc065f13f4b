/**
 * The EPS symbol layer (modules and eyes) in module units, compact: procedures defined once in the prolog
 * (PS_SYMBOL_PROCS) and short calls per module or run, mostly relative to a cursor kept by the procedures, so a
 * dot reads `3 d`. Contour shapes are written like the SVG's path: relative lines, and corners as one call
 * named by their turn with the radius as its argument (`.5 q01`). Each layer is one path, filled or stroked once.
 */
import { DX, DY, traceContours } from './contours.ts';
import type { Scene } from './scene.ts';
import { emitEyeCentres, emitEyeRings } from './eyes.ts';
import {
  BRIDGE_WIDTH,
  DOT_RADIUS,
  emitAlignments,
  fittedRadius,
  forEachCorner,
  KAPPA,
  type GridMap,
  type PathSink,
} from './shapes.ts';
import { fmt } from './svg.ts';
import { forEachRun } from './moduleRuns.ts';

const hw = fmt(BRIDGE_WIDTH / 2);
const dotR = fmt(DOT_RADIUS);

/**
 * The procedures (PostScript, module units, y down). X Y is the cursor: `y N` starts row y, `x K` column x;
 * `dx d` / `dx e` add a dot / round module dx modules on; `dx len R` a run of square modules; `dx len H` and
 * `dy len V` a bridge between the centres of len modules; `x y M`, `dx x`, `dy y`, `cx cy ex ey q|a` and `z`
 * draw contours (corner control point and end relative to the current point).
 */
export const PS_SYMBOL_PROCS = [
  '/X 0 def /Y 0 def',
  '/N { /Y exch def /X 0 def } bind def',
  '/K { /X exch def /Y 0 def } bind def',
  '/O { exch X add dup /X exch def .5 add Y .5 add 3 -1 roll 3 copy 3 -1 roll add exch moveto 0 360 arc closepath } bind def',
  `/d { ${dotR} O } bind def`,
  '/e { .5 O } bind def',
  '/R { exch X add dup /X exch def Y moveto dup 0 rlineto 0 1 rlineto neg 0 rlineto closepath } bind def',
  `/H { 1 sub exch X add dup /X exch def .5 add Y .5 add ${hw} sub moveto dup 0 rlineto 0 ${fmt(BRIDGE_WIDTH)} rlineto neg 0 rlineto closepath } bind def`,
  `/V { 1 sub exch Y add dup /Y exch def .5 add X .5 add ${hw} sub exch moveto ${fmt(BRIDGE_WIDTH)} 0 rlineto dup 0 exch rlineto ${fmt(-BRIDGE_WIDTH)} 0 rlineto neg 0 exch rlineto closepath } bind def`,
  // Round-capped runs (rounded): from the centre of the first module to the centre of the last.
  '/L { 1 sub exch X add dup /X exch def .5 add Y .5 add moveto 0 rlineto } bind def',
  '/W { 1 sub exch Y add dup /Y exch def .5 add X .5 add exch moveto 0 exch rlineto } bind def',
  '/M /moveto load def /z /closepath load def',
  '/x { 0 rlineto } bind def /y { 0 exch rlineto } bind def',
  // A corner from the current point: control point (cx, cy) and end (ex, ey), relative; k is the handle share.
  '/C { /k exch def /ey exch def /ex exch def /cy exch def /cx exch def',
  '  cx k mul cy k mul cx ex sub k mul ex add cy ey sub k mul ey add ex ey rcurveto } bind def',
  ...cornerProcs(),
];

/**
 * `r qIO` (quadratic) and `r aIO` (circular) draw a corner of radius r reached in direction I and left in O
 * (0 +x, 1 +y, 2 −x, 3 −y): the control point is r along I, the end r further along O.
 */
function cornerProcs(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 4; i++)
    for (const o of [(i + 1) & 3, (i + 3) & 3]) {
      // i, o are directions (0..3), indices into DX / DY.
      const [ix, iy, ox, oy] = [DX[i]!, DY[i]!, DX[o]!, DY[o]!];
      const args = `dup ${ix} mul exch dup ${iy} mul exch dup ${ix + ox} mul exch ${iy + oy} mul`;
      out.push(`/q${i}${o} { ${args} ${fmt(2 / 3)} C } bind def /a${i}${o} { ${args} ${KAPPA.toFixed(4)} C } bind def`);
    }
  return out;
}

/** Joins tokens into lines of at most ~100 characters, for 7-bit-clean DSC consumers. */
function lines(tokens: string[]): string[] {
  const out: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line.length + t.length > 100) {
      out.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  if (line) out.push(line);
  return out;
}

/** Per row (or column), each dark module or run as a call relative to the previous one. */
function rowCalls(
  dark: Uint8Array,
  n: number,
  vertical: boolean,
  start: string,
  call: (delta: number, len: number) => string | null,
  out: string[],
): void {
  let line = -1;
  let at = 0;
  forEachRun(dark, n, vertical, (a, b, len) => {
    const text = call(b - (line === a ? at : 0), len);
    if (text === null) return;
    if (line !== a) out.push(`${a} ${start}`);
    out.push(text);
    line = a;
    at = b;
  });
}

/** Contours like the SVG's path data: relative lines and corners with the `q` / `a` procedures. */
function contourCalls(dark: Uint8Array, n: number, shape: Scene['style']['shape'], out: string[]): void {
  let cx = 0;
  let cy = 0;
  let first = true;
  forEachCorner(
    traceContours(dark, n),
    shape,
    () => {
      first = true;
    },
    (x, y, din, dout, r, quad, px, py, nx, ny) => {
      const rr = fittedRadius(r, x, y, px, py, nx, ny);
      // din, dout are directions (0..3), indices into DX / DY.
      const bx = x - DX[din]! * rr;
      const by = y - DY[din]! * rr;
      if (first) out.push(`${fmt(bx)} ${fmt(by)} M`);
      else if (bx !== cx) out.push(`${fmt(bx - cx)} x`);
      else if (by !== cy) out.push(`${fmt(by - cy)} y`);
      first = false;
      cx = bx;
      cy = by;
      if (rr > 0) {
        out.push(`${fmt(rr)} ${quad ? 'q' : 'a'}${din}${dout}`);
        cx = x + DX[dout]! * rr;
        cy = y + DY[dout]! * rr;
      }
    },
    () => out.push('z'),
  );
}

class PsDecimalSink implements PathSink {
  private readonly out: string[];
  constructor(out: string[]) {
    this.out = out;
  }
  moveTo(x: number, y: number) {
    this.out.push(`${fmt(x)} ${fmt(y)} moveto`);
  }
  lineTo(x: number, y: number) {
    this.out.push(`${fmt(x)} ${fmt(y)} lineto`);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.out.push([a, b, c, d, x, y].map(fmt).join(' ') + ' curveto');
  }
  closePath() {
    this.out.push('z');
  }
}

/**
 * The symbol's three layers apart (eye rings, eye centres, modules), each a list of tokens that builds one path
 * from `newpath` and ends with its painting operator, `fill` or `stroke` (design options paint them apart).
 */
export function psSymbolLayers(scene: Scene): { rings: string[]; centres: string[]; modules: string[] } {
  const { model, style, design } = scene;
  const unit: GridMap = { m: 1, x: (i) => i, y: (j) => j };
  const rings: string[] = ['newpath'];
  emitEyeRings(new PsDecimalSink(rings), model.eyes, design.eyeFrame, style.shape, unit);
  rings.push('fill');
  const centres: string[] = ['newpath'];
  emitEyeCentres(new PsDecimalSink(centres), model.eyes, design.eyeCentre, style.shape, unit);
  centres.push('fill');
  return { rings, centres, modules: moduleCalls(scene) };
}

function moduleCalls(scene: Scene): string[] {
  const { model, style } = scene;
  const { dark, n } = model;
  const out: string[] = ['newpath'];
  switch (style.shape) {
    case 'square':
      rowCalls(dark, n, false, 'N', (dx, len) => `${dx} ${len} R`, out);
      break;
    case 'rounded':
      // As the SVG: round-capped strokes along runs, a lone module a zero-length run (painted as a dot).
      out.push('1 setlinecap 1 setlinewidth');
      rowCalls(dark, n, false, 'N', (dx, len) => `${dx} ${len} L`, out);
      rowCalls(dark, n, true, 'K', (dy, len) => (len > 1 ? `${dy} ${len} W` : null), out);
      out.push('stroke');
      return out;
    case 'dots':
    case 'extraRounded': {
      const proc = style.shape === 'dots' ? 'd' : 'e';
      let row = -1;
      let at = 0;
      for (let y = 0; y < n; y++)
        for (let x = 0; x < n; x++) {
          if (!dark[y * n + x]) continue;
          if (row !== y) {
            out.push(`${y} N`);
            row = y;
            at = 0;
          }
          out.push(`${x - at} ${proc}`);
          at = x;
        }
      if (style.shape === 'extraRounded') {
        rowCalls(dark, n, false, 'N', (dx, len) => (len > 1 ? `${dx} ${len} H` : null), out);
        rowCalls(dark, n, true, 'K', (dy, len) => (len > 1 ? `${dy} ${len} V` : null), out);
      }
      break;
    }
    default:
      contourCalls(dark, n, style.shape, out);
  }
  // Alignment patterns drawn whole (shapes.ts solidAlignment), in the same module units.
  emitAlignments(new PsDecimalSink(out), model.aligns, { m: 1, x: (i) => i, y: (j) => j });
  out.push('fill');
  return out;
}

/** Joins tokens into lines of at most ~100 characters (exported for eps.ts). */
export const psLines = lines;
