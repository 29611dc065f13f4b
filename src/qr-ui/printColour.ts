import { hexToRgb, rgbToCmyk } from '../worker-client/index.ts';

/**
 * Whether the CMYK conversion visibly changes a colour. rgbToCmyk's naive formula inverts exactly on paper of
 * pure white with perfect inks, so the round trip would never warn; instead the CMYK values are "printed" with a
 * simple press model and compared with the chosen colour: each ink filters the sRGB value by its coverage (values
 * multiplied ink by ink, as the formula assumes, so tints of K stay exact greys), the inks being the sRGB
 * appearance commonly quoted for coated-paper process colours, with black-point compensation so that 100 % K is
 * black and no ink is white. A colour changes visibly when the CIE76 difference exceeds VISIBLE_DELTA_E.
 * docs/renderer-and-worker.md, "Print setup".
 */
const VISIBLE_DELTA_E = 5;

const INKS: Record<'c' | 'm' | 'y' | 'k', string> = { c: '#00AEEF', m: '#EC008C', y: '#FFF200', k: '#231F20' };

type Triple = [number, number, number];

function toLinear(s: number): number {
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function unit(hex: string): Triple {
  const rgb = hexToRgb(hex) ?? [0, 0, 0];
  return [rgb[0] / 255, rgb[1] / 255, rgb[2] / 255];
}

const INK = { c: unit(INKS.c), m: unit(INKS.m), y: unit(INKS.y), k: unit(INKS.k) };

/** The press model: sRGB values (0..1) of the CMYK coverage (0..1 each), black point compensated. */
export function printedRgb([c, m, y, k]: readonly [number, number, number, number]): Triple {
  const out: Triple = [0, 0, 0];
  for (const i of [0, 1, 2] as const) {
    const filter = (cover: number, ink: Triple) => 1 - cover * (1 - ink[i]);
    const light = filter(c, INK.c) * filter(m, INK.m) * filter(y, INK.y) * filter(k, INK.k);
    out[i] = Math.max(0, (light - INK.k[i]) / (1 - INK.k[i]));
  }
  return out;
}

/** CIE L*a*b* (D65) of sRGB values (0..1). */
function lab(srgb: Triple): Triple {
  const [r, g, b] = srgb.map(toLinear) as Triple;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

export interface CmykCheck {
  /** Percent, as written in the file. */
  cmyk: [number, number, number, number];
  /** CIE76 difference between the chosen colour and its CMYK as the press model prints it. */
  deltaE: number;
  visible: boolean;
}

/** The CMYK a colour is written as, and whether printing it changes the colour visibly. Null for a bad hex. */
export function checkCmyk(hex: string): CmykCheck | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  const cmyk = rgbToCmyk(rgb);
  const a = lab(unit(hex));
  const b = lab(printedRgb(cmyk));
  const deltaE = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  return {
    cmyk: cmyk.map((v) => Math.round(v * 100)) as CmykCheck['cmyk'],
    deltaE,
    visible: deltaE > VISIBLE_DELTA_E,
  };
}
