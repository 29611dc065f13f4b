/**
 * PDF export with jspdf: one page the size of the artwork, vector paths for frame, eyes and modules, the label
 * in Helvetica-Bold, the logo as an image, title metadata. Runs in the worker (returns bytes, never saves).
 */
import { jsPDF } from 'jspdf';
import { emitFrameShapes } from './layout.ts';
import { logoRect, vectorGrid, type Scene } from './scene.ts';
import { emitEyes, emitModules, type PathSink } from './shapes.ts';

class PdfPathSink implements PathSink {
  private readonly doc: jsPDF;
  constructor(doc: jsPDF) {
    this.doc = doc;
  }
  moveTo(x: number, y: number) {
    this.doc.moveTo(x, y);
  }
  lineTo(x: number, y: number) {
    this.doc.lineTo(x, y);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.doc.curveTo(a, b, c, d, x, y);
  }
  closePath() {
    this.doc.close();
  }
}

export interface PdfLogo {
  bytes: Uint8Array;
  format: 'PNG' | 'JPEG';
}

export function sceneToPdf(scene: Scene, opts: { title: string; subject?: string; logo: PdfLogo | null }): ArrayBuffer {
  const { layout, style, model } = scene;
  const doc = new jsPDF({
    unit: 'pt',
    format: [layout.width, layout.height],
    orientation: 'portrait',
    compress: true,
    putOnlyUsedFonts: true,
  });
  doc.setProperties({ title: opts.title, subject: opts.subject ?? 'QR code', creator: 'QRCraft', author: 'QRCraft' });
  doc.setFillColor(style.bg);
  doc.rect(0, 0, layout.width, layout.height, 'F');
  const sink = new PdfPathSink(doc);
  if (layout.shapes.length) {
    doc.setFillColor(style.fg);
    emitFrameShapes(sink, layout.shapes);
    doc.fill();
  }
  const t = layout.text;
  if (t) {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(t.fontSize);
    const w = doc.getTextWidth(t.text);
    if (w > t.maxWidth) doc.setFontSize((t.fontSize * t.maxWidth) / w);
    doc.setTextColor(t.color === 'fg' ? style.fg : style.bg);
    doc.text(t.text, t.cx, t.cy, { align: 'center', baseline: 'middle' });
  }
  const q = layout.qr;
  doc.setFillColor(style.bg);
  doc.rect(q.x, q.y, q.side, q.side, 'F');
  doc.setFillColor(style.fg);
  const grid = vectorGrid(scene);
  emitModules(sink, model.dark, model.n, style.shape, grid);
  emitEyes(sink, model.eyes, style.shape, grid);
  doc.fill();
  const box = logoRect(scene);
  if (box && opts.logo) doc.addImage(opts.logo.bytes, opts.logo.format, box.x, box.y, box.w, box.h, undefined, 'FAST');
  return doc.output('arraybuffer');
}
