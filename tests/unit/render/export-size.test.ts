/**
 * Issue 17's size targets, on its own design: 1,000 characters of text at level H (version 36), every shape.
 * PDF and EPS at most 1.5x the SVG's bytes, the print-ready PDF (bleed, crop marks, CMYK) at most 2x. Bytes are
 * exact, so these are plain assertions; the figures themselves are in bench-results/export.md.
 */
import { describe, expect, test } from 'vitest';
import { encodeText } from '../../../src/encoder/index.ts';
import { sceneToEps } from '../../../src/render/eps.ts';
import { sceneToPdf } from '../../../src/render/pdf.ts';
import { buildScene } from '../../../src/render/scene.ts';
import { sceneToSvg } from '../../../src/render/svg.ts';
import { PT_PER_MM } from '../../../src/shared/qr/print.ts';
import { SHAPES, type QrStyle } from '../../../src/shared/qr/vocabulary.ts';

const TEXT = Array.from({ length: 1000 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789 .,'[(i * 7) % 39]).join('');
const TITLE = `QR code: Text ${TEXT.slice(0, 57)}...`;
const matrix = encodeText(TEXT, { ecl: 'H' });

test('the design is version 36', () => {
  expect(matrix.version).toBe(36);
});

describe.each(SHAPES)('%s', (shape) => {
  const style: QrStyle = { shape, frame: 'none', fg: '#000000', bg: '#FFFFFF', frameText: '', logoId: null };
  // As the worker makes them: SVG at 1000 px in whole units, PDF and EPS at 480 pt.
  const svg = new TextEncoder().encode(
    sceneToSvg(buildScene(matrix, style, null, 1000, true), { title: TITLE, logoHref: null }),
  ).length;
  const vector = buildScene(matrix, style, null, 480);

  test('PDF ≤ 1.5 × SVG', async () => {
    const pdf = (await sceneToPdf(vector, { title: TITLE, logo: null })).length;
    expect(pdf / svg).toBeLessThanOrEqual(1.5);
  });

  test('EPS ≤ 1.5 × SVG', () => {
    const eps = new TextEncoder().encode(sceneToEps(vector, { title: TITLE, logo: null })).length;
    expect(eps / svg).toBeLessThanOrEqual(1.5);
  });

  test('print-ready PDF (150 mm, 3 mm bleed, crop marks, CMYK) ≤ 2 × SVG', async () => {
    const scene = buildScene(matrix, style, null, 150 * PT_PER_MM);
    const pdf = await sceneToPdf(scene, {
      title: TITLE,
      logo: null,
      print: { bleedPt: 3 * PT_PER_MM, cropMarks: true, colour: 'cmyk' },
    });
    expect(pdf.length / svg).toBeLessThanOrEqual(2);
  });
});
