/**
 * What the renderer reports beside the drawing: how it placed a logo and what it changed or refused so that the
 * code still scans. The renderer makes them; the worker's answers (workers/contract.ts, RenderMeta) carry them.
 */

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
