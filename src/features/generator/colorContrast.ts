/** WCAG relative luminance of `#rrggbb` (0 = black, 1 = white). */
export function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return Number.NaN;
  const n = Number.parseInt(match[1], 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export type ColorWarning = 'inverted' | 'lowContrast' | null;

/**
 * Scanners look for dark modules on a light ground: a light foreground on a dark background is "inverted"
 * (many phone cameras fail), and a contrast ratio under 3:1 is hard for every scanner in poor light.
 */
export function colorWarning(fg: string, bg: string): ColorWarning {
  const lf = luminance(fg);
  const lb = luminance(bg);
  if (Number.isNaN(lf) || Number.isNaN(lb)) return null;
  if (lf > lb) return 'inverted';
  if (contrastRatio(fg, bg) < 3) return 'lowContrast';
  return null;
}
