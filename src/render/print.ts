/**
 * Print geometry and ink colours shared by the PDF and EPS writers: the page around a trimmed artwork (bleed,
 * crop marks in the slug) and colour operators in RGB or CMYK.
 */
import { parseHex } from '../shared/qr/colour.ts';
import { fmt } from './svg.ts';
import { PT_PER_MM, rgbToCmyk, type PrintColour } from '../shared/qr/print.ts';

/** Crop marks start this far outside the trim (at least the bleed) and are this long, 0.25 pt wide. */
export const MARK_OFFSET_MM = 3;
export const MARK_LENGTH_MM = 5;
export const MARK_WIDTH_PT = 0.25;

export interface PrintPage {
  /** Trim size (the artwork's side), bleed, and the margin from the media edge to the trim, all in pt. */
  trim: number;
  bleed: number;
  margin: number;
  /** Media side: trim + 2 × margin. */
  media: number;
  /** Crop mark segments [x0, y0, x1, y1] relative to the trim's top-left corner, y down. */
  marks: (readonly [number, number, number, number])[];
}

export function printPage(trimPt: number, bleedPt: number, cropMarks: boolean): PrintPage {
  const offset = Math.max(bleedPt, MARK_OFFSET_MM * PT_PER_MM);
  const length = MARK_LENGTH_MM * PT_PER_MM;
  const margin = cropMarks ? offset + length : bleedPt;
  const marks: PrintPage['marks'] = [];
  if (cropMarks) {
    for (const x of [0, trimPt])
      for (const y of [0, trimPt]) {
        const sx = x === 0 ? -1 : 1;
        const sy = y === 0 ? -1 : 1;
        // One mark along each trim line through the corner, outside the bleed.
        marks.push([x + sx * offset, y, x + sx * (offset + length), y]);
        marks.push([x, y + sy * offset, x, y + sy * (offset + length)]);
      }
  }
  return { trim: trimPt, bleed: bleedPt, margin, media: trimPt + 2 * margin, marks };
}

/** Colour components as written (0..1, at most 3 decimals): RGB, or CMYK by rgbToCmyk. */
function inkComponents(hex: string, mode: PrintColour): string {
  const rgb = parseHex(hex);
  const values = mode === 'cmyk' ? rgbToCmyk(rgb) : rgb.map((v) => v / 255);
  return values.map(fmt).join(' ');
}

/**
 * Logo pixels in the chosen colour model: RGB as they are, or CMYK (4 bytes a pixel, 0..255) by the same formula
 * as the vector colours (rgbToCmyk), at 8-bit rather than whole-percent precision. White stays no ink; pure black
 * becomes 100 % K.
 */
export function inkPixels(rgb: Uint8Array, mode: PrintColour): { components: 3 | 4; bytes: Uint8Array } {
  if (mode === 'rgb') return { components: 3, bytes: rgb };
  const out = new Uint8Array((rgb.length / 3) * 4);
  // rgb holds whole pixels (3 bytes each), so i + 2 < rgb.length and j + 3 < out.length.
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    const max = Math.max(r, g, b);
    if (max === 0) {
      out[j + 3] = 255;
      continue;
    }
    // C = (1 − R − K) / (1 − K) with 1 − K = max / 255: C = (max − R) / max, K = 255 − max.
    out[j] = Math.round((255 * (max - r)) / max);
    out[j + 1] = Math.round((255 * (max - g)) / max);
    out[j + 2] = Math.round((255 * (max - b)) / max);
    out[j + 3] = 255 - max;
  }
  return { components: 4, bytes: out };
}

/** PDF fill (`rg` / `k`) or stroke (`RG` / `K`) colour operator. */
export function pdfColour(hex: string, mode: PrintColour, stroke = false): string {
  const op = mode === 'cmyk' ? 'k' : 'rg';
  return `${inkComponents(hex, mode)} ${stroke ? op.toUpperCase() : op}`;
}

/** PostScript colour operator. */
export function psColour(hex: string, mode: PrintColour): string {
  return `${inkComponents(hex, mode)} ${mode === 'cmyk' ? 'setcmykcolor' : 'setrgbcolor'}`;
}

/** Crop marks print in registration colour: every ink at 100 % in CMYK, black in RGB. */
export function registration(mode: PrintColour): { pdf: string; ps: string } {
  return mode === 'cmyk'
    ? { pdf: '1 1 1 1 K', ps: '1 1 1 1 setcmykcolor' }
    : { pdf: '0 0 0 RG', ps: '0 0 0 setrgbcolor' };
}
