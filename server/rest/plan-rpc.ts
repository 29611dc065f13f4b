// Layer 2 of /rest/v1 for /rpc/<fn>: the overload the arguments name, and for functions that return rows,
// the select, filters, order and page applied to their result (the function itself runs once).
import { RestError, invalidBody, unsupported } from './errors.ts';
import { closest } from './fuzzy.ts';
import { bodyKind, type Media } from './media.ts';
import { parseJsonBody, parseUrlEncoded } from './parse-body.ts';
import { RESERVED, isOperatorExpression, parsePrefer, type Prefer } from './parse.ts';

const LOGIC_KEYS = new Set(['or', 'and']);
import {
  planFilters,
  planOrder,
  planPage,
  planSelect,
  requestMedia,
  type FilterPlan,
  type OrderPlan,
  type Page,
  type RestRequest,
  type SelectPlan,
} from './plan.ts';
import type { FunctionArg, FunctionDef, SchemaCache } from './schema.ts';

interface RpcCall {
  fn: string;
  /** The arguments passed by name, sorted by name. */
  args: Array<{ arg: FunctionArg; value: unknown }>;
}

/** What every kind of call carries: the representation asked for and the preferences. */
interface RpcCommon {
  call: RpcCall;
  media: Media;
  prefer: Prefer;
  profiled: boolean;
}

export type RpcPlan =
  /** RETURNS void: 204. */
  | (RpcCommon & { kind: 'void' })
  /** One scalar value: its JSON. */
  | (RpcCommon & { kind: 'scalar' })
  /** SETOF a scalar type: an array of values. */
  | (RpcCommon & { kind: 'scalar-set'; count: boolean })
  /** Rows (a table, composite or OUT-argument result), filtered and paged like a table. */
  | (Page &
      RpcCommon & {
        kind: 'rows';
        returnsSet: boolean;
        select: SelectPlan;
        filters: FilterPlan[];
        order: OrderPlan[];
        count: boolean;
        object: boolean;
      });

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The overload whose argument names are exactly covered: every given name exists, every required one is given. */
function findOverload(overloads: readonly FunctionDef[], keys: readonly string[]): FunctionDef | undefined {
  return overloads.find((d) => {
    const names = d.inArgs.map((a) => a.name);
    const required = names.slice(0, names.length - d.defaults);
    return keys.every((k) => names.includes(k)) && required.every((r) => keys.includes(r));
  });
}

export async function planRpc(req: RestRequest, schema: SchemaCache, name: string, maxRows: number): Promise<RpcPlan> {
  const { query } = req;
  const prefer = parsePrefer(req.prefer, schema.timezones);
  const overloads = schema.functions.get(name) ?? [];
  let args: Record<string, unknown>;
  const { kind: bodyType, mime } = bodyKind(req.contentType);
  // A text / XML / octet-stream body carries no named arguments: PostgREST 12 calls a function whose parameters
  // all have defaults, else one with a single parameter of that type ("single unnamed parameter", though it does
  // not check that it is unnamed), without arguments.
  let raw: FunctionDef | undefined;
  if (req.method === 'POST' && (bodyType === 'text' || bodyType === 'xml' || bodyType === 'octet')) {
    const param = { text: 'text', xml: 'xml', octet: 'bytea' }[bodyType];
    // Functions whose parameters all have defaults are called without arguments; then one of that type.
    raw =
      findOverload(
        overloads.filter((d) => d.inArgs.length > 0),
        [],
      ) ?? overloads.find((d) => d.inArgs.length === 1 && d.inArgs[0]!.type === param);
    if (!raw) {
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function public.${name} in the schema cache`,
        `Searched for the function public.${name} with a single unnamed ${param} parameter, but no matches were found in the schema cache.`,
      );
    }
  }
  if (raw) {
    args = {};
  } else if (req.method === 'POST') {
    if (bodyType === 'urlencoded') {
      args = parseUrlEncoded(await req.body());
    } else if (bodyType === 'json') {
      const body = parseJsonBody(await req.body()) ?? {};
      if (!isPlainObject(body)) throw unsupported('rpc with a non-object body (bulk calls)');
      args = body;
    } else if (bodyType === 'csv') {
      throw unsupported('CSV request bodies (Content-Type: text/csv)');
    } else {
      throw invalidBody(`Content-Type not acceptable: ${mime}`);
    }
  } else {
    // As PostgREST reads GET /rpc: a parameter whose value is an operator expression is a filter on the result,
    // any other is an argument (an unknown one makes the call unknown: PGRST202).
    args = {};
    for (const [k, v] of query) if (!RESERVED.has(k) && !LOGIC_KEYS.has(k) && !isOperatorExpression(v)) args[k] = v;
  }
  const keys = Object.keys(args).sort();
  const def = raw ?? findOverload(overloads, keys);
  if (!def) throw noSuchFunction(name, keys, req.method === 'POST' && bodyType === 'json', schema);
  const call: RpcCall = {
    fn: def.name,
    args: keys.map((k) => ({ arg: def.inArgs.find((a) => a.name === k)!, value: args[k] })),
  };
  const { media, profiled } = requestMedia(req);
  const common = { call, media, prefer, profiled };

  if (def.shape === 'void') return { kind: 'void', ...common };
  if (def.shape === 'scalar' && !def.returnsSet) return { kind: 'scalar', ...common };
  if (def.columns.size === 0) return { kind: 'scalar-set', ...common, count: prefer.count };

  // Arguments given in the query string are not filters.
  const skip = new Set(req.method === 'POST' ? [] : keys);
  // Unknown columns are named as PostgreSQL names them in PostgREST's query (pgrst_call, record).
  const select = planSelect(query.get('select') ?? undefined, def.columns, 'pgrst_call');
  const filters = planFilters(query, def.columns, 'record', skip);
  const order = planOrder(query.get('order'), def.columns, 'record');
  const page = planPage(query, req.range, maxRows, req.method);
  return {
    kind: 'rows',
    ...common,
    returnsSet: def.returnsSet,
    select,
    filters,
    order,
    ...page,
    count: prefer.count,
    object: media.object,
  };
}

/** 404 PGRST202 in PostgREST 12's words (Error.hs, NoRpc), with its "Perhaps you meant" hint (noRpcHint). */
function noSuchFunction(name: string, keys: readonly string[], jsonPost: boolean, schema: SchemaCache): RestError {
  const fn = `public.${name.slice(0, 60)}`;
  const list = keys.join(', ');
  const searched = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${list}`;
  const asText = (names: readonly string[]) => `(${[...names].sort().join(', ')})`;
  const overloads = schema.functions.get(name) ?? [];
  const guess =
    overloads.length === 0
      ? closest([...schema.functions.keys()], name)
      : ((m) => (m === undefined ? undefined : `${name}${m}`))(
          closest(
            overloads.map((d) => asText(d.inArgs.map((a) => a.name))),
            asText(keys),
          ),
        );
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${keys.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
    `Searched for the function ${fn}${searched}${jsonPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    guess === undefined ? null : `Perhaps you meant to call the function public.${guess}`,
  );
}
