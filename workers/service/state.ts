/** What one QR service keeps between calls. Each module of workers/service/ takes it as its first argument. */
import type { Remote } from 'comlink';
import type { QrMatrix } from '../../src/encoder/index.ts';
import type { PdfLogo } from '../../src/render/pdf.ts';
import type { LogoInfo, RenderMeta } from '../contract.ts';
import type { ScanWorkerApi } from '../scan.worker.ts';

export interface LogoEntry {
  info: LogoInfo;
  blob: Blob;
  bitmap: ImageBitmap;
  dataUrl?: string;
  /** The JPEG as the PDF embeds it; null when it cannot be embedded as it is. */
  pdf?: Extract<PdfLogo, { kind: 'jpeg' }> | null;
}

/** A rendered PNG, with the module size (px) the scan check reads it at. */
export interface PngFile {
  blob: Blob;
  meta: RenderMeta;
  modulePx: number;
}

export interface Decoder {
  worker: Worker;
  api: Remote<ScanWorkerApi>;
  /** Rejects when the decoder's worker fails (its script did not load, or it crashed). */
  dead: Promise<never>;
  /** Set once it has decoded something: its zxing is loaded. */
  answered: boolean;
}

export interface QrServiceState {
  /** Logos sent by the page, by id. */
  logos: Map<string, LogoEntry>;
  /** The last few matrices, by ECL and content: a download right after its preview, or a style change, does not re-encode. */
  matrices: Map<string, QrMatrix>;
  previewCanvas: OffscreenCanvas | null;
  /** The last export's canvas, reused by the next export of the same size (scene.ts canvasForExport). */
  exportCanvas: { canvas: OffscreenCanvas; release: ReturnType<typeof setTimeout> } | null;
  /** The last PNG asked for, by request and size (exports.ts pngFile). */
  lastPng: { key: string; file: Promise<PngFile> } | null;
  /** The scan check's decoder worker, started by the first check (scanCheck.ts). */
  decoder: Decoder | null;
}

export function createServiceState(): QrServiceState {
  return {
    logos: new Map(),
    matrices: new Map(),
    previewCanvas: null,
    exportCanvas: null,
    lastPng: null,
    decoder: null,
  };
}
