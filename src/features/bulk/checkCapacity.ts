/**
 * The one check that needs the encoder: does the row's content fit a version-40 code at its level? Asked of the
 * QR worker's `info` for every row that passed the other checks, a batch at a time (comlink pipelines the calls).
 */
import { DataTooLongError, getQrClient } from '../../worker-client/index.ts';
import type { CheckedRow } from './rowCheck.ts';

const BATCH = 256;

/** Adds the capacity problem to each row that is too long; `onProgress` gets the number of rows asked so far. */
export async function checkCapacity(
  rows: CheckedRow[],
  signal: AbortSignal,
  onProgress?: (checked: number) => void,
): Promise<void> {
  const client = getQrClient();
  const candidates = rows.filter((r) => r.problems.length === 0);
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    await Promise.all(
      batch.map(async (row) => {
        try {
          await client.info({ content: row.content, ecl: row.design.ecl }, { signal });
        } catch (error) {
          if (error instanceof DataTooLongError) row.problems.push(error.advice);
          else throw error;
        }
      }),
    );
    onProgress?.(Math.min(i + BATCH, candidates.length));
  }
}
