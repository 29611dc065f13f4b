// /api/v1 on the local server: the runtime-neutral API app (supabase/functions/_shared/api/) with the local
// store, per-key buckets sized like the data API's per-user ones, and the data API's per-IP limit in front,
// which also bounds guessing at keys (docs/api.md).
import { Hono } from 'hono';
import type { Deps } from '../lib/deps.ts';
import { isConnectionError, DbUnavailableError } from '../lib/db.ts';
import { clientIp } from '../lib/http.ts';
import { LOCAL_EXPORT_PAGE_SIZE } from '../export/routes.ts';
import { createApiV1App } from '../../supabase/functions/_shared/api/app.ts';
import { ApiV1Error, errorResponse } from '../../supabase/functions/_shared/api/errors.ts';
import { createKeyRateLimiter, type KeyRateLimiter } from '../../supabase/functions/_shared/api/rate-limit.ts';
import { createLocalApiStore } from './local-store.ts';
import { registerQrSvg } from './qr-svg.ts';

const unlimitedKeys: KeyRateLimiter = {
  take: () => ({ allowed: true, limit: 0, remaining: 0, resetSec: 0, retryAfterSec: 1 }),
};

export function apiV1Routes(deps: Deps): Hono {
  const { rateLimits, now, log } = deps.config;
  const api = createApiV1App({
    store: createLocalApiStore(deps),
    limiter: rateLimits.enabled
      ? createKeyRateLimiter({ burst: rateLimits.rest.burst, perMinute: rateLimits.rest.perMinute, now })
      : unlimitedKeys,
    now,
    shortUrl: (slug, request) => `${new URL(request.url).origin}/r/${slug}`,
    exportPageSize: LOCAL_EXPORT_PAGE_SIZE,
    isUnavailable: (err) => err instanceof DbUnavailableError || isConnectionError(err),
    extend: registerQrSvg,
    onError: (err) => log(`api/v1 failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
  });
  const routes = new Hono();
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
  return routes;
}
