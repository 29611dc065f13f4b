/**
 * The raster fast path (modules written as pixels from per-cell sprites) must draw what the path renderer
 * draws on the same pixel grid: same pixels except for anti-aliasing rounding along curved edges.
 */
import { describe, expect, test } from 'vitest';
import { encodeText, measureCapacity, type QrMatrix } from '../../../src/encoder/index.ts';
import { paintScene } from '../../../src/render/canvas.ts';
import { rasterisable } from '../../../src/render/raster.ts';
import { buildScene } from '../../../src/render/scene.ts';
import { SHAPES, type Frame, type Shape } from '../../../src/shared/qr/vocabulary.ts';

const CONTENT = 'https://qrcraft.app/raster?d=' + 'abcdefghij'.repeat(12);

function render(
  matrix: QrMatrix,
  shape: Shape,
  size: number,
  raster: boolean,
  fg: string,
  bg: string,
  frame: Frame = 'banner',
): { px: Uint8ClampedArray; m: number } {
  const scene = buildScene(matrix, { shape, fg, bg, frame, frameText: 'SCAN', logoId: null }, null, size);
  const c = new OffscreenCanvas(size, size);
  const ctx = c.getContext('2d')!;
  paintScene(ctx, scene, null, true, raster);
  return { px: ctx.getImageData(0, 0, size, size).data, m: scene.m };
}

/** Compares the fast path with the path renderer; returns the module size used. */
function compare(matrix: QrMatrix, shape: Shape, size: number, fg: string, bg: string, frame?: Frame): number {
  const { px: a, m } = render(matrix, shape, size, true, fg, bg, frame);
  const { px: b } = render(matrix, shape, size, false, fg, bg, frame);
  let differ = 0;
  let worst = 0;
  // a and b are size x size RGBA images: i + 3 < a.length = b.length.
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(
      Math.abs(a[i]! - b[i]!),
      Math.abs(a[i + 1]! - b[i + 1]!),
      Math.abs(a[i + 2]! - b[i + 2]!),
      Math.abs(a[i + 3]! - b[i + 3]!),
    );
    if (d > 40) differ++;
    worst = Math.max(worst, d);
  }
  // Skia anti-aliases a many-subpath fill by supersampling (coverage in 1/16 steps) and a one-cell sprite
  // analytically, so edge pixels differ by up to ~16 levels; anything beyond that would be a geometry error.
  expect(differ / (size * size)).toBeLessThan(0.01);
  expect(worst).toBeLessThan(128);
  return m;
}

describe('raster modules match the path renderer', () => {
  const matrix = encodeText(CONTENT, { ecl: 'Q' });
  for (const shape of SHAPES) {
    for (const size of [333, 555, 2000]) {
      test(`${shape} at ${size} px`, () => {
        const [fg, bg] = size === 555 ? ['#1A2BB2', '#FFF8E7'] : ['#000000', '#FFFFFF'];
        const m = compare(matrix, shape, size, fg, bg);
        expect(rasterisable(shape, m)).toBe(true);
      });
    }
  }
});

/** Text that needs exactly `version` at level M. */
function contentFor(version: number): string {
  if (version === 1) return 'https://q.app';
  let s = 'https://qrcraft.app/c?d=';
  for (let i = 0; measureCapacity(s, 'M').version < version; i++) s += 'abcdefghijklmnopqrstuvwxyz0123456789'[i % 36];
  return s;
}

// classyRounded's corner radius depends on the edge runs (up to 1.5 modules), so it gets a wider sweep: the
// stamped (few modules) and the pixel-buffer (many) variants, small and large modules, and the sizes where a
// corner could reach into the next cell (0.75 m > floor(m)), which must stay on paths.
describe('classyRounded sprites match its paths', () => {
  for (const version of [1, 10, 40]) {
    for (const size of [160, 1000, 2000]) {
      for (const frame of ['none', 'banner'] as const) {
        test(`v${version} at ${size} px, frame ${frame}`, () => {
          const matrix = encodeText(contentFor(version), { ecl: 'M' });
          expect(matrix.version).toBe(version);
          const [fg, bg] = frame === 'none' ? ['#000000', '#FFFFFF'] : ['#1A2BB2', '#FFF8E7'];
          const m = compare(matrix, 'classyRounded', size, fg, bg, frame);
          expect(rasterisable('classyRounded', m)).toBe(0.75 * m <= Math.floor(m));
        });
      }
    }
  }
  test('falls back to paths only where a corner could leave its cell', () => {
    for (const m of [0.5, 1, 1.2, 1.5, 2, 2.5, 2.9, 3, 3.5, 4, 5.41, 10.81]) {
      expect(rasterisable('classyRounded', m), String(m)).toBe(
        !((m > 0 && m < 1) || (m > 4 / 3 && m < 2) || (m > 8 / 3 && m < 3)),
      );
    }
  });
});
