// Layer 2 of /rest/v1: a request on a table, parsed by parse.ts, checked against the schema cache and turned
// into a plan: which columns, filters, order and page, or which rows to insert, values to set, rows to delete.
// Every name in a plan is a catalog column (with its type), so sql.ts can build the statement without checks.
// The order of the checks is the order of the errors a request with several faults gets.
import { MAX_BIND_PARAMS, RestError, invalidBody, invalidJson, tooManyValues, unsupported } from './errors.ts';
import { JSON_MEDIA, OBJECT_MEDIA, bodyKind, checkProfile, negotiate, parseAccept, type Media } from './media.ts';
import { parseColumnsParam, parseJsonBody, parseUrlEncoded } from './parse-body.ts';
import {
  RESERVED,
  checkOrderSyntax,
  checkSelectSyntax,
  parseFilter,
  parseFilterColumn,
  parseOrderColumn,
  parseOrderTerm,
  parsePrefer,
  parseRange,
  parseSelectItem,
  selectParts,
  type Filter,
  type OrderTerm,
  type Prefer,
} from './parse.ts';
import type { Column, SchemaCache } from './schema.ts';

/** What a plan needs of an HTTP request. */
export interface RestRequest {
  method: string;
  query: URLSearchParams;
  prefer: string | undefined;
  range: string | undefined;
  /** Accept asks for a single object (application/vnd.pgrst.object+json); used when accept is not given. */
  object: boolean;
  /** The Accept header (content negotiation: JSON, CSV, single object; anything else is 415 PGRST107). */
  accept?: string | undefined;
  /** The Content-Type header of the body (none: JSON). */
  contentType?: string | undefined;
  acceptProfile?: string | undefined;
  contentProfile?: string | undefined;
  /** Reads the body (only when the plan needs it, after the checks that come first). */
  body(): Promise<string>;
}

/** The representation a request asks for (its Accept header), and whether it named the schema. */
export function requestMedia(req: RestRequest): { media: Media; profiled: boolean } {
  const profiled = checkProfile(req.method, req.acceptProfile, req.contentProfile);
  if (req.accept === undefined && req.object) return { media: negotiate([OBJECT_MEDIA]), profiled };
  return { media: req.accept === undefined ? JSON_MEDIA : negotiate(parseAccept(req.accept)), profiled };
}

/**
 * A table's request body as PostgREST 12 reads it (ApiRequest.getPayload): JSON (no Content-Type means JSON) or
 * a form; CSV bodies are refused as outside the subset, any other type is 400 PGRST102.
 */
async function tableBody(req: RestRequest): Promise<unknown> {
  const { kind, mime } = bodyKind(req.contentType);
  if (kind === 'json') {
    const text = await req.body();
    if (text.trim() === '') throw invalidJson();
    return parseJsonBody(text);
  }
  if (kind === 'urlencoded') return parseUrlEncoded(await req.body());
  if (kind === 'csv') throw unsupported('CSV request bodies (Content-Type: text/csv)');
  throw invalidBody(`Content-Type not acceptable: ${mime}`);
}

type WithColumn<T> = T extends unknown ? Omit<T, 'column'> & { column: Column } : never;
export type SelectPlan = Array<{ kind: 'star' } | { kind: 'column'; column: Column; alias: string | null }>;
export type FilterPlan = WithColumn<Filter>;
export type OrderPlan = WithColumn<OrderTerm>;

export interface Page {
  limit: number;
  offset: number;
}

export interface ReadPlan extends Page {
  kind: 'read';
  table: string;
  select: SelectPlan;
  filters: FilterPlan[];
  order: OrderPlan[];
  count: boolean;
  object: boolean;
  media: Media;
  prefer: Prefer;
  /** The request named its schema (Accept-Profile): the answer says Content-Profile: public. */
  profiled: boolean;
}

export type WriteStatement =
  | {
      kind: 'insert';
      table: string;
      columns: Column[];
      rows: Record<string, unknown>[];
      missingDefault: boolean;
      firstColumn: string | undefined;
    }
  | { kind: 'update'; table: string; sets: Array<{ column: Column; value: unknown }>; filters: FilterPlan[] }
  | { kind: 'delete'; table: string; filters: FilterPlan[] };

export interface WritePlan {
  kind: 'write';
  statement: WriteStatement;
  /** Prefer: return=representation: the rows written, as `select` lists them, in `order`. */
  returning: boolean;
  select: SelectPlan;
  order: OrderPlan[];
  count: boolean;
  object: boolean;
  media: Media;
  prefer: Prefer;
  profiled: boolean;
  /** The status of success: 201 for inserts, else 200 with a representation and 204 without. */
  status: number;
}

function columnOf(columns: Map<string, Column>, name: string, relation: string): Column {
  const col = columns.get(name);
  if (!col) throw new RestError(400, '42703', `column ${relation}.${name} does not exist`);
  return col;
}

function bodyColumn(columns: Map<string, Column>, table: string, name: string): Column {
  const col = columns.get(name);
  if (!col)
    throw new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table}' in the schema cache`);
  return col;
}

export function planSelect(raw: string | undefined, columns: Map<string, Column>, relation: string): SelectPlan {
  checkSelectSyntax(raw);
  return selectParts(raw).map((part) => {
    const item = parseSelectItem(part);
    return item.kind === 'star'
      ? item
      : { kind: 'column', column: columnOf(columns, item.name, relation), alias: item.alias };
  });
}

/** Filters from every non-reserved query parameter (and not in skip), in order. */
export function planFilters(
  query: URLSearchParams,
  columns: Map<string, Column>,
  relation: string,
  skip: ReadonlySet<string> = new Set(),
): FilterPlan[] {
  const out: FilterPlan[] = [];
  for (const [key, value] of query) {
    if (RESERVED.has(key) || skip.has(key)) continue;
    // The value's syntax is checked before the column exists, as PostgREST parses the query string first.
    const filter = parseFilter(key, value);
    out.push({ ...filter, column: columnOf(columns, parseFilterColumn(key), relation) } as FilterPlan);
  }
  return out;
}

export function planOrder(raw: string | null, columns: Map<string, Column>, relation: string): OrderPlan[] {
  if (!raw) return [];
  checkOrderSyntax(raw);
  return raw.split(',').map((term) => {
    const column = columnOf(columns, parseOrderColumn(term), relation);
    return { ...parseOrderTerm(term), column };
  });
}

/** limit/offset or Range, with at most maxRows rows (PostgREST's db-max-rows). */
export function planPage(query: URLSearchParams, range: string | undefined, maxRows: number, method = 'GET'): Page {
  const { limit, offset } = parseRange(query, range, method);
  return { limit: Math.min(limit ?? maxRows, maxRows), offset };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export async function planTable(
  req: RestRequest,
  schema: SchemaCache,
  table: string,
  maxRows: number,
): Promise<ReadPlan | WritePlan> {
  const rel = schema.relations.get(table);
  if (!rel)
    throw new RestError(404, 'PGRST205', `Could not find the table 'public.${table.slice(0, 60)}' in the schema cache`);
  const { query } = req;
  const prefer = parsePrefer(req.prefer, schema.timezones);
  const select = planSelect(query.get('select') ?? undefined, rel.columns, table);
  if (req.method === 'GET' || req.method === 'HEAD') {
    const filters = planFilters(query, rel.columns, table);
    const order = planOrder(query.get('order'), rel.columns, table);
    const { media, profiled } = requestMedia(req);
    const page = planPage(query, req.range, maxRows, req.method);
    return {
      kind: 'read',
      table: rel.name,
      select,
      filters,
      order,
      ...page,
      count: prefer.count,
      object: media.object,
      media,
      prefer,
      profiled,
    };
  }
  const { media, profiled } = requestMedia(req);
  if (query.has('limit') || query.has('offset')) throw unsupported('limit / offset on insert, update or delete');
  const returning = prefer.returnRepresentation;
  // order= on a mutation orders the returned representation (columns must be in the select list).
  const order = returning ? planOrder(query.get('order'), rel.columns, table) : [];
  const statement = await planStatement(req, rel.name, rel.columns, prefer, maxRows);
  const status = req.method === 'POST' ? 201 : returning ? 200 : 204;
  return {
    kind: 'write',
    statement,
    returning,
    select,
    order,
    count: prefer.count,
    object: media.object,
    media,
    prefer,
    profiled,
    status,
  };
}

async function planStatement(
  req: RestRequest,
  table: string,
  columns: Map<string, Column>,
  prefer: Prefer,
  maxRows: number,
): Promise<WriteStatement> {
  const { query } = req;
  if (req.method === 'POST') {
    if (query.has('on_conflict')) throw unsupported('upsert (on_conflict)');
    const body = await tableBody(req);
    // PostgREST inserts an object, or an array of objects; any other JSON value is an empty array.
    const rows = Array.isArray(body) ? body : isPlainObject(body) ? [body] : [];
    if (!rows.every(isPlainObject)) throw invalidBody('All object keys must match');
    const columnsParam = query.get('columns');
    const names = columnsParam ? parseColumnsParam(columnsParam) : Object.keys(rows[0] ?? {});
    if (!columnsParam) {
      const key = [...names].sort().join('\u0000');
      if (rows.some((o) => Object.keys(o).sort().join('\u0000') !== key)) {
        throw new RestError(400, 'PGRST102', 'All object keys must match');
      }
    }
    const cols = names.map((n) => bodyColumn(columns, table, n));
    if (rows.length > maxRows) {
      throw new RestError(
        413,
        'PGRST413',
        `Too many rows in one request: ${rows.length} (at most ${maxRows})`,
        null,
        `Send the rows in batches of at most ${maxRows}.`,
      );
    }
    const firstColumn = [...columns.keys()][0];
    return { kind: 'insert', table, columns: cols, rows, missingDefault: prefer.missingDefault, firstColumn };
  }
  if (req.method === 'PATCH') {
    const body = await tableBody(req);
    if (!isPlainObject(body)) throw unsupported('an update body that is not one JSON object');
    const sets = Object.keys(body).map((name) => ({ column: bodyColumn(columns, table, name), value: body[name] }));
    // Each value is one bind parameter, and the values come before the filters'.
    if (sets.length > MAX_BIND_PARAMS) throw tooManyValues();
    const filters = planFilters(query, columns, table);
    if (filters.length === 0)
      throw new RestError(400, '21000', 'UPDATE requires a WHERE clause', null, 'Add a filter, e.g. .eq("id", id)');
    return { kind: 'update', table, sets, filters };
  }
  const filters = planFilters(query, columns, table);
  if (filters.length === 0)
    throw new RestError(400, '21000', 'DELETE requires a WHERE clause', null, 'Add a filter, e.g. .eq("id", id)');
  return { kind: 'delete', table, filters };
}
