// GET /api/v1/qr's files on the local server: every format is drawn on worker threads (./render-pool.ts), never on
// the server's thread, behind a fair queue per account (./render-queue.ts) with a cap on its drawings in flight and
// a budget in megapixels per minute (config.renderLimits, docs/security.md "Renders"). What the queue and the
// workers refuse or lose is answered in the API's error shape: 429 with Retry-After, or 503 for a stopped worker.
import type { RenderLimits } from '../lib/config.ts';
import { ApiV1Error } from '../../src/shared/handlers/api/errors.ts';
import type { DrawScene, SceneFile } from '../../src/render/qrFile.ts';
import { createFairQueue, QueueRefusal, type FairQueue } from './render-queue.ts';
import { RenderWorkerStopped, sharedRenderPool, type RenderPool } from './render-pool.ts';

/** What a vector file is charged per module, in pixels: about what painting a module costs (docs/security.md). */
const PIXELS_PER_MODULE = 100;

/** A file's cost in megapixels: a PNG's pixels, plus, for any format, 100 pixels per module of the symbol. */
export function renderCost(file: SceneFile): number {
  const { layout, model } = file.scene;
  const pixels = file.format === 'png' ? Math.ceil(layout.width) * Math.ceil(layout.height) : 0;
  return (pixels + model.n * model.n * PIXELS_PER_MODULE) / 1e6;
}

export interface LocalQrFiles {
  draw: DrawScene;
  queue: FairQueue;
  pool: RenderPool;
}

export function localQrFiles(limits: RenderLimits, opts: { budget: boolean; now: () => number }): LocalQrFiles {
  const pool = sharedRenderPool(limits.workers);
  const queue = createFairQueue({
    slots: pool.size,
    runningPerPrincipal: Math.min(limits.runningPerCaller, pool.size),
    inFlightPerPrincipal: limits.inFlightPerCaller,
    budget: opts.budget ? { ...limits.megapixels, now: opts.now } : undefined,
  });
  const draw: DrawScene = async (file, principal) => {
    try {
      return await queue.run(principal, renderCost(file), () => pool.run(file, limits.jobTimeoutMs));
    } catch (err) {
      const retry = (sec: number) => ({ 'Retry-After': String(sec) });
      if (err instanceof QueueRefusal && err.code === 'queue_full') {
        throw new ApiV1Error(
          429,
          'rate_limited',
          `Too many files being drawn for this account: ${err.message}. Retry in ${err.retryAfterSec} s`,
          retry(err.retryAfterSec),
        );
      }
      if (err instanceof QueueRefusal) {
        throw new ApiV1Error(
          429,
          'rate_limited',
          `Drawing budget spent: ${limits.megapixels.perMinute} megapixels a minute per account (a 4096 px PNG ` +
            `is 17). Retry in ${err.retryAfterSec} s`,
          retry(err.retryAfterSec),
        );
      }
      if (err instanceof RenderWorkerStopped) {
        throw new ApiV1Error(
          503,
          'service_unavailable',
          'The drawing stopped before it was done (its worker was restarted): retry in a moment',
          retry(1),
        );
      }
      throw err;
    }
  };
  return { draw, queue, pool };
}
