// SQL of the admin API: pages of users, updates by field, deletion (GoTrue's admin.go and models/user.go).
import type { Queryable } from '../lib/db.ts';
import type { IdentityRow, Json, UserRow } from './store.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** One page of users, newest first, with the total and each user's identities. */
export async function listUsersPage(
  q: Queryable,
  page: number,
  perPage: number,
): Promise<{ users: UserRow[]; identities: Map<string, IdentityRow[]>; total: number }> {
  const [{ count }] = (await q.query<{ count: string | number }>(
    "SELECT count(*) AS count FROM auth.users WHERE aud = 'authenticated'",
  )) as [{ count: string | number }];
  const users = await q.query<UserRow>(
    `SELECT * FROM auth.users WHERE aud = 'authenticated' ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
    [perPage, (page - 1) * perPage],
  );
  const identities = new Map<string, IdentityRow[]>(users.map((u) => [u.id, []]));
  if (users.length > 0) {
    const rows = await q.query<IdentityRow>(
      `SELECT * FROM auth.identities WHERE user_id IN (${users.map((_, i) => `$${i + 1}`).join(', ')})
       ORDER BY created_at, id`,
      users.map((u) => u.id),
    );
    for (const row of rows) identities.get(row.user_id)?.push(row);
  }
  return { users, identities, total: Number(count) };
}

/** Shallow merge; a key whose value is null is removed (GoTrue's UpdateUserMetaData / UpdateAppMetaData). */
export function mergeJson(current: Json, patch: Json): Json {
  const merged = new Map(Object.entries(current));
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) merged.delete(k);
    else merged.set(k, v);
  }
  return Object.fromEntries(merged);
}

interface AdminUserChanges {
  email?: string;
  passwordHash?: string;
  role?: string;
  confirmEmail?: boolean;
  userMetadata?: Json;
  appMetadata?: Json;
  /** null lifts a ban. */
  bannedUntilMs?: number | null;
}

export async function updateUserAsAdmin(q: Queryable, id: string, ch: AdminUserChanges, nowMs: number): Promise<void> {
  const sets: string[] = ['updated_at = $2'];
  const params: unknown[] = [id, iso(nowMs)];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (ch.email !== undefined) set('email', ch.email);
  if (ch.passwordHash !== undefined) set('encrypted_password', ch.passwordHash);
  if (ch.role !== undefined) set('role', ch.role);
  if (ch.confirmEmail) sets.push('email_confirmed_at = coalesce(email_confirmed_at, $2)');
  if (ch.userMetadata !== undefined) set('raw_user_meta_data', JSON.stringify(ch.userMetadata), '::jsonb');
  if (ch.appMetadata !== undefined) set('raw_app_meta_data', JSON.stringify(ch.appMetadata), '::jsonb');
  if (ch.bannedUntilMs !== undefined) set('banned_until', ch.bannedUntilMs === null ? null : iso(ch.bannedUntilMs));
  await q.query(`UPDATE auth.users SET ${sets.join(', ')} WHERE id = $1`, params);
  if (ch.email !== undefined) {
    await q.query(
      `UPDATE auth.identities SET identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = $3
       WHERE user_id = $1 AND provider = 'email'`,
      [id, ch.email, iso(nowMs)],
    );
  }
}

/** Hard delete: sessions, tokens and identities go with the user (ON DELETE CASCADE), and so do its codes. */
export async function deleteUser(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM auth.users WHERE id = $1', [id]);
}

/**
 * GoTrue's soft delete: the row stays with deleted_at set, its address and password are removed so that the
 * address can sign up again, and its identities and sessions are deleted.
 */
export async function softDeleteUser(q: Queryable, id: string, nowMs: number): Promise<void> {
  await q.query(
    `UPDATE auth.users SET deleted_at = $2, updated_at = $2, email = NULL, phone = NULL, encrypted_password = NULL,
       email_change = NULL, raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb
     WHERE id = $1 AND deleted_at IS NULL`,
    [id, iso(nowMs)],
  );
  await q.query('DELETE FROM auth.identities WHERE user_id = $1', [id]);
  await q.query('DELETE FROM auth.sessions WHERE user_id = $1', [id]);
  await q.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1', [id]);
}
