// Layer 3 of /rest/v1: plans (plan.ts, plan-rpc.ts) → SQL text and bind values. Pure. Identifiers come from
// the catalog and are quoted; every value is a bind parameter ($n) cast to its column's catalog type.
import { MAX_BIND_PARAMS, tooManyValues } from './errors.ts';
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

const COMPARE = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' };
const IS_SQL: Record<IsValue, string> = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' };

function selectSql(select: SelectPlan): string {
  return select
    .map((item) => (item.kind === 'star' ? '*' : item.alias ? `${ident(item.column.name)} AS ${ident(item.alias)}` : ident(item.column.name)))
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

/** The page as one JSON array (body) with its row count (n); countSql counts every matching row (Prefer: count). */
export function readSql(plan: ReadPlan): SqlQuery & { countSql: string | null } {
  const params = new Params();
  const from = table(plan.table);
  const where = whereSql(plan.filters, params);
  const sql = `SELECT coalesce(json_agg(_t), '[]')::text AS body, count(*)::int AS n FROM (SELECT ${selectSql(plan.select)} FROM ${from}${where}${orderSql(plan.order)}${pageSql(plan)}) _t`;
  return { sql, values: params.values, countSql: plan.count ? `SELECT count(*)::int AS n FROM ${from}${where}` : null };
}

/** The INSERT, UPDATE or DELETE itself. */
function statementSql(statement: WritePlan['statement'], params: Params): string {
  const from = table(statement.table);
  if (statement.kind === 'insert') {
    const { columns, rows } = statement;
    if (columns.length === 0) return `INSERT INTO ${from} (${ident(statement.firstColumn!)}) VALUES ${rows.map(() => '(DEFAULT)').join(', ')}`;
    const tuples = rows.map(
      (o) =>
        `(${columns
          .map((col) =>
            Object.hasOwn(o, col.name) ? params.add(toParam(o[col.name], col.type), col.type) : statement.missingDefault ? 'DEFAULT' : 'NULL',
          )
          .join(', ')})`,
    );
    return `INSERT INTO ${from} (${columns.map((col) => ident(col.name)).join(', ')}) VALUES ${tuples.join(', ')}`;
  }
  if (statement.kind === 'update') {
    const sets = statement.sets.map(({ column, value }) => `${ident(column.name)} = ${params.add(toParam(value, column.type), column.type)}`);
    return `UPDATE ${from} SET ${sets.join(', ')}${whereSql(statement.filters, params)}`;
  }
  return `DELETE FROM ${from}${whereSql(statement.filters, params)}`;
}

/**
 * The statement alone when nothing is asked of its result (wrapped: false); else wrapped so that it answers
 * the representation (or '[]') as body and the number of rows written as n.
 */
export function writeSql(plan: WritePlan): SqlQuery & { wrapped: boolean } {
  const params = new Params();
  const statement = statementSql(plan.statement, params);
  if (!plan.returning && !plan.object && !plan.count) return { sql: statement, values: params.values, wrapped: false };
  const body = plan.returning ? `coalesce(json_agg(_r${orderSql(plan.order)}), '[]')::text` : `'[]'`;
  const sql = `WITH _r AS (${statement} RETURNING ${plan.returning ? selectSql(plan.select) : '1 AS _one'}) SELECT ${body} AS body, count(*)::int AS n FROM _r`;
  return { sql, values: params.values, wrapped: true };
}

/** The SQL of an /rpc call: its value (body), or its rows as one JSON array (body, n and, for rows, total). */
export function rpcSql(plan: RpcPlan): SqlQuery {
  const params = new Params();
  const args = plan.call.args.map(({ arg, value }) => `${ident(arg.name)} => ${params.add(toParam(value, arg.type), arg.type)}`);
  const call = `public.${ident(plan.call.fn)}(${args.join(', ')})`;
  const values = params.values;
  if (plan.kind === 'void') return { sql: `SELECT ${call}`, values };
  if (plan.kind === 'scalar') return { sql: `SELECT to_json(${call})::text AS body`, values };
  if (plan.kind === 'scalar-set') {
    return { sql: `SELECT coalesce(json_agg(_t._v), '[]')::text AS body, count(*)::int AS n FROM ${call} AS _t(_v)`, values };
  }
  const where = whereSql(plan.filters, params);
  const sql =
    `WITH _all AS MATERIALIZED (SELECT * FROM ${call} AS _f${where}), ` +
    `_page AS (SELECT ${selectSql(plan.select)} FROM _all${orderSql(plan.order)}${pageSql(plan)}) ` +
    `SELECT (SELECT count(*)::int FROM _all) AS total, coalesce((SELECT json_agg(_page) FROM _page), '[]')::text AS body, ` +
    `(SELECT count(*)::int FROM _page) AS n`;
  return { sql, values };
}
