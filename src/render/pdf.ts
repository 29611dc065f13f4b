/**
 * PDF export: one page made by jsPDF (pdfDocument.ts), on which our code draws the frame as vector paths, the
 * symbol as compact operators (pdfModules.ts: whole grid units, one form per round module placed by relative
 * moves), jsPDF the label in Helvetica-Bold and a JPEG logo as it is; other logos are pixels in the page's colour
 * model. Title metadata. With `print`, the page is the trim plus bleed (and a slug for crop marks), with TrimBox
 * and BleedBox, and the colours (the logo's too) may be written as DeviceCMYK. Runs in the worker (returns bytes,
 * never saves), and in the API on Node and Deno.
 */
import type { jsPDF } from 'jspdf';
import { parseHex } from '../shared/qr/colour.ts';
import { helveticaBoldEm, winAnsiCodes } from './helveticaBold.ts';
import { emitFrameShapes } from './layout.ts';
import { latin1Text, PdfDocument, type ObjectWriter, type PageBox } from './pdfDocument.ts';
import { DecimalPathSink, pdfSymbol } from './pdfModules.ts';
import { inkPixels, MARK_WIDTH_PT, pdfColour, printPage, registration } from './print.ts';
import { shadingSource, type Paint } from './paint.ts';
import { logoRect, type Scene } from './scene.ts';
import { fmt } from './svg.ts';
import { rgbToCmyk, type PrintColour } from '../shared/qr/print.ts';

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

/** Resource names of the XObjects written here (jsPDF's own are Xo1…, I0…). */
const GRADIENT_XOBJECT = 'QRGradient';
const LOGO_XOBJECT = 'QRLogo';

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

/** A square box of side `side` whose bottom-left corner is (at, at). */
const square = (at: number, side: number): PageBox => ({ x0: at, y0: at, x1: at + side, y1: at + side });

/**
 * Whether jsPDF reads the JPEG's size and colours as we do (with `addImage(…, 'JPEG', …)` it reads the header
 * with `processJPEG`): its reader takes a DHT segment (FFC4) for the frame header, so a file with its Huffman
 * tables first would be embedded with a wrong size.
 */
function jspdfReadsJpeg(doc: jsPDF, logo: PdfLogo & { kind: 'jpeg' }): boolean {
  const reader = doc as unknown as {
    processJPEG(data: Uint8Array): { width: number; height: number; colorSpace: string };
  };
  const seen = reader.processJPEG(logo.bytes);
  const colours = logo.components === 1 ? 'DeviceGray' : 'DeviceRGB';
  return seen.width === logo.width && seen.height === logo.height && seen.colorSpace === colours;
}

/** The logo's pixels as an image XObject in the page's colour model, Flate-compressed by jsPDF. */
function pixelImage(w: ObjectWriter, logo: PdfLogo & { kind: 'pixels' }, mode: PrintColour): number {
  const { components, bytes } = inkPixels(logo.rgb, mode);
  return w.stream(
    {
      Type: '/XObject',
      Subtype: '/Image',
      Width: logo.width,
      Height: logo.height,
      BitsPerComponent: 8,
      ColorSpace: components === 4 ? '/DeviceCMYK' : '/DeviceRGB',
      DecodeParms: `<< /Predictor 12 /Colors ${components} /Columns ${logo.width} >>`,
    },
    latin1Text(upFiltered(logo.width, logo.height, components, bytes)),
  );
}

export async function sceneToPdf(scene: Scene, opts: PdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const { layout, style, design } = scene;
  const mode: PrintColour = opts.print?.colour ?? 'rgb';
  const page = printPage(layout.width, opts.print?.bleedPt ?? 0, opts.print?.cropMarks ?? false);
  const { margin, media, trim, bleed } = page;
  const fill = (hex: string) => pdfColour(hex, mode);
  const pdf = new PdfDocument(
    media,
    opts.print ? { trim: square(margin, trim), bleed: square(margin - bleed, trim + 2 * bleed) } : undefined,
  );
  const { doc } = pdf;
  pdf.setInfo(opts.title);
  // Art coordinates: origin at the trim's top-left corner, y down, in pt.
  const art = (ops: string[]) =>
    pdf.write([`q 1 0 0 -1 ${fmt(margin)} ${fmt(margin + trim)} cm`, ...ops, 'Q'].join('\n'));

  const frame: string[] = [];
  // A transparent background is simply not painted: the page shows whatever it is placed on.
  if (!design.transparent)
    frame.push(
      `${fill(style.bg)} ${fmt(-bleed)} ${fmt(-bleed)} ${fmt(trim + 2 * bleed)} ${fmt(trim + 2 * bleed)} re f`,
    );
  if (layout.shapes.length) {
    const sink = new DecimalPathSink();
    emitFrameShapes(sink, layout.shapes);
    frame.push(fill(style.fg), ...sink.parts, 'f');
  }
  art(frame);

  const t = layout.text;
  if (t) {
    const codes = winAnsiCodes(t.text);
    const em = helveticaBoldEm(codes);
    const size = Number(fmt(em * t.fontSize > t.maxWidth ? t.maxWidth / em : t.fontSize));
    const colour = t.color === 'fg' ? style.fg : style.bg;
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(size);
    if (mode === 'cmyk') doc.setTextColor(...rgbToCmyk(parseHex(colour)));
    else doc.setTextColor(colour);
    // jsPDF places text in pt from the page's top-left corner, at its baseline; the codes are all WinAnsi.
    doc.text(String.fromCharCode(...codes), margin + t.cx - (em * size) / 2, margin + t.cy + BASELINE_EM * size);
  }

  const q = layout.qr;
  const qr: string[] = [];
  if (!design.transparent) qr.push(`${fill(style.bg)} ${fmt(q.x)} ${fmt(q.y)} ${fmt(q.side)} ${fmt(q.side)} re f`);
  const forms: string[] = [];
  const symbol = pdfSymbol(scene, (ops) => {
    const name = pdf.form(ops);
    forms.push(name);
    return name;
  });
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
    } else qr.push(`${fill(paint.colour)} ${pdfColour(paint.colour, mode, true)}`, layerOps);
  }
  if (gradient) {
    const paint = gradient;
    const bbox = `[${[q.x, q.y, q.x + q.side, q.y + q.side].map(fmt).join(' ')}]`;
    // jsPDF has neither soft masks nor CMYK shadings: a form of ours with its own resources paints the gradient.
    pdf.xobject(GRADIENT_XOBJECT, (w) => {
      const xobjects = forms.map((name) => `/${name} ${w.formNumber(name)} 0 R`).join(' ');
      const group = w.stream(
        {
          Type: '/XObject',
          Subtype: '/Form',
          BBox: bbox,
          Group: '<< /S /Transparency /CS /DeviceGray >>',
          ...(xobjects ? { Resources: `<< /XObject << ${xobjects} >> >>` } : {}),
        },
        ['1 g 1 G', ...masked].join('\n'),
      );
      const gs = w.object(`<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G ${group} 0 R >> >>`);
      const sh = w.object(shadingDict(paint, scene, mode));
      return w.stream(
        {
          Type: '/XObject',
          Subtype: '/Form',
          BBox: bbox,
          Resources: `<< /ExtGState << /GQ ${gs} 0 R >> /Shading << /SQ ${sh} 0 R >> >>`,
        },
        `/GQ gs ${fmt(q.x)} ${fmt(q.y)} ${fmt(q.side)} ${fmt(q.side)} re W n /SQ sh`,
      );
    });
    qr.push(`/${GRADIENT_XOBJECT} Do`);
  }
  const box = logoRect(scene);
  const logo = box && opts.logo ? opts.logo : null;
  // Internal: the worker hands a CMYK page the logo's pixels, which are converted here like every colour.
  if (logo?.kind === 'jpeg' && mode === 'cmyk')
    throw new Error('A CMYK PDF needs the logo as pixels, not as a JPEG file');
  const jpegByJspdf = logo?.kind === 'jpeg' && jspdfReadsJpeg(doc, logo);
  if (box && logo && !jpegByJspdf) {
    pdf.xobject(LOGO_XOBJECT, (w) =>
      logo.kind === 'pixels'
        ? pixelImage(w, logo, mode)
        : w.stream(
            {
              Type: '/XObject',
              Subtype: '/Image',
              Width: logo.width,
              Height: logo.height,
              BitsPerComponent: 8,
              ColorSpace: logo.components === 1 ? '/DeviceGray' : '/DeviceRGB',
              Filter: '/DCTDecode',
            },
            latin1Text(logo.bytes),
            false,
          ),
    );
    qr.push(`q ${fmt(box.w)} 0 0 ${fmt(-box.h)} ${fmt(box.x)} ${fmt(box.y + box.h)} cm /${LOGO_XOBJECT} Do Q`);
  }
  art(qr);
  // jsPDF embeds the JPEG file as it is (DCTDecode), placed in pt from the page's top-left corner.
  if (box && logo?.kind === 'jpeg' && jpegByJspdf)
    doc.addImage(logo.bytes, 'JPEG', margin + box.x, margin + box.y, box.w, box.h, undefined, 'NONE');

  if (page.marks.length) {
    const marks = [`${registration(mode).pdf} ${fmt(MARK_WIDTH_PT)} w 0 J`];
    for (const [x0, y0, x1, y1] of page.marks) marks.push(`${fmt(x0)} ${fmt(y0)} m ${fmt(x1)} ${fmt(y1)} l`);
    art([...marks, 'S']);
  }
  return pdf.output();
}
