/**
 * The one contract between the page and the QR worker, and the one home of the QR vocabulary: error levels,
 * shapes, frames, the style, their defaults, the colour rule, the typed errors and their plain-data wire form.
 *
 * Only plain, structured-clone-safe data crosses the worker boundary; ImageBitmaps and Blobs come back
 * transferred. Errors cross as `WireError` data and are re-created as typed errors by the client
 * (src/worker-client). The page imports all of this through src/worker-client; the renderer (src/render)
 * imports it from here. The encoder (src/encoder) depends on nothing: `Ecl`, `ECLS` and `DataTooLongError`
 * are declared there and re-exported here.
 */
import { DataTooLongError } from '../src/encoder/errors.ts';
import { ECLS, type Ecl } from '../src/encoder/tables.ts';
import type { ZipEntryData } from '../src/zip/entryData.ts';

export { DataTooLongError, ECLS, type Ecl };

// ---------------------------------------------------------------------------------------------------------
// Vocabulary

export const SHAPES = ['square', 'dots', 'rounded', 'extraRounded', 'classy', 'classyRounded'] as const;
export type Shape = (typeof SHAPES)[number];

export const FRAMES = ['none', 'square', 'rounded', 'circular', 'banner', 'bottomText', 'topText', 'badge'] as const;
export type Frame = (typeof FRAMES)[number];

/** Label drawn by every frame except `none` when the user leaves the text empty. */
export const DEFAULT_FRAME_TEXT = 'SCAN ME';
/** Frame text is cut to this many characters (it is then shrunk to fit the frame). */
export const MAX_FRAME_TEXT = 40;

export interface QrStyle {
  shape: Shape;
  /** Foreground colour, `#rrggbb`. */
  fg: string;
  /** Background colour, `#rrggbb`. */
  bg: string;
  frame: Frame;
  /** Frame label; empty means DEFAULT_FRAME_TEXT. Ignored by frame `none`. */
  frameText: string;
  /** Id of a logo previously sent with `putLogo`, or null. */
  logoId: string | null;
  // Design options (docs/design-options.md). All optional: a request or stored design without them draws as
  // before (DESIGN_DEFAULTS).
  /** Shape of the finder patterns' 7x7 ring; `auto` follows the module shape. */
  eyeFrame?: EyeShape;
  /** Shape of the finder patterns' solid 3x3 centre; `auto` follows the module shape. */
  eyeCentre?: EyeShape;
  /** Colour of the eye ring, `#rrggbb`; null follows the modules' paint (fg or gradient). */
  eyeFrameColour?: string | null;
  /** Colour of the eye centre, `#rrggbb`; null follows the modules' paint. */
  eyeCentreColour?: string | null;
  /** Module paint; null is the plain foreground. Every stop must pass the colour rule against `bg`. */
  gradient?: Gradient | null;
  /** No background painted (PNG, WebP, SVG, PDF; EPS simply leaves it unpainted). `bg` still decides contrast. */
  transparent?: boolean;
  /** Quiet zone in modules, MIN_MARGIN..MAX_MARGIN (default QUIET_ZONE_DEFAULT). */
  margin?: number;
}

export const EYE_SHAPES = ['auto', 'square', 'rounded', 'circle', 'leaf'] as const;
export type EyeShape = (typeof EYE_SHAPES)[number];

export const GRADIENT_TYPES = ['linear', 'radial'] as const;
export type GradientType = (typeof GRADIENT_TYPES)[number];

export interface Gradient {
  type: GradientType;
  /** Linear only: direction in degrees, clockwise on screen, 0 = left to right, 90 = top to bottom. */
  angle: number;
  /** Two or three `#rrggbb` colours, evenly spaced (radial: centre outwards). */
  stops: string[];
}

export const MIN_MARGIN = 0;
export const MAX_MARGIN = 10;
/** The quiet zone a new code gets, in modules (ISO/IEC 18004 asks for 4); under it the page warns. */
export const QUIET_ZONE_DEFAULT = 4;
/** Pixel sizes a raster download may have (PNG, JPEG, WebP). */
export const MIN_EXPORT_PX = 256;
export const MAX_EXPORT_PX = 4096;
export const RASTER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type RasterType = (typeof RASTER_TYPES)[number];

/** The design options' values when a style leaves them out. */
export const DESIGN_DEFAULTS = {
  eyeFrame: 'auto',
  eyeCentre: 'auto',
  eyeFrameColour: null,
  eyeCentreColour: null,
  gradient: null,
  transparent: false,
  margin: QUIET_ZONE_DEFAULT,
} as const satisfies Required<Omit<QrStyle, keyof BaseStyleKeys>>;

type BaseStyleKeys = Pick<QrStyle, 'shape' | 'fg' | 'bg' | 'frame' | 'frameText' | 'logoId'>;

/** Logo files the worker accepts (SVG is rasterised by the page first), and their largest size. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** The level a new code starts with. */
export const DEFAULT_ECL: Ecl = 'M';
/** The style a new or stored code starts from (the generator's landing surface has its own foreground). */
export const DEFAULT_STYLE: Readonly<QrStyle> = {
  shape: 'square',
  fg: '#000000',
  bg: '#FFFFFF',
  frame: 'none',
  frameText: '',
  logoId: null,
  ...DESIGN_DEFAULTS,
};

/**
 * What a code holds, as the page's payload type says it (never guessed from the text). Names exported files:
 * SVG <title>, PDF and EPS title metadata.
 */
export const CONTENT_KINDS = ['url', 'text', 'vcard', 'event', 'wifi', 'email', 'sms'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

// ---------------------------------------------------------------------------------------------------------
// The colour rule: the renderer refuses what fails it, the page warns before asking (one implementation).

/** Minimum WCAG contrast ratio between foreground and background we accept; below it scanners fail. */
export const MIN_CONTRAST = 3;

/** `#rrggbb` (surrounding spaces allowed) → [r, g, b], or null when it is not that form. */
export function hexToRgb(colour: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return null;
  // Group 1 is not optional: it is there whenever the pattern matched.
  const v = parseInt(m[1]!, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** WCAG relative luminance of an sRGB colour (0 = black, 1 = white). */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** WCAG contrast ratio (1 to 21) of two relative luminances, in either order. */
export function contrastRatio(la: number, lb: number): number {
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

// ---------------------------------------------------------------------------------------------------------
// Print: the print-ready PDF's setup and the one RGB → CMYK conversion (the renderer writes it, the page shows
// it and warns when it changes a colour visibly).

export type PrintColour = 'rgb' | 'cmyk';

export interface PrintSetup {
  /** Trim size: the side of the square artwork as printed, in millimetres. */
  sizeMm: number;
  /** Background colour carried past the trim on every side, in millimetres (0 = none). */
  bleedMm: number;
  cropMarks: boolean;
  colour: PrintColour;
}

/** Smallest printed module we accept (docs/renderer-and-worker.md, "Print setup"). */
export const MIN_MODULE_MM = 0.8;
export const DEFAULT_BLEED_MM = 3;
export const MAX_BLEED_MM = 20;
/** The largest trim size (a 2 m banner); past it, print shops want their own tools. */
export const MAX_PRINT_MM = 2000;
export const MM_PER_INCH = 25.4;
export const PT_PER_MM = 72 / MM_PER_INCH;

/**
 * Naive device conversion, sRGB values taken as ink coverage: K = 1 − max(R, G, B), then
 * C = (1 − R − K) / (1 − K) (M from G, Y from B; all 0 when K = 1), each rounded to a whole percent.
 * Pure black is 0 0 0 1 (100 % K), white 0 0 0 0. Values 0..1.
 */
export function rgbToCmyk([r, g, b]: readonly [number, number, number]): [number, number, number, number] {
  const pct = (v: number) => Math.round(v * 100) / 100;
  const k = 1 - Math.max(r, g, b) / 255;
  if (k >= 1) return [0, 0, 0, 1];
  const ink = (v: number) => pct((1 - v / 255 - k) / (1 - k));
  return [ink(r), ink(g), ink(b), pct(k)];
}

// ---------------------------------------------------------------------------------------------------------
// Errors

/**
 * Errors a caller can cause, each with a stable code (Excalidraw style): the UI switches on `code`, never on
 * the message. They cross the worker boundary as plain `WireError` data and are re-created on the other side.
 */
export type QrErrorCode =
  | 'DATA_TOO_LONG'
  | 'EMPTY_CONTENT'
  | 'BAD_COLOUR'
  | 'LOW_CONTRAST'
  | 'BAD_SIZE'
  /** A design option out of range (eye shape, gradient, margin, image type). */
  | 'BAD_DESIGN'
  | 'UNKNOWN_LOGO'
  | 'BAD_LOGO'
  | 'ABORTED'
  | 'WORKER_CRASHED'
  | 'WORKER_TIMEOUT'
  /** The scan check's decoder did not load or crashed (the next check starts a new one). */
  | 'SCAN_UNAVAILABLE'
  /** The scan check's decoder did not answer in time (it may still be loading on a slow network). */
  | 'SCAN_TIMEOUT'
  | 'INTERNAL';

export class QrError extends Error {
  readonly code: QrErrorCode;
  readonly details: Record<string, string | number | boolean | null>;
  constructor(code: QrErrorCode, message: string, details: Record<string, string | number | boolean | null> = {}) {
    super(message);
    this.name = 'QrError';
    this.code = code;
    this.details = details;
  }
}

/** Plain-data form of an error, safe for structured clone. */
export interface WireError {
  __qrWireError: 1;
  name: string;
  code: QrErrorCode;
  message: string;
  details: Record<string, string | number | boolean | null>;
}

export function isWireError(v: unknown): v is WireError {
  return typeof v === 'object' && v !== null && (v as { __qrWireError?: unknown }).__qrWireError === 1;
}

/** Worker side: any thrown value → WireError. */
export function toWireError(e: unknown): WireError {
  if (e instanceof DataTooLongError) {
    return {
      __qrWireError: 1,
      name: 'DataTooLongError',
      code: 'DATA_TOO_LONG',
      message: e.message,
      details: { dataBits: e.dataBits, capacityBits: e.capacityBits, maxVersion: e.maxVersion },
    };
  }
  if (e instanceof QrError)
    return { __qrWireError: 1, name: e.name, code: e.code, message: e.message, details: e.details };
  const err = e instanceof Error ? e : new Error(String(e));
  return { __qrWireError: 1, name: err.name, code: 'INTERNAL', message: err.message, details: {} };
}

/** Page side: re-creates the typed error from the worker's WireError data. */
export function fromWire(e: unknown): Error {
  if (!isWireError(e)) return e instanceof Error ? e : new Error(String(e));
  if (e.code === 'DATA_TOO_LONG') {
    const d = e.details;
    return new DataTooLongError(Number(d.dataBits), Number(d.capacityBits), Number(d.maxVersion));
  }
  const err = new QrError(e.code, e.message, e.details);
  return err;
}

/** The `code` of any error the client throws ('DATA_TOO_LONG' for DataTooLongError), or null. */
export function errorCode(e: unknown): string | null {
  if (e instanceof DataTooLongError) return 'DATA_TOO_LONG';
  if (e instanceof QrError) return e.code;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Requests and answers

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

/** Something the renderer changed or refused so that the code still scans. Shown to the user as a note. */
export interface RenderAdjustment {
  code: 'LOGO_HOLE_SHRUNK' | 'LOGO_REFUSED';
  message: string;
}

/** Where the logo went, in module units relative to the symbol's top-left corner (quiet zone excluded). */
export interface LogoPlacement {
  /** Cleared block of whole modules. */
  hole: { x: number; y: number; w: number; h: number };
  /** Box the logo image is drawn in (aspect ratio kept), centred in the hole. */
  box: { x: number; y: number; w: number; h: number };
  /** Codewords damaged by the hole, worst block, and how many that block may lose under our budget. */
  damagedWorstBlock: number;
  allowedPerBlock: number;
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
}
