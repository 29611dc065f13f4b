/**
 * The scan-safety matrix: every shape x frame x logo x level x content, the formats and resolutions each design
 * is exported and rasterised at, and a seeded sampler for the short run in `npm test`.
 */
import { ECLS, FRAMES, SHAPES, type Ecl, type Frame, type Shape } from '../../../src/worker-client/index.ts';
import { mulberry32 } from '../../helpers/prng.ts';

/** No logo, a square one (the usual brand mark) and a wide one (a word mark, 3:1). */
export const LOGOS = ['none', 'square', 'wide'] as const;
export type LogoKind = (typeof LOGOS)[number];

/**
 * Short: a dynamic code's redirect (version 2-3). Long: a tracked URL of 300 characters (version 10 at L,
 * 18 at H), dense enough that modules get small in print.
 */
export const CONTENTS = {
  short: 'https://qrcraft.app/s/7Xk2',
  long:
    'https://shop.example.com/catalogue/spring-2026/linen-shirts?utm_source=flyer&utm_medium=print' +
    '&utm_campaign=spring_launch_2026&ref=QRCRAFT-7Xk2&lang=en-GB&size=M&colour=sand&store=manchester-arndale' +
    '&promo=SPRING15&session=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08&v=3',
} as const;
export type ContentKind = keyof typeof CONTENTS;

export interface Design {
  shape: Shape;
  frame: Frame;
  logo: LogoKind;
  level: Ecl;
  content: ContentKind;
}

export const designKey = (d: Design): string => `${d.shape}/${d.frame}/${d.logo}/${d.level}/${d.content}`;

/**
 * What the user downloads: PNG at 1000 px; SVG shown by Chromium at several sizes; PDF/EPS at several dpi.
 * The smallest SVG size is 480 px, the size of the 480 pt PDF page at 72 dpi: below it a long code gets under
 * 3 px per module, where jsQR stops reading even a plain black square code (a decoder limit, not a design's).
 */
export const PNG_SIZE = 1000;
export const SVG_SIZES = [480, 1000, 2000] as const;
/** 72: screen preview; 110-200: office printers and viewers zoomed to fit (issue 15's zbar failures); 300: print. */
export const DPIS = [72, 110, 150, 200, 300] as const;
export const FORMATS = ['png', 'svg', 'pdf', 'eps'] as const;
export type Format = (typeof FORMATS)[number];

export function allDesigns(): Design[] {
  const out: Design[] = [];
  for (const shape of SHAPES)
    for (const frame of FRAMES)
      for (const logo of LOGOS)
        for (const level of ECLS)
          for (const content of Object.keys(CONTENTS) as ContentKind[])
            out.push({ shape, frame, logo, level, content });
  return out;
}

/** The designs a new user starts from: square modules, no frame. */
export const isPlain = (d: Design): boolean => d.shape === 'square' && d.frame === 'none';

/** `count` distinct items of `from`, picked with `seed` (Fisher-Yates on a copy): the same on every run. */
export function seededSample<T>(from: readonly T[], count: number, seed: number): T[] {
  const rand = mulberry32(seed);
  const a = [...from];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, count);
}
