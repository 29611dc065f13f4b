// A DELETE of codes on PGlite, in steps short enough that other users' requests run in between (issue 36: no
// statement over ~100 ms on the request path). Deleting a code deletes its scans by cascade, one statement of
// 0.1–0.2 s for the 4,580 sample scans, during which PGlite (one statement at a time for everybody) answered no
// one else. Here, before the DELETE runs:
//   1. the codes it will delete are read as the caller (RLS decides which) and marked in public.code_deletions;
//   2. their scans are deleted `deletedScansPerPart` at a time, each part its own transaction. While a code is
//      marked, the scan triggers leave its rollups alone (supabase/migrations/20261129004000_code_deletion_in_parts.sql);
//   3. the codes are deleted `partRows` at a time as the caller, when the answer needs neither their rows nor their
//      count; then the DELETE runs as the caller asked, over what is left. The code's own trigger takes its figures
//      out of the owner's totals, and the marks go with the codes (cascade).
// A marked code that is still there (the server stopped between two steps) is deleted at the next start
// (finishCodeDeletions). On PostgreSQL (partRows 0) none of this runs: the DELETE runs whole, as on Supabase.
import type { Queryable } from '../lib/db.ts';
import { betweenParts } from './bulk-parts.ts';
import type { RunAs } from './handle.ts';
import type { WritePlan } from './plan.ts';
import { idsSql } from './sql.ts';

/** Scans per part: with the rollups left alone a deleted scan is a row and its index entries. */
export const deletedScansPerPart = (partRows: number): number => Math.max(1, partRows * 5);

export interface DeleteParts {
  /** Transactions as the caller. */
  run: RunAs;
  /** Transactions as service_role (marks and scans are not the caller's to write). */
  runService: RunAs;
  partRows: number;
}

/** Steps 1 and 2 before plan runs, when plan deletes codes; other plans are left alone. */
export async function deleteScansOfCodesFirst(plan: WritePlan, parts: DeleteParts): Promise<void> {
  const { statement } = plan;
  if (statement.kind !== 'delete' || statement.table !== 'qr_codes') return;
  const q = idsSql('qr_codes', statement.filters);
  // Only the caller's own codes: a DELETE by anyone else removes nothing (RLS), so it marks nothing either.
  const owned = `${q.sql}${statement.filters.length ? ' AND' : ' WHERE'} user_id = (SELECT auth.uid())`;
  const rows = await parts.run((tx) => tx.query<{ id: string }>(owned, q.values));
  const ids = rows.map((r) => r.id);
  await deleteScansOfCodes(ids, parts);
  // Many codes: deleted `partRows` at a time as the caller, when the answer does not list or count them (a
  // representation or a count must come from one statement). The DELETE itself then removes what is left.
  if (plan.returning || plan.count || plan.object || ids.length <= parts.partRows) return;
  for (let i = 0; i < ids.length; i += parts.partRows) {
    await betweenParts();
    await parts.run((tx) =>
      tx.query('DELETE FROM public.qr_codes WHERE id = ANY($1::uuid[])', [ids.slice(i, i + parts.partRows)]),
    );
  }
}

/**
 * Steps 1 and 2 for codes the caller owns (read as the caller): marks them, then deletes their scans in parts.
 * The caller then deletes the codes.
 */
export async function deleteScansOfCodes(ids: readonly string[], parts: Omit<DeleteParts, 'run'>): Promise<void> {
  if (ids.length === 0) return;
  await parts.runService((tx) =>
    tx.query(
      `INSERT INTO public.code_deletions (qr_code_id)
       SELECT c.id FROM public.qr_codes c WHERE c.id = ANY($1::uuid[]) ON CONFLICT DO NOTHING`,
      [ids],
    ),
  );
  const perPart = deletedScansPerPart(parts.partRows);
  for (;;) {
    await betweenParts();
    const [done] = await parts.runService((tx) =>
      tx.query<{ n: number }>(
        `WITH gone AS (
           DELETE FROM public.scan_events WHERE id IN (
             SELECT e.id FROM public.scan_events e
              WHERE e.qr_code_id = ANY($1::uuid[])
                AND EXISTS (SELECT 1 FROM public.code_deletions x WHERE x.qr_code_id = e.qr_code_id)
              LIMIT $2)
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [ids, perPart],
      ),
    );
    if ((done?.n ?? 0) < perPart) return;
  }
}

/** At start-up: codes marked for deletion by a server that stopped before deleting them are deleted now. */
export async function finishCodeDeletions(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM public.qr_codes WHERE id IN (SELECT qr_code_id FROM public.code_deletions) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}
