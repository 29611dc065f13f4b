/**
 * The QR vocabulary every layer speaks: error-correction levels, shapes, frames, the style and its design options,
 * their limits and defaults, and what a code holds. Plain data and constants, no imports: the encoder, the
 * renderer, the worker, the page, the local server and the Edge Functions all read it from here.
 */

/** Error-correction level (ISO/IEC 18004), lowest to highest: L, M, Q, H. */
export type Ecl = 'L' | 'M' | 'Q' | 'H';
export const ECLS: readonly Ecl[] = ['L', 'M', 'Q', 'H'];

export const SHAPES = ['square', 'dots', 'rounded', 'extraRounded', 'classy', 'classyRounded'] as const;
export type Shape = (typeof SHAPES)[number];

export const FRAMES = ['none', 'square', 'rounded', 'circular', 'banner', 'bottomText', 'topText', 'badge'] as const;
export type Frame = (typeof FRAMES)[number];

/** Label drawn by every frame except `none` when the user leaves the text empty. */
export const DEFAULT_FRAME_TEXT = 'SCAN ME';
/** Frame text is cut to this many characters (it is then shrunk to fit the frame). */
export const MAX_FRAME_TEXT = 40;

export interface QrStyle {
  shape: Shape;
  /** Foreground colour, `#rrggbb`. */
  fg: string;
  /** Background colour, `#rrggbb`. */
  bg: string;
  frame: Frame;
  /** Frame label; empty means DEFAULT_FRAME_TEXT. Ignored by frame `none`. */
  frameText: string;
  /** Id of a logo previously sent with `putLogo`, or null. */
  logoId: string | null;
  // Design options (docs/design-options.md). All optional: a request or stored design without them draws as
  // before (DESIGN_DEFAULTS).
  /** Shape of the finder patterns' 7x7 ring; `auto` follows the module shape. */
  eyeFrame?: EyeShape;
  /** Shape of the finder patterns' solid 3x3 centre; `auto` follows the module shape. */
  eyeCentre?: EyeShape;
  /** Colour of the eye ring, `#rrggbb`; null follows the modules' paint (fg or gradient). */
  eyeFrameColour?: string | null;
  /** Colour of the eye centre, `#rrggbb`; null follows the modules' paint. */
  eyeCentreColour?: string | null;
  /** Module paint; null is the plain foreground. Every stop must pass the colour rule against `bg`. */
  gradient?: Gradient | null;
  /** No background painted (PNG, WebP, SVG, PDF; EPS simply leaves it unpainted). `bg` still decides contrast. */
  transparent?: boolean;
  /** Quiet zone in modules, MIN_MARGIN..MAX_MARGIN (default QUIET_ZONE_DEFAULT). */
  margin?: number;
}

export const EYE_SHAPES = ['auto', 'square', 'rounded', 'circle', 'leaf'] as const;
export type EyeShape = (typeof EYE_SHAPES)[number];

export const GRADIENT_TYPES = ['linear', 'radial'] as const;
export type GradientType = (typeof GRADIENT_TYPES)[number];

export interface Gradient {
  type: GradientType;
  /** Linear only: direction in degrees, clockwise on screen, 0 = left to right, 90 = top to bottom. */
  angle: number;
  /** Two or three `#rrggbb` colours, evenly spaced (radial: centre outwards). */
  stops: string[];
}

export const MIN_MARGIN = 0;
export const MAX_MARGIN = 10;
/** The quiet zone a new code gets, in modules (ISO/IEC 18004 asks for 4); under it the page warns. */
export const QUIET_ZONE_DEFAULT = 4;
/** Pixel sizes a raster download may have (PNG, JPEG, WebP). */
export const MIN_EXPORT_PX = 256;
export const MAX_EXPORT_PX = 4096;
export const RASTER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type RasterType = (typeof RASTER_TYPES)[number];

/** The design options' values when a style leaves them out. */
export const DESIGN_DEFAULTS = {
  eyeFrame: 'auto',
  eyeCentre: 'auto',
  eyeFrameColour: null,
  eyeCentreColour: null,
  gradient: null,
  transparent: false,
  margin: QUIET_ZONE_DEFAULT,
} as const satisfies Required<Omit<QrStyle, keyof BaseStyleKeys>>;

type BaseStyleKeys = Pick<QrStyle, 'shape' | 'fg' | 'bg' | 'frame' | 'frameText' | 'logoId'>;

/** Logo files the worker accepts (SVG is rasterised by the page first), and their largest size. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** The level a new code starts with. */
export const DEFAULT_ECL: Ecl = 'M';
/** The style a new or stored code starts from (the generator's landing surface has its own foreground). */
export const DEFAULT_STYLE: Readonly<QrStyle> = {
  shape: 'square',
  fg: '#000000',
  bg: '#FFFFFF',
  frame: 'none',
  frameText: '',
  logoId: null,
  ...DESIGN_DEFAULTS,
};

/**
 * What a code holds, as the page's payload type says it (never guessed from the text). Names exported files:
 * SVG <title>, PDF and EPS title metadata.
 */
export const CONTENT_KINDS = ['url', 'text', 'vcard', 'event', 'wifi', 'email', 'sms'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
