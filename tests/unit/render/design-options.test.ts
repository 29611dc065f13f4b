/**
 * Design options' geometry and paint: eye shapes keep the finder's 1:1:3:1:1 runs and a solid centre (sampled
 * with a small reference rasteriser), gradients span the symbol, colours fading into the background are refused,
 * the margin sets the quiet zone, and a three-stop gradient comes out of poppler and Ghostscript in its colours.
 */
import { describe, expect, test } from 'vitest';
import { encodeText } from '../../../src/encoder/index.ts';
import { sceneToEps } from '../../../src/render/eps.ts';
import { emitEyeCentres, emitEyeRings } from '../../../src/render/eyes.ts';
import { gradientGeometry, resolveDesign } from '../../../src/render/paint.ts';
import { sceneToPdf } from '../../../src/render/pdf.ts';
import { buildScene } from '../../../src/render/scene.ts';
import type { GridMap } from '../../../src/render/shapes.ts';
import { parseDesign } from '../../../src/features/codes/codeModel.ts';
import { QrError } from '../../../src/shared/qr/errors.ts';
import { EYE_SHAPES, SHAPES, type QrStyle } from '../../../src/shared/qr/vocabulary.ts';
import { rasteriseEpsRgb, rasterisePdfRgb, type Rgb } from '../../helpers/rasterise.ts';
import { SampleSink } from './sampleSink.ts';

const inside = (sink: SampleSink, x: number, y: number) => sink.winding(x, y) !== 0;

const unit: GridMap = { m: 1, x: (i) => i, y: (j) => j };
const BASE: QrStyle = { shape: 'square', fg: '#000000', bg: '#FFFFFF', frame: 'none', frameText: '', logoId: null };

describe('eye shapes keep the finder pattern', () => {
  for (const shape of SHAPES)
    for (const frame of EYE_SHAPES)
      for (const centre of EYE_SHAPES)
        test(`${shape}: ${frame} ring, ${centre} centre`, () => {
          const sink = new SampleSink(16);
          emitEyeRings(sink, [[0, 0]], frame, shape, unit);
          emitEyeCentres(sink, [[0, 0]], centre, shape, unit);
          // Across the middle row and column, at module centres: dark 1, light 1, dark 3, light 1, dark 1.
          const row = [0, 1, 2, 3, 4, 5, 6].map((i) => (inside(sink, i + 0.5, 3.5) ? 1 : 0)).join('');
          const col = [0, 1, 2, 3, 4, 5, 6].map((i) => (inside(sink, 3.5, i + 0.5) ? 1 : 0)).join('');
          expect({ row, col }).toEqual({ row: '1011101', col: '1011101' });
          // The centre's nine modules are solid at their centres, and nothing is drawn outside the 7x7 square.
          for (let y = 2; y < 5; y++) for (let x = 2; x < 5; x++) expect(inside(sink, x + 0.5, y + 0.5)).toBe(true);
          expect(inside(sink, 7.2, 3.5) || inside(sink, 3.5, -0.2)).toBe(false);
        });
});

describe('gradient geometry spans the symbol', () => {
  const n = 25;
  test.each([0, 30, 45, 90, 135, 200, 315])(
    'linear at %i°: the extreme corners sit on the first and last stop',
    (angle) => {
      const g = gradientGeometry({ type: 'linear', angle, stops: ['#000000', '#1A2BB2'] }, n);
      if (g.type !== 'linear') throw new Error('linear expected');
      const dx = g.x2 - g.x1;
      const dy = g.y2 - g.y1;
      const t = (x: number, y: number) => ((x - g.x1) * dx + (y - g.y1) * dy) / (dx * dx + dy * dy);
      const ts = [
        [0, 0],
        [n, 0],
        [0, n],
        [n, n],
      ].map(([x, y]) => t(x!, y!));
      expect(Math.min(...ts)).toBeCloseTo(0, 9);
      expect(Math.max(...ts)).toBeCloseTo(1, 9);
      // The direction is the angle's, clockwise on screen from "left to right".
      expect(Math.atan2(dy, dx)).toBeCloseTo(
        Math.atan2(Math.sin((angle * Math.PI) / 180), Math.cos((angle * Math.PI) / 180)),
        9,
      );
    },
  );

  test('radial reaches every corner; three stops are evenly spaced', () => {
    const g = gradientGeometry({ type: 'radial', angle: 0, stops: ['#000000', '#1A2BB2', '#9333EA'] }, n);
    if (g.type !== 'radial') throw new Error('radial expected');
    for (const [x, y] of [
      [0, 0],
      [n, n],
    ])
      expect(Math.hypot(x! - g.cx, y! - g.cy)).toBeCloseTo(g.r, 9);
    expect(g.stops.map((s) => s.offset)).toEqual([0, 0.5, 1]);
  });
});

describe('the design is checked', () => {
  test('a stop or an eye colour that fades into the background is refused, naming it', () => {
    const refused = (style: Partial<QrStyle>) => {
      try {
        resolveDesign({ ...BASE, ...style });
      } catch (e) {
        return e instanceof QrError ? [e.code, e.details.part] : ['other'];
      }
      return null;
    };
    expect(refused({ gradient: { type: 'linear', angle: 0, stops: ['#000000', '#1A2BB2', '#DDDDDD'] } })).toEqual([
      'LOW_CONTRAST',
      'gradient colour 3',
    ]);
    expect(refused({ eyeFrameColour: '#FFFF00' })).toEqual(['LOW_CONTRAST', 'eye frame colour']);
    expect(refused({ gradient: { type: 'linear', angle: 0, stops: ['#000000'] } })?.[0]).toBe('BAD_DESIGN');
    expect(refused({ margin: 11 })?.[0]).toBe('BAD_DESIGN');
    expect(refused({ margin: 1.5 })?.[0]).toBe('BAD_DESIGN');
    expect(refused({ eyeFrame: 'star' as never })?.[0]).toBe('BAD_DESIGN');
    expect(
      refused({
        margin: 0,
        eyeFrameColour: '#1A2BB2',
        gradient: { type: 'radial', angle: 0, stops: ['#000000', '#16A34A'] },
      }),
    ).toBeNull();
  });

  test.each([0, 1, 4, 10])('margin %i: the symbol plus that quiet zone fills the QR area exactly', (margin) => {
    const matrix = encodeText('https://qrcraft.app/m', { ecl: 'M' });
    const s = buildScene(matrix, { ...BASE, margin }, null, 1000);
    expect((matrix.size + 2 * margin) * s.m).toBeCloseTo(s.layout.qr.side, 9);
    expect(s.ox - s.layout.qr.x).toBeCloseTo(margin * s.m, 9);
  });

  test('stored designs from before the options load with the defaults; bad values fall back', () => {
    const old = parseDesign({ shape: 'dots', fg: '#1A2BB2', bg: '#FFFFFF', frame: 'none', frameText: '', ecl: 'Q' });
    const fresh = resolveDesign({ ...old, logoId: null });
    expect(fresh).toMatchObject({ eyeFrame: 'auto', eyeCentre: 'auto', transparent: false });
    expect(fresh.modules).toEqual({ kind: 'solid', colour: '#1A2BB2' });
    const bad = parseDesign({ gradient: { type: 'conic', angle: 0, stops: [] }, margin: 99, eyeFrame: 7 });
    expect(resolveDesign({ ...bad, logoId: null }).modules.kind).toBe('solid');
    const kept = parseDesign({ gradient: { type: 'radial', angle: 0, stops: ['#000000', '#1A2BB2'] }, margin: 2 });
    expect([kept.gradient?.type, kept.margin]).toEqual(['radial', 2]);
  });
});

describe('three-stop gradient in PDF (poppler) and EPS (Ghostscript)', () => {
  const matrix = encodeText('https://qrcraft.app/gradient-check', { ecl: 'M' });
  const style: QrStyle = {
    ...BASE,
    gradient: { type: 'linear', angle: 0, stops: ['#C00000', '#007000', '#0000C0'] },
  };
  const scene = buildScene(matrix, style, null, 480);
  /** Mean colour of the dark pixels in a vertical band of the symbol (fraction a..b of its width). */
  const band = (img: Rgb, a: number, b: number) => {
    const k = img.width / 480;
    const x0 = Math.round((scene.ox + a * matrix.size * scene.m) * k);
    const x1 = Math.round((scene.ox + b * matrix.size * scene.m) * k);
    const sum: [number, number, number] = [0, 0, 0];
    let count = 0;
    for (let y = 0; y < img.height; y++)
      for (let x = x0; x < x1; x++) {
        const i = (y * img.width + x) * 3;
        const [r, g, bl] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
        if (r + g + bl > 600) continue;
        sum[0] += r;
        sum[1] += g;
        sum[2] += bl;
        count++;
      }
    return sum.map((v) => v / count);
  };
  const check = (img: Rgb) => {
    const left = band(img, 0, 0.1);
    const middle = band(img, 0.45, 0.55);
    const right = band(img, 0.9, 1);
    // Red leads on the left, green in the middle, blue on the right.
    expect(left[0]).toBeGreaterThan(Math.max(left[1]!, left[2]!));
    expect(middle[1]).toBeGreaterThan(Math.max(middle[0]!, middle[2]!));
    expect(right[2]).toBeGreaterThan(Math.max(right[0]!, right[1]!));
  };

  test('PDF: a luminosity-masked shading', async () => {
    check(rasterisePdfRgb(await sceneToPdf(scene, { title: 'g', logo: null }), 72));
  });

  test('EPS: shfill in level 3', () => {
    check(rasteriseEpsRgb(sceneToEps(scene, { title: 'g', logo: null }), 72));
  });
});
