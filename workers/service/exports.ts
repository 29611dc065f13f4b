/** The downloads: PNG and other images, SVG, PDF, EPS, and a file for the bulk ZIP. */
import type { QrMatrix } from '../../src/encoder/index.ts';
import type { PdfLogo, PdfPrint } from '../../src/render/pdf.ts';
import { sceneToSvg } from '../../src/render/svg.ts';
import { zipEntryOfBlob } from '../../src/zip/entry.ts';
import { QrError } from '../../src/shared/qr/errors.ts';
import { type PrintColour } from '../../src/shared/qr/print.ts';
import {
  MAX_EXPORT_PX,
  MIN_EXPORT_PX,
  RASTER_TYPES,
  type ContentKind,
  type RasterType,
} from '../../src/shared/qr/vocabulary.ts';
import { type ArchiveFormat, type QrRequest } from '../contract.ts';
import { checkColourMode, checkSize } from './checks.ts';
import { blobToDataUrl, logoPixels } from './logos.ts';
import { qrScene, renderMeta, renderRaster } from './scene.ts';
import type { PngFile, QrServiceState } from './state.ts';

/** Vector exports: 480 pt = 2000 px at 300 dpi. */
export const DEFAULT_PRINT_PT = 480;

const KIND_LABEL: Record<ContentKind, string> = {
  url: 'URL',
  text: 'Text',
  vcard: 'vCard',
  event: 'Event',
  wifi: 'Wi-Fi',
  email: 'Email',
  sms: 'SMS',
};

/** A short human name for what a QR code holds, for SVG <title> and PDF/EPS title metadata. */
export function exportTitle(kind: ContentKind, content: string): string {
  const k: ContentKind = Object.hasOwn(KIND_LABEL, kind) ? kind : 'text';
  if (k !== 'url' && k !== 'text') return `QR code: ${KIND_LABEL[k]}`;
  const [first = ''] = content.trim().split(/\r?\n/);
  const short = first.length > 60 ? first.slice(0, 57) + '...' : first;
  return `QR code: ${KIND_LABEL[k]} ${short}`;
}

/**
 * The PNG of `req` at `size`, shared by the scan check and the PNG download: the scan check renders the 1000 px
 * PNG that a PNG download of the same design then asks for, or the reverse, and the second gets the first's file,
 * finished or still being made, instead of drawing and encoding it again. One entry; a new logo clears it.
 */
export function pngFile(state: QrServiceState, req: QrRequest, size: number, matrix?: QrMatrix): Promise<PngFile> {
  checkSize(size, 64, 8192);
  const key = JSON.stringify([req, size]);
  if (state.lastPng?.key === key) return state.lastPng.file;
  const file = (async () => {
    const { canvas, meta, scene } = renderRaster(state, req, size, { matrix });
    return { blob: await canvas.convertToBlob({ type: 'image/png' }), meta, modulePx: scene.m };
  })();
  state.lastPng = { key, file };
  // A failed render is not kept: the next call tries again.
  file.catch(() => {
    if (state.lastPng?.file === file) state.lastPng = null;
  });
  return file;
}

export async function png(state: QrServiceState, req: QrRequest, size: number) {
  const { blob, meta } = await pngFile(state, req, size);
  return { blob, meta };
}

export async function image(state: QrServiceState, req: QrRequest, size: number, type: RasterType, quality?: number) {
  checkSize(size, MIN_EXPORT_PX, MAX_EXPORT_PX);
  if (!(RASTER_TYPES as readonly string[]).includes(type))
    throw new QrError('BAD_DESIGN', 'Images are PNG, JPEG or WebP.', { type: String(type) });
  // JPEG keeps no alpha (it would turn black): flatten a transparent design on its background colour.
  const drawn =
    type === 'image/jpeg' && req.style.transparent ? { ...req, style: { ...req.style, transparent: false } } : req;
  const { canvas, meta } = renderRaster(state, drawn, size);
  const q = quality === undefined ? undefined : Math.min(1, Math.max(0, Number(quality) || 0));
  const blob = await canvas.convertToBlob(q === undefined ? { type } : { type, quality: q });
  // A browser without the encoder gives PNG instead of failing: say so rather than save a misnamed file.
  if (blob.type !== type)
    throw new QrError('BAD_DESIGN', `This browser cannot write ${type.slice(6).toUpperCase()} images.`, { type });
  return { blob, meta };
}

/** The SVG text; `printMm` sets its physical width (the print window). */
export async function svgText(state: QrServiceState, req: QrRequest, size: number, printMm?: number) {
  checkSize(size, 16, 100000);
  const { scene: s, matrix, logo } = qrScene(state, req, size, { wholeUnits: true });
  if (logo && !logo.dataUrl) logo.dataUrl = await blobToDataUrl(logo.blob);
  const svg = sceneToSvg(s, {
    title: exportTitle(req.kind, req.content),
    logoHref: logo?.dataUrl ?? null,
    ...(printMm === undefined ? {} : { printMm }),
  });
  return { svg, meta: renderMeta(s, matrix) };
}

export async function svg(state: QrServiceState, req: QrRequest, size = 1000) {
  const { svg, meta } = await svgText(state, req, size);
  return { svg, meta };
}

export async function svgFile(state: QrServiceState, req: QrRequest, size = 1000) {
  const { svg, meta } = await svgText(state, req, size);
  return { blob: new Blob([svg], { type: 'image/svg+xml' }), meta };
}

// src/render/pdf.ts and eps.ts are imported by the first PDF or EPS export: the worker a first Generate loads
// lacks them.
export async function pdfFile(state: QrServiceState, req: QrRequest, sizePt: number, print: PdfPrint | undefined) {
  const { scene: s, matrix, logo } = qrScene(state, req, sizePt);
  const { sceneToPdf, jpegInfo } = await import('../../src/render/pdf.ts');
  let pdfLogo: PdfLogo | null = null;
  if (logo && s.model.logo) {
    // A JPEG goes in as it is (kept with the logo); anything else as pixels composited on the background.
    if (logo.info.mime === 'image/jpeg' && logo.pdf === undefined) {
      const bytes = new Uint8Array(await logo.blob.arrayBuffer());
      const jpeg = jpegInfo(bytes);
      logo.pdf = jpeg ? { kind: 'jpeg', ...jpeg, bytes } : null;
    }
    // A CMYK page converts the logo like every other colour, so it needs pixels, not the JPEG file.
    const asFile = print?.colour === 'cmyk' ? null : logo.pdf;
    pdfLogo = asFile ?? { kind: 'pixels', ...logoPixels(logo.bitmap, req.style.bg, 512) };
  }
  const bytes = await sceneToPdf(s, {
    title: exportTitle(req.kind, req.content),
    logo: pdfLogo,
    ...(print ? { print } : {}),
  });
  return { blob: new Blob([bytes], { type: 'application/pdf' }), meta: renderMeta(s, matrix) };
}

export async function pdf(state: QrServiceState, req: QrRequest, sizePt = DEFAULT_PRINT_PT) {
  checkSize(sizePt, 16, 14400);
  return pdfFile(state, req, sizePt, undefined);
}

export async function eps(
  state: QrServiceState,
  req: QrRequest,
  sizePt = DEFAULT_PRINT_PT,
  colour: PrintColour = 'rgb',
) {
  checkSize(sizePt, 16, 14400);
  checkColourMode(colour);
  const { scene: s, matrix, logo } = qrScene(state, req, sizePt);
  const epsLogo = logo && s.model.logo ? logoPixels(logo.bitmap, req.style.bg, 256) : null;
  const { sceneToEps } = await import('../../src/render/eps.ts');
  const eps = sceneToEps(s, { title: exportTitle(req.kind, req.content), logo: epsLogo, colour });
  return { blob: new Blob([eps], { type: 'application/postscript' }), meta: renderMeta(s, matrix) };
}

function archiveExport(state: QrServiceState, req: QrRequest, format: ArchiveFormat) {
  switch (format.type) {
    case 'png':
      return png(state, req, format.size);
    case 'svg':
      return svgFile(state, req);
    case 'pdf':
      return pdf(state, req);
    case 'eps':
      return eps(state, req);
  }
}

export async function archiveFile(state: QrServiceState, req: QrRequest, format: ArchiveFormat, deflate: boolean) {
  const { blob, meta } = await archiveExport(state, req, format);
  return { ...(await zipEntryOfBlob(blob, deflate)), meta };
}
