/**
 * The scan check: renders the target once and reads it back with the readers of scan.worker.ts, which runs in
 * its own worker, started by the first check: the QR worker never waits for it to load or to read.
 */
import { releaseProxy, wrap } from 'comlink';
import { QrError } from '../../src/shared/qr/errors.ts';
import { SCAN_READERS, SCAN_TIMEOUT_MS, type QrRequest, type ScanCheckResult, type ScanTarget } from '../contract.ts';
import type { ScanReport, ScanWorkerApi } from '../scan.worker.ts';
import { safePrintCm } from './checks.ts';
import { pngFile } from './exports.ts';
import { encode, previewPixels, renderRaster } from './scene.ts';
import type { Decoder, QrServiceState } from './state.ts';

function startDecoder(): Decoder {
  const worker = new Worker(new URL('../scan.worker.ts', import.meta.url), { type: 'module', name: 'qr-scan' });
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

async function readBack(
  state: QrServiceState,
  image: Blob | ImageData,
  content: string,
  modulePx: number,
): Promise<ScanReport> {
  const d = (state.decoder ??= startDecoder());
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
      if (state.decoder === d) state.decoder = null;
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
}

/** The target drawn once: its pixels (the PNG file, or the preview's canvas read back) and its module size. */
async function drawTarget(
  state: QrServiceState,
  req: QrRequest,
  target: ScanTarget,
): Promise<{ image: Blob | ImageData; modulePx: number; n: number }> {
  const matrix = encode(state, req);
  if (target.kind === 'png') {
    const { blob, modulePx } = await pngFile(state, req, target.size, matrix);
    return { image: blob, modulePx, n: matrix.size };
  }
  const size = previewPixels(matrix.size, req, target.options);
  const { canvas, scene } = renderRaster(state, req, size, { matrix });
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new QrError('INTERNAL', 'No 2D context');
  return { image: ctx.getImageData(0, 0, size, size), modulePx: scene.m, n: matrix.size };
}

export async function scanCheck(state: QrServiceState, asked: QrRequest, target: ScanTarget): Promise<ScanCheckResult> {
  // A transparent design is checked as it is seen, on its background colour: decoders take transparent
  // pixels for black.
  const req = asked.style.transparent ? { ...asked, style: { ...asked.style, transparent: false } } : asked;
  const { image, modulePx, n } = await drawTarget(state, req, target);
  const report = await readBack(state, image, req.content, modulePx);
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
}
