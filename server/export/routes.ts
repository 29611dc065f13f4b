// /functions/v1/scans-export on the local server: the path Supabase serves Edge Functions at, so the app calls
// `${VITE_SUPABASE_URL}/functions/v1/scans-export` against either backend. The handler is the Edge Function's
// (src/shared/handlers/scans-export/handler.ts); here it reads through local-session.ts.
import { Hono } from 'hono';
import type { Deps } from '../lib/deps.ts';
import { clientIp } from '../lib/http.ts';
import { createScansExportHandler } from '../../src/shared/handlers/scans-export/handler.ts';
import { openLocalExportSession } from './local-session.ts';

/** Rows per page: large enough that per-query overhead is small, small enough (~0.5 MB of CSV) to keep memory flat. */
export const LOCAL_EXPORT_PAGE_SIZE = 5_000;

export function scansExportRoutes(deps: Deps): Hono {
  const handler = createScansExportHandler({
    openSession: (token) => openLocalExportSession(deps, token),
    pageSize: LOCAL_EXPORT_PAGE_SIZE,
    onError: (err) =>
      deps.config.log(`scans export failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
  });
  const routes = new Hono();
  routes.all('/', (c) => {
    const ip = clientIp(c, deps.config.rateLimits.ipHeader);
    if (!deps.limiters.restPerIp.take(ip)) {
      return c.json({ code: 'over_request_rate_limit', message: 'Too many requests from this address' }, 429, {
        'Retry-After': String(deps.limiters.restPerIp.retryAfterSec(ip)),
      });
    }
    return handler(c.req.raw);
  });
  return routes;
}
