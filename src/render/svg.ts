/**
 * SVG export: a handful of elements whatever the version. Modules are one merged path in module units
 * (outlines of the dark regions with relative h/v/a commands, or, for dots, zero-length strokes with round caps),
 * eyes one more path, the frame one path and a text, the logo one <image>.
 */
import { emitFrameShapes, FONT_FAMILY } from './layout.ts';
import { DX, DY, traceContours } from './contours.ts';
import { emitEyeCentres, emitEyeRings } from './eyes.ts';
import { gradientGeometry, samePaint, type Paint } from './paint.ts';
import { logoRect, type Scene } from './scene.ts';
import {
  BRIDGE_WIDTH,
  DOT_RADIUS,
  emitAlignments,
  fittedRadius,
  forEachCorner,
  type GridMap,
  type PathSink,
} from './shapes.ts';

/** Shortest decimal form with at most 3 decimals: 0.5 -> ".5", -0.25 -> "-.25". */
export function fmt(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  if (r === 0) return '0';
  let s = String(r);
  if (s.startsWith('0.')) s = s.slice(1);
  else if (s.startsWith('-0.')) s = '-' + s.slice(2);
  return s;
}

/** Joins numbers with a separator only where the parser needs one. */
function nums(...vs: number[]): string {
  let out = '';
  let prev = '';
  for (const v of vs) {
    const s = fmt(v);
    if (prev && !(s.startsWith('-') || (s.startsWith('.') && (prev.includes('.') || prev.includes('e'))))) out += ' ';
    out += s;
    prev = s;
  }
  return out;
}

/** Absolute-coordinate path writer for the few non-module shapes. */
export class SvgPathSink implements PathSink {
  d = '';
  moveTo(x: number, y: number) {
    this.d += 'M' + nums(x, y);
  }
  lineTo(x: number, y: number) {
    this.d += 'L' + nums(x, y);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.d += 'C' + nums(a, b, c, d, x, y);
  }
  closePath() {
    this.d += 'Z';
  }
}

/**
 * Runs of dark modules along rows (or columns) as one path of horizontal (vertical) segments, for stroking.
 * `caps` 'butt': segments span the modules' edges; 'round': they join the module centres (round caps add the
 * half module at each end). Runs shorter than `minLen` are left out.
 */
export function runsPathData(
  dark: Uint8Array,
  n: number,
  vertical: boolean,
  caps: 'butt' | 'round',
  minLen = 1,
): string {
  const parts: string[] = [];
  let cx = 0;
  let cy = 0;
  let first = true;
  const inset = caps === 'round' ? 0.5 : 0;
  for (let a = 0; a < n; a++) {
    let b = 0;
    while (b < n) {
      const at = (i: number) => (vertical ? dark[i * n + a] : dark[a * n + i]);
      if (!at(b)) {
        b++;
        continue;
      }
      let e = b;
      while (e < n && at(e)) e++;
      const len = e - b;
      if (len >= minLen) {
        const sx = vertical ? a + 0.5 : b + inset;
        const sy = vertical ? b + inset : a + 0.5;
        parts.push(first ? 'M' + nums(sx, sy) : 'm' + nums(sx - cx, sy - cy));
        first = false;
        const l = len - 2 * inset;
        parts.push((vertical ? 'v' : 'h') + fmt(l));
        cx = vertical ? sx : sx + l;
        cy = vertical ? sy + l : sy;
      }
      b = e;
    }
  }
  return parts.join('');
}

/** Zero-length round-capped segments, one per dark module: each one renders as a dot. */
export function dotsPathData(dark: Uint8Array, n: number): string {
  const parts: string[] = [];
  let cx = 0;
  let cy = 0;
  let first = true;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!dark[y * n + x]) continue;
      parts.push((first ? 'M' + nums(x + 0.5, y + 0.5) : 'm' + nums(x + 0.5 - cx, y + 0.5 - cy)) + 'h0');
      first = false;
      cx = x + 0.5;
      cy = y + 0.5;
    }
  }
  return parts.join('');
}

/**
 * Contour outlines with corner curves (quadratic `q`, or circular `a`), in module units. With `filletsOnly`,
 * only the concave fillets are written, each as its own small closed shape (added to the round-capped runs).
 */
export function contourPathData(
  dark: Uint8Array,
  n: number,
  shape: Scene['style']['shape'],
  filletsOnly = false,
): string {
  const parts: string[] = [];
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
      const ax = x + DX[dout]! * rr;
      const ay = y + DY[dout]! * rr;
      const convex = dout === ((din + 1) & 3);
      if (filletsOnly) {
        if (convex || rr <= 0) return;
        // b, curve (control at the vertex) to a, back to the vertex, close.
        parts.push(
          'm' +
            nums(bx - cx, by - cy) +
            'q' +
            nums(x - bx, y - by, ax - bx, ay - by) +
            'l' +
            nums(x - ax, y - ay) +
            'z',
        );
        cx = bx;
        cy = by;
        return;
      }
      if (first) {
        parts.push('M' + nums(bx, by));
        first = false;
      } else if (bx !== cx) parts.push('h' + fmt(bx - cx));
      else if (by !== cy) parts.push('v' + fmt(by - cy));
      cx = bx;
      cy = by;
      if (rr > 0) {
        if (quad) parts.push('q' + nums(x - cx, y - cy, ax - cx, ay - cy));
        else
          parts.push(
            'a' + nums(rr, rr) + ' 0 0 ' + (convex ? 1 : 0) + (ax - cx < 0 ? '' : ' ') + nums(ax - cx, ay - cy),
          );
        cx = ax;
        cy = ay;
      }
    },
    () => {
      if (filletsOnly) return;
      parts.push('z');
      // After z the current point is the loop's start.
    },
  );
  const [head] = parts;
  if (filletsOnly && head !== undefined) parts[0] = 'M' + head.slice(1);
  return parts.join('');
}

/** The module layer as SVG elements (module units), one or two paths whatever the version. */
export function modulesSvg(dark: Uint8Array, n: number, shape: Scene['style']['shape'], fg: string): string {
  switch (shape) {
    case 'dots':
      return `<path fill="none" stroke="${fg}" stroke-width="${fmt(DOT_RADIUS * 2)}" stroke-linecap="round" d="${dotsPathData(dark, n)}"/>`;
    case 'square':
      return `<path fill="none" stroke="${fg}" stroke-width="1" d="${runsPathData(dark, n, false, 'butt')}"/>`;
    case 'rounded': {
      const d = runsPathData(dark, n, false, 'round') + runsPathData(dark, n, true, 'round', 2);
      return `<path fill="none" stroke="${fg}" stroke-width="1" stroke-linecap="round" d="${d}"/>`;
    }
    case 'extraRounded': {
      // Round modules (zero-length round-capped strokes, one module wide) plus butt-capped bridges between centres.
      const bridges = runsPathData(dark, n, false, 'round', 2) + runsPathData(dark, n, true, 'round', 2);
      return (
        `<path fill="none" stroke="${fg}" stroke-width="1" stroke-linecap="round" d="${dotsPathData(dark, n)}"/>` +
        `<path fill="none" stroke="${fg}" stroke-width="${fmt(BRIDGE_WIDTH)}" d="${bridges}"/>`
      );
    }
    default:
      return `<path fill="${fg}" d="${contourPathData(dark, n, shape)}"/>`;
  }
}

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

export interface SvgOptions {
  title: string;
  /** Logo as a data: URL (png, jpeg or svg+xml), embedded once. */
  logoHref: string | null;
  /** Physical width and height in millimetres (the print window), instead of the nominal size in px. */
  printMm?: number;
}

/** The gradient as an SVG paint server with id `id`, in the module units of the symbol's group. */
function gradientSvg(paint: Paint & { kind: 'gradient' }, n: number, id: string): string {
  const g = gradientGeometry(paint.gradient, n);
  const stops = g.stops.map((s) => `<stop offset="${fmt(s.offset)}" stop-color="${s.colour}"/>`).join('');
  return g.type === 'linear'
    ? `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${fmt(g.x1)}" y1="${fmt(g.y1)}" x2="${fmt(g.x2)}" y2="${fmt(g.y2)}">${stops}</linearGradient>`
    : `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${fmt(g.cx)}" cy="${fmt(g.cy)}" r="${fmt(g.r)}">${stops}</radialGradient>`;
}

export function sceneToSvg(scene: Scene, opts: SvgOptions): string {
  const { layout, style, model, m, ox, oy, design } = scene;
  const transparent = design.transparent;
  const W = fmt(layout.width);
  const H = fmt(layout.height);
  const out: string[] = [];
  const mm = opts.printMm;
  out.push(
    mm === undefined
      ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`
      : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${fmt(mm)}mm" height="${fmt((mm * layout.height) / layout.width)}mm" role="img" aria-label="QR code, ${fmt(mm)} mm wide, ready to print">`,
  );
  out.push(`<title>${escapeXml(opts.title)}</title>`);
  if (!transparent) out.push(`<rect width="${W}" height="${H}" fill="${style.bg}"/>`);
  if (layout.shapes.length) {
    const sink = new SvgPathSink();
    emitFrameShapes(sink, layout.shapes);
    out.push(`<path fill="${style.fg}" d="${sink.d}"/>`);
  }
  const t = layout.text;
  if (t) {
    out.push(
      `<text x="${fmt(t.cx)}" y="${fmt(t.cy)}" fill="${t.color === 'fg' ? style.fg : style.bg}" font-family="${FONT_FAMILY}" font-weight="700" font-size="${fmt(t.fontSize)}" text-anchor="middle" dominant-baseline="central">${escapeXml(t.text)}</text>`,
    );
  }
  const q = layout.qr;
  if (layout.shapes.length && !transparent)
    out.push(
      `<rect x="${fmt(q.x)}" y="${fmt(q.y)}" width="${fmt(q.side)}" height="${fmt(q.side)}" fill="${style.bg}"/>`,
    );
  const unit: GridMap = { m: 1, x: (i) => i, y: (j) => j };
  out.push(`<g transform="translate(${nums(ox, oy)}) scale(${fmt(m)})">`);
  // One gradient (the modules'; eyes without a colour of their own share it), in the group's module units.
  const paint = (p: Paint) => (p.kind === 'solid' ? p.colour : 'url(#qr-gradient)');
  if (design.modules.kind === 'gradient')
    out.push(`<defs>${gradientSvg(design.modules, model.n, 'qr-gradient')}</defs>`);
  const rings = new SvgPathSink();
  emitEyeRings(rings, model.eyes, design.eyeFrame, style.shape, unit);
  const centres = new SvgPathSink();
  emitEyeCentres(centres, model.eyes, design.eyeCentre, style.shape, unit);
  if (samePaint(design.eyeFrames, design.eyeCentres))
    out.push(`<path fill="${paint(design.eyeFrames)}" d="${rings.d}${centres.d}"/>`);
  else
    out.push(
      `<path fill="${paint(design.eyeFrames)}" d="${rings.d}"/>`,
      `<path fill="${paint(design.eyeCentres)}" d="${centres.d}"/>`,
    );
  out.push(modulesSvg(model.dark, model.n, style.shape, paint(design.modules)));
  if (model.aligns.length) {
    const aligns = new SvgPathSink();
    emitAlignments(aligns, model.aligns, unit);
    out.push(`<path fill="${paint(design.modules)}" d="${aligns.d}"/>`);
  }
  out.push('</g>');
  const box = logoRect(scene);
  if (box && opts.logoHref) {
    out.push(
      `<image href="${escapeXml(opts.logoHref)}" x="${fmt(box.x)}" y="${fmt(box.y)}" width="${fmt(box.w)}" height="${fmt(box.h)}" preserveAspectRatio="xMidYMid meet"/>`,
    );
  }
  out.push('</svg>');
  return out.join('');
}
