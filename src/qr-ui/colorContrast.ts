import { checkContrast, normalizeHexColour } from '../worker-client/index.ts';

export type ColorWarning = 'inverted' | 'lowContrast' | null;

/**
 * Scanners look for dark modules on a light ground: a light foreground on a dark background is "inverted"
 * (many phone cameras fail), and a contrast ratio under 3:1 is hard for every scanner in poor light. The colour
 * rule's own contrast check (src/shared/qr/colour.ts), the one the renderer refuses by; colours may be typed
 * without `#` and with spaces around, and anything else is not a colour yet (no warning).
 */
export function colorWarning(fg: string, bg: string): ColorWarning {
  const fgHex = normalizeHexColour(fg);
  const bgHex = normalizeHexColour(bg);
  const contrast = fgHex && bgHex ? checkContrast(fgHex, bgHex) : null;
  if (!contrast || contrast.verdict === 'ok') return null;
  return contrast.verdict === 'lighter' ? 'inverted' : 'lowContrast';
}
