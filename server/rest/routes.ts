// /rest/v1: the subset of PostgREST that supabase-js `from(...)` and `rpc(...)` use (README: "Data API, RLS
// and redirects"). Every request runs in one transaction as anon / authenticated / service_role with its
// JWT claims set, so grants and row-level security are Postgres's decisions, never this file's.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { errors as joseErrors } from 'jose';
import { DbUnavailableError, sqlState, type Queryable } from '../db.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { clientIp, readBodyText } from '../http.ts';
import { JwtError } from '../tokens.ts';
import { API_ROLES, runAs, type ApiRole } from './as-role.ts';

type RunAs = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
import {
  Params,
  RESERVED,
  RestError,
  parseFilter,
  parseOrder,
  parsePrefer,
  parseRange,
  parseSelect,
  toParam,
  unsupported,
} from './query.ts';
import { ident, loadSchema, type Column, type FunctionDef, type SchemaCache } from './schema.ts';

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';

interface Caller {
  role: ApiRole;
  claims: Record<string, unknown>;
}

interface Result {
  body: string;
  n: number;
}

/** The PostgREST status of a SQLSTATE (docs.postgrest.org, "Errors"; 42501 depends on the role). */
export function statusOfSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const exact: Record<string, number> = {
    '23503': 409, '23505': 409, '25006': 405, '53400': 500, P0001: 400, '42883': 404, '42P01': 404,
    '42P17': 500,
  };
  if (code in exact) return exact[code]!;
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500,
    '3B': 500, '40': 500, '53': 503, '54': 500, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

function jsonResponse(status: number, body: string | null, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

function errorOut(err: RestError, extra: Record<string, string> = {}): Response {
  return jsonResponse(err.status, JSON.stringify(err.body()), extra);
}

async function authenticateCaller(deps: Deps, c: Context): Promise<Caller> {
  const header = c.req.header('Authorization');
  if (!header) return { role: 'anon', claims: { role: 'anon' } };
  const m = /^bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) throw new RestError(401, 'PGRST301', 'Invalid Authorization header: expected "Bearer <JWT>"');
  let claims: Record<string, unknown>;
  try {
    claims = (await deps.signer.verify(m[1]!, deps.config.now())) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof JwtError && /expired/.test(err.message)) {
      throw new RestError(401, 'PGRST303', 'JWT expired');
    }
    if (err instanceof JwtError || err instanceof joseErrors.JOSEError) {
      throw new RestError(401, 'PGRST301', `Invalid JWT: ${err.message}`);
    }
    throw err;
  }
  const role = claims.role ?? 'anon';
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    throw new RestError(401, 'PGRST301', `JWT role "${String(role).slice(0, 40)}" is not an API role`);
  }
  return { role: role as ApiRole, claims };
}

function wantsObject(c: Context): boolean {
  return (c.req.header('Accept') ?? '').toLowerCase().includes(OBJECT_MEDIA);
}

/** Filters from every non-reserved query parameter, in order. */
function whereClause(
  query: URLSearchParams,
  columns: Map<string, Column>,
  relation: string,
  params: Params,
  skip: ReadonlySet<string> = new Set(),
): string {
  const conds: string[] = [];
  for (const [key, value] of query) {
    if (RESERVED.has(key) || skip.has(key)) continue;
    conds.push(parseFilter(key, value, columns, relation, params));
  }
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

function singular(result: Result): string {
  if (result.n !== 1) {
    throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned',
      `The result contains ${result.n} rows`);
  }
  const rows = JSON.parse(result.body) as unknown[];
  return JSON.stringify(rows[0]);
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

async function one(tx: Queryable, sql: string, params: Params): Promise<Result> {
  const rows = await tx.query<{ body: string; n: number }>(sql, params.values);
  const row = rows[0];
  const body = typeof row?.body === 'string' ? row.body : JSON.stringify(row?.body ?? []);
  return { body, n: Number(row?.n ?? 0) };
}

/** Deeper JSON than any column of ours holds; PostgreSQL's jsonb parser runs out of stack near 4,000 levels. */
export const MAX_JSON_DEPTH = 64;

/** Nesting depth of a parsed JSON value, without recursion (a 1 MiB body can nest 500,000 levels). */
function depthExceeds(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', err instanceof Error ? err.message : null);
  }
  if (depthExceeds(value, MAX_JSON_DEPTH)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', `JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
  return value;
}

const rateLimited = (retryAfterSec: number, what: string) =>
  new RestError(429, 'over_request_rate_limit', `Request rate limit reached: ${what}`, null,
    `Retry after ${retryAfterSec} s.`, { 'Retry-After': String(retryAfterSec) });

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function columnOrPgrst204(columns: Map<string, Column>, table: string, name: string): Column {
  const col = columns.get(name);
  if (!col) throw new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table}' in the schema cache`);
  return col;
}

export function registerRest(app: Hono, deps: Deps): void {
  let schemaPromise: Promise<SchemaCache> | undefined;
  const schema = () => {
    schemaPromise ??= loadSchema(deps.apiDb).catch((err: unknown) => {
      schemaPromise = undefined;
      throw err;
    });
    return schemaPromise;
  };

  const { limiters, gate } = deps;
  const { maxRows, statementTimeoutMs } = deps.config.apiLimits;

  /**
   * Fair use before any database work: the caller's and the client IP's request buckets, then the caller's
   * place in line (at most a few of its requests run at once). Returns the function that frees the place.
   */
  const admit = async (key: string, ip: string): Promise<() => void> => {
    if (!limiters.restPerIp.take(ip)) throw rateLimited(limiters.restPerIp.retryAfterSec(ip), 'too many requests from this address');
    if (!limiters.rest.take(key)) throw rateLimited(limiters.rest.retryAfterSec(key), 'too many requests');
    const leave = await gate.enter(key);
    if (!leave) throw rateLimited(1, 'too many requests at once');
    return leave;
  };

  const handle = async (
    c: Context,
    work: (caller: Caller, s: SchemaCache, run: RunAs, key: string) => Promise<Response>,
  ): Promise<Response> => {
    let caller: Caller = { role: 'anon', claims: { role: 'anon' } };
    let leave: (() => void) | undefined;
    try {
      caller = await authenticateCaller(deps, c);
      const ip = clientIp(c, deps.config.rateLimits.ipHeader);
      const sub = caller.claims.sub;
      const key = typeof sub === 'string' && sub !== '' ? `user:${sub}` : `ip:${ip}`;
      leave = await admit(key, ip);
      const { role, claims } = caller;
      const run: RunAs = (fn) => runAs(deps.apiDb, role, claims, fn, statementTimeoutMs[role], key);
      const res = await work(caller, await schema(), run, key);
      if (c.req.method === 'HEAD') return new Response(null, { status: res.status, headers: res.headers });
      return res;
    } catch (err) {
      if (err instanceof RestError) {
        const extra: Record<string, string> =
          err.status === 401 && err.code.startsWith('PGRST3')
            ? { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${err.message.replaceAll('"', "'")}"` }
            : {};
        return errorOut(err, { ...err.headers, ...extra });
      }
      if (err instanceof DbUnavailableError) {
        deps.config.log(`${c.req.method} ${c.req.path}: ${err.message}`);
        return errorOut(new RestError(503, 'PGRST001', 'Database client error. Retrying the connection.', null, null, { 'Retry-After': '1' }));
      }
      // Shared plumbing (the 1 MiB body limit) throws the auth server's errors: same status, PostgREST shape.
      if (err instanceof ApiError) return errorOut(new RestError(err.status, err.code, err.message));
      const code = sqlState(err);
      if (code) {
        const e = err as { message?: string; detail?: string; hint?: string };
        return errorOut(
          new RestError(statusOfSqlState(code, caller.role), code, e.message ?? 'database error', e.detail ?? null, e.hint ?? null),
        );
      }
      deps.config.log(`unexpected error on ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return errorOut(new RestError(500, 'PGRST000', 'Unexpected failure, please check server logs'));
    } finally {
      leave?.();
    }
  };

  /** limit/offset or Range, with at most maxRows rows (PostgREST's db-max-rows). */
  const pageOf = (query: URLSearchParams, range: string | undefined) => {
    const { limit, offset } = parseRange(query, range);
    const capped = Math.min(limit ?? maxRows, maxRows);
    return { offset, page: ` LIMIT ${capped}${offset ? ` OFFSET ${offset}` : ''}` };
  };

  // ---- tables -------------------------------------------------------------------------------------
  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], '/:table', (c) =>
    handle(c, async (_caller, s, run, key) => {
      const table = c.req.param('table');
      const rel = s.relations.get(table);
      if (!rel) {
        throw new RestError(404, 'PGRST205', `Could not find the table 'public.${table.slice(0, 60)}' in the schema cache`);
      }
      const query = new URL(c.req.url).searchParams;
      const prefer = parsePrefer(c.req.header('Prefer'));
      const params = new Params();
      const from = `public.${ident(rel.name)}`;
      const select = parseSelect(query.get('select') ?? undefined, rel.columns, table);
      const method = c.req.method;

      if (method === 'GET' || method === 'HEAD') {
        const where = whereClause(query, rel.columns, table, params);
        const order = query.get('order');
        const orderBy = order ? ` ORDER BY ${parseOrder(order, rel.columns, table)}` : '';
        const { offset, page } = pageOf(query, c.req.header('Range'));
        const sql = `SELECT coalesce(json_agg(_t), '[]')::text AS body, count(*)::int AS n
                       FROM (SELECT ${select} FROM ${from}${where}${orderBy}${page}) _t`;
        const { result, total } = await run(async (tx) => {
          const result = await one(tx, sql, params);
          const total = prefer.count
            ? Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}${where}`, params.values))[0]?.n ?? 0)
            : null;
          return { result, total };
        });
        const headers = { 'Content-Range': contentRange(offset, result.n, total) };
        if (wantsObject(c)) {
          return jsonResponse(200, singular(result), { ...headers, 'Content-Type': `${OBJECT_MEDIA}; charset=utf-8` });
        }
        return jsonResponse(200, result.body, headers);
      }

      if (query.has('limit') || query.has('offset')) {
        throw unsupported('limit / offset on insert, update or delete');
      }
      const returning = prefer.returnRepresentation;
      // order= on a mutation orders the returned representation (columns must be in the select list).
      const orderParam = query.get('order');
      const aggOrder = returning && orderParam ? ` ORDER BY ${parseOrder(orderParam, rel.columns, table)}` : '';
      let statement: string;

      if (method === 'POST') {
        if (query.has('on_conflict')) throw unsupported('upsert (on_conflict)');
        const body = parseJsonBody(await readBodyText(c));
        const rows = Array.isArray(body) ? body : [body];
        if (!rows.every(isPlainObject)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects');
        const objects = rows as Record<string, unknown>[];
        const columnsParam = query.get('columns');
        const names = columnsParam
          ? columnsParam.split(',').map((n) => n.trim().replace(/^"(.*)"$/, '$1')).filter(Boolean)
          : Object.keys(objects[0] ?? {});
        if (!columnsParam) {
          const key = [...names].sort().join('\u0000');
          if (objects.some((o) => Object.keys(o).sort().join('\u0000') !== key)) {
            throw new RestError(400, 'PGRST102', 'All object keys must match');
          }
        }
        const cols = names.map((n) => columnOrPgrst204(rel.columns, table, n));
        if (objects.length > maxRows) {
          throw new RestError(413, 'PGRST413', `Too many rows in one request: ${objects.length} (at most ${maxRows})`, null,
            `Send the rows in batches of at most ${maxRows}.`);
        }
        if (!limiters.restRows.take(key, objects.length)) {
          throw rateLimited(limiters.restRows.retryAfterSec(key, objects.length), `too many rows inserted (${objects.length} now)`);
        }
        if (objects.length === 0) {
          return returning ? jsonResponse(201, '[]', { 'Content-Range': '*/0' }) : new Response(null, { status: 201 });
        }
        if (cols.length === 0) {
          const first = ident([...rel.columns.keys()][0]!);
          statement = `INSERT INTO ${from} (${first}) VALUES ${objects.map(() => '(DEFAULT)').join(', ')}`;
        } else {
          const tuples = objects.map(
            (o) =>
              `(${cols
                .map((col) =>
                  Object.hasOwn(o, col.name)
                    ? params.add(toParam(o[col.name], col.type), col.type)
                    : prefer.missingDefault
                      ? 'DEFAULT'
                      : 'NULL',
                )
                .join(', ')})`,
          );
          statement = `INSERT INTO ${from} (${cols.map((col) => ident(col.name)).join(', ')}) VALUES ${tuples.join(', ')}`;
        }
      } else if (method === 'PATCH') {
        const body = parseJsonBody(await readBodyText(c));
        if (!isPlainObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object');
        const sets = Object.keys(body).map((name) => {
          const col = columnOrPgrst204(rel.columns, table, name);
          return `${ident(col.name)} = ${params.add(toParam(body[name], col.type), col.type)}`;
        });
        const where = whereClause(query, rel.columns, table, params);
        if (!where) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause', null, 'Add a filter, e.g. .eq("id", id)');
        if (sets.length === 0) {
          return returning ? jsonResponse(200, '[]', { 'Content-Range': '*/*' }) : new Response(null, { status: 204 });
        }
        statement = `UPDATE ${from} SET ${sets.join(', ')}${where}`;
      } else {
        const where = whereClause(query, rel.columns, table, params);
        if (!where) throw new RestError(400, '21000', 'DELETE requires a WHERE clause', null, 'Add a filter, e.g. .eq("id", id)');
        statement = `DELETE FROM ${from}${where}`;
      }

      const okStatus = method === 'POST' ? 201 : returning ? 200 : 204;
      const object = wantsObject(c);
      if (!returning && !object && !prefer.count) {
        await run((tx) => tx.query(statement, params.values));
        return new Response(null, { status: okStatus, headers: { 'Content-Range': '*/*' } });
      }
      const sql = `WITH _r AS (${statement} RETURNING ${returning ? select : '1 AS _one'})
                   SELECT ${returning ? `coalesce(json_agg(_r${aggOrder}), '[]')::text` : `'[]'`} AS body, count(*)::int AS n FROM _r`;
      // A singular request that does not touch exactly one row is rolled back, as PostgREST does.
      const { result, body } = await run(async (tx) => {
        const result = await one(tx, sql, params);
        return { result, body: object ? singular(result) : result.body };
      });
      const headers = { 'Content-Range': prefer.count ? `*/${result.n}` : '*/*' };
      if (!returning) return new Response(null, { status: okStatus, headers });
      return jsonResponse(okStatus, body, object ? { ...headers, 'Content-Type': `${OBJECT_MEDIA}; charset=utf-8` } : headers);
    }),
  );

  // ---- rpc ----------------------------------------------------------------------------------------
  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', (c) =>
    handle(c, async (_caller, s, run) => {
      const name = c.req.param('fn');
      const query = new URL(c.req.url).searchParams;
      const prefer = parsePrefer(c.req.header('Prefer'));
      const overloads = s.functions.get(name) ?? [];
      const argNames = new Set(overloads.flatMap((d) => d.inArgs.map((a) => a.name)));
      let args: Record<string, unknown>;
      if (c.req.method === 'POST') {
        const body = parseJsonBody(await readBodyText(c)) ?? {};
        if (!isPlainObject(body)) throw unsupported('rpc with a non-object body (bulk calls)');
        args = body;
      } else {
        args = {};
        for (const [k, v] of query) if (argNames.has(k) && !RESERVED.has(k)) args[k] = v;
      }
      const keys = Object.keys(args).sort();
      const def = overloads.find((d: FunctionDef) => {
        const names = d.inArgs.map((a) => a.name);
        const required = names.slice(0, names.length - d.defaults);
        return keys.every((k) => names.includes(k)) && required.every((r) => keys.includes(r));
      });
      if (!def) {
        throw new RestError(404, 'PGRST202',
          `Could not find the function public.${name.slice(0, 60)}(${keys.join(', ')}) in the schema cache`, null,
          'Check the function name and its argument names.');
      }
      const params = new Params();
      const call = `public.${ident(def.name)}(${keys
        .map((k) => {
          const arg = def.inArgs.find((a) => a.name === k)!;
          return `${ident(arg.name)} => ${params.add(toParam(args[k], arg.type), arg.type)}`;
        })
        .join(', ')})`;

      if (def.shape === 'void' || (def.shape === 'scalar' && !def.returnsSet)) {
        const sql = def.shape === 'void' ? `SELECT ${call}` : `SELECT to_json(${call})::text AS body`;
        const rows = await run((tx) => tx.query<{ body: string | null }>(sql, params.values));
        if (def.shape === 'void') return new Response(null, { status: 204 });
        return jsonResponse(200, rows[0]?.body ?? 'null');
      }

      if (def.columns.size === 0) {
        // SETOF a scalar type: an array of values.
        const sql = `SELECT coalesce(json_agg(_t._v), '[]')::text AS body, count(*)::int AS n FROM ${call} AS _t(_v)`;
        const result = await run((tx) => one(tx, sql, params));
        return jsonResponse(200, result.body, { 'Content-Range': contentRange(0, result.n, prefer.count ? result.n : null) });
      }

      // Table-shaped results accept select, filters, order and limit/offset; the function runs once.
      const skip = new Set(c.req.method === 'POST' ? [] : keys);
      const select = parseSelect(query.get('select') ?? undefined, def.columns, name);
      const where = whereClause(query, def.columns, name, params, skip);
      const order = query.get('order');
      const orderBy = order ? ` ORDER BY ${parseOrder(order, def.columns, name)}` : '';
      const { offset, page } = pageOf(query, c.req.header('Range'));
      const sql = `WITH _all AS MATERIALIZED (SELECT * FROM ${call} AS _f${where}),
                        _page AS (SELECT ${select} FROM _all${orderBy}${page})
                   SELECT (SELECT count(*)::int FROM _all) AS total,
                          coalesce((SELECT json_agg(_page) FROM _page), '[]')::text AS body,
                          (SELECT count(*)::int FROM _page) AS n`;
      const row = (
        await run((tx) =>
          tx.query<{ total: number; body: string; n: number }>(sql, params.values),
        )
      )[0]!;
      const result: Result = { body: row.body, n: Number(row.n) };
      if (!def.returnsSet) {
        const rows = JSON.parse(result.body) as unknown[];
        return jsonResponse(200, JSON.stringify(rows[0] ?? null));
      }
      const headers = { 'Content-Range': contentRange(offset, result.n, prefer.count ? Number(row.total) : null) };
      if (wantsObject(c)) {
        return jsonResponse(200, singular(result), { ...headers, 'Content-Type': `${OBJECT_MEDIA}; charset=utf-8` });
      }
      return jsonResponse(200, result.body, headers);
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
