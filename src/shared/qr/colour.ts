/**
 * The colour rule, once for every layer: a colour is `#rrggbb`, and whatever draws modules (the foreground, a
 * gradient stop, an eye colour) is darker than the background by a WCAG contrast ratio of at least MIN_CONTRAST.
 * The renderer refuses what fails it (`checkColours`), the page and bulk creation warn before asking
 * (`checkContrast`), and the stored-design and API schemas accept colours by HEX_COLOUR.
 */
import { QrError } from './errors.ts';

/** Minimum WCAG contrast ratio between foreground and background we accept; below it scanners fail. */
export const MIN_CONTRAST = 3;

/** `#rrggbb`, either case. No flags: the API's OpenAPI document publishes it as the colour parameters' pattern. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** `#1a2bb2`, ` 1A2BB2 ` → `#1A2BB2` (the forms people type: spaces around, `#` left out); null otherwise. */
export function normalizeHexColour(raw: string): string | null {
  const value = raw.trim();
  const hex = value.startsWith('#') ? value : `#${value}`;
  return isHexColour(hex) ? hex.toUpperCase() : null;
}

/** `#rrggbb` (surrounding spaces allowed) → [r, g, b], or null when it is not that form. */
export function hexToRgb(colour: string): [number, number, number] | null {
  const hex = colour.trim();
  if (!isHexColour(hex)) return null;
  const v = parseInt(hex.slice(1), 16);
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

/**
 * How a colour that draws modules stands against the background: `lighter` is an inverted code (many phone
 * cameras fail), `asLight` has the background's luminance (the same colour, say), `tooClose` is darker but by less
 * than MIN_CONTRAST.
 */
export type ContrastVerdict = 'ok' | 'lighter' | 'asLight' | 'tooClose';

export interface ContrastCheck {
  verdict: ContrastVerdict;
  /** WCAG contrast ratio, 1 to 21. */
  ratio: number;
}

/** The one contrast check of the colour rule; null when either colour is not `#rrggbb`. */
export function checkContrast(colour: string, bg: string): ContrastCheck | null {
  const rgb = hexToRgb(colour);
  const bgRgb = hexToRgb(bg);
  if (!rgb || !bgRgb) return null;
  const l = relativeLuminance(rgb);
  const lb = relativeLuminance(bgRgb);
  const ratio = contrastRatio(l, lb);
  const verdict = l > lb ? 'lighter' : l === lb ? 'asLight' : ratio < MIN_CONTRAST ? 'tooClose' : 'ok';
  return { verdict, ratio };
}

/** [r, g, b] of a `#rrggbb` colour; throws BAD_COLOUR otherwise. */
export function parseHex(c: string): [number, number, number] {
  const rgb = hexToRgb(c);
  if (!rgb) throw new QrError('BAD_COLOUR', `Colour must be #rrggbb, got "${c}"`, { colour: c });
  return rgb;
}

/** The contrast of `colour` on `bg`, both checked to be colours first (BAD_COLOUR, the colour before the background). */
export function contrastOf(colour: string, bg: string): ContrastCheck {
  parseHex(colour);
  parseHex(bg);
  // Both parsed above, so the check has its two colours.
  return checkContrast(colour, bg)!;
}

/** Throws unless the foreground is darker than the background with enough contrast to scan (the colour rule). */
export function checkColours(fg: string, bg: string): void {
  const { verdict, ratio } = contrastOf(fg, bg);
  if (verdict !== 'ok') {
    throw new QrError(
      'LOW_CONTRAST',
      verdict !== 'tooClose'
        ? 'The foreground must be darker than the background: many scanners cannot read light-on-dark codes.'
        : `Foreground and background are too close (contrast ${ratio.toFixed(1)}:1, at least ${MIN_CONTRAST}:1 needed).`,
      { fg, bg, ratio: Math.round(ratio * 100) / 100 },
    );
  }
}
