// Layer 1 of /rest/v1: the PostgREST request grammar this server supports (docs/server.md, "Data API, RLS and
// redirects"), parsed from strings into plain structures. Pure: no schema, no SQL. Names are only checked for
// their shape here; plan.ts checks them against the schema cache, and sql.ts turns the result into SQL.
import { RestError, unsupported } from './errors.ts';

/** Query parameters that are not column filters. */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const LOGIC = new Set(['or', 'and', 'not']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type SelectItem = { kind: 'star' } | { kind: 'column'; name: string; alias: string | null };

/** The items of `select=` as written; none (or `*`) means every column. */
export function selectParts(raw: string | undefined): string[] {
  const text = (raw ?? '*').trim();
  if (text === '' || text === '*') return ['*'];
  return text.split(',');
}

/** One select item: `*`, `column` or `alias:column`. Embedding, casts, JSON paths and aggregates are refused. */
export function parseSelectItem(part: string): SelectItem {
  const item = part.trim();
  if (item === '*') return { kind: 'star' };
  const m = /^(?:([A-Za-z_][A-Za-z0-9_]*):)?([A-Za-z_][A-Za-z0-9_]*)$/.exec(item);
  if (!m) {
    if (/[()]/.test(item)) throw unsupported(`resource embedding or aggregates in select ("${item.slice(0, 60)}")`);
    throw unsupported(`select item "${item.slice(0, 60)}" (only *, column and alias:column)`);
  }
  return { kind: 'column', name: m[2]!, alias: m[1] ?? null };
}

/** `select=*,name,title:name` → its items. */
export function parseSelect(raw: string | undefined): SelectItem[] {
  return selectParts(raw).map(parseSelectItem);
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

const COMPARE_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'] as const;
type CompareOp = (typeof COMPARE_OPS)[number];
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

interface FilterBase {
  column: string;
  negate: boolean;
}
export type Filter =
  | (FilterBase & { op: CompareOp; value: string })
  | (FilterBase & { op: 'in'; value: string[] })
  | (FilterBase & { op: 'is'; value: IsValue });

const isCompareOp = (op: string): op is CompareOp => (COMPARE_OPS as readonly string[]).includes(op);
const isIsValue = (v: string): v is IsValue => (IS_VALUES as readonly string[]).includes(v);

/** The column a filter parameter names; logical filters, JSON paths and embedded filters are refused. */
export function parseFilterColumn(name: string): string {
  if (LOGIC.has(name)) throw unsupported(`logical filter "${name}"`);
  if (!NAME.test(name)) throw unsupported(`filter on "${name.slice(0, 60)}" (JSON paths, embedded filters)`);
  return name;
}

/** One `column=[not.]op.value` filter. */
export function parseFilter(name: string, raw: string): Filter {
  const column = parseFilterColumn(name);
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
  if (isCompareOp(op)) return { column, negate, op, value };
  if (op === 'in') return { column, negate, op, value: parseList(value) };
  if (op === 'is') {
    const lit = value.toLowerCase();
    if (!isIsValue(lit)) throw new RestError(400, 'PGRST100', `"failed to parse filter (is.${value.slice(0, 40)})"`, 'is accepts null, not_null, true, false, unknown');
    return { column, negate, op, value: lit };
  }
  throw unsupported(`filter operator "${op.slice(0, 30)}"`);
}

export interface OrderTerm {
  column: string;
  dir: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** The column an order term names (`a` of `a.desc.nullslast`). */
export function parseOrderColumn(term: string): string {
  const name = term.trim().split('.')[0];
  if (!name || !NAME.test(name)) throw unsupported(`order term "${term.slice(0, 60)}"`);
  return name;
}

/** One order term: `column[.asc|.desc][.nullsfirst|.nullslast]`; a later modifier wins over an earlier one. */
export function parseOrderTerm(term: string): OrderTerm {
  const column = parseOrderColumn(term);
  const out: OrderTerm = { column, dir: null, nulls: null };
  for (const m of term.trim().split('.').slice(1)) {
    if (m === 'asc' || m === 'desc') out.dir = m;
    else if (m === 'nullsfirst') out.nulls = 'first';
    else if (m === 'nullslast') out.nulls = 'last';
    else throw new RestError(400, 'PGRST100', `"failed to parse order (${term.slice(0, 60)})"`, `unexpected "${m.slice(0, 20)}"`);
  }
  return out;
}

/** `order=a.desc.nullslast,b` → its terms. */
export function parseOrder(raw: string): OrderTerm[] {
  return raw.split(',').map(parseOrderTerm);
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
