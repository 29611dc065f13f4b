/**
 * The one contract between the page and the QR worker. Only plain, structured-clone-safe data crosses it;
 * ImageBitmaps and Blobs come back transferred. Errors cross as `WireError` data and are re-created as typed
 * errors by the client (src/worker-client).
 */
import type { Ecl, Frame, LogoPlacement, QrStyle, RenderAdjustment, Shape } from '../src/render/types.ts';
import type { QrErrorCode, WireError } from '../src/render/errors.ts';

export type { Ecl, Frame, LogoPlacement, QrStyle, RenderAdjustment, Shape, QrErrorCode, WireError };

/** What to encode. */
export interface QrContent {
  content: string;
  ecl: Ecl;
}

/** What to draw. */
export interface QrRequest extends QrContent {
  style: QrStyle;
}

export interface EncodeInfo {
  version: number;
  /** Modules per side, quiet zone excluded. */
  size: number;
  ecl: Ecl;
  mask: number;
  /** Data bits used / available in this version at this level, and what is left. */
  usedBits: number;
  capacityBits: number;
  leftBits: number;
  /** Capacity of version 40 at this level. */
  maxCapacityBits: number;
}

export interface RenderMeta {
  version: number;
  size: number;
  ecl: Ecl;
  mask: number;
  /** Artwork size in output units (px for raster, pt for PDF/EPS). */
  width: number;
  height: number;
  logo: LogoPlacement | null;
  /** What the renderer changed or refused so that the code scans (shown to the user). */
  adjustments: RenderAdjustment[];
}

export interface PreviewOptions {
  /** Displayed size in CSS pixels (160 in the generator). */
  cssSize: number;
  /** window.devicePixelRatio. The worker may render more pixels so that every module gets at least 3. */
  pixelRatio: number;
}

export interface PreviewResult {
  bitmap: ImageBitmap;
  meta: RenderMeta;
}

export interface LogoInput {
  /** Caller-chosen id (e.g. a hash of the file); later requests refer to it in `style.logoId`. */
  id: string;
  /** The file as chosen: image/png, image/jpeg or image/svg+xml, at most 2 MB. */
  blob: Blob;
  /** Required for SVG (workers cannot decode SVG): the page rasterises it; optional otherwise. */
  bitmap?: ImageBitmap;
}

export interface LogoInfo {
  id: string;
  width: number;
  height: number;
  mime: string;
}

export type ScanTarget = { kind: 'preview'; options: PreviewOptions } | { kind: 'png'; size: number };

export interface ScanCheckResult {
  /** True when the decoder read back exactly the requested content. */
  ok: boolean;
  decoded: string | null;
  decoder: 'zxing-wasm';
}

export interface WorkerMemory {
  /** performance.memory.usedJSHeapSize in the worker (Chromium), or null where unavailable. */
  usedJSHeapSize: number | null;
}

export interface QrWorkerApi {
  info(req: QrContent): Promise<EncodeInfo>;
  putLogo(input: LogoInput): Promise<LogoInfo>;
  hasLogo(id: string): Promise<boolean>;
  dropLogo(id: string): Promise<void>;
  /** Preview bitmap (transferred; the receiver must close it). */
  preview(req: QrRequest, options: PreviewOptions): Promise<PreviewResult>;
  /** PNG of size x size pixels (1000 for download, 2000 for print). */
  png(req: QrRequest, size: number): Promise<{ blob: Blob; meta: RenderMeta }>;
  svg(req: QrRequest, size?: number): Promise<{ svg: string; meta: RenderMeta }>;
  /** Vector PDF, one page the size of the artwork (480 pt = 2000 px at 300 dpi by default). */
  pdf(req: QrRequest, sizePt?: number): Promise<{ blob: Blob; meta: RenderMeta }>;
  eps(req: QrRequest, sizePt?: number): Promise<{ eps: string; meta: RenderMeta }>;
  /** Renders the target and reads it back with zxing-wasm (loaded lazily from our own bundle). */
  scanCheck(req: QrRequest, target: ScanTarget): Promise<ScanCheckResult>;
  memory(): Promise<WorkerMemory>;
  /** Test hooks: make the worker die (uncaught error, then close) or stop answering for `ms`. */
  crashForTest(): Promise<void>;
  hangForTest(ms: number): Promise<void>;
}
