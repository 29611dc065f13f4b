/**
 * One bulk run: every item rendered in every chosen format by the worker pool and placed in the streaming ZIP
 * as soon as its files are back, then manifest.csv. At most `pool.size * 2` rows are in flight, and the files'
 * bytes stay in the browser's Blob storage (the page never reads them), so memory does not grow with the row count.
 */
import { nextTask } from '../../lib/nextTask.ts';
import { contentKind, qrRequest } from '../../qr-ui/index.ts';
import type { BulkItem } from './bulkItems.ts';
import { manifestCsv } from './manifest.ts';
import { zipEntryOf } from '../../zip/entry.ts';
import { fileSuffix, type BulkFormat } from './outputFormats.ts';
import type { RenderPool } from './renderPool.ts';
import type { StreamingZip } from './zipStream.ts';

export interface RunOptions {
  items: readonly BulkItem[];
  formats: readonly BulkFormat[];
  pool: RenderPool;
  zip: StreamingZip;
  logoId: string | null;
  signal: AbortSignal;
  onRowDone: () => void;
}

const MANIFEST_NAME = 'manifest.csv';

export async function runBulk({ items, formats, pool, zip, logoId, signal, onRowDone }: RunOptions): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal.aborted) {
      const item = items[next++]!;
      const request = qrRequest(item.encoded, contentKind(item.type), item.design, logoId);
      const files = await Promise.all(formats.map((format) => pool.render(format, request, signal)));
      if (signal.aborted) return;
      formats.forEach((format, i) => zip.add(`${item.fileBase}${fileSuffix(format)}`, files[i]!));
      onRowDone();
      await zip.drain();
    }
  };
  // Each lane starts in a task of its own: a lane's first render starts a worker, main-thread work to spread out.
  await Promise.all(Array.from({ length: Math.min(items.length, pool.size * 2) }, () => nextTask().then(lane)));
  if (signal.aborted) return;
  zip.add(MANIFEST_NAME, zipEntryOf(new TextEncoder().encode(manifestCsv(items, formats)), true));
}
