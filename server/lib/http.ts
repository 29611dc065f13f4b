// HTTP plumbing shared by the routes: CORS (contract §1.3), the API-version echo (§0.2), the 1 MiB body
// limit (§1.6), client IP for the limiters (§10.3) and the error responses (§1.4).
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { DbUnavailableError } from './db.ts';
import { API_VERSION, ApiError, databaseUnavailable, rateLimited, unexpectedFailure } from './errors.ts';
import type { Limiter } from './ratelimit.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

const ALLOW_HEADERS = [
  'Accept',
  'Authorization',
  'Content-Type',
  'X-Client-IP',
  'X-Client-Info',
  'X-JWT-AUD',
  'x-use-cookie',
  'X-Supabase-Api-Version',
  // Not in GoTrue's list because Kong answers CORS in the real stack (§1.3).
  'apikey',
  'x-retry-count',
  // PostgREST (/rest/v1).
  'Prefer',
  'Range',
  'Range-Unit',
  'Accept-Profile',
  'Content-Profile',
  // Storage (/storage/v1): storage-js sends these on uploads from the browser.
  'x-upsert',
  'x-metadata',
  'Cache-Control',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ');

/** CORS as GoTrue configures it, plus apikey; preflights answered with 204; version header everywhere. */
export const corsAndVersion: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('Origin');
  const setCors = (headers: Headers) => {
    if (origin) {
      headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Allow-Credentials', 'true');
      headers.append('Vary', 'Origin');
    }
    headers.set(
      'Access-Control-Expose-Headers',
      'X-Total-Count, Link, X-Supabase-Api-Version, Content-Range, Content-Location, Preference-Applied',
    );
    headers.set('X-Supabase-Api-Version', API_VERSION);
  };
  if (c.req.method === 'OPTIONS') {
    const res = new Response(null, { status: 204 });
    setCors(res.headers);
    res.headers.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.headers.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
    res.headers.set('Access-Control-Max-Age', '600');
    return res;
  }
  await next();
  setCors(c.res.headers);
};

export function errorResponse(err: ApiError): Response {
  return new Response(JSON.stringify(err.body()), {
    status: err.status,
    headers: {
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': API_VERSION,
      'x-sb-error-code': err.code,
      ...err.headers,
    },
  });
}

/** Hono onError: ApiErrors become their JSON shape; anything else is logged and becomes a 500. */
export function makeErrorHandler(log: (line: string) => void) {
  return (err: unknown, c: Context): Response => {
    if (err instanceof ApiError) return errorResponse(err);
    if (err instanceof DbUnavailableError) {
      log(`${c.req.method} ${c.req.path}: ${err.message}`);
      return errorResponse(databaseUnavailable());
    }
    log(
      `unexpected error on ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return errorResponse(unexpectedFailure());
  };
}

const tooLarge = () => new ApiError(413, 'request_entity_too_large', 'Request body too large');

/** Reads the body as UTF-8 text, refusing more than 1 MiB with 413 request_entity_too_large (§1.6). */
export async function readBodyText(c: Context): Promise<string> {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The client IP: the configured header's first value, else the socket address (§10.3). */
export function clientIp(c: Context, ipHeader: string): string {
  if (ipHeader) {
    const first = c.req.header(ipHeader)?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Takes a token from a per-IP limiter: 429 over_request_rate_limit when its bucket is empty (§10.3). */
export function takeOrThrow(limiter: Limiter, c: Context, ipHeader: string): void {
  if (!limiter.take(clientIp(c, ipHeader))) throw rateLimited();
}

/** The same as a middleware. */
export function limit(limiter: Limiter, ipHeader: string): MiddlewareHandler {
  return async (c, next) => {
    takeOrThrow(limiter, c, ipHeader);
    await next();
  };
}

/** A header value that is safe to store (control characters removed, bounded length). */
export function storableHeader(value: string | undefined, max = 512): string | null {
  if (!value) return null;
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code !== 0x7f) out += ch;
    if (out.length >= max) break;
  }
  return out || null;
}
