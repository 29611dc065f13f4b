// The public REST API (/api/v1) as a Hono app with injected dependencies, runtime-neutral like the scans
// export (../scans-export/): the local server mounts it (server/api/routes.ts) and the Edge Function serves it
// (supabase/functions/api) with a store that reads through supabase-js (./supabase-store.ts). Routes are declared with zod schemas (./schemas.ts), which both
// validate requests and generate the OpenAPI 3.1 document at /openapi.json.
//
// Every request but the document and the reference page carries an API key. The key is rate-limited by its
// hash before anything is looked up, then resolved to its owner, and everything after runs as that owner.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { createScansExportHandler } from '../scans-export/handler.ts';
import { apiCors } from './cors.ts';
import { addDays, daysBetween } from '../../time/calendarDays.ts';
import { dayIn, startOfDayIn } from '../../time/zonedDay.ts';
import { ApiV1Error, codeNotFound, errorResponse, invalidRequest } from './errors.ts';
import type { KeyCache } from './key-cache.ts';
import { apiKeyFrom, hashApiKey } from './keys.ts';
import { rateLimitHeaders, type KeyRateLimiter } from './rate-limit.ts';
import { referencePage } from './reference-page.ts';
import { COMMON_ERRORS, NOT_FOUND, WRITE_ERRORS } from './responses.ts';
import {
  CodeCreateSchema,
  CodeListSchema,
  CodePatchSchema,
  CodeSchema,
  IdParamSchema,
  ListQuerySchema,
  MAX_RANGE_DAYS,
  ScanStatsSchema,
  ScansQuerySchema,
  type Code,
} from './schemas.ts';
import { sqlState, type ApiStore, type StoredCode, type UserSession } from './store.ts';

/** Bodies are a code's fields: a 16 KiB design and a 7,089-character content fit with room to spare. */
export const MAX_API_BODY_BYTES = 64 * 1024;

export interface ApiV1Deps {
  store: ApiStore;
  /** Per-key buckets (by the key's hash). */
  limiter: KeyRateLimiter;
  /** Resolved keys kept for a few seconds (./key-cache.ts); without it every request asks the store. */
  keyCache?: KeyCache;
  now: () => number;
  /** A dynamic code's short URL, e.g. `${origin}/r/${slug}`. */
  shortUrl(slug: string, request: Request): string;
  /** Rows per page of the CSV export. */
  exportPageSize: number;
  /** Errors the runtime knows to be retryable (a lost database connection): 503 instead of 500. */
  isUnavailable?(err: unknown): boolean;
  /** Unexpected failures (they become a 500). */
  onError?(err: unknown): void;
  /**
   * Routes a runtime adds (GET /qr: ./qr.ts, with PNG where there is a canvas), added before the catch-alls;
   * paths under /qr need a key like /codes.
   */
  extend?(app: OpenAPIHono<ApiV1Env>): void;
}

export type ApiV1Env = {
  /** `userId`: the key's owner, for what is counted per account (a render queue's turns and budget). */
  Variables: { session: UserSession; userId: string; rateHeaders: Record<string, string> };
};

/** zod's issues as one sentence naming each field: `"limit" must be …; "destination": The port must be …`. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return `unknown field${issue.keys.length > 1 ? 's' : ''} "${issue.keys.join('", "')}"`;
      if (issue.message.startsWith('"')) return issue.message;
      const path = issue.path.map(String).join('.');
      return path ? `"${path}": ${issue.message}` : issue.message;
    })
    .join('; ');
}

function publicCode(code: StoredCode, request: Request, deps: ApiV1Deps): Code {
  return { ...code, short_url: code.is_dynamic ? deps.shortUrl(code.slug, request) : null };
}

/** Database refusals the caller can fix: 4xx with the reason; anything else stays unexpected. */
function refusal(err: unknown): ApiV1Error | null {
  const state = sqlState(err);
  const message = err instanceof Error ? err.message : '';
  if (state === 'P0001' && /Free plan limit/.test(message)) {
    return new ApiV1Error(
      403,
      'plan_limit_reached',
      'Free plan limit reached: at most 3 dynamic QR codes. Delete a dynamic code, make it static, or upgrade to Pro.',
    );
  }
  // Scan settings over the owner's plan (supabase/migrations/20261129005000_scan_settings_plan_limits.sql): the
  // database's sentence, then what to do about it.
  if (state === 'PT403') {
    const hint = typeof err === 'object' && err !== null && 'hint' in err ? (err as { hint: unknown }).hint : null;
    return new ApiV1Error(
      403,
      'plan_limit_reached',
      typeof hint === 'string' && hint ? `${message}. ${hint}` : message,
    );
  }
  // Rules that span fields, which only the database sees whole (a patch changes some fields of a stored row).
  if (state === '23514' && /qr_codes_dynamic_destination/.test(message)) {
    return invalidRequest('"destination": is required for a dynamic code');
  }
  // A PDF or Images page naming a file outside the owner's folder (20261129005310_file_pages.sql).
  if (state === '23514' && /qr_codes_page_files_owned/.test(message)) {
    return invalidRequest('"page": names a file outside your own folder of page-files (<your user id>/…)');
  }
  if (state === '23514' || state === '22001' || state === '22023' || state === '22P02' || state === '54000') {
    return invalidRequest(`The database refused the values: ${message}`);
  }
  return null;
}

const listRoute = createRoute({
  method: 'get',
  path: '/codes',
  summary: 'List your QR codes, newest first',
  request: { query: ListQuerySchema },
  responses: {
    200: { description: 'A page of codes', content: { 'application/json': { schema: CodeListSchema } } },
    ...COMMON_ERRORS,
  },
});

const createCodeRoute = createRoute({
  method: 'post',
  path: '/codes',
  summary: 'Save a static or dynamic QR code',
  request: { body: { required: true, content: { 'application/json': { schema: CodeCreateSchema } } } },
  responses: {
    201: { description: 'The saved code', content: { 'application/json': { schema: CodeSchema } } },
    ...COMMON_ERRORS,
    ...WRITE_ERRORS,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/codes/{id}',
  summary: 'One of your QR codes',
  request: { params: IdParamSchema },
  responses: {
    200: { description: 'The code', content: { 'application/json': { schema: CodeSchema } } },
    ...COMMON_ERRORS,
    ...NOT_FOUND,
  },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/codes/{id}',
  summary: "Change a code's fields (a dynamic code's destination, its status …)",
  request: {
    params: IdParamSchema,
    body: { required: true, content: { 'application/json': { schema: CodePatchSchema } } },
  },
  responses: {
    200: { description: 'The changed code', content: { 'application/json': { schema: CodeSchema } } },
    ...COMMON_ERRORS,
    ...NOT_FOUND,
    ...WRITE_ERRORS,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/codes/{id}',
  summary: 'Delete a code with its scans',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Deleted' }, ...COMMON_ERRORS, ...NOT_FOUND },
});

const scansRoute = createRoute({
  method: 'get',
  path: '/codes/{id}/scans',
  summary: "A code's scans over a range of days: totals, per day and breakdowns, or every scan as CSV",
  request: { params: IdParamSchema, query: ScansQuerySchema },
  responses: {
    200: {
      description: 'Aggregates (format=json) or the scans CSV export (format=csv)',
      content: {
        'application/json': { schema: ScanStatsSchema },
        'text/csv': {
          schema: z
            .string()
            .openapi({ description: 'RFC 4180: scanned_at,code_name,slug,country,device_type,os,browser,unique' }),
        },
      },
    },
    ...COMMON_ERRORS,
    ...NOT_FOUND,
  },
});

const SECURITY: Array<Record<string, string[]>> = [{ bearerKey: [] }, { headerKey: [] }];

export function createApiV1App(deps: ApiV1Deps): OpenAPIHono<ApiV1Env> {
  const app = new OpenAPIHono<ApiV1Env>({
    defaultHook: (result) => {
      if (!result.success) throw invalidRequest(describeIssues(result.error.issues));
    },
  });

  const authenticate: MiddlewareHandler<ApiV1Env> = async (c, next) => {
    const key = apiKeyFrom(c.req.raw.headers);
    const hash = await hashApiKey(key);
    const state = deps.limiter.take(hash);
    const headers = rateLimitHeaders(state);
    if (!state.allowed) {
      throw new ApiV1Error(429, 'rate_limited', `Too many requests with this key: retry in ${state.retryAfterSec} s`, {
        ...headers,
        'Retry-After': String(state.retryAfterSec),
      });
    }
    const userId = deps.keyCache
      ? await deps.keyCache.resolve(hash, (h) => deps.store.resolveKey(h))
      : await deps.store.resolveKey(hash);
    if (userId === null) {
      throw new ApiV1Error(401, 'invalid_api_key', 'This API key is unknown or has been revoked', {
        'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"',
      });
    }
    c.set('session', deps.store.asUser(userId));
    c.set('userId', userId);
    c.set('rateHeaders', headers);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
  const tooLarge = () => {
    throw new ApiV1Error(413, 'payload_too_large', `The body must be at most ${MAX_API_BODY_BYTES} bytes`);
  };
  // First: a preflight is answered before any key is asked for, and every answer (errors too) carries CORS.
  app.use('*', apiCors);
  // '/codes/*' matches '/codes' itself too: one pass per request.
  app.use('/codes/*', authenticate, bodyLimit({ maxSize: MAX_API_BODY_BYTES, onError: tooLarge }));
  app.use('/qr', authenticate);

  app.openapi(listRoute, async (c) => {
    const { limit, offset } = c.req.valid('query');
    const { codes, total } = await c.var.session.listCodes(limit, offset);
    const next = offset + codes.length < total && codes.length > 0 ? offset + codes.length : null;
    return c.json(
      {
        data: codes.map((code) => publicCode(code, c.req.raw, deps)),
        pagination: { limit, offset, total, next_offset: next },
      },
      200,
    );
  });

  app.openapi(createCodeRoute, async (c) => {
    const code = await c.var.session.createCode(c.req.valid('json'));
    return c.json(publicCode(code, c.req.raw, deps), 201, { Location: `${new URL(c.req.url).pathname}/${code.id}` });
  });

  app.openapi(getRoute, async (c) => {
    const code = await c.var.session.getCode(c.req.valid('param').id);
    if (!code) throw codeNotFound();
    return c.json(publicCode(code, c.req.raw, deps), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const code = await c.var.session.updateCode(c.req.valid('param').id, c.req.valid('json'));
    if (!code) throw codeNotFound();
    return c.json(publicCode(code, c.req.raw, deps), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    if (!(await c.var.session.deleteCode(c.req.valid('param').id))) throw codeNotFound();
    return c.body(null, 204);
  });

  app.openapi(scansRoute, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const timeZone = query.tz ?? 'UTC';
    const toDay = query.to ?? dayIn(deps.now(), timeZone);
    const fromDay = query.from ?? addDays(toDay, -29);
    const span = daysBetween(fromDay, toDay);
    if (span < 0) throw invalidRequest('"from" must be on or before "to"');
    if (span >= MAX_RANGE_DAYS) throw invalidRequest(`The range may cover at most ${MAX_RANGE_DAYS} days`);
    const range = {
      fromDay,
      toDay,
      timeZone,
      fromInstant: startOfDayIn(fromDay, timeZone).toISOString(),
      toInstant: startOfDayIn(addDays(toDay, 1), timeZone).toISOString(),
    };
    const session = c.var.session;
    if (query.format === 'csv') return scansCsv(c, session, id, range);
    const stats = await session.scanStats(id, range);
    if (!stats) throw codeNotFound();
    return c.json({ code_id: id, from: fromDay, to: toDay, time_zone: timeZone, ...stats }, 200);
  });

  /** The scans CSV export's own handler, reading as the key's owner. */
  async function scansCsv(
    c: Context<ApiV1Env>,
    session: UserSession,
    id: string,
    range: { fromInstant: string; toInstant: string; timeZone: string },
  ): Promise<Response> {
    if (!(await session.getCode(id))) throw codeNotFound();
    const exportHandler = createScansExportHandler({
      openSession: () => session.exportSession(),
      pageSize: deps.exportPageSize,
      onError: deps.onError,
    });
    const params = new URLSearchParams({ from: range.fromInstant, to: range.toInstant, code: id, tz: range.timeZone });
    // The handler reads its input from a request; the key has been checked, so the token it wants is a stand-in.
    const response = await exportHandler(
      new Request(`${new URL(c.req.url).origin}/export?${params}`, { headers: { Authorization: 'Bearer api-key' } }),
    );
    if (response.ok) return response;
    const { message } = (await response.json()) as { message: string };
    if (response.status === 429)
      throw new ApiV1Error(429, 'rate_limited', message, { 'Retry-After': response.headers.get('Retry-After') ?? '1' });
    if (response.status === 404) throw codeNotFound();
    throw new Error(`scans export answered ${response.status}: ${message}`);
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'Authorization: Bearer qrc_…',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'headerKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
  });
  app.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'QRCraft API',
      version: '1.0.0',
      description: 'Manage your saved and dynamic QR codes and read their scans. Create a key in Settings → API keys.',
    },
    // Where this document was fetched from, less its own name: /api/v1 locally, /api or /functions/v1/api on Edge.
    servers: [{ url: c.req.url.replace(/\/openapi\.json(\?.*)?$/, '') }],
    security: SECURITY,
  }));
  app.get('/docs', (c) => c.html(referencePage('openapi.json')));

  deps.extend?.(app);

  // Known paths with other methods: 405 with Allow, not a 404 that suggests the path is wrong.
  const allow: Record<string, string> = {
    '/codes': 'GET, POST',
    '/codes/:id': 'GET, PATCH, DELETE',
    '/codes/:id/scans': 'GET',
  };
  for (const [path, methods] of Object.entries(allow)) {
    app.all(path, () => {
      throw new ApiV1Error(405, 'method_not_allowed', `Use ${methods} on this path`, { Allow: methods });
    });
  }
  // A catch-all route, not notFound: a mounted app's notFound gives way to the parent's.
  app.all('*', (c) => {
    throw new ApiV1Error(404, 'not_found', `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`);
  });
  app.onError((err, c) => {
    const headers = c.get('rateHeaders') ?? {};
    if (err instanceof ApiV1Error) return errorResponse(err, headers);
    if (err instanceof HTTPException) {
      if (err.status === 415) {
        return errorResponse(
          new ApiV1Error(415, 'unsupported_media_type', 'Send the body as application/json'),
          headers,
        );
      }
      if (err.status === 400) {
        return errorResponse(new ApiV1Error(400, 'invalid_json', 'The body is not valid JSON'), headers);
      }
    }
    const known = refusal(err);
    if (known) return errorResponse(known, headers);
    if (deps.isUnavailable?.(err)) {
      return errorResponse(
        new ApiV1Error(503, 'service_unavailable', 'The database is unavailable, please retry in a moment', {
          'Retry-After': '1',
        }),
        headers,
      );
    }
    deps.onError?.(err);
    return errorResponse(new ApiV1Error(500, 'internal_error', 'Unexpected failure'), headers);
  });
  return app;
}
