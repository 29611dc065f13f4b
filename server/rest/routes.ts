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
import { createHandler, type RunAs } from './handle.ts';
import { planRpc, type RpcPlan } from './plan-rpc.ts';
import { planTable, type ReadPlan, type RestRequest, type WritePlan } from './plan.ts';
import { OBJECT_MEDIA, OBJECT_TYPE, contentRange, jsonResponse, rowsResponse, singular, type Result } from './respond.ts';
import { readSql, rpcSql, writeSql, type SqlQuery } from './sql.ts';

function restRequest(c: Context): RestRequest {
  return {
    method: c.req.method,
    query: new URL(c.req.url).searchParams,
    prefer: c.req.header('Prefer'),
    range: c.req.header('Range'),
    object: (c.req.header('Accept') ?? '').toLowerCase().includes(OBJECT_MEDIA),
    body: () => readBodyText(c),
  };
}

async function one(tx: Queryable, q: SqlQuery): Promise<Result> {
  const rows = await tx.query<{ body: string; n: number }>(q.sql, q.values);
  const row = rows[0];
  const body = typeof row?.body === 'string' ? row.body : JSON.stringify(row?.body ?? []);
  return { body, n: Number(row?.n ?? 0) };
}

async function read(plan: ReadPlan, run: RunAs): Promise<Response> {
  const q = readSql(plan);
  const { result, total } = await run(async (tx) => {
    const result = await one(tx, q);
    const total = q.countSql ? Number((await tx.query<{ n: number }>(q.countSql, q.values))[0]?.n ?? 0) : null;
    return { result, total };
  });
  return rowsResponse(result, { 'Content-Range': contentRange(plan.offset, result.n, total) }, plan.object);
}

async function write(plan: WritePlan, run: RunAs, takeRows: (n: number) => void): Promise<Response> {
  const { statement, returning, status } = plan;
  if (statement.kind === 'insert') {
    takeRows(statement.rows.length);
    if (statement.rows.length === 0) {
      return returning ? jsonResponse(201, '[]', { 'Content-Range': '*/0' }) : new Response(null, { status: 201 });
    }
  }
  if (statement.kind === 'update' && statement.sets.length === 0) {
    return returning ? jsonResponse(200, '[]', { 'Content-Range': '*/*' }) : new Response(null, { status: 204 });
  }
  const q = writeSql(plan);
  if (!q.wrapped) {
    await run((tx) => tx.query(q.sql, q.values));
    return new Response(null, { status, headers: { 'Content-Range': '*/*' } });
  }
  // A singular request that does not touch exactly one row is rolled back, as PostgREST does.
  const { result, body } = await run(async (tx) => {
    const result = await one(tx, q);
    return { result, body: plan.object ? singular(result) : result.body };
  });
  const headers = { 'Content-Range': plan.count ? `*/${result.n}` : '*/*' };
  if (!returning) return new Response(null, { status, headers });
  return jsonResponse(status, body, plan.object ? { ...headers, ...OBJECT_TYPE } : headers);
}

async function rpc(plan: RpcPlan, run: RunAs): Promise<Response> {
  const q = rpcSql(plan);
  if (plan.kind === 'void' || plan.kind === 'scalar') {
    const rows = await run((tx) => tx.query<{ body: string | null }>(q.sql, q.values));
    if (plan.kind === 'void') return new Response(null, { status: 204 });
    return jsonResponse(200, rows[0]?.body ?? 'null');
  }
  if (plan.kind === 'scalar-set') {
    const result = await run((tx) => one(tx, q));
    return jsonResponse(200, result.body, { 'Content-Range': contentRange(0, result.n, plan.count ? result.n : null) });
  }
  const row = (await run((tx) => tx.query<{ total: number; body: string; n: number }>(q.sql, q.values)))[0]!;
  const result: Result = { body: row.body, n: Number(row.n) };
  if (!plan.returnsSet) {
    const rows = JSON.parse(result.body) as unknown[];
    return jsonResponse(200, JSON.stringify(rows[0] ?? null));
  }
  const headers = { 'Content-Range': contentRange(plan.offset, result.n, plan.count ? Number(row.total) : null) };
  return rowsResponse(result, headers, plan.object);
}

export function registerRest(app: Hono, deps: Deps): void {
  const handle = createHandler(deps);
  const { maxRows } = deps.config.apiLimits;
  const { restRows } = deps.limiters;

  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], '/:table', (c) =>
    handle(c, async (schema, run, { key }) => {
      const plan = await planTable(restRequest(c), schema, c.req.param('table'), maxRows);
      if (plan.kind === 'read') return read(plan, run);
      return write(plan, run, (n) => {
        if (!restRows.take(key, n)) throw restRateLimited(restRows.retryAfterSec(key, n), `too many rows inserted (${n} now)`);
      });
    }),
  );

  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', (c) =>
    handle(c, async (schema, run) => rpc(await planRpc(restRequest(c), schema, c.req.param('fn'), maxRows), run)),
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
