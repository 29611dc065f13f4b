// /rest/v1: the subset of PostgREST that supabase-js `from(...)` and `rpc(...)` use (docs/server.md, "Data API,
// RLS and redirects"). Each request goes parse → plan (plan.ts, plan-rpc.ts) → SQL (sql.ts) and runs in one
// transaction as anon / authenticated / service_role with its JWT claims set (handle.ts), so grants and
// row-level security are Postgres's decisions, never this file's. This file runs the SQL and shapes the answer.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Queryable } from '../lib/db.ts';
import type { Deps } from '../lib/deps.ts';
import { readBodyText } from '../lib/http.ts';
import { RestError, restRateLimited } from './errors.ts';
import { EXPOSED_SCHEMA, OBJECT_MEDIA, type Media } from './media.ts';
import { preferenceApplied, preferredTimezone, type Prefer } from './parse.ts';
import { FUNCTIONS_IN_PARTS, runInParts } from './bulk-parts.ts';
import { createHandler, type RunAs } from './handle.ts';
import { HEAVY_FUNCTIONS, enterHeavyWork } from './heavy-work.ts';
import { deleteScansOfCodesFirst } from './delete-in-parts.ts';
import { planRpc, type RpcPlan } from './plan-rpc.ts';
import { planTable, type ReadPlan, type RestRequest, type WritePlan } from './plan.ts';
import { contentRange, jsonResponse, singular, type Result } from './respond.ts';
import { readSql, rpcSql, writeSql, type SqlQuery } from './sql.ts';

/**
 * The query string as PostgREST reads it (http-types' parseQuery): `&` and `;` both separate parameters, and a
 * parameter without `=` has no value, so it is no filter at all.
 */
export function queryParams(search: string): URLSearchParams {
  return new URLSearchParams(
    search
      .replace(/^\?/, '')
      .split(/[&;]/)
      .filter((part) => part.includes('='))
      .join('&'),
  );
}

function restRequest(c: Context): RestRequest {
  const accept = c.req.header('Accept');
  return {
    method: c.req.method,
    query: queryParams(new URL(c.req.url).search),
    prefer: c.req.header('Prefer'),
    range: c.req.header('Range'),
    object: (accept ?? '').includes(OBJECT_MEDIA),
    accept,
    contentType: c.req.header('Content-Type'),
    acceptProfile: c.req.header('Accept-Profile'),
    contentProfile: c.req.header('Content-Profile'),
    body: () => readBodyText(c),
  };
}

async function one(tx: Queryable, q: SqlQuery): Promise<Result> {
  const rows = await tx.query<{ body: string; n: number }>(q.sql, q.values);
  const row = rows[0];
  const body = typeof row?.body === 'string' ? row.body : JSON.stringify(row?.body ?? []);
  return { body, n: Number(row?.n ?? 0) };
}

/** run, with the transaction's time zone set first when the request asked for one (Prefer: timezone=…). */
function inZone(run: RunAs, prefer: Prefer): RunAs {
  const zone = preferredTimezone(prefer);
  if (zone === undefined) return run;
  return (fn) =>
    run(async (tx) => {
      await tx.query(`SELECT set_config('timezone', $1, true)`, [zone]);
      return fn(tx);
    });
}

/** Content-Type (and Content-Profile when the request named the schema) of an answer with a body. */
function typeHeaders(media: Media, profiled: boolean): Record<string, string> {
  return { 'Content-Type': media.contentType, ...(profiled ? { 'Content-Profile': EXPOSED_SCHEMA } : {}) };
}

/**
 * The answer to a page of rows (a read, or a function's rows), as PostgREST's rangeStatusHeader decides it:
 * with a counted total, 416 PGRST103 when the page starts past the end, 206 when it is not all of them.
 */
function pageResponse(
  result: Result,
  offset: number,
  total: number | null,
  media: Media,
  extra: Record<string, string>,
): Response {
  const headers = { 'Content-Range': contentRange(offset, result.n, total), ...extra, ...typeHeaders(media, false) };
  if (total !== null && offset > total) {
    const err = new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
    return new Response(JSON.stringify(err.body()), { status: 416, headers });
  }
  const status = total !== null && result.n < total ? 206 : 200;
  const body = media.object ? singular(result) : result.body;
  return new Response(body, { status, headers });
}

async function read(plan: ReadPlan, run: RunAs): Promise<Response> {
  const q = readSql(plan);
  const { result, total } = await run(async (tx) => {
    const result = await one(tx, q);
    const total = q.countSql ? Number((await tx.query<{ n: number }>(q.countSql, q.values))[0]?.n ?? 0) : null;
    return { result, total };
  });
  const extra = {
    ...preferenceApplied(plan.prefer, 'read'),
    ...(plan.profiled ? { 'Content-Profile': EXPOSED_SCHEMA } : {}),
  };
  return pageResponse(result, plan.offset, total, plan.media, extra);
}

/**
 * Content-Range of a write, as PostgREST 12 answers it: inserts and deletes `*\/n` (n counted) or `*\/*`;
 * updates the rows they changed, `0-(n-1)/*` (or `/n` when counted).
 */
function writeRange(plan: WritePlan, n: number): string {
  const total = plan.count ? String(n) : '*';
  if (plan.statement.kind !== 'update') return `*/${total}`;
  return n > 0 && total !== '0' ? `0-${n - 1}/${total}` : `*/${total}`;
}

async function write(plan: WritePlan, run: RunAs, takeRows: (n: number) => void): Promise<Response> {
  const { statement, returning, status } = plan;
  const kind = statement.kind === 'insert' ? 'create' : statement.kind;
  const applied = preferenceApplied(plan.prefer, kind);
  const answer = (n: number, body: string | null) => {
    const headers = { 'Content-Range': writeRange(plan, n), ...applied };
    if (!returning) return new Response(null, { status, headers });
    return new Response(body, { status, headers: { ...headers, ...typeHeaders(plan.media, plan.profiled) } });
  };
  if (statement.kind === 'insert') {
    takeRows(statement.rows.length);
  }
  if (statement.kind === 'update' && statement.sets.length === 0) {
    return returning
      ? jsonResponse(200, '[]', { 'Content-Range': '*/*', ...applied })
      : new Response(null, { status: 204, headers: applied });
  }
  const q = writeSql(plan);
  if (!q.wrapped) {
    await run((tx) => tx.query(q.sql, q.values));
    return answer(0, null);
  }
  // A singular request that does not touch exactly one row is rolled back, as PostgREST does.
  const { result, body } = await run(async (tx) => {
    const result = await one(tx, q);
    return { result, body: plan.object ? singular(result) : result.body };
  });
  return answer(result.n, body);
}

async function rpc(plan: RpcPlan, run: RunAs): Promise<Response> {
  const q = rpcSql(plan);
  const applied = preferenceApplied(plan.prefer, 'invoke');
  if (plan.kind === 'void' || plan.kind === 'scalar') {
    const rows = await run((tx) => tx.query<{ body: string | null }>(q.sql, q.values));
    // PostgREST counts the one value as one row, for void functions too.
    const headers = { 'Content-Range': contentRange(0, 1, plan.prefer.count ? 1 : null), ...applied };
    if (plan.kind === 'void') return new Response(null, { status: 204, headers });
    const body = rows[0]?.body ?? 'null';
    return new Response(plan.media.object ? singularValue(body) : body, {
      status: 200,
      headers: { ...headers, ...typeHeaders(plan.media, plan.profiled) },
    });
  }
  const extra = { ...applied, ...(plan.profiled ? { 'Content-Profile': EXPOSED_SCHEMA } : {}) };
  if (plan.kind === 'scalar-set') {
    const result = await run((tx) => one(tx, q));
    return pageResponse(result, 0, plan.count ? result.n : null, plan.media, extra);
  }
  const row = (await run((tx) => tx.query<{ total: number; body: string; n: number }>(q.sql, q.values)))[0]!;
  const result: Result = { body: row.body, n: Number(row.n) };
  if (!plan.returnsSet) {
    const rows = JSON.parse(result.body) as unknown[];
    const headers = {
      'Content-Range': contentRange(0, 1, plan.count ? 1 : null),
      ...extra,
      ...typeHeaders(plan.media, false),
    };
    return new Response(JSON.stringify(rows[0] ?? null), { status: 200, headers });
  }
  return pageResponse(result, plan.offset, plan.count ? Number(row.total) : null, plan.media, extra);
}

/** A single value asked for as an object: itself (PostgREST's json_agg(...)->0 of one value). */
function singularValue(body: string): string {
  return body;
}

export function registerRest(app: Hono, deps: Deps): void {
  const handle = createHandler(deps);
  const { maxRows } = deps.config.apiLimits;
  const { restRows } = deps.limiters;
  const { partRows } = deps.config.apiLimits;

  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], '/:table', (c) =>
    handle(c, async (schema, run, { key, runService }) => {
      const plan = await planTable(restRequest(c), schema, c.req.param('table'), maxRows);
      if (plan.kind === 'read') return read(plan, inZone(run, plan.prefer));
      if (partRows > 0) await deleteScansOfCodesFirst(plan, { run, runService, partRows });
      return write(plan, inZone(run, plan.prefer), (n) => {
        if (!restRows.take(key, n))
          throw restRateLimited(restRows.retryAfterSec(key, n), `too many rows inserted (${n} now)`);
      });
    }),
  );

  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', (c) =>
    handle(c, async (schema, run, { key, runService }) => {
      const fn = c.req.param('fn');
      // Heavy functions take from the caller's budget of heavy work first (429 when spent or busy).
      const leave = HEAVY_FUNCTIONS.has(fn) ? await enterHeavyWork(deps.work, key) : undefined;
      try {
        const plan = await planRpc(restRequest(c), schema, fn, maxRows);
        if (partRows > 0 && c.req.method === 'POST' && FUNCTIONS_IN_PARTS.has(plan.call.fn)) {
          const answer = (p: RpcPlan, r: RunAs) => rpc(p, inZone(r, p.prefer));
          const res = await runInParts(plan, { run, runService, partRows, answer });
          if (res) return res;
        }
        return await rpc(plan, inZone(run, plan.prefer));
      } finally {
        leave?.();
      }
    }),
  );

  app.all('*', (c) =>
    handle(c, () => {
      throw new RestError(404, 'PGRST205', `Could not find '${c.req.path.slice(0, 80)}' in the schema cache`);
    }),
  );
}

/** The /rest/v1 sub-application. */
export function restRoutes(deps: Deps): Hono {
  const rest = new Hono();
  registerRest(rest, deps);
  return rest;
}
