// The life of every /rest/v1 request around its plan: the caller from the JWT, fair use before any database
// work (request buckets, then a place in the caller's line), the schema cache, one transaction as the caller's
// role, and every failure as a PostgREST-shaped error.
import type { Context } from 'hono';
import { errors as joseErrors } from 'jose';
import { JwtError } from '../auth/tokens.ts';
import { DbUnavailableError, sqlState, type Queryable } from '../lib/db.ts';
import type { Deps } from '../lib/deps.ts';
import { ApiError } from '../lib/errors.ts';
import { clientIp } from '../lib/http.ts';
import { API_ROLES, runAs, type ApiRole } from './as-role.ts';
import { RestError, raisedError, restRateLimited, statusOfSqlState } from './errors.ts';
import { errorOut } from './respond.ts';
import { loadSchema, type SchemaCache } from './schema.ts';

/** Runs fn in one transaction as the caller. */
export type RunAs = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

interface Caller {
  role: ApiRole;
  claims: Record<string, unknown>;
  /** Whose buckets and line: `user:<sub>`, else `ip:<address>`. */
  key: string;
  /** Runs fn in one transaction as service_role, in the caller's turn (work the server does for the caller). */
  runService: RunAs;
}

type Work = (schema: SchemaCache, run: RunAs, caller: Caller) => Promise<Response>;

/** The token of an Authorization header, as wai's extractBearerAuth reads it: none unless the scheme is Bearer. */
function bearerToken(header: string | undefined): string {
  const m = /^(\S*)\s*([\s\S]*)$/.exec(header ?? '');
  return m && m[1]!.toLowerCase() === 'bearer' ? m[2]!.trim() : '';
}

/** The words PostgREST 12 (Haskell jose) uses for a token it cannot accept; ours for what it words differently. */
function invalidTokenMessage(token: string, err: Error): string {
  const parts = token.split('.');
  if (parts.length !== 3)
    return `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts.length})`;
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
  } catch {
    return 'JWSError (JSONDecodeError "Not valid base64url")';
  }
  if (typeof header === 'object' && header !== null && (header as { alg?: unknown }).alg === 'none')
    return 'JWSError JWSNoSignatures';
  if (/signature is invalid|signing method/.test(err.message)) return 'JWSError JWSInvalidSignature';
  if (/not valid yet/.test(err.message)) return 'JWTNotYetValid';
  if (/could not decode/.test(err.message)) return 'JWSError (JSONDecodeError "Not valid base64url")';
  return err.message;
}

async function authenticate(deps: Deps, c: Context): Promise<Pick<Caller, 'role' | 'claims'>> {
  // No token, an empty one, or another scheme (Basic …): the anonymous role, as in PostgREST.
  const token = bearerToken(c.req.header('Authorization'));
  if (token === '') return { role: 'anon', claims: { role: 'anon' } };
  let claims: Record<string, unknown>;
  try {
    claims = (await deps.signer.verify(token, deps.config.now())) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof JwtError && /expired/.test(err.message)) {
      throw new RestError(401, 'PGRST303', 'JWT expired');
    }
    if (err instanceof JwtError || err instanceof joseErrors.JOSEError) {
      throw new RestError(401, 'PGRST301', invalidTokenMessage(token, err));
    }
    throw err;
  }
  const role = claims.role ?? 'anon';
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    throw new RestError(401, 'PGRST301', `JWT role "${String(role).slice(0, 40)}" is not an API role`);
  }
  return { role: role as ApiRole, claims };
}

/** The request handler of /rest/v1: `handle(c, work)` runs work for the caller and answers every error. */
export function createHandler(deps: Deps): (c: Context, work: Work) => Promise<Response> {
  let schemaPromise: Promise<SchemaCache> | undefined;
  const schema = () => {
    schemaPromise ??= loadSchema(deps.apiDb).catch((err: unknown) => {
      schemaPromise = undefined;
      throw err;
    });
    return schemaPromise;
  };

  const { limiters, gate } = deps;
  const { statementTimeoutMs } = deps.config.apiLimits;

  /**
   * Fair use before any database work: the caller's and the client IP's request buckets, then the caller's
   * place in line (at most a few of its requests run at once). Returns the function that frees the place.
   */
  const admit = async (key: string, ip: string): Promise<() => void> => {
    if (!limiters.restPerIp.take(ip))
      throw restRateLimited(limiters.restPerIp.retryAfterSec(ip), 'too many requests from this address');
    if (!limiters.rest.take(key)) throw restRateLimited(limiters.rest.retryAfterSec(key), 'too many requests');
    const leave = await gate.enter(key);
    if (!leave) throw restRateLimited(1, 'too many requests at once');
    return leave;
  };

  return async (c, work) => {
    let role: ApiRole = 'anon';
    let leave: (() => void) | undefined;
    try {
      const { claims, ...who } = await authenticate(deps, c);
      role = who.role;
      const ip = clientIp(c, deps.config.rateLimits.ipHeader);
      const sub = claims.sub;
      const key = typeof sub === 'string' && sub !== '' ? `user:${sub}` : `ip:${ip}`;
      leave = await admit(key, ip);
      // PostgREST runs GET and HEAD in a read-only transaction: a GET of a function that writes fails (405).
      const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD';
      const run: RunAs = (fn) => runAs(deps.apiDb, role, claims, fn, statementTimeoutMs[role], key, readOnly);
      const runService: RunAs = (fn) =>
        runAs(deps.apiDb, 'service_role', { role: 'service_role' }, fn, statementTimeoutMs.service_role, key);
      const res = await work(await schema(), run, { role, claims, key, runService });
      if (c.req.method === 'HEAD') return new Response(null, { status: res.status, headers: res.headers });
      return res;
    } catch (err) {
      if (err instanceof RestError) return errorOut(err);
      if (err instanceof DbUnavailableError) {
        deps.config.log(`${c.req.method} ${c.req.path}: ${err.message}`);
        return errorOut(
          new RestError(503, 'PGRST001', 'Database client error. Retrying the connection.', null, null, {
            'Retry-After': '1',
          }),
        );
      }
      // Shared plumbing (the 1 MiB body limit) throws the auth server's errors: same status, PostgREST shape.
      if (err instanceof ApiError) return errorOut(new RestError(err.status, err.code, err.message));
      const code = sqlState(err);
      if (code) {
        const e = err as { message?: string; detail?: string; hint?: string };
        if (code === 'PGRST') return errorOut(raisedError(e.message, e.detail));
        return errorOut(
          new RestError(
            statusOfSqlState(code, role),
            code,
            e.message ?? 'database error',
            e.detail ?? null,
            e.hint ?? null,
          ),
        );
      }
      deps.config.log(
        `unexpected error on ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      return errorOut(new RestError(500, 'PGRST000', 'Unexpected failure, please check server logs'));
    } finally {
      leave?.();
    }
  };
}
