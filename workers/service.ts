/**
 * The worker's implementation of QrWorkerApi: encoder + renderer + exporters glued together, a logo cache, and
 * error translation to plain data. Runs in the worker (qr.worker.ts exposes `createWorkerApi()`); the bench
 * runs the same service on the main thread.
 */
import { releaseProxy, transfer, wrap, type Remote } from 'comlink';
import { encodeText, measureCapacity, type QrMatrix } from '../src/encoder/index.ts';
import { paintScene } from '../src/render/canvas.ts';
import type { EpsLogo } from '../src/render/eps.ts';
import { QR_SHARE } from '../src/render/layout.ts';
import { QUIET_ZONE } from '../src/render/model.ts';
import type { PdfLogo, PdfPrint } from '../src/render/pdf.ts';
import { buildScene, type Scene } from '../src/render/scene.ts';
import { sceneToSvg } from '../src/render/svg.ts';
import { printPageHtml } from '../src/render/printWindow.ts';
import { zipEntryOfBlob } from '../src/zip/entry.ts';
import {
  LOGO_TYPES,
  MAX_EXPORT_PX,
  MIN_EXPORT_PX,
  RASTER_TYPES,
  type RasterType,
  MAX_LOGO_BYTES,
} from '../src/shared/qr/vocabulary.ts';
import {
  MAX_BLEED_MM,
  MAX_PRINT_MM,
  MIN_MODULE_MM,
  PT_PER_MM,
  type PrintColour,
  type PrintSetup,
} from '../src/shared/qr/print.ts';
import { QrError, toWireError } from '../src/shared/qr/errors.ts';
import { SCAN_READERS, SCAN_TIMEOUT_MS } from './contract.ts';
import { PHONE_PX_PER_MM } from './degradations.ts';
import type { ScanReport, ScanWorkerApi } from './scan.worker.ts';
import type {
  ArchiveFormat,
  EncodeInfo,
  LogoInfo,
  LogoInput,
  PreviewOptions,
  QrContent,
  QrRequest,
  QrWorkerApi,
  RenderMeta,
  ScanCheckResult,
} from './contract.ts';
import type { ContentKind } from '../src/shared/qr/vocabulary.ts';

/** Every module of a preview gets at least this many device pixels, whatever the version and frame. */
export const MIN_PREVIEW_MODULE_PX = 3;
/** How long an export's canvas is kept for the next export after the last one (ms). */
const EXPORT_CANVAS_IDLE_MS = 5000;
/** Vector exports: 480 pt = 2000 px at 300 dpi. */
export const DEFAULT_PRINT_PT = 480;

interface LogoEntry {
  info: LogoInfo;
  blob: Blob;
  bitmap: ImageBitmap;
  dataUrl?: string;
  /** The JPEG as the PDF embeds it; null when it cannot be embedded as it is. */
  pdf?: Extract<PdfLogo, { kind: 'jpeg' }> | null;
}

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

function checkSize(size: number, min: number, max: number): void {
  if (!Number.isFinite(size) || size < min || size > max)
    throw new QrError('BAD_SIZE', `Size must be from ${min} to ${max}`, { size, min, max });
}

/** Modules across the whole artwork (frame and quiet zone included) for a symbol of n modules. */
function modulesAcross(n: number, req: QrRequest): number {
  return (n + 2 * (req.style.margin ?? QUIET_ZONE)) / QR_SHARE[req.style.frame];
}

/** MIN_MODULE_MM per module, rounded up to a tenth of a millimetre. */
function minPrintMm(n: number, req: QrRequest): number {
  return Math.ceil(MIN_MODULE_MM * modulesAcross(n, req) * 10) / 10;
}

/**
 * The smallest print width (cm, up to the next millimetre) at which a phone sees `pxPerModule` camera pixels per
 * module (PHONE_PX_PER_MM) and the printer gets at least MIN_MODULE_MM per module (docs/scan-safety.md).
 */
function safePrintCm(pxPerModule: number, n: number, req: QrRequest): number {
  const moduleMm = Math.max(MIN_MODULE_MM, pxPerModule / PHONE_PX_PER_MM);
  return Math.ceil(moduleMm * modulesAcross(n, req)) / 10;
}

function checkPrintSize(sizeMm: number, min: number): void {
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

function checkPrintSetup(setup: PrintSetup): PdfPrint {
  const { bleedMm, cropMarks, colour } = setup;
  if (!Number.isFinite(bleedMm) || bleedMm < 0 || bleedMm > MAX_BLEED_MM)
    throw new QrError('BAD_SIZE', `The bleed must be from 0 to ${MAX_BLEED_MM} mm.`, { bleedMm });
  if (colour !== 'rgb' && colour !== 'cmyk')
    throw new QrError('BAD_COLOUR', 'Print colours must be RGB or CMYK.', { colour: String(colour) });
  return { bleedPt: bleedMm * PT_PER_MM, cropMarks: cropMarks === true, colour };
}

function checkColourMode(colour: PrintColour): void {
  if (colour !== 'rgb' && colour !== 'cmyk')
    throw new QrError('BAD_COLOUR', 'Print colours must be RGB or CMYK.', { colour: String(colour) });
}

async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type};base64,${btoa(bin)}`;
}

/** Creates the API object. `wrap` turns thrown errors into WireError data (on for the worker). */
export function createQrService() {
  const logos = new Map<string, LogoEntry>();
  let previewCanvas: OffscreenCanvas | null = null;
  // The last export's canvas, drawn on again by the next export of the same size: a new canvas's first drawing
  // costs several times the drawing itself (its backing store is allocated then), which a bulk run would pay on
  // every file (bench-results/canvas-reuse.md). Each export hands its canvas to the encoder (convertToBlob takes
  // a snapshot) or reads it back before the next one draws. Let go after a few idle seconds: a 4096 px one holds
  // 64 MB.
  let exportCanvas: { canvas: OffscreenCanvas; release: ReturnType<typeof setTimeout> } | null = null;
  const canvasForExport = (size: number): OffscreenCanvas => {
    if (exportCanvas) clearTimeout(exportCanvas.release);
    const canvas = exportCanvas?.canvas.width === size ? exportCanvas.canvas : new OffscreenCanvas(size, size);
    const release = setTimeout(() => {
      if (exportCanvas?.canvas === canvas) exportCanvas = null;
    }, EXPORT_CANVAS_IDLE_MS);
    exportCanvas = { canvas, release };
    return canvas;
  };
  // The last PNG asked for, by request and size (one entry; a new logo clears it). The scan check renders the
  // 1000 px PNG that a PNG download of the same design then asks for, or the reverse: the second gets the first's
  // file, finished or still being made, instead of drawing and encoding it again.
  let lastPng: { key: string; file: Promise<{ blob: Blob; meta: RenderMeta }> } | null = null;
  let decoder: Decoder | null = null;

  // The last few matrices: a download right after its preview, or a style change, does not re-encode.
  const matrices = new Map<string, QrMatrix>();
  const encode = (req: QrContent): QrMatrix => {
    if (typeof req.content !== 'string' || req.content.length === 0)
      throw new QrError('EMPTY_CONTENT', 'Nothing to encode');
    const key = req.ecl + req.content;
    const hit = matrices.get(key);
    if (hit) return hit;
    const m = encodeText(req.content, { ecl: req.ecl });
    matrices.set(key, m);
    if (matrices.size > 4) matrices.delete(matrices.keys().next().value as string);
    return m;
  };

  const logoFor = (req: QrRequest): LogoEntry | null => {
    const id = req.style.logoId;
    if (!id) return null;
    const entry = logos.get(id);
    if (!entry) throw new QrError('UNKNOWN_LOGO', 'Logo not loaded in the worker (send it again)', { logoId: id });
    return entry;
  };

  const scene = (
    req: QrRequest,
    size: number,
    wholeUnits = false,
  ): { scene: Scene; matrix: QrMatrix; logo: LogoEntry | null } => {
    const matrix = encode(req);
    const logo = logoFor(req);
    return { scene: buildScene(matrix, req.style, logo ? logo.info : null, size, wholeUnits), matrix, logo };
  };

  const meta = (s: Scene, matrix: QrMatrix): RenderMeta => ({
    version: matrix.version,
    size: matrix.size,
    ecl: matrix.ecl,
    mask: matrix.mask,
    width: s.layout.width,
    height: s.layout.height,
    logo: s.model.logo,
    adjustments: s.model.adjustments,
  });

  const previewPixels = (n: number, req: QrRequest, o: PreviewOptions): number => {
    checkSize(o.cssSize, 16, 4096);
    const ratio = Number.isFinite(o.pixelRatio) && o.pixelRatio > 0 ? Math.min(o.pixelRatio, 8) : 1;
    const base = Math.round(o.cssSize * ratio);
    const need = Math.ceil(MIN_PREVIEW_MODULE_PX * modulesAcross(n, req));
    return Math.max(base, need);
  };

  const renderRaster = (req: QrRequest, size: number, canvas?: OffscreenCanvas) => {
    const { scene: s, matrix, logo } = scene(req, size);
    const c = canvas ?? canvasForExport(size);
    if (c.width !== size) c.width = size;
    if (c.height !== size) c.height = size;
    const ctx = c.getContext('2d');
    if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
    paintScene(ctx, s, logo ? logo.bitmap : null, true);
    return { canvas: c, meta: meta(s, matrix) };
  };

  // The readers run in their own worker (scan.worker.ts), started by the first scan check: the QR worker never
  // waits for them to load or to read.
  const readBack = async (image: Blob | ImageData, content: string, modulePx: number): Promise<ScanReport> => {
    const d = (decoder ??= startDecoder());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new QrError('SCAN_TIMEOUT', 'The scan check took too long', { timeoutMs: SCAN_TIMEOUT_MS })),
        SCAN_TIMEOUT_MS,
      );
    });
    try {
      const report = await Promise.race([d.api.check(image, content, modulePx), d.dead, timeout]);
      d.answered = true;
      return report;
    } catch (e) {
      // A decoder still loading is kept (the next check waits on the same load); one that failed to load,
      // crashed, or hung after it had worked is replaced by the next check.
      const stillLoading = e instanceof QrError && e.code === 'SCAN_TIMEOUT' && !d.answered;
      if (!stillLoading) {
        if (decoder === d) decoder = null;
        stopDecoder(d);
      }
      throw e instanceof QrError
        ? e
        : new QrError('SCAN_UNAVAILABLE', 'The scan check could not load its decoder', {
            reason: e instanceof Error ? e.message : String(e),
          });
    } finally {
      clearTimeout(timer);
    }
  };

  const svgText = async (req: QrRequest, size: number, printMm?: number) => {
    checkSize(size, 16, 100000);
    const { scene: s, matrix, logo } = scene(req, size, true);
    if (logo && !logo.dataUrl) logo.dataUrl = await blobToDataUrl(logo.blob);
    const svg = sceneToSvg(s, {
      title: exportTitle(req.kind, req.content),
      logoHref: logo?.dataUrl ?? null,
      ...(printMm === undefined ? {} : { printMm }),
    });
    return { svg, meta: meta(s, matrix) };
  };

  // src/render/pdf.ts and eps.ts are imported by the first PDF or EPS export: the worker a first Generate loads
  // lacks them.
  const pdfFile = async (req: QrRequest, sizePt: number, print: PdfPrint | undefined) => {
    const { scene: s, matrix, logo } = scene(req, sizePt);
    const { sceneToPdf, jpegInfo } = await import('../src/render/pdf.ts');
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
    return { blob: new Blob([bytes], { type: 'application/pdf' }), meta: meta(s, matrix) };
  };

  const archiveExport = (req: QrRequest, format: ArchiveFormat) => {
    switch (format.type) {
      case 'png':
        return api.png(req, format.size);
      case 'svg':
        return api.svgFile(req);
      case 'pdf':
        return api.pdf(req);
      case 'eps':
        return api.eps(req);
    }
  };

  const api = {
    async info(req: QrContent): Promise<EncodeInfo> {
      const matrix = encode(req);
      const cap = measureCapacity(req.content, req.ecl);
      return {
        version: matrix.version,
        size: matrix.size,
        ecl: matrix.ecl,
        mask: matrix.mask,
        usedBits: cap.usedBits,
        capacityBits: cap.capacityBits,
        leftBits: cap.capacityBits - cap.usedBits,
        maxCapacityBits: cap.maxCapacityBits,
      };
    },

    async putLogo(input: LogoInput): Promise<LogoInfo> {
      const { id, blob } = input;
      if (!id || !(blob instanceof Blob)) throw new QrError('BAD_LOGO', 'A logo needs an id and a file');
      if (!(LOGO_TYPES as readonly string[]).includes(blob.type))
        throw new QrError('BAD_LOGO', 'Logo must be PNG, JPEG or SVG', { mime: blob.type });
      if (blob.size > MAX_LOGO_BYTES)
        throw new QrError('BAD_LOGO', 'Logo is larger than 2 MB', { bytes: blob.size, max: MAX_LOGO_BYTES });
      let bitmap = input.bitmap;
      if (!bitmap) {
        if (blob.type === 'image/svg+xml')
          throw new QrError('BAD_LOGO', 'An SVG logo must come with a bitmap rasterised by the page');
        try {
          bitmap = await createImageBitmap(blob);
        } catch {
          throw new QrError('BAD_LOGO', 'The logo file could not be decoded', { mime: blob.type });
        }
      }
      logos.get(id)?.bitmap.close();
      lastPng = null;
      const info = { id, width: bitmap.width, height: bitmap.height, mime: blob.type };
      logos.set(id, { info, blob, bitmap });
      return info;
    },

    async dropLogo(id: string): Promise<void> {
      logos.get(id)?.bitmap.close();
      logos.delete(id);
      lastPng = null;
    },

    async preview(req: QrRequest, options: PreviewOptions) {
      const n = encode(req).size;
      const size = previewPixels(n, req, options);
      previewCanvas ??= new OffscreenCanvas(size, size);
      const { canvas, meta: m } = renderRaster(req, size, previewCanvas);
      return { bitmap: canvas.transferToImageBitmap(), meta: m };
    },

    async png(req: QrRequest, size: number) {
      checkSize(size, 64, 8192);
      const key = JSON.stringify([req, size]);
      if (lastPng?.key === key) return lastPng.file;
      const file = (async () => {
        const { canvas, meta: m } = renderRaster(req, size);
        return { blob: await canvas.convertToBlob({ type: 'image/png' }), meta: m };
      })();
      lastPng = { key, file };
      // A failed render is not kept: the next call tries again.
      file.catch(() => {
        if (lastPng?.file === file) lastPng = null;
      });
      return file;
    },

    async image(req: QrRequest, size: number, type: RasterType, quality?: number) {
      checkSize(size, MIN_EXPORT_PX, MAX_EXPORT_PX);
      if (!(RASTER_TYPES as readonly string[]).includes(type))
        throw new QrError('BAD_DESIGN', 'Images are PNG, JPEG or WebP.', { type: String(type) });
      // JPEG keeps no alpha (it would turn black): flatten a transparent design on its background colour.
      const drawn =
        type === 'image/jpeg' && req.style.transparent ? { ...req, style: { ...req.style, transparent: false } } : req;
      const { canvas, meta: m } = renderRaster(drawn, size);
      const q = quality === undefined ? undefined : Math.min(1, Math.max(0, Number(quality) || 0));
      const blob = await canvas.convertToBlob(q === undefined ? { type } : { type, quality: q });
      // A browser without the encoder gives PNG instead of failing: say so rather than save a misnamed file.
      if (blob.type !== type)
        throw new QrError('BAD_DESIGN', `This browser cannot write ${type.slice(6).toUpperCase()} images.`, { type });
      return { blob, meta: m };
    },

    async svg(req: QrRequest, size = 1000) {
      const { svg, meta: m } = await svgText(req, size);
      return { svg, meta: m };
    },

    async svgFile(req: QrRequest, size = 1000) {
      const { svg, meta: m } = await svgText(req, size);
      return { blob: new Blob([svg], { type: 'image/svg+xml' }), meta: m };
    },

    async pdf(req: QrRequest, sizePt = DEFAULT_PRINT_PT) {
      checkSize(sizePt, 16, 14400);
      return pdfFile(req, sizePt, undefined);
    },

    async eps(req: QrRequest, sizePt = DEFAULT_PRINT_PT, colour: PrintColour = 'rgb') {
      checkSize(sizePt, 16, 14400);
      checkColourMode(colour);
      const { scene: s, matrix, logo } = scene(req, sizePt);
      const epsLogo = logo && s.model.logo ? logoPixels(logo.bitmap, req.style.bg, 256) : null;
      const { sceneToEps } = await import('../src/render/eps.ts');
      const eps = sceneToEps(s, { title: exportTitle(req.kind, req.content), logo: epsLogo, colour });
      return { blob: new Blob([eps], { type: 'application/postscript' }), meta: meta(s, matrix) };
    },

    async archiveFile(req: QrRequest, format: ArchiveFormat, deflate: boolean) {
      const { blob, meta: m } = await archiveExport(req, format);
      return { ...(await zipEntryOfBlob(blob, deflate)), meta: m };
    },

    async printInfo(req: QrRequest) {
      const n = encode(req).size;
      return { minSizeMm: minPrintMm(n, req), modulesAcross: modulesAcross(n, req) };
    },

    async printPdf(req: QrRequest, setup: PrintSetup) {
      checkPrintSize(setup.sizeMm, minPrintMm(encode(req).size, req));
      return pdfFile(req, setup.sizeMm * PT_PER_MM, checkPrintSetup(setup));
    },

    async printPage(req: QrRequest, sizeMm: number) {
      checkPrintSize(sizeMm, minPrintMm(encode(req).size, req));
      const { svg, meta: m } = await svgText(req, 1000, sizeMm);
      return { blob: new Blob([printPageHtml(svg)], { type: 'text/html' }), meta: m };
    },

    async scanCheck(asked: QrRequest, target: Parameters<QrWorkerApi['scanCheck']>[1]): Promise<ScanCheckResult> {
      // A transparent design is checked as it is seen, on its background colour: decoders take transparent
      // pixels for black.
      const req = asked.style.transparent ? { ...asked, style: { ...asked.style, transparent: false } } : asked;
      let image: Blob | ImageData;
      const n = encode(req).size;
      const size = target.kind === 'png' ? target.size : previewPixels(n, req, target.options);
      if (target.kind === 'png') image = (await api.png(req, size)).blob;
      else {
        const { canvas } = renderRaster(req, size);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
        image = ctx.getImageData(0, 0, size, size);
      }
      const report = await readBack(image, req.content, scene(req, size).scene.m);
      const readers = SCAN_READERS.map((reader) => ({
        reader,
        clean: report.clean.includes(reader),
        phonePhoto: report.phonePhoto.includes(reader),
      }));
      const px = report.phonePhotoPxPerModule;
      return {
        ok: readers.every((r) => r.clean && r.phonePhoto),
        decoded: report.decoded,
        decoder: 'zxing-wasm',
        readers,
        phonePhotoPxPerModule: px,
        minPrintCm: px === null ? null : safePrintCm(px, n, req),
      };
    },
  };
  return api satisfies QrWorkerApi;
}

/**
 * The service as a worker exposes it: every rejection a WireError, the preview's bitmap transferred. A test-only
 * worker entry passes `extra` methods (hooks that crash or hang the worker); the app's entry passes none.
 */
export function createWorkerApi<Extra extends object>(extra: Extra) {
  const service = createQrService();
  return withWireErrors({
    ...service,
    ...extra,
    async preview(req: QrRequest, options: PreviewOptions) {
      const result = await service.preview(req, options);
      return transfer(result, [result.bitmap]);
    },
  });
}

/** Same methods, but every rejection is a WireError (plain data that comlink passes through as is). */
export function withWireErrors<T extends object>(api: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, fn] of Object.entries(api)) {
    out[k] = async (...args: unknown[]) => {
      try {
        return await (fn as (...a: unknown[]) => unknown)(...args);
      } catch (e) {
        throw toWireError(e);
      }
    };
  }
  return out as T;
}

interface Decoder {
  worker: Worker;
  api: Remote<ScanWorkerApi>;
  /** Rejects when the decoder's worker fails (its script did not load, or it crashed). */
  dead: Promise<never>;
  /** Set once it has decoded something: its zxing is loaded. */
  answered: boolean;
}

function startDecoder(): Decoder {
  const worker = new Worker(new URL('./scan.worker.ts', import.meta.url), { type: 'module', name: 'qr-scan' });
  const dead = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (ev) => {
      ev.preventDefault();
      reject(new QrError('SCAN_UNAVAILABLE', 'The scan check could not load its decoder'));
    });
  });
  dead.catch(() => {});
  return { worker, api: wrap<ScanWorkerApi>(worker), dead, answered: false };
}

function stopDecoder(d: Decoder): void {
  d.api[releaseProxy]();
  d.worker.terminate();
}

/** Logo pixels for EPS and PDF: at most `maxSide` px on the long side, alpha composited on the background. */
function logoPixels(bitmap: ImageBitmap, bg: string, maxSide: number): EpsLogo {
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const c = new OffscreenCanvas(w, h);
  const ctx = c.getContext('2d');
  if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(bitmap, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h).data;
  const rgb = new Uint8Array(w * h * 3);
  // data is w x h RGBA (4 bytes a pixel, length a multiple of 4), so i + 2 < data.length.
  for (let i = 0, j = 0; i < data.length; i += 4) {
    rgb[j++] = data[i]!;
    rgb[j++] = data[i + 1]!;
    rgb[j++] = data[i + 2]!;
  }
  return { width: w, height: h, rgb };
}
