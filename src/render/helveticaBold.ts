/**
 * Advance widths of Helvetica-Bold (one of the PDF standard fonts, so never embedded) in 1/1000 em, for the
 * frame label in the PDF: it is centred and shrunk to fit like the other backends do with the real font.
 * Taken from the metric-compatible URW Nimbus Sans Bold AFM (Debian fonts-urw-base35), by glyph name, for the
 * printable ASCII and Latin-1 codes of WinAnsiEncoding.
 */
const ASCII = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];
const LATIN1 = [
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 611, 556,
  278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278,
  278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556,
  556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611,
  611, 556, 611, 556,
];

/** The text as WinAnsi codes: printable ASCII and Latin-1 as they are, anything else as '?'. */
export function winAnsiCodes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 63;
    out.push((c >= 32 && c < 127) || (c >= 160 && c <= 255) ? c : 63);
  }
  return out;
}

/** Width of WinAnsi codes (from winAnsiCodes) in em. */
export function helveticaBoldEm(codes: readonly number[]): number {
  let w = 0;
  // winAnsiCodes yields 32..126 or 160..255 only: both index inside their table.
  for (const c of codes) w += c < 127 ? ASCII[c - 32]! : LATIN1[c - 160]!;
  return w / 1000;
}
