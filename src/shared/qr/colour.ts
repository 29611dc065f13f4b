/**
 * The colour rule: the renderer refuses what fails it, the page warns before asking (one implementation).
 */
import { QrError } from './errors.ts';

/** Minimum WCAG contrast ratio between foreground and background we accept; below it scanners fail. */
export const MIN_CONTRAST = 3;

/** `#rrggbb` (surrounding spaces allowed) → [r, g, b], or null when it is not that form. */
export function hexToRgb(colour: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return null;
  // Group 1 is not optional: it is there whenever the pattern matched.
  const v = parseInt(m[1]!, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** WCAG relative luminance of an sRGB colour (0 = black, 1 = white). */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** WCAG contrast ratio (1 to 21) of two relative luminances, in either order. */
export function contrastRatio(la: number, lb: number): number {
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function parseHex(c: string): [number, number, number] {
  const rgb = hexToRgb(c);
  if (!rgb) throw new QrError('BAD_COLOUR', `Colour must be #rrggbb, got "${c}"`, { colour: c });
  return rgb;
}

/** Throws unless the foreground is darker than the background with enough contrast to scan (the colour rule). */
export function checkColours(fg: string, bg: string): void {
  const lf = relativeLuminance(parseHex(fg));
  const lb = relativeLuminance(parseHex(bg));
  const ratio = contrastRatio(lf, lb);
  if (lf >= lb || ratio < MIN_CONTRAST) {
    throw new QrError(
      'LOW_CONTRAST',
      lf >= lb
        ? 'The foreground must be darker than the background: many scanners cannot read light-on-dark codes.'
        : `Foreground and background are too close (contrast ${ratio.toFixed(1)}:1, at least ${MIN_CONTRAST}:1 needed).`,
      { fg, bg, ratio: Math.round(ratio * 100) / 100 },
    );
  }
}
