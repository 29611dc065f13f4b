// Who is calling the Storage API: the request's JWT verified with the server's secret (as the data API does), its
// role one of anon / authenticated / service_role. Storage requires a token on every route but the public and
// signed downloads; the role then decides, through Postgres RLS, what the caller may do.
import type { Context } from 'hono';
import { API_ROLES, type ApiRole } from '../rest/as-role.ts';
import type { Deps } from '../lib/deps.ts';
import { JwtError } from '../auth/tokens.ts';
import { unauthorized } from './errors.ts';

export interface StorageCaller {
  role: ApiRole;
  claims: Record<string, unknown>;
  /** The user's id (JWT sub), or null for the anon and service keys. */
  sub: string | null;
}

function bearer(header: string | undefined): string {
  const m = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : '';
}

export async function storageCaller(deps: Deps, c: Context): Promise<StorageCaller> {
  const token = bearer(c.req.header('Authorization')) || (c.req.header('apikey') ?? '').trim();
  if (!token) throw unauthorized("headers must have required property 'authorization'");
  let claims: Record<string, unknown>;
  try {
    claims = (await deps.signer.verify(token, deps.config.now())) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof JwtError) throw unauthorized(/expired/.test(err.message) ? 'jwt expired' : 'invalid signature');
    throw unauthorized('invalid signature');
  }
  const role = claims.role;
  if (typeof role !== 'string' || !API_ROLES.has(role)) throw unauthorized('invalid role');
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  return { role: role as ApiRole, claims, sub };
}

/** A route body given its caller and JSON body; the wrapper (routes.ts) turns every failure into Storage's shape. */
export type StorageHandler = (c: Context, who: StorageCaller, body: Record<string, unknown>) => Promise<Response>;
export type StorageRoute = (
  fn: StorageHandler,
  opts?: { json?: boolean; anonymous?: boolean },
) => (c: Context) => Promise<Response>;
