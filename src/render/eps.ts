/**
 * EPS export: Encapsulated PostScript 3.0 (DSC header, BoundingBox), vector paths for frame, eyes and modules,
 * the label in Helvetica-Bold (Latin-1), the logo as an RGB image. Drawn in a y-down coordinate system so it
 * shares the geometry code with the other backends.
 */
import { emitFrameShapes } from './layout.ts';
import { parseHex } from './colour.ts';
import { logoRect, vectorGrid, type Scene } from './scene.ts';
import { emitEyes, emitModules, type PathSink } from './shapes.ts';

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

function rgb(hex: string): string {
  return parseHex(hex)
    .map((v) => n3(v / 255))
    .join(' ');
}

export interface EpsLogo {
  /** RGB pixels (alpha already composited on the background), row-major, top row first. */
  width: number;
  height: number;
  rgb: Uint8Array;
}

export function sceneToEps(scene: Scene, opts: { title: string; logo: EpsLogo | null; date?: Date }): string {
  const { layout, style, model } = scene;
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
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    '/m /moveto load def /l /lineto load def /c /curveto load def /h /closepath load def',
    '/QRFont /Helvetica-Bold findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall',
    '  /Encoding ISOLatin1Encoding def currentdict end definefont pop',
    '%%EndProlog',
    '%%Page: 1 1',
    'save',
    `0 ${n3(layout.height)} translate 1 -1 scale`,
    `${rgb(style.bg)} setrgbcolor 0 0 ${n3(layout.width)} ${n3(layout.height)} rectfill`,
  ];
  if (layout.shapes.length) {
    const sink = new PsPathSink();
    emitFrameShapes(sink, layout.shapes);
    out.push(`${rgb(style.fg)} setrgbcolor newpath`, ...sink.parts, 'fill');
  }
  const t = layout.text;
  if (t) {
    const s = psString(t.text);
    out.push(
      `${rgb(t.color === 'fg' ? style.fg : style.bg)} setrgbcolor`,
      `/QRFont findfont ${n3(t.fontSize)} scalefont setfont`,
      // Shrink to the available width with the real font metrics.
      `${s} stringwidth pop dup ${n3(t.maxWidth)} gt { ${n3(t.maxWidth)} exch div ${n3(t.fontSize)} mul /QRFont findfont exch scalefont setfont } { pop } ifelse`,
      `gsave ${n3(t.cx)} ${n3(t.cy)} translate 1 -1 scale`,
      `${s} stringwidth pop -2 div currentfont /FontMatrix get 3 get -0.36 mul 1000 mul moveto ${s} show grestore`,
    );
  }
  const q = layout.qr;
  out.push(`${rgb(style.bg)} setrgbcolor ${n3(q.x)} ${n3(q.y)} ${n3(q.side)} ${n3(q.side)} rectfill`);
  const grid = vectorGrid(scene);
  const sink = new PsPathSink();
  emitModules(sink, model.dark, model.n, style.shape, grid);
  emitEyes(sink, model.eyes, style.shape, grid);
  out.push(`${rgb(style.fg)} setrgbcolor newpath`);
  // Keep lines short for 7-bit-clean DSC consumers.
  for (let i = 0; i < sink.parts.length; i += 8) out.push(sink.parts.slice(i, i + 8).join(' '));
  out.push('fill');
  const box = logoRect(scene);
  if (box && opts.logo) {
    const { width, height, rgb: px } = opts.logo;
    out.push(
      `gsave ${n3(box.x)} ${n3(box.y)} translate ${n3(box.w)} ${n3(box.h)} scale`,
      `${width} ${height} 8 [${width} 0 0 ${height} 0 0] currentfile /ASCIIHexDecode filter false 3 colorimage`,
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
  out.push('restore', 'showpage', '%%Trailer', '%%EOF', '');
  return out.join('\n');
}
