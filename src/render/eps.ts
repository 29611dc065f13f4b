/**
 * EPS export: Encapsulated PostScript 3.0 (DSC header, BoundingBox), vector paths for frame and eyes, the
 * modules as short calls to procedures defined once in the prolog (psModules.ts), the label in Helvetica-Bold
 * (Latin-1), the logo as an image and colours in RGB or CMYK (`setcmykcolor`). Drawn in a y-down coordinate
 * system so it shares the geometry code with the other backends.
 */
import { emitFrameShapes } from './layout.ts';
import { inkPixels, psColour } from './print.ts';
import { shadingSource, type Paint } from './paint.ts';
import { PS_SYMBOL_PROCS, psLines, psSymbolLayers } from './psModules.ts';
import { logoRect, type Scene } from './scene.ts';
import type { PathSink } from './shapes.ts';
import type { PrintColour } from '../shared/qr/print.ts';

function n3(v: number): string {
  return String(Math.round(v * 1000) / 1000);
}

class PsPathSink implements PathSink {
  parts: string[] = [];
  moveTo(x: number, y: number) {
    this.parts.push(`${n3(x)} ${n3(y)} m`);
  }
  lineTo(x: number, y: number) {
    this.parts.push(`${n3(x)} ${n3(y)} l`);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.parts.push(`${n3(a)} ${n3(b)} ${n3(c)} ${n3(d)} ${n3(x)} ${n3(y)} c`);
  }
  closePath() {
    this.parts.push('h');
  }
}

/** A PostScript string literal in Latin-1: printable ASCII as is, the rest as octal escapes, others as '?'. */
export function psString(s: string): string {
  let out = '(';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 63;
    if (ch === '(' || ch === ')' || ch === '\\') out += '\\' + ch;
    else if (c >= 32 && c < 127) out += ch;
    else if (c >= 160 && c <= 255) out += '\\' + c.toString(8).padStart(3, '0');
    else out += '?';
  }
  return out + ')';
}

export interface EpsLogo {
  /** RGB pixels (alpha already composited on the background), row-major, top row first. */
  width: number;
  height: number;
  rgb: Uint8Array;
}

export interface EpsOptions {
  title: string;
  logo: EpsLogo | null;
  colour?: PrintColour;
  date?: Date;
}

/**
 * One symbol layer (tokens building a path and ending in `fill` or `stroke`) painted with `paint`. A gradient
 * clips to the layer (a stroke through `strokepath`) and paints the shading with `shfill`, which needs
 * PostScript level 3; a level-2 interpreter, which has no `shfill`, fills the layer with the first stop instead.
 */
function psLayer(
  tokens: string[],
  paint: Paint,
  ink: (hex: string) => string,
  scene: Scene,
  colour: PrintColour,
): string[] {
  if (paint.kind === 'solid') return [ink(paint.colour), ...psLines(tokens)];
  const op = tokens.at(-1);
  const path = tokens.slice(0, -1);
  const shading = shadingSource(paint.gradient, scene.model.n, { x: (u) => u, y: (v) => v, m: 1 }, colour);
  const first = paint.gradient.stops[0] ?? '#000000';
  // Tokens, so that no line of the file passes ~100 characters (DSC readers want at most 255).
  const tail = `/shfill where { pop clip newpath ${shading} shfill } { ${ink(first)} fill } ifelse`.split(' ');
  return ['gsave', ...psLines([...path, ...(op === 'stroke' ? ['strokepath'] : []), ...tail]), 'grestore'];
}

export function sceneToEps(scene: Scene, opts: EpsOptions): string {
  const { layout, style, m, ox, oy, design } = scene;
  const gradient = design.modules.kind === 'gradient';
  const ink = (hex: string) => psColour(hex, opts.colour ?? 'rgb');
  const W = Math.ceil(layout.width);
  const H = Math.ceil(layout.height);
  const out: string[] = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${W} ${H}`,
    `%%HiResBoundingBox: 0 0 ${n3(layout.width)} ${n3(layout.height)}`,
    `%%Title: ${opts.title.replace(/[\r\n]+/g, ' ').slice(0, 200)}`,
    '%%Creator: QRCraft',
    `%%CreationDate: ${(opts.date ?? new Date()).toISOString()}`,
    '%%DocumentData: Clean7Bit',
    // Level 3 only for a gradient (shfill), with a level-2 fallback in the file (psLayer).
    `%%LanguageLevel: ${gradient ? 3 : 2}`,
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    // A dictionary of our own, so nothing leaks into the including document's userdict.
    '/QRCraft 40 dict def QRCraft begin',
    '/m /moveto load def /l /lineto load def /c /curveto load def /h /closepath load def',
    ...PS_SYMBOL_PROCS,
    '/QRFont /Helvetica-Bold findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall',
    '  /Encoding ISOLatin1Encoding def currentdict end definefont pop',
    'end',
    '%%EndProlog',
    '%%Page: 1 1',
    'save QRCraft begin',
    // Ghostscript (behind ImageMagick, LibreOffice, Inkscape's import and most EPS previews) widens every fill
    // by a fraction of a device pixel; at 72-150 dpi that thickens each module enough that jsQR misses long codes
    // that the same page as PDF reads (docs/scan-safety.md). Fills are exact shapes here, so the widening is
    // turned off, in Ghostscript only (its own operator, looked up first) and inside this page's save/restore.
    '/.setfilladjust2 where { pop { 0 0 .setfilladjust2 } stopped { pop pop } if } if',
    `0 ${n3(layout.height)} translate 1 -1 scale`,
  ];
  // EPS has no transparency: a transparent background is simply not painted (the frame and modules still are).
  if (!design.transparent) out.push(`${ink(style.bg)} 0 0 ${n3(layout.width)} ${n3(layout.height)} rectfill`);
  if (layout.shapes.length) {
    const sink = new PsPathSink();
    emitFrameShapes(sink, layout.shapes);
    out.push(`${ink(style.fg)} newpath`, ...sink.parts, 'fill');
  }
  const t = layout.text;
  if (t) {
    const s = psString(t.text);
    out.push(
      ink(t.color === 'fg' ? style.fg : style.bg),
      `/QRFont findfont ${n3(t.fontSize)} scalefont setfont`,
      // Shrink to the available width with the real font metrics.
      `${s} stringwidth pop dup ${n3(t.maxWidth)} gt { ${n3(t.maxWidth)} exch div ${n3(t.fontSize)} mul /QRFont findfont exch scalefont setfont } { pop } ifelse`,
      `gsave ${n3(t.cx)} ${n3(t.cy)} translate 1 -1 scale`,
      `${s} stringwidth pop -2 div currentfont /FontMatrix get 3 get -0.36 mul 1000 mul moveto ${s} show grestore`,
    );
  }
  const q = layout.qr;
  if (!design.transparent) out.push(`${ink(style.bg)} ${n3(q.x)} ${n3(q.y)} ${n3(q.side)} ${n3(q.side)} rectfill`);
  // The symbol in module units: each layer one path of procedure calls, filled (or stroked) once.
  out.push(`gsave ${n3(ox)} ${n3(oy)} translate ${m.toFixed(6)} dup scale`);
  const layers = psSymbolLayers(scene);
  const colour = opts.colour ?? 'rgb';
  out.push(
    ...psLayer(layers.rings, design.eyeFrames, ink, scene, colour),
    ...psLayer(layers.centres, design.eyeCentres, ink, scene, colour),
    ...psLayer(layers.modules, design.modules, ink, scene, colour),
    'grestore',
  );
  const box = logoRect(scene);
  if (box && opts.logo) {
    const { width, height } = opts.logo;
    const { components, bytes: px } = inkPixels(opts.logo.rgb, colour);
    out.push(
      `gsave ${n3(box.x)} ${n3(box.y)} translate ${n3(box.w)} ${n3(box.h)} scale`,
      `${width} ${height} 8 [${width} 0 0 ${height} 0 0] currentfile /ASCIIHexDecode filter false ${components} colorimage`,
    );
    const hex = '0123456789abcdef';
    let line = '';
    // i < px.length; a byte's two nibbles (0..15) index the 16 digits of hex.
    for (let i = 0; i < px.length; i++) {
      const v = px[i]!;
      line += hex[v >> 4]! + hex[v & 15]!;
      if (line.length >= 120) {
        out.push(line);
        line = '';
      }
    }
    out.push(line + '>', 'grestore');
  }
  out.push('end restore', 'showpage', '%%Trailer', '%%EOF', '');
  return out.join('\n');
}
