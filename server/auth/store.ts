// SQL for the auth schema: users, identities, sessions, refresh tokens. Timestamps come from the
// injectable clock (config.now) so tests can move time.
import type { Queryable } from '../lib/db.ts';
import type { AmrEntry } from './tokens.ts';

export type Json = Record<string, unknown>;
type Ts = Date | string | null;

export interface UserRow {
  [key: string]: unknown;
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Ts;
  invited_at: Ts;
  confirmation_sent_at: Ts;
  recovery_sent_at: Ts;
  email_change: string | null;
  email_change_sent_at: Ts;
  last_sign_in_at: Ts;
  raw_app_meta_data: Json;
  raw_user_meta_data: Json;
  phone: string | null;
  phone_confirmed_at: Ts;
  confirmed_at: Ts;
  banned_until: Ts;
  deleted_at: Ts;
  is_anonymous: boolean;
  reauthentication_sent_at?: Ts;
  email_change_confirm_status?: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface IdentityRow {
  [key: string]: unknown;
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Ts;
  created_at: Ts;
  updated_at: Ts;
  email: string | null;
}

export interface SessionRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  aal: string;
  amr: AmrEntry[];
  created_at: Ts;
}

export interface RefreshTokenRow {
  [key: string]: unknown;
  token: string;
  user_id: string;
  session_id: string | null;
  parent: string | null;
  revoked: boolean;
  updated_at: Ts;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function findUserByEmail(q: Queryable, email: string, aud: string): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>('SELECT * FROM auth.users WHERE lower(email) = lower($1) AND aud = $2', [
    email,
    aud,
  ]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>('SELECT * FROM auth.users WHERE id = $1', [id]))[0];
}

export async function listIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  return q.query<IdentityRow>('SELECT * FROM auth.identities WHERE user_id = $1 ORDER BY created_at, id', [userId]);
}

export interface NewUser {
  id: string;
  email: string;
  encryptedPassword: string;
  appMetadata: Json;
  userMetadata: Json;
  confirmedAtMs: number | null;
  confirmationSentAtMs: number | null;
  nowMs: number;
}

/** Inserts a user; a concurrent insert of the same address fails with SQLSTATE 23505. */
export async function insertUser(q: Queryable, u: NewUser): Promise<UserRow> {
  const rows = await q.query<UserRow>(
    `INSERT INTO auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     VALUES ($1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8)
     RETURNING *`,
    [
      u.id,
      u.email,
      u.encryptedPassword,
      u.confirmedAtMs === null ? null : iso(u.confirmedAtMs),
      u.confirmationSentAtMs === null ? null : iso(u.confirmationSentAtMs),
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      iso(u.nowMs),
    ],
  );
  return rows[0]!;
}

export async function insertIdentity(
  q: Queryable,
  i: { id: string; userId: string; identityData: Json; nowMs: number; lastSignInMs: number | null },
): Promise<void> {
  await q.query(
    `INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, 'email', $5, $6, $6)`,
    [
      i.id,
      i.userId,
      i.userId,
      JSON.stringify(i.identityData),
      i.lastSignInMs === null ? null : iso(i.lastSignInMs),
      iso(i.nowMs),
    ],
  );
}

export async function markSignedIn(q: Queryable, userId: string, nowMs: number): Promise<void> {
  await q.query('UPDATE auth.users SET last_sign_in_at = $2, updated_at = $2 WHERE id = $1', [userId, iso(nowMs)]);
  await q.query(`UPDATE auth.identities SET last_sign_in_at = $2, updated_at = $2 WHERE user_id = $1`, [
    userId,
    iso(nowMs),
  ]);
}

export async function updateUserMetadata(q: Queryable, userId: string, metadata: Json, nowMs: number): Promise<void> {
  await q.query('UPDATE auth.users SET raw_user_meta_data = $2::jsonb, updated_at = $3 WHERE id = $1', [
    userId,
    JSON.stringify(metadata),
    iso(nowMs),
  ]);
}

export async function updatePassword(q: Queryable, userId: string, hash: string, nowMs: number): Promise<void> {
  await q.query('UPDATE auth.users SET encrypted_password = $2, updated_at = $3 WHERE id = $1', [
    userId,
    hash,
    iso(nowMs),
  ]);
}

export async function setEmailChange(q: Queryable, userId: string, newEmail: string, nowMs: number): Promise<void> {
  await q.query('UPDATE auth.users SET email_change = $2, email_change_sent_at = $3, updated_at = $3 WHERE id = $1', [
    userId,
    newEmail,
    iso(nowMs),
  ]);
}

export async function createSession(
  q: Queryable,
  s: { id: string; userId: string; amr: AmrEntry[]; nowMs: number; userAgent: string | null; ip: string | null },
): Promise<SessionRow> {
  const rows = await q.query<SessionRow>(
    `INSERT INTO auth.sessions (id, user_id, aal, amr, user_agent, ip, created_at, updated_at)
     VALUES ($1, $2, 'aal1', $3::jsonb, $4, $5, $6, $6) RETURNING id, user_id, aal, amr, created_at`,
    [s.id, s.userId, JSON.stringify(s.amr), s.userAgent, s.ip, iso(s.nowMs)],
  );
  return rows[0]!;
}

export async function findSession(q: Queryable, id: string, lock = false): Promise<SessionRow | undefined> {
  const rows = await q.query<SessionRow>(
    `SELECT id, user_id, aal, amr, created_at FROM auth.sessions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

export async function touchSession(q: Queryable, id: string, nowMs: number): Promise<void> {
  await q.query('UPDATE auth.sessions SET refreshed_at = $2, updated_at = $2 WHERE id = $1', [id, iso(nowMs)]);
}

export async function insertRefreshToken(
  q: Queryable,
  t: { token: string; userId: string; sessionId: string; parent: string | null; nowMs: number },
): Promise<void> {
  await q.query(
    `INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
     VALUES ($1, $2, $3, $4, false, $5, $5)`,
    [t.token, t.userId, t.sessionId, t.parent, iso(t.nowMs)],
  );
}

export async function findRefreshToken(q: Queryable, token: string): Promise<RefreshTokenRow | undefined> {
  const rows = await q.query<RefreshTokenRow>(
    'SELECT token, user_id, session_id, parent, revoked, updated_at FROM auth.refresh_tokens WHERE token = $1',
    [token],
  );
  return rows[0];
}

/** The session's newest non-revoked token (GoTrue FindCurrentlyActiveRefreshToken). */
export async function findActiveRefreshToken(q: Queryable, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const rows = await q.query<RefreshTokenRow>(
    `SELECT token, user_id, session_id, parent, revoked, updated_at FROM auth.refresh_tokens
     WHERE session_id = $1 AND revoked = false ORDER BY id DESC LIMIT 1`,
    [sessionId],
  );
  return rows[0];
}

export async function revokeRefreshToken(q: Queryable, token: string, nowMs: number): Promise<void> {
  await q.query('UPDATE auth.refresh_tokens SET revoked = true, updated_at = $2 WHERE token = $1', [token, iso(nowMs)]);
}

/** Reuse detected: every token of the session is revoked (§4.3 step 3). The session row stays. */
export async function revokeTokenFamily(q: Queryable, sessionId: string, nowMs: number): Promise<void> {
  await q.query(
    'UPDATE auth.refresh_tokens SET revoked = true, updated_at = $2 WHERE session_id = $1 AND revoked = false',
    [sessionId, iso(nowMs)],
  );
}

/** Logout scopes and password changes (§5, §6.3); refresh tokens go by ON DELETE CASCADE. */
export async function deleteSessions(
  q: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | null,
): Promise<void> {
  if (scope === 'global' || sessionId === null) {
    await q.query('DELETE FROM auth.sessions WHERE user_id = $1', [userId]);
  } else if (scope === 'local') {
    await q.query('DELETE FROM auth.sessions WHERE id = $1 AND user_id = $2', [sessionId, userId]);
  } else {
    await q.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2', [userId, sessionId]);
  }
}

/**
 * GoTrue's user.Confirm: email_confirmed_at is set once, and user_metadata and the email identity record
 * email_verified = true.
 */
export async function confirmEmail(q: Queryable, userId: string, nowMs: number): Promise<void> {
  await q.query(
    `UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2,
       raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb
     WHERE id = $1`,
    [userId, iso(nowMs)],
  );
  await q.query(
    `UPDATE auth.identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
     WHERE user_id = $1 AND provider = 'email'`,
    [userId, iso(nowMs)],
  );
}

/** GoTrue's ConfirmEmailChange: the new address replaces the old one, in the user and its email identity. */
export async function applyEmailChange(q: Queryable, userId: string, nowMs: number): Promise<void> {
  await q.query(
    `UPDATE auth.users SET email = email_change, email_change = NULL, email_change_sent_at = NULL,
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2,
       raw_user_meta_data = CASE WHEN raw_user_meta_data ? 'email'
         THEN raw_user_meta_data || jsonb_build_object('email', email_change) ELSE raw_user_meta_data END
     WHERE id = $1 AND email_change IS NOT NULL`,
    [userId, iso(nowMs)],
  );
  await q.query(
    `UPDATE auth.identities i SET identity_data = i.identity_data
       || jsonb_build_object('email', u.email, 'email_verified', true), updated_at = $2
     FROM auth.users u WHERE u.id = i.user_id AND i.user_id = $1 AND i.provider = 'email'`,
    [userId, iso(nowMs)],
  );
}

export async function setEmailChangeConfirmStatus(q: Queryable, userId: string, status: number): Promise<void> {
  await q.query('UPDATE auth.users SET email_change_confirm_status = $2 WHERE id = $1', [userId, status]);
}
