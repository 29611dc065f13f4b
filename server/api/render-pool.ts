// Worker threads that turn a built scene into a file (./render-task.ts): PNG painting and encoding take about a
// second of CPU at 4096 px, and a large vector file up to ~200 ms, none of which may run on the server's thread.
//
// Written here rather than taken from tinypool or piscina: the fair queue in front (./render-queue.ts) decides the
// order and hands a job over only when a worker is idle, so a library's own FIFO queue would never hold anything;
// and tinypool 2.2 does not notice a thread that exits without an error (terminate(), process.exit()): the task in
// flight never settles. Here a worker that errs, exits or overruns its time rejects its job with
// RenderWorkerStopped and is replaced on the next job. Same shape as server/auth/bcrypt-pool.ts.
import { Worker } from 'node:worker_threads';
import type { QrFileFormat } from '../../src/shared/qr/filePort.ts';
import type { Scene } from '../../src/render/scene.ts';

export interface RenderJob {
  format: QrFileFormat;
  scene: Scene;
  title: string;
}

export type RenderResult = string | Uint8Array<ArrayBuffer>;

/** The worker stopped (crashed, exited or overran its time) while drawing: the job may be retried. */
export class RenderWorkerStopped extends Error {
  readonly code = 'render_worker_stopped';
  constructor(reason: string) {
    super(`render worker stopped: ${reason}`);
    this.name = 'RenderWorkerStopped';
  }
}

type Reply = { id: number; body?: RenderResult; error?: string };

interface Slot {
  worker: Worker;
  job: { id: number; resolve: (r: RenderResult) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null;
}

export interface RenderPool {
  readonly size: number;
  /** Draws on an idle worker (one is started if none is); callers keep at most `size` jobs in flight. */
  run(job: RenderJob, timeoutMs: number): Promise<RenderResult>;
  /** The live threads, busy ones first: for diagnostics and the crash test. */
  threads(): Array<{ worker: Worker; busy: boolean }>;
}

export function createRenderPool(size: number): RenderPool {
  const slots: Slot[] = [];
  let nextId = 0;

  /** Out of the pool at once: no job may be handed to a worker on its way out. */
  const retire = (slot: Slot) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  };

  const spawn = (): Slot => {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url));
    // Idle workers never keep the process alive.
    worker.unref();
    const slot: Slot = { worker, job: null };
    worker.on('message', (reply: Reply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      worker.unref();
      if (reply.error !== undefined) job.reject(new Error(`render failed: ${reply.error}`));
      else job.resolve(reply.body!);
    });
    const stop = (reason: string) => {
      retire(slot);
      const job = slot.job;
      slot.job = null;
      if (job) {
        clearTimeout(job.timer);
        job.reject(new RenderWorkerStopped(reason));
      }
    };
    worker.on('error', (err) => stop(err.message));
    worker.on('exit', (code) => stop(`exited with code ${code}`));
    slots.push(slot);
    return slot;
  };

  return {
    size,
    run(job, timeoutMs) {
      // All workers start with the first job (each loads the renderer, ~1 s), and one that died is replaced with
      // the next: a caller's job never waits for a worker to start while another has been warm all along.
      while (slots.length < size) spawn();
      const slot = slots.find((s) => s.job === null);
      if (!slot) return Promise.reject(new Error(`render pool: more than ${size} jobs at once`));
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const current = slot.job;
          if (current?.id !== id) return;
          slot.job = null;
          retire(slot);
          current.reject(new RenderWorkerStopped(`still drawing after ${timeoutMs} ms`));
          void slot.worker.terminate();
        }, timeoutMs);
        slot.job = { id, resolve, reject, timer };
        // Busy: keep the process alive until the file is back.
        slot.worker.ref();
        slot.worker.postMessage({ id, ...job });
      });
    },
    threads: () =>
      slots.map((s) => ({ worker: s.worker, busy: s.job !== null })).sort((a, b) => Number(b.busy) - Number(a.busy)),
  };
}

const pools = new Map<number, RenderPool>();

/** One pool per size for the whole process, started lazily: servers made in one process (tests) share it. */
export function sharedRenderPool(size: number): RenderPool {
  let pool = pools.get(size);
  if (!pool) {
    pool = createRenderPool(size);
    pools.set(size, pool);
  }
  return pool;
}
