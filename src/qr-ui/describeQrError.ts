import { DataTooLongError, errorCode, QrError } from '../worker-client/index.ts';

/**
 * One clear sentence for a failed encode or render; never the bare "Data too long". Content that does not fit
 * gets the shared advice (src/shared/qr/tooLongAdvice.ts), the same words as the bulk check and the API.
 */
export function describeQrError(error: unknown): string {
  if (error instanceof DataTooLongError) return error.advice;
  switch (errorCode(error)) {
    case 'WORKER_CRASHED':
    case 'WORKER_TIMEOUT':
      return 'The QR renderer stopped responding twice. Your content is safe: try again, or reload the page.';
    case 'BAD_LOGO':
      return 'The logo image could not be read. Choose another PNG, JPEG or SVG file.';
    case 'LOW_CONTRAST':
      // A gradient stop or an eye colour names itself (the renderer's message says which part and why).
      if (error instanceof QrError && error.details.part) return error.message;
      return 'The colours are too close for scanners. Pick a darker foreground or a lighter background.';
    default:
      return error instanceof QrError || error instanceof Error ? error.message : 'The QR code could not be drawn.';
  }
}
