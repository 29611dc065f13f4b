/**
 * The print-ready PDF and the CMYK EPS, checked from outside: pdfinfo's boxes and page size, the operators in
 * the (inflated) content, crop mark pixels in the slug of the rasterised page, and ZXing-C++ and zbar reading
 * each file rasterised at 72, 150 and 300 dpi (pdftoppm, Ghostscript).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { encodeText } from '../../../src/encoder/index.ts';
import { sceneToEps } from '../../../src/render/eps.ts';
import { sceneToPdf, type PdfPrint } from '../../../src/render/pdf.ts';
import { inkPixels, MARK_LENGTH_MM, MARK_OFFSET_MM } from '../../../src/render/print.ts';
import { buildScene, logoRect, type Scene } from '../../../src/render/scene.ts';
import { PT_PER_MM, rgbToCmyk } from '../../../src/shared/qr/print.ts';
import type { QrStyle } from '../../../src/shared/qr/vocabulary.ts';
import {
  pdfImages,
  pdfInfoBoxes,
  pdfOperators,
  rasteriseEps,
  rasteriseEpsRgb,
  rasterisePdf,
  rasterisePdfRgb,
  type Gray,
  type Rgb,
} from '../../helpers/rasterise.ts';
import { readBoth } from '../../helpers/decoders.ts';
import { qpdfCheckFile } from '../../helpers/qpdfCheck.ts';

const CONTENT = 'https://qrcraft.app/print/7Xk2?utm_source=poster';
const DPIS = [72, 150, 300];
// Sizes give at least 4 px per module at 72 dpi: a raster that coarse is the decoders' limit, not the file's.

interface Case {
  name: string;
  style: QrStyle;
  sizeMm: number;
  print: PdfPrint;
}

const style = (shape: QrStyle['shape'], frame: QrStyle['frame'], fg: string): QrStyle => ({
  shape,
  frame,
  fg,
  bg: '#FFFFFF',
  frameText: '',
  logoId: null,
});

const CASES: Case[] = [
  {
    name: 'dots, banner, CMYK, 3 mm bleed, crop marks',
    style: style('dots', 'banner', '#000000'),
    sizeMm: 80,
    print: { bleedPt: 3 * PT_PER_MM, cropMarks: true, colour: 'cmyk' },
  },
  {
    name: 'classy, no frame, RGB, no bleed, no marks',
    style: style('classy', 'none', '#1A2BB2'),
    sizeMm: 60,
    print: { bleedPt: 0, cropMarks: false, colour: 'rgb' },
  },
];

const mm = (v: number) => v * PT_PER_MM;

/** Darkest pixel in a rectangle of the image given in pt from the page's top-left corner. */
function darkest(img: Gray, dpi: number, x0: number, y0: number, x1: number, y1: number): number {
  const px = (v: number) => Math.round((v * dpi) / 72);
  let min = 255;
  for (let y = px(y0); y < px(y1); y++)
    for (let x = px(x0); x < px(x1); x++) min = Math.min(min, img.data[y * img.width + x] ?? 255);
  return min;
}

describe.each(CASES)('print-ready PDF: $name', ({ style: s, sizeMm, print }) => {
  const scene = buildScene(encodeText(CONTENT, { ecl: 'M' }), s, null, mm(sizeMm));
  const made = sceneToPdf(scene, { title: 'QR code: URL', logo: null, print });
  const margin = print.cropMarks ? Math.max(print.bleedPt, mm(MARK_OFFSET_MM)) + mm(MARK_LENGTH_MM) : print.bleedPt;

  test('pdfinfo: page size, MediaBox, TrimBox at the physical size, BleedBox around it', async () => {
    const boxes = pdfInfoBoxes(await made);
    const trim = mm(sizeMm);
    const media = trim + 2 * margin;
    expect(boxes['Page size']![0]).toBeCloseTo(media, 1);
    expect(boxes['MediaBox']).toEqual([0, 0, media, media].map((v) => expect.closeTo(v, 1)));
    expect(boxes['TrimBox']).toEqual([margin, margin, margin + trim, margin + trim].map((v) => expect.closeTo(v, 1)));
    const b = print.bleedPt;
    expect(boxes['BleedBox']).toEqual(
      [margin - b, margin - b, margin + trim + b, margin + trim + b].map((v) => expect.closeTo(v, 1)),
    );
    // The trim is the chosen size in millimetres.
    expect(((boxes['TrimBox']![2]! - boxes['TrimBox']![0]!) / PT_PER_MM).toFixed(1)).toBe(sizeMm.toFixed(1));
  });

  test('colour operators: DeviceCMYK (k) when chosen, RGB (rg) otherwise; black is 100 % K', async () => {
    const ops = pdfOperators(await made);
    if (print.colour === 'cmyk') {
      expect(ops).toMatch(/(^|\n)0 0 0 1 k\b/);
      expect(ops).not.toMatch(/ rg\b/);
    } else {
      expect(ops).toMatch(/ rg\b/);
      expect(ops).not.toMatch(/ k\b/);
    }
    // Crop marks: stroked lines in registration colour, only when asked for.
    expect(/\nS(\n|$)/.test(ops)).toBe(print.cropMarks);
    if (print.cropMarks) expect(ops).toContain(print.colour === 'cmyk' ? '1 1 1 1 K' : '0 0 0 RG');
  });

  test.each(DPIS)('pdftoppm at %d dpi: crop marks in the slug, ZXing and zbar read it', async (dpi) => {
    const img = rasterisePdf(await made, dpi);
    const media = mm(sizeMm) + 2 * margin;
    expect(Math.abs(img.width - (media * dpi) / 72)).toBeLessThanOrEqual(1);
    if (print.cropMarks) {
      // The media's corner, outside both marks, stays blank; on the trim line, in the slug, a mark (a 0.25 pt
      // line is a light grey at 72 dpi).
      const length = mm(MARK_LENGTH_MM);
      expect(darkest(img, dpi, 0, 0, length / 2, length / 2)).toBe(255);
      expect(darkest(img, dpi, 1, margin - 2, length - 1, margin + 2)).toBeLessThan(230);
      expect(darkest(img, dpi, margin - 2, 1, margin + 2, length - 1)).toBeLessThan(230);
    }
    expect(await readBoth(img)).toEqual({ zxing: CONTENT, zbar: CONTENT });
  });
});

describe('EPS in CMYK', () => {
  const scene = buildScene(encodeText(CONTENT, { ecl: 'Q' }), style('extraRounded', 'badge', '#1A2BB2'), null, 480);
  const eps = sceneToEps(scene, { title: 'QR code: URL', logo: null, colour: 'cmyk' });

  test('setcmykcolor for every colour, never setrgbcolor', () => {
    // #1A2BB2 by the stated formula: K = 1 - 178/255, C = (1 - 26/255 - K) / (1 - K) …
    expect(eps).toContain('.85 .76 0 .3 setcmykcolor');
    expect(eps).toContain('0 0 0 0 setcmykcolor');
    expect(eps).not.toContain('setrgbcolor');
  });

  test.each(DPIS)('Ghostscript at %d dpi: ZXing and zbar read it', async (dpi) => {
    expect(await readBoth(rasteriseEps(eps, dpi))).toEqual({ zxing: CONTENT, zbar: CONTENT });
  });
});

test('PDF title metadata: ASCII as a literal, anything else as UTF-16 (pdfinfo reads both back)', async () => {
  const scene = buildScene(encodeText(CONTENT, { ecl: 'M' }), style('square', 'none', '#000000'), null, 480);
  for (const title of ['QR code: URL (a\\b)', 'QR code: Text Café – 東京 ✓']) {
    const dir = mkdtempSync(join(tmpdir(), 'qrcraft-title-'));
    writeFileSync(join(dir, 'in.pdf'), await sceneToPdf(scene, { title, logo: null }));
    qpdfCheckFile(join(dir, 'in.pdf'));
    const info = execFileSync('pdfinfo', ['-enc', 'UTF-8', join(dir, 'in.pdf')], { encoding: 'utf8' });
    expect(/^Title:\s+(.*)$/m.exec(info)?.[1]).toBe(title);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the logo in a CMYK file is CMYK too', () => {
  // A 32 × 32 logo: its left half red, its right half a dark teal, composited on white as the worker does.
  const RED = [255, 0, 0] as const;
  const TEAL = [0, 96, 112] as const;
  const W = 32;
  const rgb = new Uint8Array(W * W * 3);
  for (let i = 0; i < W * W; i++) rgb.set(i % W < W / 2 ? RED : TEAL, i * 3);
  const logo = { width: W, height: W, rgb };
  const scene = buildScene(encodeText(CONTENT, { ecl: 'H' }), style('square', 'none', '#000000'), logo, mm(60));
  const print: PdfPrint = { bleedPt: 0, cropMarks: false, colour: 'cmyk' };

  /** Mean colour of a small square at a fraction (fx, fy) of the logo box, in an image at `dpi`. */
  const logoColour = (img: Rgb, s: Scene, dpi: number, fx: number, fy: number) => {
    const box = logoRect(s)!;
    const px = (v: number) => Math.round((v * dpi) / 72);
    const cx = px(box.x + box.w * fx);
    const cy = px(box.y + box.h * fy);
    const sum = [0, 0, 0];
    for (let y = cy - 2; y <= cy + 2; y++)
      for (let x = cx - 2; x <= cx + 2; x++)
        for (let c = 0; c < 3; c++) sum[c]! += img.data[(y * img.width + x) * 3 + c]!;
    return sum.map((v) => v / 25);
  };
  /** Red stays clearly red and teal clearly teal: the conversion kept the colours (not their exact RGB values). */
  const expectInks = ([r1, g1, b1]: number[], [r2, g2, b2]: number[]) => {
    expect(r1).toBeGreaterThan(180);
    expect(Math.max(g1!, b1!)).toBeLessThan(90);
    expect(r2).toBeLessThan(60);
    expect(Math.min(g2!, b2!)).toBeGreaterThan(50);
    expect(Math.max(g2!, b2!)).toBeLessThan(170);
  };

  test('inkPixels follows the stated formula: each pixel as rgbToCmyk gives it, within 8-bit rounding', () => {
    const samples = [RED, TEAL, [255, 255, 255], [0, 0, 0], [26, 43, 178], [200, 150, 10]] as const;
    const { components, bytes } = inkPixels(new Uint8Array(samples.flat()), 'cmyk');
    expect(components).toBe(4);
    samples.forEach((colour, i) => {
      const expected = rgbToCmyk(colour);
      for (let c = 0; c < 4; c++) expect(Math.abs(bytes[i * 4 + c]! / 255 - expected[c]!)).toBeLessThanOrEqual(0.01);
    });
  });

  test('PDF: the image is DeviceCMYK (pdfimages), and the page shows its colours', async () => {
    const pdf = await sceneToPdf(scene, { title: 'QR code: URL', logo: { kind: 'pixels', ...logo }, print });
    expect(pdfImages(pdf)).toEqual([{ color: 'cmyk', comps: 4 }]);
    const page = rasterisePdfRgb(pdf, 150);
    expectInks(logoColour(page, scene, 150, 0.25, 0.5), logoColour(page, scene, 150, 0.75, 0.5));
    // In RGB the same logo stays RGB.
    const rgbPdf = await sceneToPdf(scene, {
      title: 'QR code: URL',
      logo: { kind: 'pixels', ...logo },
      print: { ...print, colour: 'rgb' },
    });
    expect(pdfImages(rgbPdf)).toEqual([{ color: 'rgb', comps: 3 }]);
  });

  test('EPS: a four-component colorimage, which Ghostscript shows in its colours', () => {
    const eps = sceneToEps(scene, { title: 'QR code: URL', logo, colour: 'cmyk' });
    expect(eps).toContain('false 4 colorimage');
    expect(eps).not.toContain('false 3 colorimage');
    // The EPS is drawn at the scene's size in pt; 150 dpi.
    const page = rasteriseEpsRgb(eps, 150);
    expectInks(logoColour(page, scene, 150, 0.25, 0.5), logoColour(page, scene, 150, 0.75, 0.5));
  });
});
