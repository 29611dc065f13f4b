/**
 * Design options resolved for drawing: the eye shapes, what each layer (modules, eye rings, eye centres) is
 * painted with, the background, the quiet zone. One check of the options for every backend, and the gradient's
 * geometry in module units of the symbol (0..n), which each backend maps to its own coordinates.
 */
import { checkColours, contrastOf, MIN_CONTRAST, parseHex } from '../shared/qr/colour.ts';
import {
  DESIGN_DEFAULTS,
  EYE_SHAPES,
  GRADIENT_TYPES,
  MAX_MARGIN,
  MIN_MARGIN,
  type EyeShape,
  type Gradient,
  type QrStyle,
} from '../shared/qr/vocabulary.ts';
import { QrError } from '../shared/qr/errors.ts';
import { rgbToCmyk, type PrintColour } from '../shared/qr/print.ts';

/** At most 3 decimals, as the PDF and EPS writers write numbers (svg.ts `fmt`, which imports this module). */
function fmt(v: number): string {
  return String(Math.round(v * 1000) / 1000);
}

export type Paint = { kind: 'solid'; colour: string } | { kind: 'gradient'; gradient: Gradient };

export interface Design {
  eyeFrame: EyeShape;
  eyeCentre: EyeShape;
  modules: Paint;
  eyeFrames: Paint;
  eyeCentres: Paint;
  transparent: boolean;
  margin: number;
}

export interface GradientStop {
  offset: number;
  colour: string;
}

/** Linear: from (x1, y1) to (x2, y2); radial: circle (cx, cy, r) from the centre out. Module units, y down. */
export type GradientGeometry =
  | { type: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: GradientStop[] }
  | { type: 'radial'; cx: number; cy: number; r: number; stops: GradientStop[] };

function badDesign(message: string, details: Record<string, string | number | boolean | null> = {}): never {
  throw new QrError('BAD_DESIGN', message, details);
}

/** Throws LOW_CONTRAST naming the part, like the foreground check does for the plain colour. */
function checkPart(colour: string, bg: string, part: string): void {
  const { verdict, ratio } = contrastOf(colour, bg);
  if (verdict !== 'ok')
    throw new QrError(
      'LOW_CONTRAST',
      verdict !== 'tooClose'
        ? `The ${part} (${colour}) is not darker than the background: the code would fade into it.`
        : `The ${part} (${colour}) is too close to the background (contrast ${ratio.toFixed(1)}:1, at least ${MIN_CONTRAST}:1 needed): the code would fade into it.`,
      { colour, bg, part, ratio: Math.round(ratio * 100) / 100 },
    );
}

function checkGradient(g: Gradient, bg: string): Gradient {
  if (!g || typeof g !== 'object' || !(GRADIENT_TYPES as readonly string[]).includes(g.type))
    badDesign('A gradient is linear or radial.', { type: String(g?.type) });
  if (!Array.isArray(g.stops) || g.stops.length < 2 || g.stops.length > 3)
    badDesign('A gradient has two or three colours.', { stops: Array.isArray(g.stops) ? g.stops.length : 0 });
  const angle = Number(g.angle);
  if (g.type === 'linear' && !Number.isFinite(angle)) badDesign('The gradient angle must be a number of degrees.');
  g.stops.forEach((c, i) => checkPart(c, bg, `gradient colour ${i + 1}`));
  return { type: g.type, angle: Number.isFinite(angle) ? angle : 0, stops: [...g.stops] };
}

function eyeShape(v: unknown, what: string): EyeShape {
  if (v === undefined) return 'auto';
  if (!(EYE_SHAPES as readonly unknown[]).includes(v)) badDesign(`Unknown ${what} shape.`, { shape: String(v) });
  return v as EyeShape;
}

/**
 * The style's design options, checked: eye shapes known, margin 0..10 whole modules, gradient of 2-3 stops, and
 * every colour that draws modules (fg, each stop, eye colours) darker than the background by MIN_CONTRAST.
 */
export function resolveDesign(style: QrStyle): Design {
  checkColours(style.fg, style.bg);
  const margin = style.margin ?? DESIGN_DEFAULTS.margin;
  if (!Number.isInteger(margin) || margin < MIN_MARGIN || margin > MAX_MARGIN)
    badDesign(`The margin must be a whole number of modules from ${MIN_MARGIN} to ${MAX_MARGIN}.`, {
      margin: String(margin),
    });
  const gradient = style.gradient ? checkGradient(style.gradient, style.bg) : null;
  const modules: Paint = gradient ? { kind: 'gradient', gradient } : { kind: 'solid', colour: style.fg };
  const eyePaint = (colour: string | null | undefined, part: string): Paint => {
    if (colour === null || colour === undefined || colour === '') return modules;
    checkPart(colour, style.bg, part);
    return { kind: 'solid', colour };
  };
  return {
    eyeFrame: eyeShape(style.eyeFrame, 'eye frame'),
    eyeCentre: eyeShape(style.eyeCentre, 'eye centre'),
    modules,
    eyeFrames: eyePaint(style.eyeFrameColour, 'eye frame colour'),
    eyeCentres: eyePaint(style.eyeCentreColour, 'eye centre colour'),
    transparent: style.transparent === true,
    margin,
  };
}

/** Stops evenly spaced from 0 to 1. */
function gradientStops(g: Gradient): GradientStop[] {
  const last = g.stops.length - 1;
  return g.stops.map((colour, i) => ({ offset: i / last, colour }));
}

/**
 * Where the gradient runs over a symbol of n modules (module units): linear through the centre at its angle,
 * long enough that the first and last stops fall on the symbol's extreme corners for that direction; radial
 * from the centre to the corners.
 */
export function gradientGeometry(g: Gradient, n: number): GradientGeometry {
  const c = n / 2;
  const stops = gradientStops(g);
  if (g.type === 'radial') return { type: 'radial', cx: c, cy: c, r: (n / 2) * Math.SQRT2, stops };
  const a = (g.angle * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  const half = ((Math.abs(dx) + Math.abs(dy)) * n) / 2;
  return { type: 'linear', x1: c - dx * half, y1: c - dy * half, x2: c + dx * half, y2: c + dy * half, stops };
}

/** Whether two paints draw the same (same colour, or the same gradient object). */
export function samePaint(a: Paint, b: Paint): boolean {
  if (a.kind === 'solid' && b.kind === 'solid') return a.colour.toLowerCase() === b.colour.toLowerCase();
  return a === b;
}

/** Colour components (0..1, at most 3 decimals), RGB or CMYK by rgbToCmyk, as the PDF and EPS write colours. */
function components(hex: string, mode: PrintColour): string {
  const rgb = parseHex(hex);
  return (mode === 'cmyk' ? rgbToCmyk(rgb) : rgb.map((v) => v / 255)).map(fmt).join(' ');
}

/**
 * The gradient as a shading dictionary, in the syntax PDF and PostScript level 3 share: axial (ShadingType 2)
 * or radial (3), extended past both ends, its colours an exponential interpolation (FunctionType 2) for two
 * stops, or two of them stitched (FunctionType 3) at the middle stop for three. `map`: module units of the
 * symbol to the coordinates the shading is painted in.
 */
export function shadingSource(
  g: Gradient,
  n: number,
  map: { x(u: number): number; y(v: number): number; m: number },
  mode: PrintColour,
): string {
  const geo = gradientGeometry(g, n);
  const interp = (a: string, b: string) =>
    `<< /FunctionType 2 /Domain [0 1] /C0 [${components(a, mode)}] /C1 [${components(b, mode)}] /N 1 >>`;
  const cs = geo.stops.map((s) => s.colour);
  const fn =
    cs.length === 2
      ? interp(cs[0]!, cs[1]!)
      : `<< /FunctionType 3 /Domain [0 1] /Functions [${interp(cs[0]!, cs[1]!)} ${interp(cs[1]!, cs[2]!)}] /Bounds [${fmt(geo.stops[1]!.offset)}] /Encode [0 1 0 1] >>`;
  const X = (u: number) => fmt(map.x(u));
  const Y = (v: number) => fmt(map.y(v));
  const coords =
    geo.type === 'linear'
      ? `/ShadingType 2 /Coords [${X(geo.x1)} ${Y(geo.y1)} ${X(geo.x2)} ${Y(geo.y2)}]`
      : `/ShadingType 3 /Coords [${X(geo.cx)} ${Y(geo.cy)} 0 ${X(geo.cx)} ${Y(geo.cy)} ${fmt(geo.r * map.m)}]`;
  return `<< ${coords} /ColorSpace /Device${mode === 'cmyk' ? 'CMYK' : 'RGB'} /Function ${fn} /Extend [true true] >>`;
}
