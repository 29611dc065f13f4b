/** Plain-data types of the renderer. Everything here is structured-clone safe (it crosses the worker boundary). */

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

/** The QR matrix as the encoder returns it: row-major, 1 = dark, no quiet zone. */
export interface QrMatrixLike {
  readonly version: number;
  readonly ecl: Ecl;
  readonly size: number;
  readonly modules: Uint8Array;
}

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
}

/** Size of a logo image in its own pixels (only its aspect ratio matters to the geometry). */
export interface LogoSize {
  width: number;
  height: number;
}

/** Something the renderer changed or refused so that the code still scans. Shown to the user as a note. */
export interface RenderAdjustment {
  code: 'LOGO_HOLE_SHRUNK' | 'LOGO_REFUSED';
  message: string;
}

/** Where the logo went, in module units relative to the symbol's top-left corner (quiet zone excluded). */
export interface LogoPlacement {
  /** Cleared block of whole modules. */
  hole: { x: number; y: number; w: number; h: number };
  /** Box the logo image is drawn in (aspect ratio kept), centred in the hole. */
  box: { x: number; y: number; w: number; h: number };
  /** Codewords damaged by the hole, worst block, and how many that block may lose under our budget. */
  damagedWorstBlock: number;
  allowedPerBlock: number;
}
