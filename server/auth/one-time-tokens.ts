// Tokens sent by mail: an n-digit code, checked as GoTrue's token hash = sha224(address + code)
// (internal/crypto GenerateTokenHash) together with the address, and a link token of 28 random bytes. Unlike
// GoTrue's, the link does not carry the code's hash, which anyone knowing the address could compute for each of
// the million codes. The database keeps only sha256 of each, one row per user and kind; verifying deletes the
// row, so every token works once, and five wrong codes delete it too (docs/security.md, "Mailed codes").
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
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

/** Wrong codes a token takes: the last one deletes it, and a new mail must be asked for. */
export const MAX_FAILED_ATTEMPTS = 5;

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

/** A fresh code with its token hash for `address`, and a link token (hex, as long as a token hash). */
export function newToken(address: string, digits: number): { otp: string; hash: string; linkToken: string } {
  const otp = generateOtp(digits);
  return { otp, hash: tokenHash(address, otp), linkToken: randomBytes(28).toString('hex') };
}

/** Stores the token of this kind for the user, replacing the previous one (and its count of wrong codes). */
export async function saveToken(
  q: Queryable,
  t: { userId: string; type: TokenType; hash: string; linkToken: string; relatesTo: string; nowMs: number },
): Promise<void> {
  await q.query(
    `INSERT INTO auth.one_time_tokens (id, user_id, token_type, token_hash, link_hash, relates_to, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, token_type)
     DO UPDATE SET id = excluded.id, token_hash = excluded.token_hash, link_hash = excluded.link_hash,
       relates_to = excluded.relates_to, created_at = excluded.created_at, failed_attempts = 0`,
    [
      randomUUID(),
      t.userId,
      t.type,
      storedHash(t.hash),
      storedHash(t.linkToken),
      t.relatesTo,
      new Date(t.nowMs).toISOString(),
    ],
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

/** The live token whose link carries `linkToken`, among `types`, locked until the transaction ends. */
export async function findLinkToken(
  q: Queryable,
  linkToken: string,
  types: readonly TokenType[],
): Promise<OneTimeTokenRow | undefined> {
  const rows = await q.query<OneTimeTokenRow>(
    `SELECT id, user_id, token_type, relates_to, created_at FROM auth.one_time_tokens
     WHERE link_hash = $1 AND token_type IN (${placeholders(2, types.length)})
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [storedHash(linkToken), ...types],
  );
  return rows[0];
}

/**
 * Checks a code (its token hash) against the tokens of `types` mailed to `owner` (an address, or for a
 * reauthentication nonce the user): each such token spends one attempt first, under a row lock held until the
 * transaction ends, so concurrent guesses queue and no token is checked more than MAX_FAILED_ATTEMPTS times.
 * Returns the token the code belongs to; when none, deletes the tokens that have no attempt left. The caller
 * must commit either way.
 */
export async function checkCode(
  q: Queryable,
  owner: { address: string } | { userId: string },
  hash: string,
  types: readonly TokenType[],
): Promise<OneTimeTokenRow | undefined> {
  const [column, value] = 'address' in owner ? ['relates_to', owner.address] : ['user_id', owner.userId];
  const rows = await q.query<OneTimeTokenRow & { token_hash: string; failed_attempts: number }>(
    `UPDATE auth.one_time_tokens SET failed_attempts = failed_attempts + 1
     WHERE ${column} = $1 AND failed_attempts < $2 AND token_type IN (${placeholders(3, types.length)})
     RETURNING id, user_id, token_type, relates_to, created_at, token_hash, failed_attempts`,
    [value, MAX_FAILED_ATTEMPTS, ...types],
  );
  const stored = storedHash(hash);
  const match = rows
    .filter((r) => r.token_hash === stored)
    .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())[0];
  if (match) return match;
  const spent = rows.filter((r) => Number(r.failed_attempts) >= MAX_FAILED_ATTEMPTS).map((r) => r.id);
  if (spent.length > 0) {
    await q.query(`DELETE FROM auth.one_time_tokens WHERE id IN (${placeholders(1, spent.length)})`, spent);
  }
  return undefined;
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
