// Tokens sent by mail, as GoTrue makes them: an n-digit code, and a token hash = sha224(address + code) that
// goes into the link (internal/crypto GenerateTokenHash). The database keeps only sha256(token hash), one row per
// user and kind; verifying deletes the row, so every token works once.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../lib/db.ts';

export type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

export interface OneTimeTokenRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  created_at: Date | string;
}

/** `$from, $from+1, …` for a list of n bind values (an IN list; no array parameters, which PGlite and pg bind differently). */
const placeholders = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ');

/** A code of `digits` decimal digits from a CSPRNG (leading zeros kept). */
function generateOtp(digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i += 1) out += String(randomInt(10));
  return out;
}

/** GoTrue's token hash: hex sha224 of the address followed by the code. */
export const tokenHash = (address: string, otp: string): string =>
  createHash('sha224')
    .update(address + otp)
    .digest('hex');

/** What the database stores for a token hash. */
const storedHash = (hash: string): string => createHash('sha256').update(hash).digest('hex');

/** A fresh code and its token hash for `address`. */
export function newToken(address: string, digits: number): { otp: string; hash: string } {
  const otp = generateOtp(digits);
  return { otp, hash: tokenHash(address, otp) };
}

/** Stores the token of this kind for the user, replacing the previous one. */
export async function saveToken(
  q: Queryable,
  t: { userId: string; type: TokenType; hash: string; relatesTo: string; nowMs: number },
): Promise<void> {
  await q.query(
    `INSERT INTO auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, token_type)
     DO UPDATE SET id = excluded.id, token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       created_at = excluded.created_at`,
    [randomUUID(), t.userId, t.type, storedHash(t.hash), t.relatesTo, new Date(t.nowMs).toISOString()],
  );
}

/**
 * The same statement shape as saveToken against no row: for an unknown address, so that its answer costs
 * what a known one's does (the answer must not tell them apart).
 */
export async function touchNoToken(q: Queryable, hash: string): Promise<void> {
  await q.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_hash = $2', [
    randomUUID(),
    storedHash(hash),
  ]);
}

/** The live token with this hash among `types`, locked until the transaction ends; undefined if none. */
export async function findToken(
  q: Queryable,
  hash: string,
  types: readonly TokenType[],
): Promise<OneTimeTokenRow | undefined> {
  const rows = await q.query<OneTimeTokenRow>(
    `SELECT id, user_id, token_type, relates_to, created_at FROM auth.one_time_tokens
     WHERE token_hash = $1 AND token_type IN (${placeholders(2, types.length)})
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [storedHash(hash), ...types],
  );
  return rows[0];
}

export async function deleteToken(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM auth.one_time_tokens WHERE id = $1', [id]);
}

export async function deleteTokens(q: Queryable, userId: string, types: readonly TokenType[]): Promise<void> {
  await q.query(
    `DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type IN (${placeholders(2, types.length)})`,
    [userId, ...types],
  );
}
