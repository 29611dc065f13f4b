/** Print: the smallest safe size, the print-ready PDF, and the print window's page. */
import { printPageHtml } from '../../src/render/printWindow.ts';
import { PT_PER_MM, type PrintSetup } from '../../src/shared/qr/print.ts';
import { type QrRequest } from '../contract.ts';
import { checkPrintSetup, checkPrintSize, minPrintMm, modulesAcross } from './checks.ts';
import { pdfFile, svgText } from './exports.ts';
import { encode } from './scene.ts';
import type { QrServiceState } from './state.ts';

export async function printInfo(state: QrServiceState, req: QrRequest) {
  const n = encode(state, req).size;
  return { minSizeMm: minPrintMm(n, req), modulesAcross: modulesAcross(n, req) };
}

export async function printPdf(state: QrServiceState, req: QrRequest, setup: PrintSetup) {
  checkPrintSize(setup.sizeMm, minPrintMm(encode(state, req).size, req));
  return pdfFile(state, req, setup.sizeMm * PT_PER_MM, checkPrintSetup(setup));
}

export async function printPage(state: QrServiceState, req: QrRequest, sizeMm: number) {
  checkPrintSize(sizeMm, minPrintMm(encode(state, req).size, req));
  const { svg, meta } = await svgText(state, req, 1000, sizeMm);
  return { blob: new Blob([printPageHtml(svg)], { type: 'text/html' }), meta };
}
