/**
 * PDF export, written directly (pdfWriter.ts): one page, the frame and label as vector paths and Helvetica-Bold
 * text, the symbol as compact operators (pdfModules.ts), the logo as an image in the page's colour model, title
 * metadata. jspdf wrote every module as its own curves with long decimals and cannot place a form by a relative
 * move, hence this. With `print`, the page is the trim plus bleed (and a slug for crop marks), with TrimBox and
 * BleedBox, and the colours (the logo's too) may be written as DeviceCMYK. Runs in the worker (returns bytes, never saves).
 */
import { helveticaBoldEm, winAnsiCodes } from './helveticaBold.ts';
import { emitFrameShapes } from './layout.ts';
import { DecimalPathSink, pdfSymbol } from './pdfModules.ts';
import { deflate, latin1Bytes, pdfTextString, PdfWriter } from './pdfWriter.ts';
import { inkPixels, MARK_WIDTH_PT, pdfColour, printPage, registration } from './print.ts';
import { shadingSource, type Paint } from './paint.ts';
import { logoRect, type Scene } from './scene.ts';
import { fmt } from './svg.ts';
import type { PrintColour } from '../shared/qr/print.ts';

/**
 * The logo: a baseline or progressive JPEG file embedded as it is (grey or RGB), or RGB pixels (row-major, top
 * row first, alpha already composited on the background).
 */
export type PdfLogo =
  | { kind: 'jpeg'; width: number; height: number; components: 1 | 3; bytes: Uint8Array }
  | { kind: 'pixels'; width: number; height: number; rgb: Uint8Array };

/** Size and colour components of a JPEG from its frame header, or null when it is not one we can embed. */
export function jpegInfo(bytes: Uint8Array): { width: number; height: number; components: 1 | 3 } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      const components = bytes[i + 9]!;
      return (components === 1 || components === 3) && width > 0 && height > 0 ? { width, height, components } : null;
    }
    i += 2 + length;
  }
  return null;
}

export interface PdfPrint {
  bleedPt: number;
  cropMarks: boolean;
  colour: PrintColour;
}

export interface PdfOptions {
  title: string;
  logo: PdfLogo | null;
  /** Print-ready page (bleed, boxes, marks, colour); without it the page is the artwork, in RGB. */
  print?: PdfPrint;
}

/** Baseline below the label's centre line, in em (the same as the EPS writer's). */
const BASELINE_EM = 0.36;

/** A PDF string literal of WinAnsi codes. */
function pdfBytesString(codes: readonly number[]): string {
  let s = '(';
  for (const c of codes) s += c === 40 || c === 41 || c === 92 ? '\\' + String.fromCharCode(c) : String.fromCharCode(c);
  return s + ')';
}

/** PNG "Up" filtering per row (PDF Predictor 12), which lets Flate find the logo's vertical repetition. */
function upFiltered(width: number, height: number, components: number, px: Uint8Array): Uint8Array {
  const row = width * components;
  const out = new Uint8Array((row + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (row + 1);
    out[o] = 2;
    for (let i = 0; i < row; i++) {
      const here = px[y * row + i] ?? 0;
      const above = y ? (px[(y - 1) * row + i] ?? 0) : 0;
      out[o + 1 + i] = (here - above) & 255;
    }
  }
  return out;
}

/** The gradient as a PDF shading in the page's art coordinates (pt, y down). */
function shadingDict(paint: Paint & { kind: 'gradient' }, scene: Scene, mode: PrintColour): string {
  const { m, ox, oy } = scene;
  return shadingSource(paint.gradient, scene.model.n, { x: (u) => ox + u * m, y: (v) => oy + v * m, m }, mode);
}

export async function sceneToPdf(scene: Scene, opts: PdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const { layout, style, design } = scene;
  const mode: PrintColour = opts.print?.colour ?? 'rgb';
  const page = printPage(layout.width, opts.print?.bleedPt ?? 0, opts.print?.cropMarks ?? false);
  const { margin, media, trim, bleed } = page;
  const fill = (hex: string) => pdfColour(hex, mode);
  const ops: string[] = [
    // Art coordinates: origin at the trim's top-left corner, y down, in pt.
    `q 1 0 0 -1 ${fmt(margin)} ${fmt(margin + trim)} cm`,
  ];
  // A transparent background is simply not painted: the page shows whatever it is placed on.
  if (!design.transparent)
    ops.push(`${fill(style.bg)} ${fmt(-bleed)} ${fmt(-bleed)} ${fmt(trim + 2 * bleed)} ${fmt(trim + 2 * bleed)} re f`);
  if (layout.shapes.length) {
    const sink = new DecimalPathSink();
    emitFrameShapes(sink, layout.shapes);
    ops.push(fill(style.fg), ...sink.parts, 'f');
  }
  const t = layout.text;
  if (t) {
    const codes = winAnsiCodes(t.text);
    const em = helveticaBoldEm(codes);
    const size = em * t.fontSize > t.maxWidth ? t.maxWidth / em : t.fontSize;
    ops.push(
      fill(t.color === 'fg' ? style.fg : style.bg),
      `BT /F1 ${fmt(size)} Tf 1 0 0 -1 ${fmt(t.cx - (em * size) / 2)} ${fmt(t.cy + BASELINE_EM * size)} Tm`,
      `${pdfBytesString(codes)} Tj ET`,
    );
  }
  const q = layout.qr;
  if (!design.transparent) ops.push(`${fill(style.bg)} ${fmt(q.x)} ${fmt(q.y)} ${fmt(q.side)} ${fmt(q.side)} re f`);
  const symbol = pdfSymbol(scene);
  // Solid layers in their colour (fill and stroke: the `rounded` modules are strokes). Gradient layers become
  // one luminosity soft mask (white where they draw, so strokes and placed forms mask like fills) through which
  // the shading is painted over the QR area.
  const masked: string[] = [];
  let gradient: (Paint & { kind: 'gradient' }) | null = null;
  const layers: [string, Paint][] = [
    [symbol.rings, design.eyeFrames],
    [symbol.centres, design.eyeCentres],
    [symbol.modules, design.modules],
  ];
  for (const [layerOps, paint] of layers) {
    if (paint.kind === 'gradient') {
      masked.push(layerOps);
      gradient = paint;
    } else ops.push(`${fill(paint.colour)} ${pdfColour(paint.colour, mode, true)}`, layerOps);
  }
  if (gradient) ops.push(`q /GQ gs ${fmt(q.x)} ${fmt(q.y)} ${fmt(q.side)} ${fmt(q.side)} re W n /SQ sh Q`);
  const box = logoRect(scene);
  const logo = box && opts.logo ? opts.logo : null;
  if (box && logo) ops.push(`q ${fmt(box.w)} 0 0 ${fmt(-box.h)} ${fmt(box.x)} ${fmt(box.y + box.h)} cm /Im1 Do Q`);
  if (page.marks.length) {
    ops.push(`${registration(mode).pdf} ${fmt(MARK_WIDTH_PT)} w 0 J`);
    for (const [x0, y0, x1, y1] of page.marks) ops.push(`${fmt(x0)} ${fmt(y0)} m ${fmt(x1)} ${fmt(y1)} l`);
    ops.push('S');
  }
  ops.push('Q');

  const pdf = new PdfWriter();
  const catalog = pdf.reserve();
  const pages = pdf.reserve();
  const pageId = pdf.reserve();
  const xobjects: string[] = [];
  for (const form of symbol.forms) {
    const id = await pdf.addFlateStream('/Type /XObject /Subtype /Form /BBox [-.1 -.1 1.1 1.1]', latin1Bytes(form.ops));
    xobjects.push(`/${form.name} ${id} 0 R`);
  }
  const extra: string[] = [];
  if (gradient) {
    const form = xobjects.length ? `/Resources << /XObject << ${xobjects.join(' ')} >> >> ` : '';
    const bbox = [q.x, q.y, q.x + q.side, q.y + q.side].map(fmt).join(' ');
    const group = await pdf.addFlateStream(
      `/Type /XObject /Subtype /Form /BBox [${bbox}] /Group << /S /Transparency /CS /DeviceGray >> ${form}`.trim(),
      latin1Bytes(['1 g 1 G', ...masked].join('\n')),
    );
    const gs = pdf.add(`<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G ${group} 0 R >> >>`);
    const sh = pdf.add(shadingDict(gradient, scene, mode));
    extra.push(`/ExtGState << /GQ ${gs} 0 R >> /Shading << /SQ ${sh} 0 R >>`);
  }
  if (logo) {
    const id = pdf.reserve();
    const image = `/Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} /BitsPerComponent 8`;
    if (logo.kind === 'jpeg') {
      // Internal: the worker hands a CMYK page the logo's pixels, which are converted here like every colour.
      if (mode === 'cmyk') throw new Error('A CMYK PDF needs the logo as pixels, not as a JPEG file');
      pdf.setStream(
        id,
        `${image} /ColorSpace /Device${logo.components === 1 ? 'Gray' : 'RGB'} /Filter /DCTDecode`,
        logo.bytes,
      );
    } else {
      const { components, bytes } = inkPixels(logo.rgb, mode);
      pdf.setStream(
        id,
        `${image} /ColorSpace /Device${components === 4 ? 'CMYK' : 'RGB'} /Filter /FlateDecode` +
          ` /DecodeParms << /Predictor 12 /Colors ${components} /Columns ${logo.width} >>`,
        await deflate(upFiltered(logo.width, logo.height, components, bytes)),
      );
    }
    xobjects.push(`/Im1 ${id} 0 R`);
  }
  const font = t
    ? pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
    : 0;
  const contents = await pdf.addFlateStream('', latin1Bytes(ops.join('\n')));
  const resources =
    (font ? `/Font << /F1 ${font} 0 R >> ` : '') +
    (xobjects.length ? `/XObject << ${xobjects.join(' ')} >> ` : '') +
    extra.join(' ');
  const boxes = opts.print
    ? ` /BleedBox [${[margin - bleed, margin - bleed, margin + trim + bleed, margin + trim + bleed].map(fmt).join(' ')}]` +
      ` /TrimBox [${[margin, margin, margin + trim, margin + trim].map(fmt).join(' ')}]`
    : '';
  pdf.set(
    pageId,
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${fmt(media)} ${fmt(media)}]${boxes} ` +
      `/Resources << ${resources} >> /Contents ${contents} 0 R >>`,
  );
  pdf.set(pages, `<< /Type /Pages /Kids [${pageId} 0 R] /Count 1 >>`);
  pdf.set(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  const info = pdf.add(
    `<< /Title ${pdfTextString(opts.title)} /Subject (QR code) /Creator (QRCraft) /Producer (QRCraft) >>`,
  );
  return pdf.output(catalog, info);
}
