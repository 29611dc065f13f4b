import { getQrClient, PT_PER_MM, type PrintSetup, type QrRequest } from '../worker-client/index.ts';

export type ExportFormat = 'png' | 'jpeg' | 'webp' | 'svg' | 'pdf' | 'print-pdf' | 'eps' | 'print';
/** Formats saved as a file (the print window is not one). */
export type FileFormat = Exclude<ExportFormat, 'print'>;

export interface FormatOption {
  value: ExportFormat;
  label: string;
}

/**
 * Spec §4 lists png/svg/pdf on both surfaces; its landing "pdf" saved a PNG and its /create "pdf" only opened a
 * print window. We save a real vector PDF on both, add the print-ready PDF and EPS (the marketing copy promises
 * it) and keep the print window on /create as its own choice, now vector art at a physical size.
 */
export function formatOptions(surface: 'landing' | 'create', px = PNG_SIZE): FormatOption[] {
  const options: FormatOption[] = [
    { value: 'png', label: `PNG (${px}×${px})` },
    // Design options: JPEG (no transparency: flattened on the background) and WebP beside PNG.
    { value: 'jpeg', label: `JPEG (${px}×${px})` },
    { value: 'webp', label: `WebP (${px}×${px})` },
    { value: 'svg', label: 'SVG (vector)' },
    { value: 'pdf', label: 'PDF (vector)' },
    { value: 'print-pdf', label: 'Print-ready PDF' },
    { value: 'eps', label: 'EPS (vector)' },
  ];
  if (surface === 'create') options.push({ value: 'print', label: 'Print (vector, sized)' });
  return options;
}

/** Spec §4: landing files are qr-code.*, /create files are qrcode.*; the print-ready PDF adds "-print". */
export function fileName(surface: 'landing' | 'create', format: FileFormat): string {
  const base = surface === 'landing' ? 'qr-code' : 'qrcode';
  if (format === 'jpeg') return `${base}.jpg`;
  return format === 'print-pdf' ? `${base}-print.pdf` : `${base}.${format}`;
}

/** What the download toast names the file as. */
export function formatName(format: ExportFormat): string {
  if (format === 'print' || format === 'print-pdf') return 'PDF';
  return format === 'webp' ? 'WebP' : format.toUpperCase();
}

export const PNG_SIZE = 1000;
/** Encoder quality of the JPEG and WebP downloads: high enough that module edges stay clean for scanners. */
const JPEG_QUALITY = 0.92;
const WEBP_QUALITY = 0.92;

/** Formats drawn as pixels, whose size the user picks. */
export const isRasterFormat = (format: ExportFormat) => format === 'png' || format === 'jpeg' || format === 'webp';

/**
 * Renders the file in the worker, which returns it as a Blob: the page only saves it. PNG 1000x1000; PDF vector,
 * sized for 2000 px at 300 dpi; the print-ready PDF follows `print` (required for it), and so does the EPS (its
 * size and colours) when given.
 */
export async function renderExport(
  format: FileFormat,
  request: QrRequest,
  signal?: AbortSignal,
  print?: PrintSetup,
  /** Raster formats: pixels per side (MIN_EXPORT_PX..MAX_EXPORT_PX). */
  px = PNG_SIZE,
): Promise<Blob> {
  const client = getQrClient();
  switch (format) {
    case 'png':
      return (await client.png(request, px, { signal })).blob;
    case 'jpeg':
      return (await client.image(request, px, 'image/jpeg', JPEG_QUALITY, { signal })).blob;
    case 'webp':
      return (await client.image(request, px, 'image/webp', WEBP_QUALITY, { signal })).blob;
    case 'svg':
      return (await client.svgFile(request, undefined, { signal })).blob;
    case 'pdf':
      return (await client.pdf(request, undefined, { signal })).blob;
    case 'print-pdf':
      if (!print) throw new Error('Choose the print size first.');
      return (await client.printPdf(request, print, { signal })).blob;
    case 'eps':
      // With a print setup: its size (the BoundingBox, in points) and colours; without, 480 pt in RGB.
      return (await client.eps(request, print && print.sizeMm * PT_PER_MM, print?.colour, { signal })).blob;
  }
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The print window's page, built by the worker ahead of the click, as a Blob URL (the caller revokes it). */
export interface PreparedPrint {
  request: QrRequest;
  sizeMm: number;
  url: string;
}

export async function preparePrintWindow(
  request: QrRequest,
  sizeMm: number,
  signal?: AbortSignal,
): Promise<PreparedPrint> {
  const { blob } = await getQrClient().printPage(request, sizeMm, { signal });
  return { request, sizeMm, url: URL.createObjectURL(blob) };
}

const BLOCKED = 'The print window was blocked by the browser. Allow pop-ups for this site and try again.';

/**
 * /create's print choice: a window with the vector art at its physical size, which prints itself once loaded.
 * With the page prepared for this request and size, the click only opens its Blob URL; otherwise the window
 * opens first (a popup opened after an await may be blocked) and goes to the page when the worker has built it.
 */
export async function openPrintWindow(
  request: QrRequest,
  sizeMm: number,
  prepared: PreparedPrint | null,
  signal?: AbortSignal,
): Promise<void> {
  if (prepared && prepared.request === request && prepared.sizeMm === sizeMm) {
    // No opener: the window gets a browsing context group (and renderer process) of its own, so laying out and
    // painting the art is not main-thread work for this page. Such an open always returns null, so a blocked
    // popup cannot be told apart here; one opened from the click itself is not blocked.
    window.open(prepared.url, '_blank', 'noopener');
    return;
  }
  const win = window.open('', '_blank');
  if (!win) throw new Error(BLOCKED);
  win.document.title = 'Print QR Code';
  win.document.body.textContent = 'Preparing your print-ready QR code…';
  try {
    const page = await preparePrintWindow(request, sizeMm, signal);
    win.location.replace(page.url);
    // The window has its own copy once loaded.
    setTimeout(() => URL.revokeObjectURL(page.url), 60_000);
  } catch (error) {
    win.close();
    throw error;
  }
}
