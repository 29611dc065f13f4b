/**
 * Plain-data types of the renderer's own. The QR vocabulary it draws (Ecl, Shape, Frame, QrStyle, their lists
 * and defaults) and what it reports (RenderAdjustment, LogoPlacement) are declared once, in the shared core
 * (src/shared/qr).
 */

/** Size of a logo image in its own pixels (only its aspect ratio matters to the geometry). */
export interface LogoSize {
  width: number;
  height: number;
}
