// Bearer-token authentication shared by /user and /logout (contract §6.1), in GoTrue's order.
import type { Context } from 'hono';
import type { JWTPayload } from 'jose';
import type { Deps } from '../lib/deps.ts';
import { badRequest, forbidden, unauthorized } from '../lib/errors.ts';
import { findSession, findUserById, type SessionRow, type UserRow } from './store.ts';
import { JwtError } from './tokens.ts';

const BEARER = /^(?:B|b)earer (\S+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface Authenticated {
  claims: JWTPayload;
  user: UserRow;
  /** The JWT's session; null when the token carries no session_id. */
  session: SessionRow | null;
}

const malformedClaim = () =>
  forbidden(
    'bad_jwt',
    'invalid JWT: unable to parse or verify signature, token is malformed: could not JSON decode claim',
  );

export async function authenticate(deps: Deps, c: Context): Promise<Authenticated> {
  const match = BEARER.exec(c.req.header('Authorization') ?? '');
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');

  let claims: JWTPayload;
  try {
    claims = await deps.signer.verify(match[1]!, deps.config.now());
  } catch (err) {
    if (err instanceof JwtError) {
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${err.message}`);
    }
    throw err;
  }

  const sub: unknown = claims.sub;
  const sessionId: unknown = claims.session_id;
  if (sub !== undefined && typeof sub !== 'string') throw malformedClaim();
  if (sessionId !== undefined && sessionId !== null && typeof sessionId !== 'string') throw malformedClaim();
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');

  const user = await findUserById(deps.db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  let session: SessionRow | null = null;
  if (typeof sessionId === 'string' && sessionId !== '' && sessionId !== NIL_UUID) {
    if (!UUID.test(sessionId)) throw badRequest('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = (await findSession(deps.db, sessionId)) ?? null;
    if (!session || session.user_id !== user.id) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }

  if (user.banned_until !== null && new Date(user.banned_until).getTime() > deps.config.now()) {
    throw forbidden('user_banned', 'User is banned');
  }
  return { claims, user, session };
}
