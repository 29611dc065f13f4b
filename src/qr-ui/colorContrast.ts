import { contrastRatio, hexToRgb, MIN_CONTRAST, relativeLuminance } from '../worker-client/index.ts';

/** WCAG relative luminance of `#rrggbb` or `rrggbb` (0 = black, 1 = white); NaN when it is neither. */
function luminance(hex: string): number {
  const trimmed = hex.trim();
  const rgb = hexToRgb(trimmed.startsWith('#') ? trimmed : `#${trimmed}`);
  return rgb ? relativeLuminance(rgb) : Number.NaN;
}

export type ColorWarning = 'inverted' | 'lowContrast' | null;

/**
 * Scanners look for dark modules on a light ground: a light foreground on a dark background is "inverted"
 * (many phone cameras fail), and a contrast ratio under 3:1 is hard for every scanner in poor light. The same
 * luminance and ratio as the renderer's check (the worker contract's colour rule).
 */
export function colorWarning(fg: string, bg: string): ColorWarning {
  const lf = luminance(fg);
  const lb = luminance(bg);
  if (Number.isNaN(lf) || Number.isNaN(lb)) return null;
  if (lf > lb) return 'inverted';
  if (contrastRatio(lf, lb) < MIN_CONTRAST) return 'lowContrast';
  return null;
}
