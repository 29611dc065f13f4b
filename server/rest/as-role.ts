// Runs statements the way PostgREST does: one transaction, the request's role set with
// set_config('role', …, true) and its JWT claims in request.jwt.claims, so RLS and grants are decided by
// Postgres (the connecting user is a superuser; inside the transaction it is anon / authenticated).
import type { Db, Queryable } from '../lib/db.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export const API_ROLES: ReadonlySet<string> = new Set<ApiRole>(['anon', 'authenticated', 'service_role']);

/**
 * Runs fn in one transaction as role with claims. statementTimeoutMs (0 = none) bounds every statement of it
 * on PostgreSQL, as Supabase's per-role statement_timeout does; PGlite cannot interrupt a statement, so there
 * the data API's row and body caps are what bound a request. caller: whose turn it is on PGlite (lib/db.ts).
 * readOnly: a transaction that cannot write (PostgREST runs GET and HEAD so): a function that writes fails with
 * 25006 "cannot execute … in a read-only transaction".
 */
export async function runAs<T>(
  db: Db,
  role: ApiRole,
  claims: Record<string, unknown>,
  fn: (tx: Queryable) => Promise<T>,
  statementTimeoutMs = 0,
  caller?: string,
  readOnly = false,
): Promise<T> {
  if (!API_ROLES.has(role)) throw new Error(`refusing to switch to role ${String(role)}`);
  const readOnlySetting = readOnly ? ", set_config('transaction_read_only', 'on', true)" : '';
  return db.transaction(
    async (tx) => {
      await tx.query(
        `SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('statement_timeout', $3, true)${readOnlySetting}`,
        [role, JSON.stringify(claims), String(Math.max(0, Math.floor(statementTimeoutMs)))],
      );
      return fn(tx);
    },
    { caller },
  );
}
