/**
 * The PDF's symbol layer (modules and eyes) as content operators, compact: coordinates are whole numbers on a
 * grid of units per module (one `cm` scales it), square modules are one `re` per run, `rounded` modules
 * round-capped strokes along runs (as the SVG draws them), and a round module is drawn once as a Form XObject and
 * placed per module with a relative `cm` (most placements read `1 0 0 1 2 0 cm /Xo1 Do`). Each layer is one path,
 * filled or stroked once: no seams between modules. The document defines the form and names it (pdfDocument.ts).
 */
import { traceContours } from './contours.ts';
import type { Scene } from './scene.ts';
import { emitEyeCentres, emitEyeRings } from './eyes.ts';
import {
  BRIDGE_WIDTH,
  circle,
  emitAlignments,
  DOT_RADIUS,
  emitContours,
  type GridMap,
  type PathSink,
} from './shapes.ts';
import { fmt } from './svg.ts';
import { forEachRun } from './moduleRuns.ts';

/** Path operators with coordinates rounded to whole grid units. */
class IntPathSink implements PathSink {
  readonly parts: string[] = [];
  moveTo(x: number, y: number) {
    this.parts.push(`${Math.round(x)} ${Math.round(y)} m`);
  }
  lineTo(x: number, y: number) {
    this.parts.push(`${Math.round(x)} ${Math.round(y)} l`);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.parts.push([a, b, c, d, x, y].map(Math.round).join(' ') + ' c');
  }
  closePath() {
    this.parts.push('h');
  }
}

/** Path operators with up to 3 decimals (frames, text boxes, the round module's form). */
export class DecimalPathSink implements PathSink {
  readonly parts: string[] = [];
  moveTo(x: number, y: number) {
    this.parts.push(`${fmt(x)} ${fmt(y)} m`);
  }
  lineTo(x: number, y: number) {
    this.parts.push(`${fmt(x)} ${fmt(y)} l`);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.parts.push([a, b, c, d, x, y].map(fmt).join(' ') + ' c');
  }
  closePath() {
    this.parts.push('h');
  }
}

/**
 * Defines a form XObject drawn by `ops` in its module cell [0 0 1 1] and returns its resource name, as the
 * document assigns it.
 */
export type DefineForm = (ops: string) => string;

/** A round module of radius r (modules) centred in its cell: the content of its form. */
function roundFormOps(r: number): string {
  const sink = new DecimalPathSink();
  circle(sink, 0.5, 0.5, r, true);
  return sink.parts.join('\n') + '\nf';
}

/** Places `form` on every dark module with relative moves, in module units. */
function placeEach(dark: Uint8Array, n: number, form: string, out: string[]): void {
  let px = 0;
  let py = 0;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (!dark[y * n + x]) continue;
      out.push(`1 0 0 1 ${x - px} ${y - py} cm /${form} Do`);
      px = x;
      py = y;
    }
}

/** Round-capped strokes along the runs of dark modules, centre to centre. */
function roundRuns(dark: Uint8Array, n: number, out: string[]): void {
  // Grid of 2 units per module: module centres at odd integers. A lone module is a zero-length run: with round
  // caps it is painted as a dot (PDF 32000-1 8.5.3.2), as the SVG does.
  forEachRun(dark, n, false, (y, x, len) =>
    out.push(`${2 * x + 1} ${2 * y + 1} m ${2 * (x + len) - 1} ${2 * y + 1} l`),
  );
  forEachRun(dark, n, true, (x, y, len) => {
    if (len > 1) out.push(`${2 * x + 1} ${2 * y + 1} m ${2 * x + 1} ${2 * (y + len) - 1} l`);
  });
}

/**
 * Operators drawing the symbol with the current fill colour, in the page's y-down art coordinates (the caller's
 * CTM); the round module is a form that `defineForm` adds to the document. Each layer has its own grid:
 * eyes and contours 12 units per module (every classy corner point lies on it), bridges 10 (their 0.1-module
 * edges), round-capped runs 2 (module centres), placements and square runs 1.
 */
export interface PdfSymbol {
  /** Everything in the current colour: eye rings, eye centres, modules. */
  ops: string;
  /** The three layers apart, for painting each its own way (design options). */
  rings: string;
  centres: string;
  modules: string;
}

export function pdfSymbol(scene: Scene, defineForm: DefineForm): PdfSymbol {
  const { model, style, m, ox, oy, design } = scene;
  const { dark, n } = model;
  const grid = (g: number) => {
    const scale = (m / g).toFixed(6);
    return `q ${scale} 0 0 ${scale} ${fmt(ox)} ${fmt(oy)} cm`;
  };
  const unit = (g: number): GridMap => ({ m: g, x: (i) => i * g, y: (j) => j * g });
  const rings = new IntPathSink();
  emitEyeRings(rings, model.eyes, design.eyeFrame, style.shape, unit(12));
  const centres = new IntPathSink();
  emitEyeCentres(centres, model.eyes, design.eyeCentre, style.shape, unit(12));
  const ringOps = [grid(12), ...rings.parts, 'f', 'Q'].join('\n');
  const centreOps = [grid(12), ...centres.parts, 'f', 'Q'].join('\n');
  const out: string[] = [];
  const path = new IntPathSink();
  switch (style.shape) {
    case 'square':
      forEachRun(dark, n, false, (y, x, len) => path.parts.push(`${x} ${y} ${len} 1 re`));
      out.push(grid(1), ...path.parts, 'f', 'Q');
      break;
    case 'rounded':
      roundRuns(dark, n, path.parts);
      out.push(grid(2), '1 J 2 w', ...path.parts, 'S', 'Q');
      break;
    case 'dots':
    case 'extraRounded': {
      const dots = style.shape === 'dots';
      const form = defineForm(roundFormOps(dots ? DOT_RADIUS : 0.5));
      out.push(grid(1));
      placeEach(dark, n, form, out);
      out.push('Q');
      if (model.aligns.length) {
        // Alignment patterns drawn whole (shapes.ts solidAlignment), on a grid of 20 units per module.
        const aligns = new IntPathSink();
        emitAlignments(aligns, model.aligns, unit(20));
        out.push(grid(20), ...aligns.parts, 'f', 'Q');
      }
      if (!dots) {
        // Bridges between the centres of neighbours, BRIDGE_WIDTH wide, on a grid of 10 units per module.
        const inset = Math.round(((1 - BRIDGE_WIDTH) / 2) * 10);
        const w = 10 - 2 * inset;
        forEachRun(dark, n, false, (y, x, len) => {
          if (len > 1) path.parts.push(`${x * 10 + 5} ${y * 10 + inset} ${(len - 1) * 10} ${w} re`);
        });
        forEachRun(dark, n, true, (x, y, len) => {
          if (len > 1) path.parts.push(`${x * 10 + inset} ${y * 10 + 5} ${w} ${(len - 1) * 10} re`);
        });
        out.push(grid(10), ...path.parts, 'f', 'Q');
      }
      break;
    }
    default:
      emitContours(path, traceContours(dark, n), style.shape, unit(12));
      out.push(grid(12), ...path.parts, 'f', 'Q');
  }
  const modules = out.join('\n');
  return { ops: [ringOps, centreOps, modules].join('\n'), rings: ringOps, centres: centreOps, modules };
}
