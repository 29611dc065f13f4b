import { DataTooLongError, errorCode, QrError, type Ecl } from '../worker-client/index.ts';

const LOWER: Record<Ecl, Ecl | null> = { L: null, M: 'L', Q: 'M', H: 'Q' };

/** One clear sentence for a failed encode or render; never the bare "Data too long". */
export function describeQrError(error: unknown, ecl: Ecl): string {
  if (error instanceof DataTooLongError) {
    const overBytes = Math.ceil((error.dataBits - error.capacityBits) / 8);
    const lower = LOWER[ecl];
    return (
      `This content is too long for a QR code at error level ${ecl}: it is about ${overBytes} byte${overBytes === 1 ? '' : 's'} over ` +
      `the largest code (version ${error.maxVersion}). Shorten it${lower ? ` or choose error level ${lower}` : ''}.`
    );
  }
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
