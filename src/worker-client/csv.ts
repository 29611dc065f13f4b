/**
 * The page side of the CSV worker (workers/csv.worker.ts): one short-lived worker per parse, ended when the
 * parse settles or is aborted, so a large spreadsheet's text never stays in memory after its rows came back.
 */
import { releaseProxy, wrap } from 'comlink';
import type { CsvParseResult, CsvWorkerApi } from '../../workers/csvContract.ts';

export { BULK_COLUMNS, MAX_BULK_ROWS } from '../../workers/csvContract.ts';
export type { BulkColumn, BulkRawRow, CsvParseResult } from '../../workers/csvContract.ts';

export async function parseCsvInWorker(input: Blob | string, signal?: AbortSignal): Promise<CsvParseResult> {
  const worker = new Worker(new URL('../../workers/csv.worker.ts', import.meta.url), { type: 'module', name: 'csv' });
  const api = wrap<CsvWorkerApi>(worker);
  try {
    const crashed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (ev) => {
        ev.preventDefault();
        reject(new Error('The spreadsheet reader stopped. Try again, or reload the page.'));
      });
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    });
    return await Promise.race([api.parse(input), crashed]);
  } finally {
    api[releaseProxy]();
    worker.terminate();
  }
}
