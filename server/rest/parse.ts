// Layer 1 of /rest/v1: the PostgREST request grammar this server supports (docs/server.md, "Data API, RLS and
// redirects"), parsed from strings into plain structures. Pure: no schema, no SQL. Names are only checked for
// their shape here; plan.ts checks them against the schema cache, and sql.ts turns the result into SQL.
import { RestError, parseError, unexpectedAt, unsupported } from './errors.ts';

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

const SELECT_EXPECTING = '"...", field name (* or [a..z0..9_$]), "*" or "count()"';

/**
 * The errors PostgREST's select parser gives where an item cannot start (an empty item, `(…)`), with their
 * position in the whole parameter; what it parses and the subset does not serve is refused later.
 */
export function checkSelectSyntax(raw: string | undefined): void {
  if (raw === undefined) return;
  let start = 0;
  for (const part of raw.split(',')) {
    if (part === '' || !/^[A-Za-z0-9_$ "*.!]/.test(part)) {
      throw parseError('select parameter', raw, start, unexpectedAt(raw, start), SELECT_EXPECTING);
    }
    start += part.length + 1;
  }
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
/** What `is.` compares with (not_null stays for plans built by hand; PostgREST 12's parser has no is.not_null). */
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

interface FilterBase {
  column: string;
  negate: boolean;
}
export type Filter =
  | (FilterBase & { op: CompareOp; value: string })
  | (FilterBase & { op: 'in'; value: string[] })
  | (FilterBase & { op: 'is'; value: IsValue });

const isCompareOp = (op: string): op is CompareOp => (COMPARE_OPS as readonly string[]).includes(op);

/** The column a filter parameter names; logical filters, JSON paths and embedded filters are refused. */
export function parseFilterColumn(name: string): string {
  if (LOGIC.has(name)) throw unsupported(`logical filter "${name}"`);
  if (!NAME.test(name)) throw unsupported(`filter on "${name.slice(0, 60)}" (JSON paths, embedded filters)`);
  return name;
}

/** The values PostgREST 12 accepts after `is.` (not `not_null`, which came later). */
const IS_12 = ['null', 'unknown', 'true', 'false'];

/** PostgREST 12's filter operators; the subset serves some of them (COMPARE_OPS, in, is). */
const POSTGREST_OPERATORS = [
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
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
];

/**
 * Whether PostgREST reads a GET /rpc parameter's value as a filter (an operator expression, possibly malformed
 * after `not.`, `in.` or `is.`, which parseFilter then reports) rather than as a function argument.
 */
export function isOperatorExpression(raw: string): boolean {
  if (raw.startsWith('not.') || raw.startsWith('in.') || raw.startsWith('is.')) return true;
  const op = POSTGREST_OPERATORS.filter((o) => raw.startsWith(o)).sort((a, b) => b.length - a.length)[0];
  return op !== undefined && (raw[op.length] === '.' || raw[op.length] === '(');
}

/** One `column=[not.]op.value` filter; a value PostgREST cannot parse gets its PGRST100 in its words. */
export function parseFilter(name: string, raw: string): Filter {
  const column = parseFilterColumn(name);
  const fail = (at: number, expecting: string) => parseError('filter', raw, at, unexpectedAt(raw, at), expecting);
  const negate = raw.startsWith('not.');
  const start = negate ? 4 : 0;
  const rest = raw.slice(start);
  const op = POSTGREST_OPERATORS.filter((o) => rest.startsWith(o)).sort((a, b) => b.length - a.length)[0];
  const anyOperator = start === 0 ? '"not" or operator (eq, gt, ...)' : 'operator (eq, gt, ...)';
  if (op === undefined && start === 0 && raw.startsWith('not'))
    throw parseError('filter', raw, 3, unexpectedAt(raw, 3), 'delimiter (.)');
  if (op === undefined) {
    // Parsec names the character where its first alternative ("not", then "in") stopped matching.
    const first = start === 0 ? 'not' : 'in';
    let i = 0;
    while (i < first.length && raw[start + i] === first[i]) i++;
    throw parseError('filter', raw, start, unexpectedAt(raw, start + i), anyOperator);
  }
  const afterOp = start + op.length;
  if (raw[afterOp] !== '.') {
    // Quantified (eq(any)) and full-text (fts(lang)) forms are PostgREST grammar outside the subset.
    if (raw[afterOp] === '(') throw unsupported(`filter operator "${raw.slice(start, afterOp + 6)}…"`);
    throw fail(afterOp, 'operator (eq, gt, ...)');
  }
  const valueAt = afterOp + 1;
  const value = raw.slice(valueAt);
  if (isCompareOp(op)) return { column, negate, op, value };
  if (op === 'in') {
    if (!value.startsWith('(')) throw fail(valueAt, '"("');
    if (!value.endsWith(')') || value.length < 2) throw fail(raw.length, '"," or ")"');
    return { column, negate, op, value: parseList(value) };
  }
  if (op === 'is') {
    // PostgREST 12 reads null, unknown, true and false in any case, and reports the furthest mismatch.
    const lit = value.toLowerCase();
    if (!IS_12.includes(lit)) {
      const reach = Math.max(
        ...IS_12.map((w) => [...w].findIndex((ch, i) => lit[i] !== ch)).map((i) => (i < 0 ? 0 : i)),
      );
      throw fail(valueAt + reach, 'null or trilean value (unknown, true, false)');
    }
    return { column, negate, op, value: lit as IsValue };
  }
  throw unsupported(`filter operator "${op}"`);
}

export interface OrderTerm {
  column: string;
  dir: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/**
 * The errors PostgREST's order parser gives (`name;drop`, `name.sideways`, `name,`), at their position in the
 * whole parameter; JSON paths (`design->fg`) parse there and are refused later as outside the subset.
 */
export function checkOrderSyntax(raw: string): void {
  const fail = (at: number, expecting: string, unexpected = unexpectedAt(raw, at)) =>
    parseError('order', raw, at, unexpected, expecting);
  // The first character where `text` stops matching `word` at `at` (Parsec's string), or the end.
  const mismatch = (at: number, word: string) => {
    let i = 0;
    while (i < word.length && raw[at + i] === word[i]) i++;
    return unexpectedAt(raw, at + i);
  };
  const wordAt = (at: number, words: string[]) => words.find((w) => raw.startsWith(w, at));
  let i = 0;
  for (;;) {
    const nameStart = i;
    while (i < raw.length && /[A-Za-z0-9_$ ]/.test(raw[i]!)) i++;
    if (i === nameStart) throw fail(i, 'field name (* or [a..z0..9_$])');
    if (raw[i] === '-' || raw[i] === ':') return; // JSON paths and casts: parsed by PostgREST, refused by the subset
    let expecting = 'letter, digit, "-", "->>", "->", delimiter (.), "," or end of input';
    if (raw[i] === '.') {
      const dir = wordAt(i + 1, ['asc', 'desc']);
      const nulls = dir ? undefined : wordAt(i + 1, ['nullsfirst', 'nullslast']);
      if (!dir && !nulls) throw fail(i + 1, '"asc", "desc", "nullsfirst" or "nullslast"', mismatch(i + 1, 'asc'));
      i += 1 + (dir ?? nulls)!.length;
      expecting = dir ? 'delimiter (.), "," or end of input' : '"," or end of input';
      if (dir && raw[i] === '.') {
        const after = wordAt(i + 1, ['nullsfirst', 'nullslast']);
        if (!after) throw fail(i + 1, '"nullsfirst" or "nullslast"', mismatch(i + 1, 'nullsfirst'));
        i += 1 + after.length;
        expecting = '"," or end of input';
      }
    }
    if (i === raw.length) return;
    if (raw[i] !== ',') throw fail(i, expecting, `'${raw[i]}'`);
    i++;
  }
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
    else
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse order (${term.slice(0, 60)})"`,
        `unexpected "${m.slice(0, 20)}"`,
      );
  }
  return out;
}

/** `order=a.desc.nullslast,b` → its terms. */
export function parseOrder(raw: string): OrderTerm[] {
  checkOrderSyntax(raw);
  return raw.split(',').map(parseOrderTerm);
}

/** A range of row numbers, both ends included (PostgREST's NonnegRange); lo > hi is empty. */
interface Rows {
  lo: number;
  hi: number;
}
const ALL_ROWS: Rows = { lo: 0, hi: Infinity };
const NO_ROWS: Rows = { lo: Infinity, hi: -Infinity };
const isEmpty = (r: Rows) => r.lo > r.hi;
/** Data.Ranged's rangeIntersection: empty when either side is empty, else the overlap (which may be empty). */
const intersect = (a: Rows, b: Rows): Rows =>
  isEmpty(a) || isEmpty(b) ? NO_ROWS : { lo: Math.max(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
/** `limit=0`, which PostgREST lets through as the empty range 0..-1. */
const isLimitZero = (r: Rows) => r.hi === -1;

/** Haskell's readMaybe for an Integer: optional surrounding spaces, an optional minus, digits. */
function readInteger(raw: string): number | null {
  return /^\s*-?\d{1,15}\s*$/.test(raw) ? Number(raw) : null;
}

const rangeError = (details: string) => new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);

/**
 * The page asked for, as PostgREST 12 computes it (ApiRequest.getRanges): `limit` and `offset` query parameters
 * (unparseable values are ignored), intersected with a `Range: from-[to]` header, which only GET reads (any other
 * shape of the header, `items=0-1` included, is ignored). An empty result is 416 PGRST103.
 */
export function parseRange(
  query: URLSearchParams,
  rangeHeader: string | undefined,
  method = 'GET',
): { limit: number | null; offset: number } {
  const last = (name: string) =>
    query
      .getAll(name)
      .filter((v) => v !== '')
      .at(-1);
  const qLimit = last('limit');
  const qOffset = last('offset');
  const limit = qLimit === undefined ? undefined : readInteger(qLimit);
  const offset = qOffset === undefined ? undefined : readInteger(qOffset);
  let limitRange = ALL_ROWS;
  if (limit !== undefined && offset !== undefined) {
    const o = offset ?? 0;
    limitRange = { lo: o, hi: o + (limit ?? 0) - 1 };
  } else if (limit !== undefined) {
    limitRange = limit === null ? ALL_ROWS : intersect(ALL_ROWS, { lo: -Infinity, hi: limit - 1 });
  } else if (offset !== undefined) {
    limitRange = offset === null ? ALL_ROWS : { lo: offset, hi: Infinity };
  }

  let headerRange = ALL_ROWS;
  const m = method === 'GET' && rangeHeader !== undefined ? /^([0-9]+)-([0-9]*)$/.exec(rangeHeader.trim()) : null;
  if (m) {
    const lower: Rows = { lo: Number(m[1]), hi: Infinity };
    headerRange = m[2] ? intersect(lower, { lo: -Infinity, hi: Number(m[2]) }) : intersect(lower, ALL_ROWS);
  }
  const top = isLimitZero(limitRange) ? { lo: 0, hi: -1 } : intersect(headerRange, limitRange);
  if (isEmpty(top) && !isLimitZero(limitRange)) {
    throw rangeError(
      isEmpty(headerRange)
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    );
  }
  return { limit: Number.isFinite(top.hi) ? top.hi - top.lo + 1 : null, offset: top.lo };
}

export interface Prefer {
  count: boolean;
  returnRepresentation: boolean;
  missingDefault: boolean;
  /** The value of each preference it names, the first one of its kind winning (PostgREST's parsePrefs). */
  values: PreferValues;
}

export interface PreferValues {
  resolution?: string;
  missing?: string;
  return?: string;
  params?: string;
  count?: string;
  handling?: string;
  /** `timezone=<name>`, when the name is one of pg_timezone_names. */
  timezone?: string;
}

const PREFERENCES: Record<Exclude<keyof PreferValues, 'timezone'>, string[]> = {
  resolution: ['resolution=merge-duplicates', 'resolution=ignore-duplicates'],
  missing: ['missing=default', 'missing=null'],
  return: ['return=representation', 'return=minimal', 'return=headers-only'],
  params: ['params=single-object'],
  count: ['count=exact', 'count=planned', 'count=estimated'],
  handling: ['handling=strict', 'handling=lenient'],
};
/** Accepted by PostgREST but without effect here (tx=…, as with its default db-tx-end). */
const IGNORED_PREFERENCES = ['tx=commit', 'tx=rollback'];

/**
 * The Prefer header values this server honours; upserts, return=headers-only and params=single-object are
 * refused. With handling=strict, an unknown preference is 400 PGRST122, as in PostgREST.
 */
export function parsePrefer(header: string | undefined, timezones: ReadonlySet<string> = new Set()): Prefer {
  const prefs = (header ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const values: PreferValues = {};
  for (const [kind, accepted] of Object.entries(PREFERENCES) as Array<[keyof typeof PREFERENCES, string[]]>) {
    const found = prefs.find((p) => accepted.includes(p));
    if (found) values[kind] = found;
  }
  // The first timezone= counts; PostgREST then reports no preference as invalid (its checkPrefs).
  const timezone = prefs.find((p) => p.startsWith('timezone='));
  if (timezone !== undefined && timezones.has(timezone.slice('timezone='.length))) values.timezone = timezone;
  if (values.handling === 'handling=strict' && values.timezone === undefined) {
    const known = [...Object.values(PREFERENCES).flat(), ...IGNORED_PREFERENCES];
    const invalid = prefs.filter((p) => !known.includes(p));
    if (invalid.length > 0) {
      throw new RestError(
        400,
        'PGRST122',
        'Invalid preferences given with handling=strict',
        `Invalid preferences: ${invalid.join(', ')}`,
      );
    }
  }
  if (values.resolution) throw unsupported('upsert (Prefer: resolution=…)');
  if (values.return === 'return=headers-only') throw unsupported('Prefer: return=headers-only');
  if (values.params) throw unsupported('Prefer: params=single-object');
  return {
    count: values.count !== undefined,
    returnRepresentation: values.return === 'return=representation',
    missingDefault: values.missing === 'missing=default',
    values,
  };
}

/** What Preference-Applied names for each kind of request (PostgREST 12, Response.hs). */
const APPLIED: Record<'read' | 'create' | 'update' | 'delete' | 'invoke', Array<keyof PreferValues>> = {
  read: ['count', 'handling', 'timezone'],
  create: ['missing', 'return', 'count', 'handling', 'timezone'],
  update: ['missing', 'return', 'count', 'handling', 'timezone'],
  delete: ['return', 'count', 'handling', 'timezone'],
  invoke: ['count', 'handling', 'timezone'],
};

/** The time zone a request asked for (Prefer: timezone=…), set for its transaction; undefined for the default. */
export const preferredTimezone = (prefer: Prefer): string | undefined =>
  prefer.values.timezone?.slice('timezone='.length);

/** The Preference-Applied header of an answer, or none. */
export function preferenceApplied(prefer: Prefer, kind: keyof typeof APPLIED): Record<string, string> {
  const applied = APPLIED[kind].map((k) => prefer.values[k]).filter((v): v is string => v !== undefined);
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}
