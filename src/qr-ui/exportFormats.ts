import { getQrClient, type QrRequest } from '../worker-client/index.ts';

export type ExportFormat = 'png' | 'svg' | 'pdf' | 'eps' | 'print';

export interface FormatOption {
  value: ExportFormat;
  label: string;
}

/**
 * Spec §4 lists png/svg/pdf on both surfaces; its landing "pdf" saved a PNG and its /create "pdf" only opened a
 * print window. We save a real vector PDF on both, add EPS (the marketing copy promises it) and keep the
 * print window on /create as its own choice.
 */
export function formatOptions(surface: 'landing' | 'create'): FormatOption[] {
  const options: FormatOption[] = [
    { value: 'png', label: 'PNG (1000×1000)' },
    { value: 'svg', label: 'SVG (vector)' },
    { value: 'pdf', label: 'PDF (vector)' },
    { value: 'eps', label: 'EPS (vector)' },
  ];
  if (surface === 'create') options.push({ value: 'print', label: 'Print (2000×2000)' });
  return options;
}

/** Spec §4: landing files are qr-code.*, /create files are qrcode.*. */
export function fileName(surface: 'landing' | 'create', format: Exclude<ExportFormat, 'print'>): string {
  return `${surface === 'landing' ? 'qr-code' : 'qrcode'}.${format}`;
}

export const PNG_SIZE = 1000;
export const PRINT_SIZE = 2000;

/** Renders the file in the worker. PNG 1000x1000; PDF and EPS are vector, sized for 2000 px at 300 dpi. */
export async function renderExport(
  format: Exclude<ExportFormat, 'print'>,
  request: QrRequest,
  signal?: AbortSignal,
): Promise<Blob> {
  const client = getQrClient();
  switch (format) {
    case 'png':
      return (await client.png(request, PNG_SIZE, { signal })).blob;
    case 'svg':
      return new Blob([(await client.svg(request, undefined, { signal })).svg], { type: 'image/svg+xml' });
    case 'pdf':
      return (await client.pdf(request, undefined, { signal })).blob;
    case 'eps':
      return new Blob([(await client.eps(request, undefined, { signal })).eps], { type: 'application/postscript' });
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

/**
 * /create's print choice: a new window titled for printing with the 2000x2000 image. The window is opened
 * before the render (a popup opened after an await is blocked), then filled.
 */
export async function openPrintWindow(request: QrRequest, signal?: AbortSignal): Promise<void> {
  const win = window.open('', '_blank');
  if (!win) throw new Error('The print window was blocked by the browser. Allow pop-ups for this site and try again.');
  win.document.title = 'Print QR Code';
  win.document.body.textContent = 'Preparing your print-ready QR code…';
  try {
    const { blob } = await getQrClient().png(request, PRINT_SIZE, { signal });
    const url = URL.createObjectURL(blob);
    const doc = win.document;
    doc.title = 'Print QR Code';
    doc.body.textContent = '';
    doc.body.style.margin = '0';
    const img = doc.createElement('img');
    img.alt = 'QR code, 2000 by 2000 pixels, ready to print';
    img.src = url;
    img.width = PRINT_SIZE;
    img.height = PRINT_SIZE;
    img.style.maxWidth = '100%';
    img.style.height = 'auto';
    img.onload = () => win.print();
    doc.body.append(img);
  } catch (error) {
    win.close();
    throw error;
  }
}
