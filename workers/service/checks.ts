/** Size and print checks, and the module counts they are made from. No state: plain functions of the request. */
import { QR_SHARE } from '../../src/render/layout.ts';
import { QUIET_ZONE } from '../../src/render/model.ts';
import type { PdfPrint } from '../../src/render/pdf.ts';
import { QrError } from '../../src/shared/qr/errors.ts';
import {
  MAX_BLEED_MM,
  MAX_PRINT_MM,
  MIN_MODULE_MM,
  PT_PER_MM,
  type PrintColour,
  type PrintSetup,
} from '../../src/shared/qr/print.ts';
import { type QrRequest } from '../contract.ts';
import { PHONE_PX_PER_MM } from '../degradations.ts';

export function checkSize(size: number, min: number, max: number): void {
  if (!Number.isFinite(size) || size < min || size > max)
    throw new QrError('BAD_SIZE', `Size must be from ${min} to ${max}`, { size, min, max });
}

/** Modules across the whole artwork (frame and quiet zone included) for a symbol of n modules. */
export function modulesAcross(n: number, req: QrRequest): number {
  return (n + 2 * (req.style.margin ?? QUIET_ZONE)) / QR_SHARE[req.style.frame];
}

/** MIN_MODULE_MM per module, rounded up to a tenth of a millimetre. */
export function minPrintMm(n: number, req: QrRequest): number {
  return Math.ceil(MIN_MODULE_MM * modulesAcross(n, req) * 10) / 10;
}

/**
 * The smallest print width (cm, up to the next millimetre) at which a phone sees `pxPerModule` camera pixels per
 * module (PHONE_PX_PER_MM) and the printer gets at least MIN_MODULE_MM per module (docs/scan-safety.md).
 */
export function safePrintCm(pxPerModule: number, n: number, req: QrRequest): number {
  const moduleMm = Math.max(MIN_MODULE_MM, pxPerModule / PHONE_PX_PER_MM);
  return Math.ceil(moduleMm * modulesAcross(n, req)) / 10;
}

export function checkPrintSize(sizeMm: number, min: number): void {
  if (!Number.isFinite(sizeMm) || sizeMm < min)
    throw new QrError(
      'BAD_SIZE',
      `This code needs at least ${min} mm to print safely (${MIN_MODULE_MM} mm per module).`,
      { sizeMm, minMm: min },
    );
  if (sizeMm > MAX_PRINT_MM)
    throw new QrError('BAD_SIZE', `The print size can be at most ${MAX_PRINT_MM} mm.`, {
      sizeMm,
      maxMm: MAX_PRINT_MM,
    });
}

export function checkPrintSetup(setup: PrintSetup): PdfPrint {
  const { bleedMm, cropMarks, colour } = setup;
  if (!Number.isFinite(bleedMm) || bleedMm < 0 || bleedMm > MAX_BLEED_MM)
    throw new QrError('BAD_SIZE', `The bleed must be from 0 to ${MAX_BLEED_MM} mm.`, { bleedMm });
  if (colour !== 'rgb' && colour !== 'cmyk')
    throw new QrError('BAD_COLOUR', 'Print colours must be RGB or CMYK.', { colour: String(colour) });
  return { bleedPt: bleedMm * PT_PER_MM, cropMarks: cropMarks === true, colour };
}

export function checkColourMode(colour: PrintColour): void {
  if (colour !== 'rgb' && colour !== 'cmyk')
    throw new QrError('BAD_COLOUR', 'Print colours must be RGB or CMYK.', { colour: String(colour) });
}
