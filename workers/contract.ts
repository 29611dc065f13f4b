/**
 * The one contract between the page and the QR worker: the worker API (`QrWorkerApi`) and its requests and
 * answers. Only plain, structured-clone-safe data crosses the worker boundary; ImageBitmaps and Blobs come back
 * transferred. Errors cross as `WireError` data (src/shared/qr/errors.ts) and are re-created as typed errors by the
 * client (src/worker-client).
 *
 * The QR vocabulary these types speak (levels, shapes, frames, the style, the colour rule, print setup, the typed
 * errors) is the shared core's (src/shared/qr). The page imports all of it through src/worker-client.
 */
import type { PrintColour, PrintSetup } from '../src/shared/qr/print.ts';
import type { LogoPlacement, RenderAdjustment } from '../src/shared/qr/renderReport.ts';
import type { ContentKind, Ecl, QrStyle, RasterType } from '../src/shared/qr/vocabulary.ts';
import type { ZipEntryData } from '../src/shared/zip/entryData.ts';

/** What to encode. */
export interface QrContent {
  content: string;
  ecl: Ecl;
}

/** What to draw. */
export interface QrRequest extends QrContent {
  /** What the content is (the payload type); titles the exported files. */
  kind: ContentKind;
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

/**
 * The worker's scan check gives up waiting for its decoder after this long (a slow network may still be loading
 * its wasm) and rejects with SCAN_TIMEOUT; the client waits longer than this before it takes the QR worker for
 * hung, so a slow decoder never gets the QR worker restarted (which would drop the previews and exports in flight).
 */
export const SCAN_TIMEOUT_MS = 15_000;

export type ScanTarget = { kind: 'preview'; options: PreviewOptions } | { kind: 'png'; size: number };

/** The readers the scan check asks (workers/decoders.ts): ZXing-C++, zbar and jsQR. */
export const SCAN_READERS = ['zxing', 'zbar', 'jsqr'] as const;
export type ScanReader = (typeof SCAN_READERS)[number];
/** How the page names each reader. */
export const SCAN_READER_LABEL: Record<ScanReader, string> = { zxing: 'ZXing', zbar: 'zbar', jsqr: 'jsQR' };

/** One reader's verdict: whether it read the exact content from the export, and from its phone-photo copy. */
export interface ScanReaderResult {
  reader: ScanReader;
  clean: boolean;
  phonePhoto: boolean;
}

export interface ScanCheckResult {
  /** True when every reader read back exactly the requested content, from the export and from a phone photo. */
  ok: boolean;
  /** What ZXing read from the export. */
  decoded: string | null;
  decoder: 'zxing-wasm';
  /** Each reader's verdict (docs/scan-safety.md, "The badge"). */
  readers: ScanReaderResult[];
  /**
   * The fewest camera pixels per module at which every reader still read the phone-photo copy (of those tried,
   * PHONE_CHECK_PX_PER_MODULE), or null when none passed.
   */
  phonePhotoPxPerModule: number | null;
  /** The smallest print width (artwork, frame included) that stays safe, in cm; null when no phone photo read. */
  minPrintCm: number | null;
}

/** A file bulk creation puts in its ZIP: a PNG of `size` pixels, or a vector format at its default size. */
export type ArchiveFormat = { type: 'png'; size: number } | { type: 'svg' } | { type: 'pdf' } | { type: 'eps' };

/** A hosted page's image, as picked by the user (PageFileInput). */
export interface PageImageInput {
  blob: Blob;
  /** The longest side after resizing (at most PAGE_IMAGE_MAX_SIDE, the default). */
  maxSide?: number;
  /** 'jpeg' for a picture that must be a JPEG (a vCard photo, embedded in the .vcf); default WebP. */
  format?: 'webp' | 'jpeg';
}

/** The image re-encoded for upload: WebP (JPEG when asked, or where the browser cannot encode WebP), no metadata. */
export interface PreparedPageImage {
  blob: Blob;
  type: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
}

export interface QrWorkerApi {
  info(req: QrContent): Promise<EncodeInfo>;
  putLogo(input: LogoInput): Promise<LogoInfo>;
  dropLogo(id: string): Promise<void>;
  /** Preview bitmap (transferred; the receiver must close it). */
  preview(req: QrRequest, options: PreviewOptions): Promise<PreviewResult>;
  /** PNG of size x size pixels (1000 for download, 2000 for print). */
  png(req: QrRequest, size: number): Promise<{ blob: Blob; meta: RenderMeta }>;
  /**
   * A raster download of size x size pixels (MIN_EXPORT_PX..MAX_EXPORT_PX) as PNG, JPEG or WebP; JPEG has no
   * alpha, so a transparent design is flattened on its background colour. `quality` 0..1 (JPEG, WebP).
   */
  image(req: QrRequest, size: number, type: RasterType, quality?: number): Promise<{ blob: Blob; meta: RenderMeta }>;
  /** The SVG as text, for callers that read it (tests, the scan-safety harness); downloads use `svgFile`. */
  svg(req: QrRequest, size?: number): Promise<{ svg: string; meta: RenderMeta }>;
  /** The SVG download as a Blob: the page only saves it. */
  svgFile(req: QrRequest, size?: number): Promise<{ blob: Blob; meta: RenderMeta }>;
  /** Vector PDF, one page the size of the artwork (480 pt = 2000 px at 300 dpi by default). */
  pdf(req: QrRequest, sizePt?: number): Promise<{ blob: Blob; meta: RenderMeta }>;
  /** Vector EPS (480 pt by default), as a Blob. */
  eps(req: QrRequest, sizePt?: number, colour?: PrintColour): Promise<{ blob: Blob; meta: RenderMeta }>;
  /**
   * A file ready for a ZIP (bulk creation): made as its download is, then read here for its CRC-32 and, when
   * `deflate`, deflated, so that the page places the Blob in the archive without reading it.
   */
  archiveFile(req: QrRequest, format: ArchiveFormat, deflate: boolean): Promise<ZipEntryData & { meta: RenderMeta }>;
  /** The smallest safe trim size for this code and frame (MIN_MODULE_MM per module), in millimetres. */
  printInfo(req: QrRequest): Promise<{ minSizeMm: number; modulesAcross: number }>;
  /** Print-ready PDF: trim size, bleed, crop marks, RGB or CMYK; MediaBox, BleedBox and TrimBox declared. */
  printPdf(req: QrRequest, setup: PrintSetup): Promise<{ blob: Blob; meta: RenderMeta }>;
  /** The print window's page (HTML with the vector SVG at `sizeMm`), ready to open from a Blob URL. */
  printPage(req: QrRequest, sizeMm: number): Promise<{ blob: Blob; meta: RenderMeta }>;
  /**
   * Renders the target and reads it back with zxing-wasm, which runs in a worker of its own started by the first
   * check (loaded from our own bundle): previews and exports never wait for it to load or decode.
   */
  scanCheck(req: QrRequest, target: ScanTarget): Promise<ScanCheckResult>;
  /**
   * A hosted page's image ready to upload: decoded with its EXIF orientation applied, scaled so that its longest
   * side is at most `maxSide`, and re-encoded, which drops every metadata block (EXIF, GPS location, XMP).
   * BAD_IMAGE when it cannot be decoded.
   */
  prepareImage(input: PageImageInput): Promise<PreparedPageImage>;
}
