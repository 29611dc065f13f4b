/**
 * Print: the print-ready PDF's setup, its limits in millimetres, and the one RGB → CMYK conversion (the renderer
 * writes it, the page shows it and warns when it changes a colour visibly).
 */

export type PrintColour = 'rgb' | 'cmyk';

export interface PrintSetup {
  /** Trim size: the side of the square artwork as printed, in millimetres. */
  sizeMm: number;
  /** Background colour carried past the trim on every side, in millimetres (0 = none). */
  bleedMm: number;
  cropMarks: boolean;
  colour: PrintColour;
}

/** Smallest printed module we accept (docs/renderer-and-worker.md, "Print setup"). */
export const MIN_MODULE_MM = 0.8;
export const DEFAULT_BLEED_MM = 3;
export const MAX_BLEED_MM = 20;
/** The largest trim size (a 2 m banner); past it, print shops want their own tools. */
export const MAX_PRINT_MM = 2000;
export const MM_PER_INCH = 25.4;
export const PT_PER_MM = 72 / MM_PER_INCH;

/**
 * Naive device conversion, sRGB values taken as ink coverage: K = 1 − max(R, G, B), then
 * C = (1 − R − K) / (1 − K) (M from G, Y from B; all 0 when K = 1), each rounded to a whole percent.
 * Pure black is 0 0 0 1 (100 % K), white 0 0 0 0. Values 0..1.
 */
export function rgbToCmyk([r, g, b]: readonly [number, number, number]): [number, number, number, number] {
  const pct = (v: number) => Math.round(v * 100) / 100;
  const k = 1 - Math.max(r, g, b) / 255;
  if (k >= 1) return [0, 0, 0, 1];
  const ink = (v: number) => pct((1 - v / 255 - k) / (1 - k));
  return [ink(r), ink(g), ink(b), pct(k)];
}
