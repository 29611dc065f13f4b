/**
 * The worker's implementation of QrWorkerApi, assembled from the modules of workers/service/ (README.md), and
 * error translation to plain data. Runs in the worker (qr.worker.ts exposes `createWorkerApi()`); the bench runs
 * the same service on the main thread.
 */
import { transfer } from 'comlink';
import { toWireError } from '../src/shared/qr/errors.ts';
import { type PreviewOptions, type QrRequest, type QrWorkerApi } from './contract.ts';
import { archiveFile, eps, image, pdf, png, svg, svgFile } from './service/exports.ts';
import { dropLogo, putLogo } from './service/logos.ts';
import { prepareImage } from './service/pageImage.ts';
import { info, preview } from './service/preview.ts';
import { printInfo, printPage, printPdf } from './service/print.ts';
import { scanCheck } from './service/scanCheck.ts';
import { createServiceState } from './service/state.ts';

/** Creates the API object, one state (logos, caches, canvases, decoder) shared by its methods. */
export function createQrService() {
  const state = createServiceState();
  return {
    info: (req) => info(state, req),
    putLogo: (input) => putLogo(state, input),
    dropLogo: (id) => dropLogo(state, id),
    preview: (req, options) => preview(state, req, options),
    png: (req, size) => png(state, req, size),
    image: (req, size, type, quality) => image(state, req, size, type, quality),
    svg: (req, size) => svg(state, req, size),
    svgFile: (req, size) => svgFile(state, req, size),
    pdf: (req, sizePt) => pdf(state, req, sizePt),
    eps: (req, sizePt, colour) => eps(state, req, sizePt, colour),
    archiveFile: (req, format, deflate) => archiveFile(state, req, format, deflate),
    printInfo: (req) => printInfo(state, req),
    printPdf: (req, setup) => printPdf(state, req, setup),
    printPage: (req, sizeMm) => printPage(state, req, sizeMm),
    scanCheck: (req, target) => scanCheck(state, req, target),
    prepareImage: (input) => prepareImage(input),
  } satisfies QrWorkerApi;
}

/** An object of async methods (the worker API, a test's hooks). */
type AsyncMethods<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * The service as a worker exposes it: every rejection a WireError, the preview's bitmap transferred. A test-only
 * worker entry passes `extra` methods (hooks that crash or hang the worker); the app's entry passes none.
 */
export function createWorkerApi<Extra extends AsyncMethods<Extra>>(extra: Extra) {
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
export function withWireErrors<T extends AsyncMethods<T>>(api: T): T {
  const out = { ...api };
  for (const key in api) if (Object.hasOwn(api, key)) out[key] = rejectingWireErrors(api[key]);
  return out;
}

/**
 * `fn`, its rejections turned into WireErrors. The cast: TypeScript cannot show that a wrapper of a generic
 * function type F is an F (F may be overloaded or carry properties); this one takes F's arguments and returns
 * F's promise.
 */
function rejectingWireErrors<F extends (...args: never[]) => Promise<unknown>>(fn: F): F {
  return (async (...args: Parameters<F>) => {
    try {
      return await fn(...args);
    } catch (e) {
      throw toWireError(e);
    }
  }) as F;
}
