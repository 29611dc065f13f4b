/**
 * Saves a checked batch to the signed-in user's codes in ONE insert (supabase-js `.insert([...])`): the server
 * runs one request in one transaction, so a refused row (the plan limit, a bad destination) leaves nothing saved.
 */
import { normalizeDestination } from '../../../supabase/functions/_shared/destination.ts';
import { DataError } from '../../lib/dataError.ts';
import { dataCall, supabaseCall, supabaseCount } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../auth/supabaseClient.ts';
import { readRedirectBaseUrl, shortUrl } from '../codes/codesConfig.ts';
import { planBatch, type BatchKind } from './batchPlan.ts';
import type { CheckedRow } from './rowCheck.ts';

export interface SavedBatch {
  kind: BatchKind;
  count: number;
  /** Row number → the short URL its dynamic code encodes (empty for a static batch). */
  shortUrls: Map<number, string>;
}

function insertRow(row: CheckedRow, kind: BatchKind) {
  const base = { name: row.name || `Row ${row.row}`, type: row.type, design: row.design };
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
    const saved = await supabaseCall<{ slug: string; is_dynamic: boolean }[]>(
      supabase
        .from('qr_codes')
        .insert(rows.map((r) => insertRow(r, kind)))
        .select('slug,is_dynamic'),
    );
    // PostgREST returns the inserted rows in the order they were sent.
    const shortUrls = new Map<number, string>();
    if (kind === 'dynamic')
      rows.forEach((r, i) => saved[i] && shortUrls.set(r.row, shortUrl(saved[i].slug, redirectBase)));
    return { kind, count: saved.length, shortUrls };
  });
}
