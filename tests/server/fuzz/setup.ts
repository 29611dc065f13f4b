// The fuzz's fixtures: forged credentials of every kind, and the fixed corpus sent before the random requests.
import { SignJWT, decodeJwt } from 'jose';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../../server/lib/config.ts';
import { P, type AuthSpec, type Body, type FuzzRequest } from './model.ts';
import type { Live } from './send.ts';

const b64url = (s: string) => Buffer.from(s).toString('base64url');
const rawJwt = (header: object, payload: unknown, signature = '') =>
  `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.${signature}`;
const sign = (payload: Record<string, unknown>, alg = 'HS256', secret = DEMO_JWT_SECRET) =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));

export async function forgeTokens(
  accessToken: string,
  nowSec: number,
  apiKeys: { live: string; revoked: string },
): Promise<Live['tokens']> {
  const claims = decodeJwt(accessToken) as Record<string, unknown>;
  const [h, , s] = accessToken.split('.') as [string, string, string];
  return {
    anon: DEMO_ANON_KEY,
    user: accessToken,
    service: await sign({ iss: 'supabase-demo', role: 'service_role', exp: nowSec + 3600 }),
    'alg-none': rawJwt({ alg: 'none', typ: 'JWT' }, claims),
    'wrong-secret': await sign(claims, 'HS256', `another-${DEMO_JWT_SECRET}`),
    hs512: await sign(claims, 'HS512'),
    expired: await sign({ ...claims, iat: nowSec - 7200, exp: nowSec - 3600 }),
    tampered: `${h}.${b64url(JSON.stringify({ ...claims, role: 'service_role' }))}.${s}`,
    'unknown-sub': await sign({ ...claims, sub: '6f1c2a3b-0000-4000-8000-000000000000' }),
    'sub-not-uuid': await sign({ ...claims, sub: 'not-a-uuid' }),
    'sub-number': await sign({ ...claims, sub: 12345 }),
    'sub-nul': await sign({ ...claims, sub: 'a\u0000b', email: '\ud800' }),
    'role-postgres': await sign({ ...claims, role: 'postgres' }),
    'role-object': await sign({ ...claims, role: { a: 1 } }),
    'no-role': await sign({ sub: claims.sub, exp: nowSec + 3600 }),
    garbled: `${accessToken.slice(0, 40)}${accessToken.slice(41, 80).split('').reverse().join('')}${accessToken.slice(80)}`,
    truncated: accessToken.slice(0, -5),
    'api-key': apiKeys.live,
    'api-key-revoked': apiKeys.revoked,
  };
}

export interface SeedRow {
  id: string;
  user_id: string;
  name: string;
  type: string;
  content: string;
  destination: string | null;
  design: unknown;
  is_dynamic: boolean;
  slug: string;
}

/**
 * A small fixed corpus sent before the random requests, whatever the seed: inputs that broke the server
 * once, so a short or unlucky run still covers them. The random requests come after it.
 */
const JSON_TYPE: [string, string][] = [['Content-Type', 'application/json']];
const USER: AuthSpec = { kind: 'user', scheme: 'Bearer', raw: '', apikey: 'anon' };
const NOBODY: AuthSpec = { kind: 'none', scheme: 'Bearer', raw: '', apikey: 'none' };
const SERVICE: AuthSpec = { kind: 'service', scheme: 'Bearer', raw: '', apikey: 'anon' };
const API_KEY: AuthSpec = { kind: 'api-key', scheme: 'Bearer', raw: '', apikey: 'none' };
const deep = (key: string | null, depth = 5000): Body => ({ k: 'deep', depth, shape: 'array', key, closed: true });
export const CORPUS: FuzzRequest[] = [
  { route: 'GET /r/:slug', method: 'GET', path: '/r/%ZZ', auth: NOBODY, headers: [], body: { k: 'none' } },
  { route: 'GET /r/:slug', method: 'GET', path: '/r/abcd%E0%A4%A', auth: NOBODY, headers: [], body: { k: 'none' } },
  {
    route: 'POST /rest/v1/qr_codes',
    method: 'POST',
    path: '/rest/v1/qr_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: deep('design'),
  },
  {
    route: 'PATCH /rest/v1/qr_codes',
    method: 'PATCH',
    path: `/rest/v1/qr_codes?id=eq.${P.id0}`,
    auth: USER,
    headers: JSON_TYPE,
    body: deep('design'),
  },
  {
    route: 'POST /rest/v1/rpc/top_codes',
    method: 'POST',
    path: '/rest/v1/rpc/top_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: deep('p_from'),
  },
  {
    route: 'POST /rest/v1/qr_codes',
    method: 'POST',
    path: '/rest/v1/qr_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: { k: 'bulk', rows: 22_000, keys: ['name', 'type', 'content'], value: 'num' },
  },
  {
    route: 'GET /rest/v1/qr_codes',
    method: 'GET',
    path: '/rest/v1/qr_codes?is_dynamic=eq.maybe',
    auth: USER,
    headers: [],
    body: { k: 'none' },
  },
  {
    route: 'POST /rest/v1/qr_codes',
    method: 'POST',
    path: '/rest/v1/qr_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: { k: 'json', v: { name: 'x', is_dynamic: {} } },
  },
  {
    route: 'GET /rest/v1/scan_events',
    method: 'GET',
    path: '/rest/v1/scan_events?id=eq.99999999999999999999',
    auth: USER,
    headers: [],
    body: { k: 'none' },
  },
  {
    route: 'POST /rest/v1/rpc/record_scan',
    method: 'POST',
    path: '/rest/v1/rpc/record_scan',
    auth: NOBODY,
    headers: JSON_TYPE,
    body: { k: 'json', v: { p_slug: P.slugDyn, p_country: '\u0000' } },
  },
  // Issue 36's reproductions, one per surface added since.
  {
    route: 'POST /api/v1/codes',
    method: 'POST',
    path: '/api/v1/codes',
    auth: API_KEY,
    headers: JSON_TYPE,
    body: { k: 'json', v: { name: 'a\u0000b', content: 'x' } },
  },
  {
    route: 'POST /api/v1/codes',
    method: 'POST',
    path: '/api/v1/codes',
    auth: API_KEY,
    headers: JSON_TYPE,
    body: deep('design'),
  },
  {
    route: 'GET /api/v1/codes/{id}/scans',
    method: 'GET',
    path: `/api/v1/codes/${P.id0}/scans?from=9999-01-01&to=9999-12-31`,
    auth: API_KEY,
    headers: [],
    body: { k: 'none' },
  },
  {
    route: 'GET /functions/v1/scans-export',
    method: 'GET',
    path: '/functions/v1/scans-export?from=0000-01-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    auth: USER,
    headers: [],
    body: { k: 'none' },
  },
  {
    route: 'POST /rest/v1/rpc/commit_code_batch',
    method: 'POST',
    path: '/rest/v1/rpc/commit_code_batch',
    auth: USER,
    headers: JSON_TYPE,
    body: { k: 'json', v: { p_batch: '00000000-0000-4000-8000-000000000000' } },
  },
  {
    route: 'PUT /auth/v1/admin/users/:id',
    method: 'PUT',
    path: `/auth/v1/admin/users/${P.adminTarget}`,
    auth: SERVICE,
    headers: JSON_TYPE,
    body: { k: 'json', v: { ban_duration: '99999999999h' } },
  },
  {
    route: 'GET /auth/v1/admin/users',
    method: 'GET',
    path: '/auth/v1/admin/users?page=1e20',
    auth: SERVICE,
    headers: [],
    body: { k: 'none' },
  },
];
