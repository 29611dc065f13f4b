// Parsing of the PostgREST request grammar this server supports (see README "Data API, RLS and redirects")
// into SQL fragments. Whitelist only: identifiers must be columns of the schema cache, operators come from a
// fixed table, and every value becomes a bind parameter ($n) cast to the column's catalog type.
import { ident, type Column } from './schema.ts';

/** A PostgREST-shaped error: {code, message, details, hint} with an HTTP status. */
export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  /** Response headers that belong to this error (Retry-After). */
  readonly headers: Readonly<Record<string, string>>;
  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }
  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const unsupported = (what: string) =>
  new RestError(400, 'PGRST100', `Unsupported by the local server: ${what}`, null,
    'See README, section "Data API, RLS and redirects", for the supported subset.');

/** The PostgreSQL wire protocol carries at most 65,535 bind parameters in one statement. */
export const MAX_BIND_PARAMS = 65_535;

/** Collects bind parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type?: string): string {
    if (this.values.length >= MAX_BIND_PARAMS) {
      throw new RestError(413, 'PGRST413', `Too many values in one request (at most ${MAX_BIND_PARAMS})`, null,
        'Send fewer rows or filter values per request.');
    }
    this.values.push(value);
    return type ? `$${this.values.length}::${type}` : `$${this.values.length}`;
  }
}

/** Query parameters that are not column filters. */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const LOGIC = new Set(['or', 'and', 'not']);

function columnOf(columns: Map<string, Column>, name: string, relation: string): Column {
  const col = columns.get(name);
  if (!col) {
    throw new RestError(400, '42703', `column ${relation}.${name} does not exist`);
  }
  return col;
}

/** `select=*,name,title:name` → the SELECT list. Embedding, casts, JSON paths and aggregates are refused. */
export function parseSelect(raw: string | undefined, columns: Map<string, Column>, relation: string): string {
  const text = (raw ?? '*').trim();
  if (text === '' || text === '*') return '*';
  const items: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '*') {
      items.push('*');
      continue;
    }
    const m = /^(?:([A-Za-z_][A-Za-z0-9_]*):)?([A-Za-z_][A-Za-z0-9_]*)$/.exec(item);
    if (!m) {
      if (/[()]/.test(item)) throw unsupported(`resource embedding or aggregates in select ("${item.slice(0, 60)}")`);
      throw unsupported(`select item "${item.slice(0, 60)}" (only *, column and alias:column)`);
    }
    const col = columnOf(columns, m[2]!, relation);
    items.push(m[1] ? `${ident(col.name)} AS ${ident(m[1])}` : ident(col.name));
  }
  return items.join(', ');
}

/** Splits `(a,"b,c",d)` into values; double quotes group, backslash escapes inside quotes. */
export function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw new RestError(400, 'PGRST100', `"failed to parse filter (in.${raw.slice(0, 60)})"`, 'in needs a (list)');
  }
  const inner = raw.slice(1, -1);
  const out: string[] = [];
  if (inner === '') return out;
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < inner.length) cur += inner[++i];
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      out.push(wasQuoted ? cur : cur.trim());
      cur = '';
      wasQuoted = false;
    } else cur += ch;
  }
  out.push(wasQuoted ? cur : cur.trim());
  return out;
}

const COMPARE: Record<string, string> = {
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

const IS_VALUES: Record<string, string> = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
};

/** One `column=[not.]op.value` filter → a SQL condition. */
export function parseFilter(
  name: string,
  raw: string,
  columns: Map<string, Column>,
  relation: string,
  params: Params,
): string {
  if (LOGIC.has(name)) throw unsupported(`logical filter "${name}"`);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw unsupported(`filter on "${name.slice(0, 60)}" (JSON paths, embedded filters)`);
  const col = columnOf(columns, name, relation);
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) {
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw.slice(0, 60)})"`, 'expected operator.value');
  }
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  const column = ident(col.name);
  let cond: string;
  if (op in COMPARE) {
    const isPattern = op === 'like' || op === 'ilike';
    // PostgREST accepts * as the LIKE wildcard (URL-friendly); % works as well.
    const bound = isPattern ? params.add(value.replaceAll('*', '%'), 'text') : op === 'match' || op === 'imatch'
      ? params.add(value, 'text')
      : params.add(value, col.type);
    cond = isPattern || op === 'match' || op === 'imatch'
      ? `${column}::text ${COMPARE[op]} ${bound}`
      : `${column} ${COMPARE[op]} ${bound}`;
  } else if (op === 'in') {
    cond = `${column} = ANY(${params.add(parseList(value), `${col.type}[]`)})`;
  } else if (op === 'is') {
    const lit = IS_VALUES[value.toLowerCase()];
    if (!lit) throw new RestError(400, 'PGRST100', `"failed to parse filter (is.${value.slice(0, 40)})"`, 'is accepts null, not_null, true, false, unknown');
    cond = `${column} IS ${lit}`;
  } else {
    throw unsupported(`filter operator "${op.slice(0, 30)}"`);
  }
  return negate ? `NOT (${cond})` : cond;
}

/** `order=a.desc.nullslast,b` → ORDER BY list. */
export function parseOrder(raw: string, columns: Map<string, Column>, relation: string): string {
  const out: string[] = [];
  for (const term of raw.split(',')) {
    const [name, ...mods] = term.trim().split('.');
    if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw unsupported(`order term "${term.slice(0, 60)}"`);
    const col = columnOf(columns, name, relation);
    let dir = '';
    let nulls = '';
    for (const m of mods) {
      if (m === 'asc') dir = ' ASC';
      else if (m === 'desc') dir = ' DESC';
      else if (m === 'nullsfirst') nulls = ' NULLS FIRST';
      else if (m === 'nullslast') nulls = ' NULLS LAST';
      else throw new RestError(400, 'PGRST100', `"failed to parse order (${term.slice(0, 60)})"`, `unexpected "${m.slice(0, 20)}"`);
    }
    out.push(`${ident(col.name)}${dir}${nulls}`);
  }
  return out.join(', ');
}

function nonNegativeInt(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new RestError(400, 'PGRST103', `Requested range not satisfiable`, `${what} must be a non-negative integer`);
  return Number(raw);
}

/** limit/offset query parameters, else a `Range: [items=]from-[to]` header. */
export function parseRange(
  query: URLSearchParams,
  rangeHeader: string | undefined,
): { limit: number | null; offset: number } {
  const qLimit = query.get('limit');
  const qOffset = query.get('offset');
  if (qLimit !== null || qOffset !== null) {
    return {
      limit: qLimit === null ? null : nonNegativeInt(qLimit, 'limit'),
      offset: qOffset === null ? 0 : nonNegativeInt(qOffset, 'offset'),
    };
  }
  if (rangeHeader) {
    const m = /^(?:items=)?(\d{1,9})-(\d{1,9})?$/.exec(rangeHeader.trim());
    if (!m) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `Range "${rangeHeader.slice(0, 40)}"`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? null : Number(m[2]);
    if (to !== null && to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null);
    return { limit: to === null ? null : to - from + 1, offset: from };
  }
  return { limit: null, offset: 0 };
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

export interface Prefer {
  count: boolean;
  returnRepresentation: boolean;
  missingDefault: boolean;
}

/** The Prefer header values this server honours; upserts are refused. */
export function parsePrefer(header: string | undefined): Prefer {
  const prefs = (header ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (prefs.some((p) => p.startsWith('resolution='))) throw unsupported('upsert (Prefer: resolution=…)');
  return {
    count: prefs.some((p) => p === 'count=exact' || p === 'count=planned' || p === 'count=estimated'),
    returnRepresentation: prefs.includes('return=representation'),
    missingDefault: prefs.includes('missing=default'),
  };
}
