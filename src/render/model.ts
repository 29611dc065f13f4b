/**
 * From an encoded matrix and a style to what gets drawn: which modules are painted as the chosen shape (finder
 * patterns are drawn separately as whole eyes), and where the logo hole goes.
 */
import { alignmentPositions, cachedModuleBlockMap, Fn } from './qrspec.ts';
import type { Ecl } from '../shared/qr/vocabulary.ts';
import type { LogoPlacement, RenderAdjustment } from '../shared/qr/renderReport.ts';
import type { QrMatrix } from '../encoder/index.ts';
import type { LogoSize } from './types.ts';

/** Quiet zone on each side, in modules. */
export const QUIET_ZONE = 4;
/** Logo box side as a fraction of the QR area (symbol plus quiet zone): 32 px of the 160 px preview. */
export const LOGO_FRACTION = 32 / 160;
/**
 * Share of each block's correction capacity the hole may use. Every codeword with a module under the hole counts
 * as lost (the logo's own pixels are arbitrary), and the rest is left for print, screen and camera noise. Level L
 * has the fewest check codewords per block (10 correctable at version 11): with three quarters of them under a
 * logo, zbar missed clean 480 px exports of some designs (the scan-safety harness), so L keeps half in reserve.
 */
export const HOLE_BUDGET: Readonly<Record<Ecl, number>> = { L: 0.5, M: 0.75, Q: 0.75, H: 0.75 };
/**
 * Light margin, in modules, kept between the logo's box and the modules around its hole. Without it a wide logo
 * could come within 0.2 module of a row of modules, and a decoder whose sampling grid is a little off there (zbar
 * at 6-8 px per module) read logo pixels as modules: more errors than the hole was planned for.
 */
export const LOGO_MARGIN = 0.5;
/** A logo shrunk below this share of its requested size is refused rather than drawn as a speck. */
export const LOGO_MIN_SHARE = 0.5;

export interface RenderModel {
  version: number;
  ecl: Ecl;
  /** Modules per side, quiet zone excluded. */
  n: number;
  /** Modules painted with the shape: dark modules minus the three finder patterns and the logo hole. */
  dark: Uint8Array;
  /** Top-left corners of the three finder patterns (7x7), in modules. */
  eyes: readonly (readonly [number, number])[];
  /**
   * Top-left corners of the alignment patterns (5x5) drawn whole (shapes.ts emitAlignments) and so left out of
   * `dark`; empty unless the shape asks for it (solidAlignment) and for patterns the logo hole touches.
   */
  aligns: readonly (readonly [number, number])[];
  logo: LogoPlacement | null;
  adjustments: RenderAdjustment[];
}

function oddCeil(v: number): number {
  const c = Math.ceil(v - 1e-9);
  return c % 2 === 1 ? c : c + 1;
}

interface HoleCheck {
  ok: boolean;
  damagedWorstBlock: number;
  allowed: number;
}

/** Plans the logo hole: the largest centred block of whole modules, up to LOGO_FRACTION, that the code survives. */
export function planLogo(
  matrix: QrMatrix,
  logo: LogoSize,
): { placement: LogoPlacement | null; adjustments: RenderAdjustment[] } {
  const n = matrix.size;
  const { version, ecl } = matrix;
  const { fnMap: fn, codewordOf, blockOfCodeword, layout } = cachedModuleBlockMap(version, ecl);
  const allowed = Math.floor(layout.correctablePerBlock * HOLE_BUDGET[ecl]);
  const align = alignmentPositions(version);
  const lastAlign = align.at(-1) ?? -100;

  // Indices in range: the hole is a centred box inside the n x n symbol (fn, codewordOf have n * n entries), a
  // codeword index >= 0 is < layout.rawCodewords (blockOfCodeword's length), and its block < layout.numBlocks.
  const check = (x0: number, y0: number, w: number, h: number): HoleCheck => {
    const damaged = new Set<number>();
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + w; x++) {
        const i = y * n + x;
        const f = fn[i];
        if (f === Fn.Alignment) {
          // The bottom-right alignment pattern is the one every decoder looks for: never cover it.
          if (Math.abs(x - lastAlign) <= 2 && Math.abs(y - lastAlign) <= 2)
            return { ok: false, damagedWorstBlock: Infinity, allowed };
          continue;
        }
        if (f !== Fn.Data) return { ok: false, damagedWorstBlock: Infinity, allowed };
        const cw = codewordOf[i]!;
        if (cw >= 0) damaged.add(cw);
      }
    }
    const perBlock = new Int32Array(layout.numBlocks);
    let worst = 0;
    for (const cw of damaged) {
      const b = blockOfCodeword[cw]!;
      const count = perBlock[b]! + 1;
      perBlock[b] = count;
      if (count > worst) worst = count;
    }
    return { ok: worst <= allowed, damagedWorstBlock: worst, allowed };
  };

  const aspect = logo.width > 0 && logo.height > 0 ? logo.width / logo.height : 1;
  const target = LOGO_FRACTION * (n + 2 * QUIET_ZONE);
  const boxFor = (long: number) => (aspect >= 1 ? { w: long, h: long / aspect } : { w: long * aspect, h: long });
  const min = Math.max(3, target * LOGO_MIN_SHARE);
  // Hole sizes (long side, odd whole modules) from the full-size logo's down; each holds the largest box that
  // keeps LOGO_MARGIN of light on every side.
  for (let holeLong = oddCeil(target + 2 * LOGO_MARGIN); holeLong >= 1; holeLong -= 2) {
    const long = Math.min(target, holeLong - 2 * LOGO_MARGIN);
    if (long < min) break;
    const box = boxFor(long);
    const hw = oddCeil(box.w + 2 * LOGO_MARGIN);
    const hh = oddCeil(box.h + 2 * LOGO_MARGIN);
    const x0 = (n - hw) / 2;
    const y0 = (n - hh) / 2;
    const c = check(x0, y0, hw, hh);
    if (!c.ok) continue;
    const placement: LogoPlacement = {
      hole: { x: x0, y: y0, w: hw, h: hh },
      box: { x: (n - box.w) / 2, y: (n - box.h) / 2, w: box.w, h: box.h },
      damagedWorstBlock: c.damagedWorstBlock,
      allowedPerBlock: c.allowed,
    };
    const adjustments: RenderAdjustment[] =
      long < target - 1e-9
        ? [
            {
              code: 'LOGO_HOLE_SHRUNK',
              message: `Logo made smaller (${Math.round((100 * long) / target)}% of its size) so the code still scans at level ${ecl}. Level H or Q leaves room for a full-size logo.`,
            },
          ]
        : [];
    return { placement, adjustments };
  }
  return {
    placement: null,
    adjustments: [
      {
        code: 'LOGO_REFUSED',
        message: `The logo was left out: at level ${ecl} this code has too little error correction to cover any useful part of it. Choose level H or Q for a logo.`,
      },
    ],
  };
}

export function buildModel(matrix: QrMatrix, logo: LogoSize | null, solidAlignment = false): RenderModel {
  const n = matrix.size;
  if (matrix.modules.length !== n * n) throw new RangeError('Matrix size mismatch');
  const dark = new Uint8Array(matrix.modules);
  const eyes: [number, number][] = [
    [0, 0],
    [n - 7, 0],
    [0, n - 7],
  ];
  for (const [ex, ey] of eyes) for (let y = ey; y < ey + 7; y++) dark.fill(0, y * n + ex, y * n + ex + 7);
  let placement: LogoPlacement | null = null;
  let adjustments: RenderAdjustment[] = [];
  if (logo) {
    ({ placement, adjustments } = planLogo(matrix, logo));
    if (placement) {
      const { x, y, w, h } = placement.hole;
      for (let yy = y; yy < y + h; yy++) dark.fill(0, yy * n + x, yy * n + x + w);
    }
  }
  const aligns = solidAlignment ? wholeAlignments(matrix.version, placement) : [];
  for (const [ax, ay] of aligns) for (let y = ay; y < ay + 5; y++) dark.fill(0, y * n + ax, y * n + ax + 5);
  return { version: matrix.version, ecl: matrix.ecl, n, dark, eyes, aligns, logo: placement, adjustments };
}

/** Top-left cells of the alignment patterns that are drawn: not on a finder, not touched by the logo hole. */
function wholeAlignments(version: number, logo: LogoPlacement | null): [number, number][] {
  const pos = alignmentPositions(version);
  const last = pos.length - 1;
  const out: [number, number][] = [];
  pos.forEach((cy, j) =>
    pos.forEach((cx, i) => {
      // The three corners next to the finders have no alignment pattern.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      const x = cx - 2;
      const y = cy - 2;
      const h = logo?.hole;
      if (h && x < h.x + h.w && x + 5 > h.x && y < h.y + h.h && y + 5 > h.y) return;
      out.push([x, y]);
    }),
  );
  return out;
}
