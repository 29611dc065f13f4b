/**
 * Plain-data types of the renderer's own. The QR vocabulary it draws (Ecl, Shape, Frame, QrStyle, their lists
 * and defaults, RenderAdjustment, LogoPlacement) is declared once, in the worker contract (workers/contract.ts).
 */

/** Size of a logo image in its own pixels (only its aspect ratio matters to the geometry). */
export interface LogoSize {
  width: number;
  height: number;
}
