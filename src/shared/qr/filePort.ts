/**
 * The port through which the API's GET /qr (src/shared/handlers/api/qr.ts) gets its file drawn. The route owns the
 * request's schema, limits and errors; the drawing is injected by each runtime's entry (src/render/qrFile.ts
 * implements it with the app's encoder and renderer), so the shared core imports neither.
 */
import type { QrStyle, Ecl } from './vocabulary.ts';

export const QR_FILE_FORMATS = ['svg', 'png', 'pdf', 'eps'] as const;
export type QrFileFormat = (typeof QR_FILE_FORMATS)[number];

/** One file to draw. */
export interface QrFileRequest {
  format: QrFileFormat;
  /** The text to encode. */
  data: string;
  ecl: Ecl;
  style: QrStyle;
  /** Pixels for SVG and PNG, points (1/72 inch) for PDF and EPS. */
  size: number;
  /** The file's title (SVG <title>, PDF and EPS metadata). */
  title: string;
  /** Who asks (`user:<id>`, the key's owner): a runtime that queues drawings serves principals in turn. */
  principal: string;
}

export interface QrFilePort {
  /** Whether this runtime draws the format: PNG needs a 2D canvas, which the Edge runtime has not. */
  draws(format: QrFileFormat): boolean;
  /** The file's bytes (SVG and EPS as text); throws DataTooLongError or QrError for what cannot be drawn. */
  draw(request: QrFileRequest): Promise<string | Uint8Array<ArrayBuffer>>;
}
