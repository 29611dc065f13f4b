// Supabase Edge Function `api`: the public REST API (docs/api.md) on a real project, the same Hono app as the
// local server's /api/v1 (src/shared/handlers/api/app.ts), served at
//   https://<project-ref>.supabase.co/functions/v1/api/codes …
//   supabase secrets set API_JWT_SECRET=<the project's JWT secret>   (Settings → API → JWT secret)
//   supabase functions deploy api        (supabase/config.toml turns the gateway's JWT check off: keys are no JWTs)
// A key is resolved with the service key (resolve_api_key, the only call made with it); every other read and
// write goes through the Data API with an access token minted here for the key's owner (60 s, role
// `authenticated`), so row-level security and the plan limits decide as in the app. GET /qr draws SVG, PDF and
// EPS with the app's renderer (src/render/qrFile.ts, given no PNG canvas); PNG answers 501 `format_unavailable`
// (the Edge runtime has no canvas).
// Bare specifiers resolve through ./deno.json's import map, which pins the versions the local server runs.
import { createClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { createApiV1App } from '../../../src/shared/handlers/api/app.ts';
import { createKeyCache } from '../../../src/shared/handlers/api/key-cache.ts';
import { registerQr } from '../../../src/shared/handlers/api/qr.ts';
import { qrFilePort } from '../../../src/render/qrFile.ts';
import { createKeyRateLimiter } from '../../../src/shared/handlers/api/rate-limit.ts';
import { createSupabaseApiStore } from '../../../src/shared/handlers/api/supabase-store.ts';
import { listenOptions } from '../_shared/deno-listen.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
const secret = new TextEncoder().encode(Deno.env.get('API_JWT_SECRET') ?? '');
/** Long enough for one request's reads (a CSV export pages through them); the token never leaves the function. */
const USER_TOKEN_SEC = 60;

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
const service = createClient(SUPABASE_URL, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', { auth: noSession });

const userToken = (userId: string) =>
  new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${USER_TOKEN_SEC}s`)
    .sign(secret);

const api = createApiV1App({
  store: createSupabaseApiStore({
    service,
    asUser: (userId) => {
      let token: Promise<string> | null = null;
      return createClient(SUPABASE_URL, ANON_KEY, { accessToken: () => (token ??= userToken(userId)) });
    },
  }),
  // A revoked key stops working here within KEY_CACHE_TTL_MS (5 s): revocations happen in the Data API.
  keyCache: createKeyCache(Date.now),
  // Per isolate: the platform may run several, so the effective limit is a multiple (docs/api.md).
  limiter: createKeyRateLimiter({ burst: 120, perMinute: 600, now: Date.now }),
  now: Date.now,
  shortUrl: (slug) => `${SUPABASE_URL}/functions/v1/r/${slug}`,
  exportPageSize: 1000,
  extend: (app) => registerQr(app, qrFilePort()),
  onError: (err) => console.error('api failed', err),
});

// Supabase hands the function /api/<path> (and /functions/v1/api/<path> in some setups): both are served.
const app = new Hono();
app.route('/functions/v1/api', api);
app.route('/api', api);

if (!secret.length) console.error('API_JWT_SECRET is not set: every keyed request will fail');
Deno.serve(listenOptions('api', '/api/'), app.fetch);
