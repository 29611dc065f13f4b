// POST /token?grant_type=password|refresh_token (contract §4). The Token limiter runs first (§10.3).
import type { Context, Hono } from 'hono';
import type { Deps } from '../../lib/deps.ts';
import { isEmailFormat } from '../email.ts';
import { ApiError, OAuthError, badRequest, unprocessable, validationFailed } from '../../lib/errors.ts';
import { clientIp, limit, readBodyText, storableHeader } from '../../lib/http.ts';
import { parseBody } from '../../lib/json.ts';
import { burnPasswordCheck, verifyPassword, weakPasswordReasons } from '../passwords.ts';
import { startSession, tokenResponse } from '../sessions.ts';
import {
  findActiveRefreshToken,
  findRefreshToken,
  findSession,
  findUserByEmail,
  findUserById,
  insertRefreshToken,
  markSignedIn,
  revokeRefreshToken,
  revokeTokenFamily,
  touchSession,
  type Json,
} from '../store.ts';
import { REFRESH_TOKEN_PATTERN, generateRefreshToken } from '../tokens.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
const tokenNotFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/** §4.1 ResourceOwnerPasswordGrant. */
async function passwordGrant(deps: Deps, c: Context): Promise<Response> {
  const { config } = deps;
  const body = parseBody(await readBodyText(c), 'PasswordGrantParams', {
    email: 'string',
    phone: 'string',
    password: 'string',
    gotrue_meta_security: 'object',
  });
  const email = body.email ?? '';
  const phone = body.phone ?? '';
  const password = body.password ?? '';
  if (email !== '' && phone !== '') {
    throw validationFailed('Only an email address or phone number should be provided on login.');
  }
  if (email === '' && phone === '') throw validationFailed('missing email or phone');
  if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');

  // The format is not validated here (§4.1 step 3); an address no account can have is simply unknown.
  const user = isEmailFormat(email) ? await findUserByEmail(deps.db, email, 'authenticated') : undefined;
  if (!user || !user.encrypted_password) {
    await burnPasswordCheck(password);
    throw invalidCredentials();
  }
  if (user.banned_until !== null && new Date(user.banned_until).getTime() > config.now()) {
    throw badRequest('user_banned', 'User is banned');
  }
  if (!(await verifyPassword(password, user.encrypted_password))) throw invalidCredentials();
  // Only reachable with the right password (§10.4).
  if (user.email_confirmed_at === null) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const weak = weakPasswordReasons(password, config.minPasswordLength);
  const meta = { userAgent: storableHeader(c.req.header('User-Agent')), ip: clientIp(c, config.rateLimits.ipHeader) };
  const body200 = await deps.db.transaction(async (tx) => {
    await markSignedIn(tx, user.id, config.now());
    const fresh = (await findUserById(tx, user.id))!;
    const { session, refreshToken } = await startSession(deps, tx, fresh, meta);
    return tokenResponse(deps, tx, fresh, session, refreshToken, weak);
  });
  return Response.json(body200);
}

// Errors are returned, not thrown, so that the transaction commits (the family revocation must stick).
type RefreshOutcome = { ok: Json } | { error: ApiError };

/** §4.2 and §4.3: legacy refresh-token rotation with the parent-of-active rule and the reuse interval. */
async function refreshGrant(deps: Deps, c: Context): Promise<Response> {
  const { config } = deps;
  const body = parseBody(await readBodyText(c), 'RefreshTokenGrantParams', { refresh_token: 'string' });
  const presented = body.refresh_token ?? '';
  if (presented === '') throw new OAuthError('invalid_request', 'refresh_token required');
  if (presented.length < 12) throw validationFailed('Refresh token is not valid');
  // Every token this server issues matches the pattern; anything else is unknown without asking the DB.
  if (!REFRESH_TOKEN_PATTERN.test(presented)) throw tokenNotFound();

  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const first = await findRefreshToken(tx, presented);
    if (!first) return { error: tokenNotFound() };
    const user = await findUserById(tx, first.user_id);
    if (!user) return { error: tokenNotFound() };
    if (user.banned_until !== null && new Date(user.banned_until).getTime() > config.now()) {
      return { error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') };
    }
    if (first.session_id === null) {
      return { error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    }
    // Serialise refreshes of one session (GoTrue locks the token row), then re-read the token.
    const session = await findSession(tx, first.session_id, true);
    const token = session ? await findRefreshToken(tx, presented) : undefined;
    if (!session || !token) return { error: tokenNotFound() };

    const now = config.now();
    let issued: string;
    if (token.revoked) {
      const active = await findActiveRefreshToken(tx, session.id);
      const revokedAt = new Date(token.updated_at ?? 0).getTime();
      if (active && active.parent === token.token) {
        // §4.3 rule 1: the parent of the active token gets the active token back, at any time.
        issued = active.token;
      } else if (active && now <= revokedAt + config.refreshReuseIntervalSec * 1000) {
        // §4.3 rule 2: inside the reuse interval, a normal refresh (a sibling of the active token).
        issued = generateRefreshToken();
        await insertRefreshToken(tx, {
          token: issued,
          userId: user.id,
          sessionId: session.id,
          parent: token.token,
          nowMs: now,
        });
      } else {
        // §4.3 rule 3: reuse detected; revoke the whole family, keep the session row, commit, answer 400.
        // (With no active token left the family is already revoked, so its tokens stay dead.)
        await revokeTokenFamily(tx, session.id, now);
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    } else {
      issued = generateRefreshToken();
      await revokeRefreshToken(tx, token.token, now);
      await insertRefreshToken(tx, {
        token: issued,
        userId: user.id,
        sessionId: session.id,
        parent: token.token,
        nowMs: now,
      });
    }
    await touchSession(tx, session.id, now);
    return { ok: await tokenResponse(deps, tx, user, session, issued) };
  });
  if ('error' in outcome) throw outcome.error;
  return Response.json(outcome.ok);
}

export function registerToken(app: Hono, deps: Deps): void {
  app.post('/token', limit(deps.limiters.token, deps.config.rateLimits.ipHeader), async (c) => {
    const grant = c.req.query('grant_type') ?? '';
    if (grant === 'password') return passwordGrant(deps, c);
    if (grant === 'refresh_token') return refreshGrant(deps, c);
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });
}
