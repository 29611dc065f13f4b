/**
 * Saves a checked batch to the signed-in user's codes, all or nothing, at any size: the rows are staged in chunks
 * (`code_batch_rows`, each insert well under the API's row and body limits), then `commit_code_batch` moves them
 * into `qr_codes` in one statement (supabase/migrations/20261125000100_code_batches.sql). A refused row (the plan
 * limit, a bad destination) aborts the commit and leaves no code saved; the staged rows are then deleted.
 */
import { normalizeDestination } from '../../shared/destination.ts';
import { DataError } from '../../lib/dataError.ts';
import { dataCall, supabaseCall, supabaseCount } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { readRedirectBaseUrl, shortUrl } from '../codes/codesConfig.ts';
import { planBatch, type BatchKind } from './batchPlan.ts';
import type { CheckedRow } from './rowCheck.ts';

/**
 * Rows per staging insert: under the smallest db-max-rows of our backends (250 on PGlite) and, at the design
 * JSON's size (under 1 KB a row), well under the 1 MiB body limit.
 */
export const STAGE_CHUNK_ROWS = 200;

export interface SavedBatch {
  kind: BatchKind;
  count: number;
  /** Row number → the short URL its dynamic code encodes (empty for a static batch). */
  shortUrls: Map<number, string>;
}

function stagedRow(row: CheckedRow, kind: BatchKind, batchId: string) {
  const base = {
    batch_id: batchId,
    position: row.row,
    name: row.name || `Row ${row.row}`,
    type: row.type,
    design: row.design,
  };
  if (kind === 'static') return { ...base, is_dynamic: false, content: row.content, destination: null };
  const destination = normalizeDestination(row.content);
  if (!destination.ok) throw new DataError('invalid', `Row ${row.row}: ${destination.reason}.`);
  return { ...base, is_dynamic: true, content: '', destination: destination.url };
}

export function saveBatch(rows: readonly CheckedRow[], kind: BatchKind): Promise<SavedBatch> {
  return dataCall(async () => {
    const supabase = getSupabase();
    const redirectBase = readRedirectBaseUrl();
    const existingDynamic =
      kind === 'dynamic'
        ? await supabaseCount(
            supabase.from('qr_codes').select('id', { count: 'exact', head: true }).eq('is_dynamic', true),
          )
        : 0;
    const plan = planBatch(rows, kind, existingDynamic, redirectBase);
    if (!plan.ok) throw new DataError('plan_limit', plan.reason);
    // Every row is checked before the first request: a bad one stops the save with nothing sent.
    const batchId = crypto.randomUUID();
    const staged = rows.map((r) => stagedRow(r, kind, batchId));
    let saved: { row: number; slug: string }[];
    try {
      for (let i = 0; i < staged.length; i += STAGE_CHUNK_ROWS)
        await supabaseCall(supabase.from('code_batch_rows').insert(staged.slice(i, i + STAGE_CHUNK_ROWS)), {
          ifNull: null,
        });
      saved = await supabaseCall<{ row: number; slug: string }[]>(
        supabase.rpc('commit_code_batch', { p_batch: batchId }),
      );
    } catch (error) {
      // Nothing of the batch is in qr_codes; its staged rows go too (best effort: a later commit clears them).
      await supabase.from('code_batch_rows').delete().eq('batch_id', batchId);
      throw error;
    }
    const shortUrls = new Map<number, string>();
    if (kind === 'dynamic') for (const { row, slug } of saved) shortUrls.set(row, shortUrl(slug, redirectBase));
    return { kind, count: saved.length, shortUrls };
  });
}
