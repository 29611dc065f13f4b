/**
 * The page side of the QR worker: `wrap<QrWorkerApi>` with lazy start, latest-wins previews, AbortSignal for
 * exports, restart with one retry when the worker crashes or hangs, typed errors, and logos re-sent to a new
 * worker. No rendering happens here.
 *
 * Pages and features reach the QR vocabulary (levels, shapes, frames, style defaults, the colour rule, typed
 * errors) only through this module's re-exports of the shared core (src/shared/qr) and the worker contract, never
 * src/render or src/encoder.
 */
import { releaseProxy, wrap, type Remote } from 'comlink';
import type {
  ArchiveFormat,
  EncodeInfo,
  LogoInfo,
  LogoInput,
  PageImageInput,
  PreparedPageImage,
  PreviewOptions,
  PreviewResult,
  QrContent,
  QrRequest,
  QrWorkerApi,
  RenderMeta,
  ScanCheckResult,
  ScanTarget,
} from '../../workers/contract.ts';
import type { PrintColour, PrintSetup } from '../shared/qr/print.ts';
import type { RasterType } from '../shared/qr/vocabulary.ts';
import type { ZipEntryData } from '../shared/zip/entryData.ts';
import { fromWire, QrError } from '../shared/qr/errors.ts';
import { SCAN_TIMEOUT_MS } from '../../workers/contract.ts';

export {
  checkContrast,
  hexToRgb,
  HEX_COLOUR,
  isHexColour,
  normalizeHexColour,
  relativeLuminance,
} from '../shared/qr/colour.ts';
export { DataTooLongError, errorCode, QrError } from '../shared/qr/errors.ts';
export {
  DEFAULT_BLEED_MM,
  MAX_BLEED_MM,
  MAX_PRINT_MM,
  MIN_MODULE_MM,
  MM_PER_INCH,
  PT_PER_MM,
  rgbToCmyk,
} from '../shared/qr/print.ts';
export {
  DEFAULT_ECL,
  DEFAULT_FRAME_TEXT,
  DEFAULT_STYLE,
  DESIGN_DEFAULTS,
  ECLS,
  EYE_SHAPES,
  GRADIENT_TYPES,
  MAX_MARGIN,
  MIN_MARGIN,
  FRAMES,
  LOGO_TYPES,
  MAX_FRAME_TEXT,
  MAX_LOGO_BYTES,
  SHAPES,
} from '../shared/qr/vocabulary.ts';
export { SCAN_READER_LABEL, SCAN_READERS } from '../../workers/contract.ts';
export type * from '../../workers/contract.ts';
export type * from '../shared/qr/colour.ts';
export type * from '../shared/qr/errors.ts';
export type * from '../shared/qr/print.ts';
export type * from '../shared/qr/renderReport.ts';
export type * from '../shared/qr/vocabulary.ts';

export interface QrClientOptions {
  /** Factory for the worker (tests may pass their own). */
  createWorker?: () => Worker;
  /** A call that takes longer is treated as a hung worker: restart and retry once. */
  timeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function defaultWorker(): Worker {
  return new Worker(new URL('../../workers/qr.worker.ts', import.meta.url), { type: 'module', name: 'qr' });
}

class Failure {
  readonly kind: 'crash' | 'timeout';
  constructor(kind: 'crash' | 'timeout') {
    this.kind = kind;
  }
}

interface Live {
  worker: Worker;
  api: Remote<QrWorkerApi>;
  /** Rejects when the worker reports an uncaught error (crash). */
  dead: Promise<never>;
  ready: Promise<void>;
}

function abortError(): QrError {
  const e = new QrError('ABORTED', 'The export was cancelled');
  e.name = 'AbortError';
  return e;
}

export class QrClient {
  private live: Live | null = null;
  private readonly logos = new Map<string, LogoInput>();
  private readonly options: Required<QrClientOptions>;
  /** Number of workers started so far (tests and diagnostics). */
  starts = 0;
  private previewBusy = false;
  private previewPending: {
    req: QrRequest;
    opts: PreviewOptions;
    resolve: (r: PreviewResult | null) => void;
    reject: (e: unknown) => void;
  } | null = null;

  constructor(options: QrClientOptions = {}) {
    this.options = { createWorker: options.createWorker ?? defaultWorker, timeoutMs: options.timeoutMs ?? 20_000 };
  }

  /** Protected so that a test client can reach test-only worker hooks (tests/browser/worker-client). */
  protected start(): Live {
    if (this.live) return this.live;
    const worker = this.options.createWorker();
    this.starts++;
    const api = wrap<QrWorkerApi>(worker);
    const dead = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (ev) => {
        ev.preventDefault();
        reject(new Failure('crash'));
      });
    });
    dead.catch(() => {});
    // A new worker gets every logo the page has sent so far.
    const ready = Promise.all([...this.logos.values()].map((l) => api.putLogo(l))).then(() => undefined);
    ready.catch(() => {});
    this.live = { worker, api, dead, ready };
    return this.live;
  }

  private restart(): void {
    const old = this.live;
    this.live = null;
    if (old) {
      old.api[releaseProxy]();
      old.worker.terminate();
    }
  }

  /** Runs `fn` against the worker; on crash or timeout restarts it and tries once more. */
  protected async call<T>(fn: (api: Remote<QrWorkerApi>) => Promise<T>, opts: CallOptions = {}): Promise<T> {
    const { signal } = opts;
    const timeoutMs = opts.timeoutMs ?? this.options.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw abortError();
      const live = this.start();
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort: (() => void) | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Failure('timeout')), timeoutMs);
        });
        const aborted = new Promise<never>((_, reject) => {
          onAbort = () => reject(abortError());
          signal?.addEventListener('abort', onAbort, { once: true });
        });
        const work = live.ready.then(() => fn(live.api));
        return await Promise.race([work, live.dead, timeout, aborted]);
      } catch (e) {
        if (e instanceof Failure) {
          if (this.live === live) this.restart();
          if (attempt === 0) continue;
          throw e.kind === 'crash'
            ? new QrError('WORKER_CRASHED', 'The QR worker stopped twice in a row')
            : new QrError('WORKER_TIMEOUT', `The QR worker did not answer within ${timeoutMs} ms, twice`, {
                timeoutMs,
              });
        }
        throw fromWire(e);
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
    }
  }

  info(req: QrContent, opts?: CallOptions): Promise<EncodeInfo> {
    return this.call((api) => api.info(req), opts);
  }

  /**
   * Sends a logo once (it is cached in the worker by id and re-sent after a restart). SVG files are rasterised
   * here, on the page, because workers cannot decode SVG.
   */
  async putLogo(blob: Blob, id: string, opts?: CallOptions): Promise<LogoInfo> {
    let bitmap: ImageBitmap | undefined;
    if (blob.type === 'image/svg+xml') bitmap = await rasteriseSvg(blob);
    const input: LogoInput = bitmap ? { id, blob, bitmap } : { id, blob };
    const info = await this.call((api) => api.putLogo(input), opts);
    this.logos.set(id, input);
    return info;
  }

  async dropLogo(id: string): Promise<void> {
    const l = this.logos.get(id);
    this.logos.delete(id);
    l?.bitmap?.close();
    if (this.live) await this.call((api) => api.dropLogo(id));
  }

  /**
   * Latest wins: one preview in flight, at most one pending (the newest). Resolves with null when the request
   * was superseded (its bitmap, if any, is closed here). The caller owns and must close the returned bitmap.
   */
  preview(req: QrRequest, opts: PreviewOptions): Promise<PreviewResult | null> {
    return new Promise((resolve, reject) => {
      if (this.previewPending) this.previewPending.resolve(null);
      this.previewPending = { req, opts, resolve, reject };
      if (!this.previewBusy) void this.pumpPreview();
    });
  }

  private async pumpPreview(): Promise<void> {
    this.previewBusy = true;
    try {
      while (this.previewPending) {
        const job = this.previewPending;
        this.previewPending = null;
        try {
          const result = await this.call((api) => api.preview(job.req, job.opts), { timeoutMs: 10_000 });
          if (this.previewPending) {
            // A newer request arrived meanwhile: this result is stale.
            result.bitmap.close();
            job.resolve(null);
          } else job.resolve(result);
        } catch (e) {
          if (this.previewPending) job.resolve(null);
          else job.reject(e);
        }
      }
    } finally {
      this.previewBusy = false;
    }
  }

  png(req: QrRequest, size: number, opts?: CallOptions): Promise<{ blob: Blob; meta: RenderMeta }> {
    return this.call((api) => api.png(req, size), opts);
  }

  /** PNG, JPEG or WebP download of size x size pixels (design options). */
  image(
    req: QrRequest,
    size: number,
    type: RasterType,
    quality?: number,
    opts?: CallOptions,
  ): Promise<{ blob: Blob; meta: RenderMeta }> {
    return this.call((api) => api.image(req, size, type, quality), opts);
  }

  svg(req: QrRequest, size?: number, opts?: CallOptions): Promise<{ svg: string; meta: RenderMeta }> {
    return this.call((api) => api.svg(req, size), opts);
  }

  pdf(req: QrRequest, sizePt?: number, opts?: CallOptions): Promise<{ blob: Blob; meta: RenderMeta }> {
    return this.call((api) => api.pdf(req, sizePt), opts);
  }

  /** A file ready for a ZIP: its Blob (stored or deflated) with its CRC-32 and size (bulk creation). */
  archiveFile(
    req: QrRequest,
    format: ArchiveFormat,
    deflate: boolean,
    opts?: CallOptions,
  ): Promise<ZipEntryData & { meta: RenderMeta }> {
    return this.call((api) => api.archiveFile(req, format, deflate), opts);
  }

  svgFile(req: QrRequest, size?: number, opts?: CallOptions): Promise<{ blob: Blob; meta: RenderMeta }> {
    return this.call((api) => api.svgFile(req, size), opts);
  }

  eps(
    req: QrRequest,
    sizePt?: number,
    colour?: PrintColour,
    opts?: CallOptions,
  ): Promise<{ blob: Blob; meta: RenderMeta }> {
    return this.call((api) => api.eps(req, sizePt, colour), opts);
  }

  printInfo(req: QrRequest, opts?: CallOptions): Promise<{ minSizeMm: number; modulesAcross: number }> {
    return this.call((api) => api.printInfo(req), opts);
  }

  printPdf(req: QrRequest, setup: PrintSetup, opts?: CallOptions): Promise<{ blob: Blob; meta: RenderMeta }> {
    return this.call((api) => api.printPdf(req, setup), opts);
  }

  printPage(req: QrRequest, sizeMm: number, opts?: CallOptions): Promise<{ blob: Blob; meta: RenderMeta }> {
    return this.call((api) => api.printPage(req, sizeMm), opts);
  }

  /**
   * The worker answers SCAN_TIMEOUT itself when its decoder is slow to load (SCAN_TIMEOUT_MS); only a longer
   * silence means a hung worker, so this call waits longer than that before it restarts the worker.
   */
  scanCheck(req: QrRequest, target: ScanTarget, opts?: CallOptions): Promise<ScanCheckResult> {
    const timeoutMs = opts?.timeoutMs ?? Math.max(this.options.timeoutMs, SCAN_TIMEOUT_MS + 5_000);
    return this.call((api) => api.scanCheck(req, target), { ...opts, timeoutMs });
  }

  /**
   * A hosted page's image resized (longest side ≤ 2000 px or `maxSide`), turned upright and re-encoded without
   * metadata in the worker (workers/service/pageImage.ts). A 24-megapixel photo takes a few seconds on a slow phone:
   * a long timeout.
   */
  prepareImage(input: PageImageInput, opts?: CallOptions): Promise<PreparedPageImage> {
    const timeoutMs = opts?.timeoutMs ?? Math.max(this.options.timeoutMs, 30_000);
    return this.call((api) => api.prepareImage(input), { ...opts, timeoutMs });
  }

  terminate(): void {
    this.restart();
    if (this.previewPending) this.previewPending.resolve(null);
    this.previewPending = null;
  }
}

/** Rasterises an SVG file on the page at up to 1024 px on its long side, keeping its aspect ratio. */
async function rasteriseSvg(blob: Blob): Promise<ImageBitmap> {
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    try {
      await img.decode();
    } catch {
      throw new QrError('BAD_LOGO', 'The SVG logo could not be read', { mime: blob.type });
    }
    const w0 = img.naturalWidth || 512;
    const h0 = img.naturalHeight || 512;
    const scale = 1024 / Math.max(w0, h0);
    const w = Math.max(1, Math.round(w0 * scale));
    const h = Math.max(1, Math.round(h0 * scale));
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    canvas.getContext('2d')?.drawImage(img, 0, 0, w, h);
    return await createImageBitmap(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

let shared: QrClient | null = null;
/** The app's single client (lazy: the worker starts on the first request). */
export function getQrClient(): QrClient {
  shared ??= new QrClient();
  return shared;
}

/** Benchmarks only: replaces the shared client (the typing benchmark runs the same service in-thread for comparison). */
export function setQrClient(client: QrClient): void {
  shared?.terminate();
  shared = client;
}
