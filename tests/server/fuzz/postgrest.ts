// /rest/v1: every table and function of the exposed schema, read from the server's own schema cache (so a new
// table or RPC joins the fuzz when its migration lands), with PostgREST query strings from plausible to chaotic,
// and GET as well as POST on every function.
import fc from 'fast-check';
import type { SchemaCache } from '../../../server/rest/schema.ts';
import type { Body, FuzzRequest } from './model.ts';
import { authArb, bodyArb, headersArb } from './http.ts';
import { anyMethod } from './methods.ts';
import { goodText, own, pick, queryGarbage, valueText, type ColKind } from './values.ts';

type Columns = Record<string, ColKind>;

/** The tables and functions the fuzz addresses, with a kind per column and argument. */
export interface RestModel {
  tables: Record<string, Columns>;
  rpcs: Record<string, { args: Columns; columns: Columns }>;
}

/** The fuzz's kind for a catalog type (format_type output). */
function kindOf(type: string): ColKind {
  if (type.endsWith('[]')) return 'text';
  if (type === 'uuid') return 'uuid';
  if (/^(smallint|integer|bigint|numeric|real|double precision)/.test(type)) return 'int';
  if (type.startsWith('timestamp')) return 'ts';
  if (type === 'date') return 'date';
  if (type === 'boolean') return 'bool';
  if (type === 'json' || type === 'jsonb') return 'jsonb';
  if (type === 'character(2)') return 'char2';
  return 'text';
}

/** Every relation and function of the schema cache, in name order (the same on both backends). */
export function restModel(schema: SchemaCache): RestModel {
  const tables: RestModel['tables'] = {};
  for (const name of [...schema.relations.keys()].sort()) {
    tables[name] = Object.fromEntries(
      [...schema.relations.get(name)!.columns.values()].map((c) => [c.name, kindOf(c.type)]),
    );
  }
  const rpcs: RestModel['rpcs'] = {};
  for (const name of [...schema.functions.keys()].sort()) {
    // Overloads: the one with the most arguments (its names cover the others' in this schema).
    const def = [...schema.functions.get(name)!].sort((a, b) => b.inArgs.length - a.inArgs.length)[0]!;
    rpcs[name] = {
      args: Object.fromEntries(def.inArgs.filter((a) => a.name).map((a) => [a.name, kindOf(a.type)])),
      columns: Object.fromEntries([...def.columns.values()].map((c) => [c.name, kindOf(c.type)])),
    };
  }
  return { tables, rpcs };
}

const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'isdistinct',
  'like(any)',
  'eq(all)',
  'EQ',
  'eqq',
  '',
  'not',
  'in(',
];

function listText(kind: ColKind): fc.Arbitrary<string> {
  const items = fc.array(
    fc.oneof(
      valueText(kind),
      valueText(kind).map((v) => `"${v.replaceAll('"', '\\"')}"`),
    ),
    { maxLength: 6 },
  );
  return fc.oneof(
    { weight: 4, arbitrary: items.map((a) => `(${a.join(',')})`) },
    { weight: 1, arbitrary: items.map((a) => a.join(',')) },
    {
      weight: 1,
      arbitrary: pick('(', ')', '()', '("a,b")', '("unterminated)', '(a,(b,c))', '(\\)', '(,,,)', '("\\"")'),
    },
  );
}

/** One `column=[not.]op.value` filter for a relation's columns (or a random one). */
function filterParam(columns: Record<string, ColKind>): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const known = fc
    .record({
      col: fc.constantFrom(...names),
      not: fc.constantFrom('', '', '', 'not.', 'not.not.'),
      op: fc.constantFrom(...OPERATORS),
    })
    .chain(({ col, not, op }) => {
      const kind = columns[col]!;
      const value =
        op === 'in'
          ? listText(kind)
          : op === 'is'
            ? fc.oneof(pick('null', 'not_null', 'true', 'false', 'unknown', 'NULL', 'nul'), queryGarbage)
            : op === 'like' || op === 'ilike'
              ? fc.oneof(pick('*', '%', '*a*', '\\', '%%%', '_'), valueText(kind))
              : op === 'match' || op === 'imatch'
                ? fc.oneof(pick('(', '[', '^a', '(a|b)*c', '\\', '(?<x>a)', '{1,99999}'), valueText(kind))
                : valueText(kind);
      return value.map((v) => `${col}=${not}${op}${op === '' ? '' : '.'}${v}`);
    });
  const anyCol = fc.oneof(
    fc.constantFrom(...names),
    pick(
      'or',
      'and',
      'not',
      'not.or',
      'nope',
      'design->a',
      'design->>a',
      'qr_codes.id',
      'name[]',
      '',
      'select',
      'Name',
      'ID',
    ),
    queryGarbage,
  );
  const weird = fc
    .tuple(anyCol, fc.oneof(pick('eq.1', 'is.null', 'in.(1,2)', 'eq', '.', '', 'not.', 'eq.'), queryGarbage))
    .map(([k, v]) => `${k}=${v}`);
  const logic = fc
    .tuple(
      pick('or', 'and', 'not.or', 'not.and', 'or.'),
      fc.array(
        fc.tuple(fc.constantFrom(...names), fc.constantFrom(...OPERATORS.slice(0, 12)), fc.string({ maxLength: 6 })),
        { maxLength: 4 },
      ),
      pick('', ')', '(', 'x'),
    )
    .map(([k, conds, tail]) => `${k}=(${conds.map(([c, o, v]) => `${c}.${o}.${v}`).join(',')}${tail})`);
  return fc.oneof({ weight: 6, arbitrary: known }, { weight: 2, arbitrary: weird }, { weight: 1, arbitrary: logic });
}

function selectParam(columns: Record<string, ColKind>): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const item = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('*', ...names) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((n) => `alias_${n}:${n}`) },
    {
      weight: 1,
      arbitrary: pick(
        'count()',
        'qr_codes(*)',
        'scan_events(count)',
        'name::text',
        'design->a',
        'id.count()',
        '"name"',
        ' ',
        '',
        'nope',
        '1',
      ),
    },
    { weight: 1, arbitrary: queryGarbage },
  );
  return fc.array(item, { maxLength: 5 }).map((a) => `select=${a.join(',')}`);
}

function orderParam(columns: Record<string, ColKind>): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const term = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...names),
          fc.array(pick('asc', 'desc', 'nullsfirst', 'nullslast', 'sideways', ''), { maxLength: 3 }),
        )
        .map(([n, m]) => [n, ...m].join('.')),
    },
    { weight: 1, arbitrary: queryGarbage },
  );
  return fc.array(term, { maxLength: 3 }).map((a) => `order=${a.join(',')}`);
}

const numberText = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  pick('0', '999999999', '1000000000', '99999999999999999999', '-1', '1.5', 'abc', '', '1e3', ' 2', '0x10'),
  queryGarbage,
);

/** What a real client (supabase-js) sends: known columns, supported operators, well-formed values. */
function plausibleQuery(columns: Record<string, ColKind>, extra: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const col = fc.constantFrom(...names);
  const filter = fc
    .tuple(
      col,
      pick('', '', '', 'not.'),
      pick('eq', 'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is', 'like', 'ilike'),
    )
    .chain(([c, not, op]) => {
      const good = goodText(c, columns[c]!);
      const value =
        op === 'in'
          ? fc
              .array(good, { minLength: 1, maxLength: 3 })
              .map((a) => `(${a.map((v) => encodeURIComponent(v)).join(',')})`)
          : op === 'is'
            ? pick('null', 'not_null', 'true', 'false')
            : op === 'like' || op === 'ilike'
              ? good.map((v) => `*${encodeURIComponent(v)}*`)
              : good.map((v) => encodeURIComponent(v));
      return value.map((v) => `${c}=${not}${op}.${v}`);
    });
  const param = fc.oneof(
    { weight: 4, arbitrary: filter },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          pick('*'),
          fc.uniqueArray(col, { minLength: 1, maxLength: 4 }).map((a) => a.join(',')),
        )
        .map((v) => `select=${v}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(col, pick('', '.asc', '.desc', '.desc.nullslast', '.asc.nullsfirst'))
        .map(([c, m]) => `order=${c}${m}`),
    },
    { weight: 1, arbitrary: fc.nat({ max: 50 }).map((n) => `limit=${n}`) },
    { weight: 1, arbitrary: fc.nat({ max: 20 }).map((n) => `offset=${n}`) },
    ...extra.map((arbitrary) => ({ weight: 4, arbitrary })),
  );
  return fc.array(param, { maxLength: 4 }).map((parts) => (parts.length ? `?${parts.join('&')}` : ''));
}

/** A PostgREST-style query string for a relation (or a function's output columns): plausible or chaotic. */
export function queryString(
  relation: Record<string, ColKind>,
  extra: fc.Arbitrary<string>[] = [],
  goodExtra: fc.Arbitrary<string>[] = extra,
): fc.Arbitrary<string> {
  // Routes without columns still get column-looking filters.
  const columns: Record<string, ColKind> = Object.keys(relation).length
    ? relation
    : { id: 'int', name: 'text', email: 'text' };
  return fc.oneof(
    { weight: 3, arbitrary: plausibleQuery(columns, goodExtra) },
    { weight: 2, arbitrary: chaoticQuery(columns, extra) },
  );
}

/** Every kind of malformed parameter, mixed with well-formed ones. */
function chaoticQuery(columns: Record<string, ColKind>, extra: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  const param = fc.oneof(
    { weight: 5, arbitrary: filterParam(columns) },
    { weight: 2, arbitrary: selectParam(columns) },
    { weight: 2, arbitrary: orderParam(columns) },
    { weight: 1, arbitrary: numberText.map((v) => `limit=${v}`) },
    { weight: 1, arbitrary: numberText.map((v) => `offset=${v}`) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(fc.constantFrom(...Object.keys(columns)), pick('"name"', 'nope', '', ' ')), { maxLength: 4 })
        .map((a) => `columns=${a.join(',')}`),
    },
    { weight: 1, arbitrary: pick('on_conflict=id', 'on_conflict=', 'on_conflict=nope') },
    { weight: 1, arbitrary: fc.tuple(queryGarbage, queryGarbage).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: queryGarbage },
    ...extra.map((arbitrary) => ({ weight: 3, arbitrary })),
  );
  // The same key twice (limit=1&limit=2, select twice, a filter and its negation).
  const twice = fc.tuple(param, param).map(([a, b]) => `${a}&${a.split('=')[0]!}=${b.split('=').slice(1).join('=')}`);
  return fc
    .tuple(
      fc.array(fc.oneof({ weight: 8, arbitrary: param }, { weight: 1, arbitrary: twice }), { maxLength: 6 }),
      pick('&', '&', '&', '&&', ';'),
      pick('?', '?', '?', '??', '?&'),
    )
    .map(([parts, sep, lead]) => (parts.length ? `${lead}${parts.join(sep)}` : ''));
}

export function tableRequest(model: RestModel): fc.Arbitrary<FuzzRequest> {
  const TABLES = model.tables;
  const names = Object.keys(TABLES);
  return fc
    .record({
      table: fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom(...names) },
        // The tables the app writes most, more often.
        { weight: 10, arbitrary: pick(...names.filter((n) => n === 'qr_codes' || n === 'scan_events')) },
        {
          weight: 1,
          arbitrary: pick(
            'users',
            'auth.users',
            'pg_user',
            'public.qr_codes',
            'QR_CODES',
            'qr_codes/extra',
            'qr_codes/',
            '',
            'qr%5Fcodes',
            'qr_codes%00',
          ),
        },
        { weight: 1, arbitrary: queryGarbage },
      ),
      method: fc.oneof(
        { weight: 12, arbitrary: pick('GET', 'HEAD', 'POST', 'PATCH', 'DELETE') },
        { weight: 1, arbitrary: anyMethod },
      ),
      auth: authArb,
      headers: headersArb(),
    })
    .chain(({ table, method, auth, headers }) => {
      const columns = own(TABLES, table) ?? TABLES.qr_codes!;
      return fc
        .record({
          query: queryString(columns),
          body:
            method === 'GET' || method === 'HEAD'
              ? fc.constant<Body>({ k: 'none' })
              : bodyArb(columns, { bulk: method === 'POST' }),
        })
        .map(({ query, body }) => ({
          route: `${method} /rest/v1/${own(TABLES, table) ? table : '<other>'}`,
          method,
          path: `/rest/v1/${table}${query}`,
          auth,
          headers,
          body,
        }));
    });
}

export function rpcRequest(model: RestModel): fc.Arbitrary<FuzzRequest> {
  const names = Object.keys(model.rpcs);
  return fc
    .record({
      fn: fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom(...names) },
        {
          weight: 1,
          arbitrary: pick(
            'pg_sleep',
            'version',
            'current_setting',
            'enforce_dynamic_code_limit',
            'qr_codes_touch_updated_at',
            'uid',
            'auth.uid',
            'top_codes/',
            '',
          ),
        },
        { weight: 1, arbitrary: queryGarbage },
      ),
      // GET as well as POST on every function: a GET runs read-only, so a function that writes answers 405.
      method: fc.oneof(
        { weight: 12, arbitrary: pick('POST', 'POST', 'GET', 'GET', 'HEAD') },
        { weight: 1, arbitrary: anyMethod },
      ),
      auth: authArb,
      headers: headersArb(),
    })
    .chain(({ fn, method, auth, headers }) => {
      const known = own(model.rpcs, fn);
      const args = known?.args ?? { p_slug: 'text', p_limit: 'int' };
      const out = known?.columns ?? {};
      const argParams = Object.entries(args).map(([name, kind]) => valueText(kind).map((v) => `${name}=${v}`));
      const goodArgs = Object.entries(args).map(([name, kind]) =>
        goodText(name, kind).map((v) => `${name}=${encodeURIComponent(v)}`),
      );
      return fc
        .record({
          query: queryString(out, argParams, goodArgs),
          body: method === 'GET' || method === 'HEAD' ? fc.constant<Body>({ k: 'none' }) : bodyArb(args),
        })
        .map(({ query, body }) => ({
          route: `${method} /rest/v1/rpc/${known ? fn : '<other>'}`,
          method,
          path: `/rest/v1/rpc/${fn}${query}`,
          auth,
          headers,
          body,
        }));
    });
}
