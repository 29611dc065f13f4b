import { describe, expect, test } from 'vitest';
import { encodeText } from '../../../src/encoder/index.ts';
import { traceContours } from '../../../src/render/contours.ts';
import {
  buildModel,
  HOLE_BUDGET,
  LOGO_FRACTION,
  LOGO_MARGIN,
  planLogo,
  QUIET_ZONE,
} from '../../../src/render/model.ts';
import {
  alignmentPositions,
  blockLayout,
  cachedModuleBlockMap,
  Fn,
  functionMap,
  moduleBlockMap,
  sizeOfVersion,
} from '../../../src/render/qrspec.ts';
import { emitModules, emitEyes, type GridMap } from '../../../src/render/shapes.ts';
import { layoutFrame, estimateTextEm, frameLabel, QR_SHARE } from '../../../src/render/layout.ts';
import { checkColours } from '../../../src/shared/qr/colour.ts';
import { FRAMES, SHAPES } from '../../../src/shared/qr/vocabulary.ts';
import { QrError } from '../../../src/shared/qr/errors.ts';
import { SampleSink } from './sampleSink.ts';

function grid(rows: string[]): { dark: Uint8Array; n: number } {
  const n = rows.length;
  const dark = new Uint8Array(n * n);
  rows.forEach((r, y) => [...r].forEach((c, x) => (dark[y * n + x] = c === '#' ? 1 : 0)));
  return { dark, n };
}

const unit: GridMap = { m: 1, x: (i) => i, y: (j) => j };

describe('contours', () => {
  test('outline of an L, a ring and diagonal neighbours: right corners, holes wound the other way', () => {
    const { dark, n } = grid(['##....', '.##...', '...###', '...#.#', '...###', '#.....']);
    const c = traceContours(dark, n);
    expect(c.loopSizes).toEqual([8, 4, 4, 4]);
    // Every module centre is inside exactly the dark modules (nonzero), the ring's hole is not.
    const s = new SampleSink();
    emitModules(s, dark, n, 'square', unit);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) expect(s.winding(x + 0.5, y + 0.5) !== 0).toBe(dark[y * n + x] === 1);
  });

  test.each(SHAPES)('shape %s covers every dark module centre and no light one (random 41x41)', (shape) => {
    const n = 41;
    const dark = new Uint8Array(n * n);
    let seed = 7;
    for (let i = 0; i < dark.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      dark[i] = seed & 0x100 ? 1 : 0;
    }
    const s = new SampleSink();
    emitModules(s, dark, n, shape, unit);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const inside = s.winding(x + 0.5, y + 0.5) !== 0;
        expect(inside, `${shape} at ${x},${y}`).toBe(dark[y * n + x] === 1);
      }
    }
  });

  test('rounded: a lone module is a disc, square keeps its corners', () => {
    const { dark, n } = grid(['...', '.#.', '...']);
    const r = new SampleSink();
    emitModules(r, dark, n, 'rounded', unit);
    expect(r.winding(1.05, 1.05)).toBe(0); // corner cut
    expect(r.winding(1.5, 1.02)).not.toBe(0); // edge midpoint kept
    const q = new SampleSink();
    emitModules(q, dark, n, 'square', unit);
    expect(q.winding(1.05, 1.05)).not.toBe(0);
  });
});

describe('eyes', () => {
  test.each(SHAPES)('%s: 1:1:3:1:1 through the centre both ways, a solid 3x3 centre', (shape) => {
    const s = new SampleSink();
    emitEyes(s, [[0, 0]], shape, unit);
    const expected = [1, 0, 1, 1, 1, 0, 1];
    for (let i = 0; i < 7; i++) {
      expect(s.winding(i + 0.5, 3.5) !== 0, `${shape} row ${i}`).toBe(expected[i] === 1);
      expect(s.winding(3.5, i + 0.5) !== 0, `${shape} col ${i}`).toBe(expected[i] === 1);
    }
    // The centre is solid all over (never broken into dots): sample a fine grid of the middle 3x3 block.
    for (let y = 2.05; y < 5; y += 0.1) {
      for (let x = 2.05; x < 5; x += 0.1) {
        if (Math.hypot(x - 3.5, y - 3.5) <= 1.45) expect(s.winding(x, y), `${shape} ${x},${y}`).not.toBe(0);
      }
    }
    if (shape === 'square') {
      for (let y = 0; y < 7; y++) {
        for (let x = 0; x < 7; x++) {
          const dark = x === 0 || y === 0 || x === 6 || y === 6 || (x >= 2 && x <= 4 && y >= 2 && y <= 4);
          expect(s.winding(x + 0.5, y + 0.5) !== 0).toBe(dark);
        }
      }
    }
  });
});

describe('qrspec', () => {
  test('codeword counts and alignment positions match the standard', () => {
    expect([1, 2, 7, 10, 36, 40].map((v) => blockLayout(v, 'L').rawCodewords)).toEqual([26, 44, 196, 346, 3034, 3706]);
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
  });

  test('every codeword has 8 modules and blocks have the standard sizes', () => {
    for (const [v, e] of [
      [5, 'Q'],
      [36, 'H'],
      [40, 'L'],
    ] as const) {
      const { codewordOf, blockOf, layout } = moduleBlockMap(v, e);
      const counts = new Map<number, number>();
      for (const c of codewordOf) if (c >= 0) counts.set(c, (counts.get(c) ?? 0) + 1);
      expect(counts.size).toBe(layout.rawCodewords);
      expect([...counts.values()].every((k) => k === 8)).toBe(true);
      const perBlock = new Map<number, Set<number>>();
      codewordOf.forEach((c, i) => {
        const b = blockOf[i]!; // codewordOf and blockOf both have one entry per module
        if (c >= 0) perBlock.set(b, (perBlock.get(b) ?? new Set()).add(c));
      });
      expect(perBlock.size).toBe(layout.numBlocks);
      const sizes = [...perBlock.values()].map((s) => s.size);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  test('function map agrees with the encoder: data modules are where the encoder varies them', () => {
    // Two different contents at the same version and mask differ only on data modules.
    const a = encodeText('A'.repeat(60), { ecl: 'M', minVersion: 7, mask: 3 });
    const b = encodeText('B'.repeat(60), { ecl: 'M', minVersion: 7, mask: 3 });
    expect(a.version).toBe(7);
    const fn = functionMap(7);
    let diffOnData = 0;
    for (let i = 0; i < a.modules.length; i++) {
      if (a.modules[i] !== b.modules[i]) {
        expect(fn[i], `module ${i}`).toBe(Fn.Data);
        diffOnData++;
      }
    }
    expect(diffOnData).toBeGreaterThan(100);
  });
});

describe('logo hole', () => {
  const square = { width: 100, height: 100 };

  test('full size at H: centred odd block of whole modules covering the 32/160 box, inside the budget', () => {
    const m = encodeText('https://qrcraft.app/p/' + 'x'.repeat(100), { ecl: 'H' });
    const { placement, adjustments } = planLogo(m, square);
    expect(adjustments).toEqual([]);
    const p = placement!;
    expect(p.hole.w % 2).toBe(1);
    expect(p.hole.x * 2 + p.hole.w).toBe(m.size);
    expect(p.box.w).toBeCloseTo(LOGO_FRACTION * (m.size + 2 * QUIET_ZONE), 6);
    expect(p.hole.w).toBeGreaterThanOrEqual(p.box.w);
    expect(p.damagedWorstBlock).toBeLessThanOrEqual(p.allowedPerBlock);
  });

  test('never over finder, timing, format or version modules; refused at L for a short code', () => {
    for (const ecl of ['L', 'M', 'Q', 'H'] as const) {
      for (const text of ['hi', 'https://example.com/abc', 'x'.repeat(400), 'y'.repeat(1200)]) {
        const m = encodeText(text, { ecl });
        const { placement } = planLogo(m, { width: 300, height: 120 });
        if (!placement) continue;
        const fn = functionMap(m.version);
        const { x, y, w, h } = placement.hole;
        for (let yy = y; yy < y + h; yy++)
          for (let xx = x; xx < x + w; xx++) expect([Fn.Data, Fn.Alignment]).toContain(fn[yy * m.size + xx]);
        // Aspect ratio kept.
        expect(placement.box.w / placement.box.h).toBeCloseTo(2.5, 6);
      }
    }
    const short = planLogo(encodeText('hi', { ecl: 'L' }), square);
    expect(short.placement).toBeNull();
    expect(short.adjustments[0]?.code).toBe('LOGO_REFUSED');
  });

  test('the logo keeps a light margin inside its hole, and level L keeps half its correction in reserve', () => {
    for (const ecl of ['L', 'M', 'Q', 'H'] as const) {
      for (const text of ['https://example.com/abc', 'x'.repeat(150), 'y'.repeat(400)]) {
        const m = encodeText(text, { ecl });
        for (const logo of [square, { width: 300, height: 100 }, { width: 80, height: 200 }]) {
          const p = planLogo(m, logo).placement;
          if (!p) continue;
          // Box edges at least LOGO_MARGIN modules from the hole's edges, on every side.
          expect(p.box.x - p.hole.x).toBeGreaterThanOrEqual(LOGO_MARGIN - 1e-9);
          expect(p.box.y - p.hole.y).toBeGreaterThanOrEqual(LOGO_MARGIN - 1e-9);
          expect(p.hole.x + p.hole.w - (p.box.x + p.box.w)).toBeGreaterThanOrEqual(LOGO_MARGIN - 1e-9);
          expect(p.hole.y + p.hole.h - (p.box.y + p.box.h)).toBeGreaterThanOrEqual(LOGO_MARGIN - 1e-9);
          // A shrunk logo is as large as its hole allows: its long side fills the hole's, less the margins.
          const target = LOGO_FRACTION * (m.size + 2 * QUIET_ZONE);
          const longBox = Math.max(p.box.w, p.box.h);
          if (longBox < target - 1e-9) expect(Math.max(p.hole.w, p.hole.h) - longBox).toBeCloseTo(2 * LOGO_MARGIN, 9);
          const { correctablePerBlock } = cachedModuleBlockMap(m.version, ecl).layout;
          expect(p.allowedPerBlock).toBe(Math.floor(correctablePerBlock * HOLE_BUDGET[ecl]));
          expect(p.damagedWorstBlock).toBeLessThanOrEqual(p.allowedPerBlock);
          if (ecl === 'L') expect(p.damagedWorstBlock).toBeLessThanOrEqual(correctablePerBlock / 2);
        }
      }
    }
  });

  test('modules under the hole and the finder areas are cleared in the model', () => {
    const m = encodeText('https://qrcraft.app/' + 'z'.repeat(60), { ecl: 'Q' });
    const model = buildModel(m, square);
    const { x, y, w, h } = model.logo!.hole;
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) expect(model.dark[yy * m.size + xx]).toBe(0);
    for (let yy = 0; yy < 7; yy++) for (let xx = 0; xx < 7; xx++) expect(model.dark[yy * m.size + xx]).toBe(0);
    // Everything else is untouched.
    let kept = 0;
    for (let i = 0; i < m.modules.length; i++) if (model.dark[i]) kept += m.modules[i]!;
    expect(kept).toBe(model.dark.reduce((a, b) => a + b, 0));
  });
});

describe('layout', () => {
  test.each(FRAMES)('%s: QR area inside the artwork and clear of the label', (frame) => {
    const l = layoutFrame(frame, 1000, '');
    expect(l.qr.side).toBeCloseTo(QR_SHARE[frame] * 1000, 6);
    expect(l.qr.x).toBeGreaterThanOrEqual(0);
    expect(l.qr.y + l.qr.side).toBeLessThanOrEqual(1000 + 1e-9);
    if (frame === 'none') expect(l.text).toBeNull();
    else {
      expect(l.text!.text).toBe('SCAN ME');
      const t = l.text!;
      const top = t.cy - t.fontSize / 2;
      const bottom = t.cy + t.fontSize / 2;
      expect(bottom <= l.qr.y + 1e-9 || top >= l.qr.y + l.qr.side - 1e-9).toBe(true);
      expect(estimateTextEm(t.text) * t.fontSize).toBeLessThanOrEqual(t.maxWidth + 1e-9);
    }
  });

  test('long labels shrink to fit, custom text kept, trimmed', () => {
    const l = layoutFrame('banner', 1000, '  Visit our brand new store downtown today  ');
    expect(l.text!.text).toBe('Visit our brand new store downtown today');
    expect(estimateTextEm(l.text!.text) * l.text!.fontSize).toBeLessThanOrEqual(l.text!.maxWidth + 1e-9);
    expect(frameLabel('none', 'x')).toBe('');
  });
});

describe('colours', () => {
  test('presets pass; light-on-dark and low contrast are refused with a code', () => {
    for (const fg of ['#000000', '#1A2BB2', '#DC2626', '#16A34A', '#9333EA', '#EA580C'])
      expect(() => checkColours(fg, '#FFFFFF')).not.toThrow();
    for (const [fg, bg] of [
      ['#FFFFFF', '#000000'],
      ['#DDDDDD', '#FFFFFF'],
    ] as const) {
      try {
        checkColours(fg, bg);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(QrError);
        expect((e as QrError).code).toBe('LOW_CONTRAST');
      }
    }
    expect(() => checkColours('red', '#ffffff')).toThrow(/#rrggbb/);
  });
});

test('sizeOfVersion', () => {
  expect(sizeOfVersion(36)).toBe(161);
});
