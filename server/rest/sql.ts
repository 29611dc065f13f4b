// Layer 3 of /rest/v1: plans (plan.ts, plan-rpc.ts) → SQL text and bind values. Pure. Identifiers come from
// the catalog and are quoted; every value is a bind parameter ($n) cast to its column's catalog type.
import { MAX_BIND_PARAMS, tooManyValues } from './errors.ts';
import type { Media } from './media.ts';
import type { IsValue } from './parse.ts';
import type { RpcPlan } from './plan-rpc.ts';
import type { FilterPlan, OrderPlan, Page, ReadPlan, SelectPlan, WritePlan } from './plan.ts';
import { ident } from './schema.ts';

export interface SqlQuery {
  sql: string;
  values: unknown[];
}

/** Collects bind parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type?: string): string {
    if (this.values.length >= MAX_BIND_PARAMS) throw tooManyValues();
    this.values.push(value);
    return type ? `$${this.values.length}::${type}` : `$${this.values.length}`;
  }
}

/** A JSON value → a bind value for a column of the given catalog type. */
export function toParam(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && type.endsWith('[]')) return value;
  return JSON.stringify(value);
}

const COMPARE = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
};
const IS_SQL: Record<IsValue, string> = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
};

function selectSql(select: SelectPlan): string {
  return select
    .map((item) =>
      item.kind === 'star'
        ? '*'
        : item.alias
          ? `${ident(item.column.name)} AS ${ident(item.alias)}`
          : ident(item.column.name),
    )
    .join(', ');
}

function filterSql(f: FilterPlan, params: Params): string {
  const column = ident(f.column.name);
  let cond: string;
  if (f.op === 'in') {
    cond = `${column} = ANY(${params.add(f.value, `${f.column.type}[]`)})`;
  } else if (f.op === 'is') {
    cond = `${column} IS ${IS_SQL[f.value]}`;
  } else if (f.op === 'like' || f.op === 'ilike') {
    // PostgREST accepts * as the LIKE wildcard (URL-friendly); % works as well.
    cond = `${column}::text ${COMPARE[f.op]} ${params.add(f.value.replaceAll('*', '%'), 'text')}`;
  } else if (f.op === 'match' || f.op === 'imatch') {
    cond = `${column}::text ${COMPARE[f.op]} ${params.add(f.value, 'text')}`;
  } else {
    cond = `${column} ${COMPARE[f.op]} ${params.add(f.value, f.column.type)}`;
  }
  return f.negate ? `NOT (${cond})` : cond;
}

/** ` WHERE a AND b`, or nothing. */
function whereSql(filters: readonly FilterPlan[], params: Params): string {
  const conds = filters.map((f) => filterSql(f, params));
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

/** ` ORDER BY …`, or nothing. */
function orderSql(order: readonly OrderPlan[]): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    const dir = o.dir === 'asc' ? ' ASC' : o.dir === 'desc' ? ' DESC' : '';
    const nulls = o.nulls === 'first' ? ' NULLS FIRST' : o.nulls === 'last' ? ' NULLS LAST' : '';
    return `${ident(o.column.name)}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function pageSql({ limit, offset }: Page): string {
  return ` LIMIT ${limit}${offset ? ` OFFSET ${offset}` : ''}`;
}

const table = (name: string) => `public.${ident(name)}`;

/**
 * PostgREST's text/csv body of the rows of `source` (a CTE or table name), aliased `alias` in the enclosing
 * FROM: the column names of the first row, a newline, then each row in PostgreSQL's record text form without
 * its parentheses (SqlFragment.hs, asCsvF), so quoting is PostgreSQL's own.
 */
export function csvAggregate(source: string, alias: string, order = ''): string {
  const header = `(SELECT coalesce(string_agg(_a.k, ','), '') FROM (SELECT json_object_keys(_r)::text AS k FROM (SELECT row_to_json(_h) AS _r FROM ${source} AS _h LIMIT 1) _s) _a)`;
  return `${header} || E'\\n' || coalesce(string_agg(substring(${alias}::text, 2, length(${alias}::text) - 2), E'\\n'${order}), '')`;
}

/** The JSON array of the rows aliased `alias` (nulls stripped when asked), '[]' when there are none. */
function jsonAggregate(alias: string, media: Pick<Media, 'stripNulls'>, order = ''): string {
  const agg = `json_agg(${alias}${order})`;
  return `coalesce(${media.stripNulls ? `json_strip_nulls(${agg})` : agg}, '[]')`;
}

/** The page as one JSON array or CSV text (body) with its row count (n); countSql counts every matching row (Prefer: count). */
export function readSql(plan: ReadPlan): SqlQuery & { countSql: string | null } {
  const params = new Params();
  const from = table(plan.table);
  const where = whereSql(plan.filters, params);
  const page = `SELECT ${selectSql(plan.select)} FROM ${from}${where}${orderSql(plan.order)}${pageSql(plan)}`;
  const sql =
    plan.media.format === 'csv'
      ? `WITH _src AS (${page}) SELECT ${csvAggregate('_src', '_t')} AS body, count(*)::int AS n FROM _src _t`
      : `SELECT ${jsonAggregate('_t', plan.media)}::text AS body, count(*)::int AS n FROM (${page}) _t`;
  return { sql, values: params.values, countSql: plan.count ? `SELECT count(*)::int AS n FROM ${from}${where}` : null };
}

/** The INSERT, UPDATE or DELETE itself. */
function statementSql(statement: WritePlan['statement'], params: Params): string {
  const from = table(statement.table);
  if (statement.kind === 'insert') {
    const { columns, rows } = statement;
    // No rows: nothing is inserted, but the statement still runs, so privileges are checked as PostgREST's are.
    if (rows.length === 0) return `INSERT INTO ${from} SELECT WHERE false`;
    if (columns.length === 0)
      return `INSERT INTO ${from} (${ident(statement.firstColumn!)}) VALUES ${rows.map(() => '(DEFAULT)').join(', ')}`;
    const tuples = rows.map(
      (o) =>
        `(${columns
          .map((col) =>
            Object.hasOwn(o, col.name)
              ? params.add(toParam(o[col.name], col.type), col.type)
              : statement.missingDefault
                ? 'DEFAULT'
                : 'NULL',
          )
          .join(', ')})`,
    );
    return `INSERT INTO ${from} (${columns.map((col) => ident(col.name)).join(', ')}) VALUES ${tuples.join(', ')}`;
  }
  if (statement.kind === 'update') {
    const sets = statement.sets.map(
      ({ column, value }) => `${ident(column.name)} = ${params.add(toParam(value, column.type), column.type)}`,
    );
    return `UPDATE ${from} SET ${sets.join(', ')}${whereSql(statement.filters, params)}`;
  }
  return `DELETE FROM ${from}${whereSql(statement.filters, params)}`;
}

/** The ids of the rows of `name` that `filters` select, as text (a DELETE's rows, read first). */
export function idsSql(name: string, filters: readonly FilterPlan[]): SqlQuery {
  const params = new Params();
  return { sql: `SELECT id::text AS id FROM ${table(name)}${whereSql(filters, params)}`, values: params.values };
}

/**
 * The statement alone when nothing is asked of its result (wrapped: false); else wrapped so that it answers
 * the representation (or '[]') as body and the number of rows written as n.
 */
export function writeSql(plan: WritePlan): SqlQuery & { wrapped: boolean } {
  const params = new Params();
  const statement = statementSql(plan.statement, params);
  // An UPDATE always reports how many rows it changed (its Content-Range), so only inserts and deletes run bare.
  if (!plan.returning && !plan.object && !plan.count && plan.statement.kind !== 'update') {
    return { sql: statement, values: params.values, wrapped: false };
  }
  const body = !plan.returning
    ? `'[]'`
    : plan.media.format === 'csv'
      ? csvAggregate('_r', '_r', orderSql(plan.order))
      : `${jsonAggregate('_r', plan.media, orderSql(plan.order))}::text`;
  const sql = `WITH _r AS (${statement} RETURNING ${plan.returning ? selectSql(plan.select) : '1 AS _one'}) SELECT ${body} AS body, count(*)::int AS n FROM _r`;
  return { sql, values: params.values, wrapped: true };
}

/**
 * The SQL of an /rpc call: its value (body), or its rows as one JSON array (body, n and, for rows, total). The
 * arguments travel as one JSON object, turned into typed values by json_to_record when the statement runs, as
 * PostgREST passes them: so a role without EXECUTE is refused (42501) before a badly typed value is looked at.
 */
export function rpcSql(plan: RpcPlan): SqlQuery {
  const params = new Params();
  const { args } = plan.call;
  let from = '';
  if (args.length > 0) {
    const json = params.add(
      JSON.stringify(Object.fromEntries(args.map(({ arg, value }) => [arg.name, value ?? null]))),
      'json',
    );
    from = `json_to_record(${json}) AS _a(${args.map(({ arg }) => `${ident(arg.name)} ${arg.type}`).join(', ')})`;
  }
  const call = `public.${ident(plan.call.fn)}(${args.map(({ arg }) => `${ident(arg.name)} => _a.${ident(arg.name)}`).join(', ')})`;
  const fromArgs = from ? ` FROM ${from}` : '';
  /** The call as a FROM item, after the arguments. */
  const callFrom = (alias: string) => (from ? `${from} CROSS JOIN LATERAL ${call} AS ${alias}` : `${call} AS ${alias}`);
  const values = params.values;
  const csv = plan.media.format === 'csv';
  const strip = (json: string) => (plan.media.stripNulls ? `json_strip_nulls(${json})` : json);
  if (plan.kind === 'void') return { sql: `SELECT ${call}${fromArgs}`, values };
  if (plan.kind === 'scalar') {
    if (csv)
      return {
        sql: `WITH _src AS (SELECT ${call} AS pgrst_scalar${fromArgs}) SELECT ${csvAggregate('_src', '_t')} AS body FROM _src _t`,
        values,
      };
    return { sql: `SELECT ${strip(`to_json(${call})`)}::text AS body${fromArgs}`, values };
  }
  if (plan.kind === 'scalar-set') {
    if (csv) {
      return {
        sql: `WITH _src AS (SELECT _t._v AS pgrst_scalar FROM ${callFrom('_t(_v)')}) SELECT ${csvAggregate('_src', '_t')} AS body, count(*)::int AS n FROM _src _t`,
        values,
      };
    }
    return {
      sql: `SELECT coalesce(${strip('json_agg(_t._v)')}, '[]')::text AS body, count(*)::int AS n FROM ${callFrom('_t(_v)')}`,
      values,
    };
  }
  const where = whereSql(plan.filters, params);
  const source = from ? `(SELECT _f.* FROM ${callFrom('_f')}) AS _f` : `${call} AS _f`;
  const sql =
    `WITH _all AS MATERIALIZED (SELECT * FROM ${source}${where}), ` +
    `_page AS (SELECT ${selectSql(plan.select)} FROM _all${orderSql(plan.order)}${pageSql(plan)}) ` +
    `SELECT (SELECT count(*)::int FROM _all) AS total, ` +
    (csv
      ? `(SELECT ${csvAggregate('_page', '_t')} FROM _page _t) AS body, `
      : `coalesce((SELECT ${strip('json_agg(_page)')} FROM _page), '[]')::text AS body, `) +
    `(SELECT count(*)::int FROM _page) AS n`;
  return { sql, values };
}
