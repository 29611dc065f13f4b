import { useCallback, useEffect, useRef, useState } from 'react';
import { nextTask } from '../../lib/nextTask.ts';
import { saveBlob } from '../../qr-ui/index.ts';
import type { BulkItem } from './bulkItems.ts';
import type { BulkFormat } from './outputFormats.ts';
import { poolSize, RenderPool } from './renderPool.ts';
import { runBulk } from './runBulk.ts';
import { BlobPartsSink, pickZipFile, StreamingZip } from './zipStream.ts';

export interface RunProgress {
  done: number;
  total: number;
  /** Milliseconds since the run started. */
  elapsedMs: number;
  inFlight: number;
  workers: number;
}

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; progress: RunProgress }
  | { status: 'done'; total: number; bytes: number; toFile: boolean; elapsedMs: number }
  | { status: 'cancelled'; progress: RunProgress }
  | { status: 'failed'; message: string; progress: RunProgress };

export const ZIP_NAME = 'qr-codes.zip';

/** The progress bar is redrawn at most this often (a redraw per row would be main-thread work per row). */
const PROGRESS_MS = 500;

export interface StartOptions {
  /** The run's items, made once the click's task is over (for 10,000 rows that is work of its own). */
  items: () => BulkItem[];
  /** How many items `items` makes, for the progress shown at once. */
  total: number;
  formats: BulkFormat[];
  logo: { id: string; file: Blob } | null;
}

/** Runs one bulk job at a time: pool, streaming ZIP, progress, Cancel (which ends every worker at once). */
export function useBulkRun() {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const active = useRef<{ controller: AbortController; pool: RenderPool; zip: StreamingZip | null } | null>(null);

  const cancel = useCallback(() => {
    const run = active.current;
    if (!run) return;
    active.current = null;
    run.controller.abort();
    run.pool.terminate();
    void run.zip?.abort();
  }, []);
  // Leaving the page cancels the run.
  useEffect(() => cancel, [cancel]);

  const start = useCallback(
    async ({ items: makeItems, total, formats, logo }: StartOptions) => {
      cancel();
      const controller = new AbortController();
      const pool = new RenderPool(poolSize());
      const run: { controller: AbortController; pool: RenderPool; zip: StreamingZip | null } = {
        controller,
        pool,
        zip: null,
      };
      active.current = run;
      let done = 0;
      const startedAt = performance.now();
      const progress = (): RunProgress => ({
        done,
        total,
        elapsedMs: performance.now() - startedAt,
        inFlight: pool.inFlight,
        workers: pool.workers,
      });
      let timer: ReturnType<typeof setInterval> | undefined;
      try {
        // Asked first, within the click: the picker needs the user's gesture.
        const file = await pickZipFile(ZIP_NAME);
        const zip = new StreamingZip(file ?? new BlobPartsSink());
        run.zip = zip;
        setState({ status: 'running', progress: progress() });
        // The click's task ends here: the progress shows, and starting the workers is work for the next tasks.
        await nextTask();
        const items = makeItems();
        timer = setInterval(() => {
          if (!controller.signal.aborted) setState({ status: 'running', progress: progress() });
        }, PROGRESS_MS);
        if (logo) await pool.putLogo(logo.file, logo.id, controller.signal);
        await runBulk({
          items,
          formats,
          pool,
          zip,
          logoId: logo?.id ?? null,
          signal: controller.signal,
          onRowDone: () => done++,
        });
        if (controller.signal.aborted) throw controller.signal.reason;
        const blob = await zip.finish();
        const elapsedMs = performance.now() - startedAt;
        if (blob) saveBlob(blob, ZIP_NAME);
        setState({ status: 'done', total, bytes: zip.bytes, toFile: blob === null, elapsedMs });
      } catch (error) {
        const wasCancelled =
          controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
        // Whatever went wrong, every worker ends now and the partial archive is dropped.
        controller.abort();
        pool.terminate();
        void run.zip?.abort();
        if (active.current === run) active.current = null;
        // The aborted calls settle in the next microtasks: count what is still in flight after them.
        await nextTask();
        if (wasCancelled && done === 0 && !run.zip) {
          // The save picker was closed: nothing started.
          setState({ status: 'idle' });
        } else if (wasCancelled) {
          setState({ status: 'cancelled', progress: progress() });
        } else {
          setState({
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
            progress: progress(),
          });
        }
      } finally {
        clearInterval(timer);
        if (active.current === run) {
          active.current = null;
          pool.terminate();
        }
      }
    },
    [cancel],
  );

  return { state, start, cancel };
}
