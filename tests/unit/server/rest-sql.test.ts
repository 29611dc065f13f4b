// The plan and SQL layers of /rest/v1 (server/rest/plan.ts, plan-rpc.ts, sql.ts) on a hand-made schema cache:
// a request → its plan → the exact SQL text and bind values. No database.
import { describe, expect, it } from 'vitest';
import { MAX_BIND_PARAMS, RestError } from '../../../server/rest/errors.ts';
import { planRpc } from '../../../server/rest/plan-rpc.ts';
import { planTable, type RestRequest } from '../../../server/rest/plan.ts';
import type { Column, FunctionDef, SchemaCache } from '../../../server/rest/schema.ts';
import { Params, readSql, rpcSql, toParam, writeSql } from '../../../server/rest/sql.ts';

const cols = (...specs: Array<[string, string]>): Map<string, Column> =>
  new Map(specs.map(([name, type]) => [name, { name, type }]));

const codes = cols(
  ['id', 'uuid'],
  ['name', 'text'],
  ['design', 'jsonb'],
  ['is_dynamic', 'boolean'],
  ['created_at', 'timestamp with time zone'],
);
const topCodes: FunctionDef = {
  name: 'top_codes',
  inArgs: [{ name: 'p_limit', type: 'integer' }],
  defaults: 1,
  returnsSet: true,
  shape: 'composite',
  columns: cols(['name', 'text'], ['scans', 'bigint']),
};
const summary: FunctionDef = {
  name: 'summary',
  inArgs: [],
  defaults: 0,
  returnsSet: false,
  shape: 'scalar',
  columns: new Map(),
};
const schema: SchemaCache = {
  relations: new Map([['qr_codes', { name: 'qr_codes', columns: codes }]]),
  functions: new Map([
    ['top_codes', [topCodes]],
    ['summary', [summary]],
  ]),
};

function request(
  method: string,
  query: string,
  init: Partial<Omit<RestRequest, 'method' | 'query'>> & { text?: string } = {},
): RestRequest {
  return {
    method,
    query: new URLSearchParams(query),
    prefer: init.prefer,
    range: init.range,
    object: init.object ?? false,
    accept: init.accept,
    acceptProfile: init.acceptProfile,
    contentType: init.contentType,
    body: async () => init.text ?? '',
  };
}

const table = (req: RestRequest, maxRows = 1000) => planTable(req, schema, 'qr_codes', maxRows);

describe('reads', () => {
  it('select, filters, order and page become one statement with typed bind values', async () => {
    const plan = await table(
      request(
        'GET',
        'select=id,title:name&name=ilike.*menu*&is_dynamic=not.eq.true&id=in.(a,b)&design=is.null&order=created_at.desc.nullslast,name&limit=5&offset=10',
        {
          prefer: 'count=exact',
        },
      ),
    );
    expect(plan.kind).toBe('read');
    if (plan.kind !== 'read') return;
    expect(readSql(plan)).toEqual({
      sql:
        `SELECT coalesce(json_agg(_t), '[]')::text AS body, count(*)::int AS n FROM (SELECT "id", "name" AS "title" FROM public."qr_codes"` +
        ` WHERE "name"::text ILIKE $1::text AND NOT ("is_dynamic" = $2::boolean) AND "id" = ANY($3::uuid[]) AND "design" IS NULL` +
        ` ORDER BY "created_at" DESC NULLS LAST, "name" LIMIT 5 OFFSET 10) _t`,
      values: ['%menu%', 'true', ['a', 'b']],
      countSql:
        `SELECT count(*)::int AS n FROM public."qr_codes" WHERE "name"::text ILIKE $1::text AND NOT ("is_dynamic" = $2::boolean)` +
        ` AND "id" = ANY($3::uuid[]) AND "design" IS NULL`,
    });
  });

  it('caps the page at maxRows and reads a Range header', async () => {
    const plan = (await table(request('GET', '', { range: '2-900' }), 250)) as Parameters<typeof readSql>[0];
    expect(plan).toMatchObject({ limit: 250, offset: 2, select: [{ kind: 'star' }], filters: [], order: [] });
    expect(readSql(plan).sql).toBe(
      `SELECT coalesce(json_agg(_t), '[]')::text AS body, count(*)::int AS n FROM (SELECT * FROM public."qr_codes" LIMIT 250 OFFSET 2) _t`,
    );
  });

  it('checks every name against the schema cache, in the order the request gives them', async () => {
    await expect(table(request('GET', 'select=nope'))).rejects.toMatchObject({
      status: 400,
      code: '42703',
      message: 'column qr_codes.nope does not exist',
    });
    // A malformed value is reported before its unknown column, as PostgREST parses the query string first.
    await expect(table(request('GET', 'nope=garbage'))).rejects.toMatchObject({ code: 'PGRST100' });
    await expect(table(request('GET', 'order=nope.sideways'))).rejects.toMatchObject({ code: 'PGRST100' });
    await expect(table(request('GET', 'nope=eq.1'))).rejects.toMatchObject({ code: '42703' });
    await expect(planTable(request('GET', ''), schema, 'missing', 10)).rejects.toMatchObject({
      status: 404,
      code: 'PGRST205',
    });
  });
});

describe('writes', () => {
  it('a bulk insert with missing keys takes defaults (Prefer: missing=default) and returns the rows in order', async () => {
    const rows = [
      { name: 'a', design: { fg: '#000' } },
      { name: 'b', is_dynamic: true },
    ];
    const plan = await table(
      request('POST', 'columns=name,design,is_dynamic&select=id,name&order=name.desc', {
        prefer: 'return=representation,missing=default',
        text: JSON.stringify(rows),
      }),
    );
    if (plan.kind !== 'write') throw new Error('expected a write plan');
    expect(plan.status).toBe(201);
    expect(writeSql(plan)).toEqual({
      sql:
        `WITH _r AS (INSERT INTO public."qr_codes" ("name", "design", "is_dynamic") VALUES ($1::text, $2::jsonb, DEFAULT), ($3::text, DEFAULT, $4::boolean)` +
        ` RETURNING "id", "name") SELECT coalesce(json_agg(_r ORDER BY "name" DESC), '[]')::text AS body, count(*)::int AS n FROM _r`,
      values: ['a', '{"fg":"#000"}', 'b', 'true'],
      wrapped: true,
    });
  });

  it('an update without representation still counts its rows (Content-Range); sets come before the filters', async () => {
    const plan = await table(request('PATCH', 'id=eq.42', { text: '{"name":"x","design":null}' }));
    if (plan.kind !== 'write') throw new Error('expected a write plan');
    expect(plan.status).toBe(204);
    expect(writeSql(plan)).toEqual({
      sql: `WITH _r AS (UPDATE public."qr_codes" SET "name" = $1::text, "design" = $2::jsonb WHERE "id" = $3::uuid RETURNING 1 AS _one) SELECT '[]' AS body, count(*)::int AS n FROM _r`,
      values: ['x', null, '42'],
      wrapped: true,
    });
  });

  it('a counted delete is wrapped so that it answers how many rows went', async () => {
    const plan = await table(request('DELETE', 'name=like.tmp*', { prefer: 'count=exact' }));
    if (plan.kind !== 'write') throw new Error('expected a write plan');
    expect(writeSql(plan).sql).toBe(
      `WITH _r AS (DELETE FROM public."qr_codes" WHERE "name"::text LIKE $1::text RETURNING 1 AS _one) SELECT '[]' AS body, count(*)::int AS n FROM _r`,
    );
  });

  it('refuses unfiltered updates and deletes, unknown body columns, mismatched keys and too many rows', async () => {
    await expect(table(request('DELETE', ''))).rejects.toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
    await expect(table(request('PATCH', 'select=id', { text: '{"name":"x"}' }))).rejects.toMatchObject({
      code: '21000',
    });
    await expect(table(request('POST', '', { text: '{"owner":"x"}' }))).rejects.toMatchObject({ code: 'PGRST204' });
    await expect(table(request('POST', '', { text: '[{"name":"a"},{"design":{}}]' }))).rejects.toMatchObject({
      message: 'All object keys must match',
    });
    await expect(table(request('POST', '', { text: '[{},{},{}]' }), 2)).rejects.toMatchObject({
      status: 413,
      code: 'PGRST413',
    });
    await expect(table(request('PATCH', 'limit=1&id=eq.1', { text: '{}' }))).rejects.toMatchObject({
      code: 'PGRST100',
    });
  });
});

describe('rpc', () => {
  it('a table-valued function gets its arguments by name, and filters, order and page on its rows', async () => {
    const plan = await planRpc(
      request('GET', 'p_limit=3&scans=gt.10&order=scans.desc&limit=2', { prefer: 'count=exact' }),
      schema,
      'top_codes',
      100,
    );
    expect(plan).toMatchObject({ kind: 'rows', returnsSet: true, count: true, limit: 2, offset: 0 });
    expect(rpcSql(plan)).toEqual({
      sql:
        `WITH _all AS MATERIALIZED (SELECT * FROM (SELECT _f.* FROM json_to_record($1::json) AS _a("p_limit" integer) ` +
        `CROSS JOIN LATERAL public."top_codes"("p_limit" => _a."p_limit") AS _f) AS _f WHERE "scans" > $2::bigint), ` +
        `_page AS (SELECT * FROM _all ORDER BY "scans" DESC LIMIT 2) SELECT (SELECT count(*)::int FROM _all) AS total, ` +
        `coalesce((SELECT json_agg(_page) FROM _page), '[]')::text AS body, (SELECT count(*)::int FROM _page) AS n`,
      values: ['{"p_limit":"3"}', '10'],
    });
  });

  it("answers CSV as PostgREST builds it: the first row's keys, then each record without its parentheses", async () => {
    const plan = await planRpc(
      request('POST', '', { text: '{"p_limit":2}', accept: 'text/csv' }),
      schema,
      'top_codes',
      100,
    );
    expect(rpcSql(plan).sql).toContain(`string_agg(substring(_t::text, 2, length(_t::text) - 2), E'\\n')`);
    const read = await table(request('GET', 'select=name', { accept: 'text/csv' }));
    if (read.kind !== 'read') throw new Error('expected a read plan');
    expect(readSql(read).sql).toBe(
      `WITH _src AS (SELECT "name" FROM public."qr_codes" LIMIT 1000) SELECT (SELECT coalesce(string_agg(_a.k, ','), '') FROM ` +
        `(SELECT json_object_keys(_r)::text AS k FROM (SELECT row_to_json(_h) AS _r FROM _src AS _h LIMIT 1) _s) _a) || E'\\n' || ` +
        `coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), E'\\n'), '') AS body, count(*)::int AS n FROM _src _t`,
    );
    await expect(table(request('GET', 'select=name', { accept: 'application/xml' }))).rejects.toMatchObject({
      status: 415,
      code: 'PGRST107',
      message: 'None of these media types are available: application/xml',
    });
    await expect(table(request('GET', 'select=name', { acceptProfile: 'auth' }))).rejects.toMatchObject({
      status: 406,
      code: 'PGRST106',
    });
  });

  it('a scalar function answers its JSON value; an unknown overload is PGRST202', async () => {
    expect(rpcSql(await planRpc(request('POST', ''), schema, 'summary', 100))).toEqual({
      sql: 'SELECT to_json(public."summary"())::text AS body',
      values: [],
    });
    await expect(planRpc(request('POST', '', { text: '{"x":1}' }), schema, 'summary', 100)).rejects.toMatchObject({
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function public.summary(x) in the schema cache',
    });
  });
});

describe('bind values', () => {
  it('converts JSON values for their column type', () => {
    expect(toParam({ a: 1 }, 'jsonb')).toBe('{"a":1}');
    expect(toParam('x', 'json')).toBe('"x"');
    expect(toParam(5, 'integer')).toBe('5');
    expect(toParam(['a'], 'text[]')).toEqual(['a']);
    expect(toParam(['a'], 'text')).toBe('["a"]');
    expect(toParam(undefined, 'text')).toBeNull();
  });

  it('hands out typed placeholders and refuses value number 65,536 with 413', () => {
    const params = new Params();
    expect(params.add('a', 'uuid')).toBe('$1::uuid');
    expect(params.add(1)).toBe('$2');
    for (let i = 2; i < MAX_BIND_PARAMS; i++) params.add(i);
    const err = (() => {
      try {
        params.add('one too many');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RestError);
    expect(err).toMatchObject({ status: 413, code: 'PGRST413' });
    expect(params.values).toHaveLength(MAX_BIND_PARAMS);
  });
});
