// /api/v1 on the local server: the runtime-neutral API app (src/shared/handlers/api/) with the local store, the
// QR file port drawing every format on worker threads behind a fair queue per account (./qr-files.ts), per-key buckets sized like the data API's per-user ones, and the data API's per-IP limit in front,
// which also bounds guessing at keys (docs/api.md).
import { Hono, type MiddlewareHandler } from 'hono';
import type { Deps } from '../lib/deps.ts';
import { isConnectionError, DbUnavailableError } from '../lib/db.ts';
import { clientIp } from '../lib/http.ts';
import { LOCAL_EXPORT_PAGE_SIZE } from '../export/routes.ts';
import { createApiV1App } from '../../src/shared/handlers/api/app.ts';
import { apiCors } from '../../src/shared/handlers/api/cors.ts';
import { createKeyCache } from '../../src/shared/handlers/api/key-cache.ts';
import { ApiV1Error, errorResponse } from '../../src/shared/handlers/api/errors.ts';
import { createKeyRateLimiter, type KeyRateLimiter } from '../../src/shared/handlers/api/rate-limit.ts';
import { registerQr } from '../../src/shared/handlers/api/qr.ts';
import { qrFilePort } from '../../src/render/qrFile.ts';
import { createLocalApiStore } from './local-store.ts';
import { localQrFiles } from './qr-files.ts';

const unlimitedKeys: KeyRateLimiter = {
  take: () => ({ allowed: true, limit: 0, remaining: 0, resetSec: 0, retryAfterSec: 1 }),
};

/** Requests through this server that can end a key: revoking one, or changing (banning, deleting) a user. */
const KEY_CHANGES = /\/rpc\/revoke_api_key$|(^|\/)admin\/users(\/|$)/;

export interface ApiV1 {
  routes: Hono;
  /** After a request that may have ended a key, forget the cached keys: revocation here takes effect at once. */
  forgetKeysAfterChanges: MiddlewareHandler;
}

export function apiV1Routes(deps: Deps): ApiV1 {
  const { rateLimits, now, log } = deps.config;
  const keyCache = createKeyCache(now);
  const files = localQrFiles(deps.config.renderLimits, { budget: rateLimits.enabled, now });
  const api = createApiV1App({
    keyCache,
    store: createLocalApiStore(deps),
    limiter: rateLimits.enabled
      ? createKeyRateLimiter({ burst: rateLimits.rest.burst, perMinute: rateLimits.rest.perMinute, now })
      : unlimitedKeys,
    now,
    shortUrl: (slug, request) => `${new URL(request.url).origin}/r/${slug}`,
    exportPageSize: LOCAL_EXPORT_PAGE_SIZE,
    isUnavailable: (err) => err instanceof DbUnavailableError || isConnectionError(err),
    extend: (app) => registerQr(app, qrFilePort({ draw: files.draw, png: true })),
    onError: (err) => log(`api/v1 failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
  });
  const routes = new Hono();
  // Before the per-address limit, so its 429 is readable by a page too (the API app applies the same CORS).
  routes.use('*', apiCors);
  routes.use('*', async (c, next) => {
    const ip = clientIp(c, rateLimits.ipHeader);
    if (!deps.limiters.restPerIp.take(ip)) {
      const retry = String(deps.limiters.restPerIp.retryAfterSec(ip));
      return errorResponse(
        new ApiV1Error(429, 'rate_limited', 'Too many requests from this address', { 'Retry-After': retry }),
      );
    }
    await next();
  });
  routes.route('/', api);
  return {
    routes,
    forgetKeysAfterChanges: async (c, next) => {
      await next();
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && KEY_CHANGES.test(c.req.path)) keyCache.clear();
    },
  };
}
