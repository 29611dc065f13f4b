// Bulk batches staged and never committed (supabase/migrations/20261129000200_code_batch_rows_bounds.sql): every
// account's rows staged more than a day ago, and commit records of more than a day, go at the server's hourly
// housekeeping, whether or not their owner ever comes back.
import type { Db } from './db.ts';
import { runAs } from '../rest/as-role.ts';

export async function expireStagedBatches(db: Db): Promise<void> {
  await runAs(db, 'service_role', { role: 'service_role' }, (tx) => tx.query('SELECT public.expire_staged_batches()'));
}
