/**
 * The phone-photo pass: how much a clean export is degraded before the decoders see it, each value with what it
 * stands for. The numbers describe a phone reading a small print (a 2-3 cm code on a flyer or a menu) from
 * hand-held distance, not a lab worst case: every real scan has some of each at once, so the last preset stacks
 * them. `pxPerModule` is measured on the symbol's own modules (the frame and quiet zone scale with it).
 */
export interface Degradation {
  /** Pixels per module after shrinking (the camera frame's sampling of the print). */
  pxPerModule: number;
  /** Gaussian blur radius in px at that size (defocus, hand shake); 0 for none. */
  blurPx: number;
  /** Rotation in degrees (the phone is never square to the paper). */
  rotateDeg: number;
  /** Keystone: the top edge is this fraction narrower than the bottom (phone tilted back from the paper). */
  keystone: number;
  /** Uneven light: the darkest corner keeps this fraction of its brightness (a shadow or a lamp to one side). */
  shade: number;
  /** JPEG quality 0-1 after everything else (camera pipeline, messaging apps recompress); 0 for lossless. */
  jpegQuality: number;
}

const NONE: Degradation = { pxPerModule: 0, blurPx: 0, rotateDeg: 0, keystone: 0, shade: 1, jpegQuality: 0 };

export const DEGRADATIONS = {
  /**
   * 4 px per module: ZXing on Android and iOS's reader work on ~1280x720 preview frames, where a 2.5 cm version-3
   * code held at 25 cm covers about 130 px, 4 px per module; far enough to be small, near enough to be focused.
   */
  smallPrint: { ...NONE, pxPerModule: 4 },
  /**
   * 5 px per module blurred by 0.9 px (the radius in issue 15's failing Dots case): a phone that has not finished
   * focusing, or slight hand shake, spreads each edge over about one pixel of the preview frame.
   */
  blur: { ...NONE, pxPerModule: 5, blurPx: 0.9 },
  /**
   * 5 px per module saved as JPEG quality 0.5: what a screenshot shared through a messaging app, or a cheap
   * camera pipeline, leaves of the edges (8x8 blocks and ringing around every module).
   */
  jpeg: { ...NONE, pxPerModule: 5, jpegQuality: 0.5 },
  /**
   * 6 px per module, turned 8 degrees and keystoned 10 %: how a code on a table or a wall is usually photographed,
   * the phone neither aligned with it nor parallel to it (10 % is a tilt of roughly 15 degrees at arm's length).
   */
  angle: { ...NONE, pxPerModule: 6, rotateDeg: 8, keystone: 0.1 },
  /**
   * 6 px per module with one corner at 55 % brightness: the phone's own shadow over part of the print, or a
   * window on one side; scanners binarise with a local threshold, and this checks that the design lets them.
   */
  unevenLight: { ...NONE, pxPerModule: 6, shade: 0.55 },
  /**
   * All at once, each a little milder: the typical real scan. 5 px per module, 0.7 px blur, 5 degrees, 6 %
   * keystone, 70 % light in the dark corner, JPEG 0.7.
   */
  phonePhoto: { pxPerModule: 5, blurPx: 0.7, rotateDeg: 5, keystone: 0.06, shade: 0.7, jpegQuality: 0.7 },
} as const satisfies Record<string, Degradation>;

export type DegradationName = keyof typeof DEGRADATIONS;
export const DEGRADATION_NAMES = Object.keys(DEGRADATIONS) as DegradationName[];

/**
 * The scan check's phone photo (scan.worker.ts): the `phonePhoto` preset, first at its own 5 px per module (every
 * reader must read it for the badge to say "also from a phone photo"), then ever smaller while every reader still
 * does. The smallest that passes sets the print size the badge recommends.
 */
export const PHONE_CHECK_PX_PER_MODULE = [5, 4, 3] as const;

/**
 * Camera pixels per millimetre of paper at hand-held distance: a 1280 px wide preview frame (what ZXing on Android
 * and iOS's reader decode) across the ~32 cm a 65 degree field of view covers at 25 cm. A printed module of
 * `px / PHONE_PX_PER_MM` mm therefore reaches the phone as `px` pixels.
 */
export const PHONE_PX_PER_MM = 4;
