// Sessions and the token response (contract §2.2, §8.1): one session per login, its first refresh token,
// and an access token carrying the session's id, aal and amr.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../lib/deps.ts';
import type { Queryable } from '../lib/db.ts';
import type { WeakPassword } from './passwords.ts';
import {
  createSession,
  insertRefreshToken,
  listIdentities,
  type Json,
  type SessionRow,
  type UserRow,
} from './store.ts';
import { generateRefreshToken } from './tokens.ts';
import { userJson } from './user-json.ts';

export interface ClientMeta {
  userAgent: string | null;
  ip: string | null;
}

/** Creates a session with AMR `method` (password; otp after a mailed link or code) and its first refresh token. */
export async function startSession(
  deps: Deps,
  q: Queryable,
  user: UserRow,
  meta: ClientMeta,
  method: 'password' | 'otp' = 'password',
): Promise<{ session: SessionRow; refreshToken: string }> {
  const now = deps.config.now();
  const session = await createSession(q, {
    id: randomUUID(),
    userId: user.id,
    amr: [{ method, timestamp: Math.floor(now / 1000) }],
    nowMs: now,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  const refreshToken = generateRefreshToken();
  await insertRefreshToken(q, {
    token: refreshToken,
    userId: user.id,
    sessionId: session.id,
    parent: null,
    nowMs: now,
  });
  return { session, refreshToken };
}

/** The §2.2 token response: access_token, token_type, expires_in, expires_at, refresh_token, user. */
export async function tokenResponse(
  deps: Deps,
  q: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  weakPassword?: WeakPassword | null,
): Promise<Json> {
  const now = deps.config.now();
  const { jwt, exp } = await deps.signer.sign(
    {
      aud: user.aud,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: session.aal,
      amr: [...session.amr].sort((a, b) => b.timestamp - a.timestamp),
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    now,
  );
  const body: Json = {
    access_token: jwt,
    token_type: 'bearer',
    expires_in: exp - Math.floor(now / 1000),
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await listIdentities(q, user.id)),
  };
  if (weakPassword) body.weak_password = weakPassword;
  return body;
}
