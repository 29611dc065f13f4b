import { QrError } from './errors.ts';

export function parseHex(c: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(c.trim());
  if (!m) throw new QrError('BAD_COLOUR', `Colour must be #rrggbb, got "${c}"`, { colour: c });
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** Minimum WCAG contrast ratio between foreground and background we accept; below it scanners fail. */
export const MIN_CONTRAST = 3;

/** Throws unless the foreground is darker than the background with enough contrast to scan. */
export function checkColours(fg: string, bg: string): void {
  const lf = luminance(parseHex(fg));
  const lb = luminance(parseHex(bg));
  const ratio = (Math.max(lf, lb) + 0.05) / (Math.min(lf, lb) + 0.05);
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
