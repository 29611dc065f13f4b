import { contrastRatio, hexToRgb, MIN_CONTRAST, QrError, relativeLuminance } from '../../workers/contract.ts';

export function parseHex(c: string): [number, number, number] {
  const rgb = hexToRgb(c);
  if (!rgb) throw new QrError('BAD_COLOUR', `Colour must be #rrggbb, got "${c}"`, { colour: c });
  return rgb;
}

/** Throws unless the foreground is darker than the background with enough contrast to scan (the contract's colour rule). */
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
