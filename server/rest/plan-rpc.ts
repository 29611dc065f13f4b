// Layer 2 of /rest/v1 for /rpc/<fn>: the overload the arguments name, and for functions that return rows,
// the select, filters, order and page applied to their result (the function itself runs once).
import { RestError, unsupported } from './errors.ts';
import { parseJsonBody } from './parse-body.ts';
import { RESERVED, parsePrefer } from './parse.ts';
import { planFilters, planOrder, planPage, planSelect, type FilterPlan, type OrderPlan, type Page, type RestRequest, type SelectPlan } from './plan.ts';
import type { FunctionArg, FunctionDef, SchemaCache } from './schema.ts';

interface RpcCall {
  fn: string;
  /** The arguments passed by name, sorted by name. */
  args: Array<{ arg: FunctionArg; value: unknown }>;
}

export type RpcPlan =
  /** RETURNS void: 204. */
  | { kind: 'void'; call: RpcCall }
  /** One scalar value: its JSON. */
  | { kind: 'scalar'; call: RpcCall }
  /** SETOF a scalar type: an array of values. */
  | { kind: 'scalar-set'; call: RpcCall; count: boolean }
  /** Rows (a table, composite or OUT-argument result), filtered and paged like a table. */
  | (Page & {
      kind: 'rows';
      call: RpcCall;
      returnsSet: boolean;
      select: SelectPlan;
      filters: FilterPlan[];
      order: OrderPlan[];
      count: boolean;
      object: boolean;
    });

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  const prefer = parsePrefer(req.prefer);
  const overloads = schema.functions.get(name) ?? [];
  const argNames = new Set(overloads.flatMap((d) => d.inArgs.map((a) => a.name)));
  let args: Record<string, unknown>;
  if (req.method === 'POST') {
    const body = parseJsonBody(await req.body()) ?? {};
    if (!isPlainObject(body)) throw unsupported('rpc with a non-object body (bulk calls)');
    args = body;
  } else {
    args = {};
    for (const [k, v] of query) if (argNames.has(k) && !RESERVED.has(k)) args[k] = v;
  }
  const keys = Object.keys(args).sort();
  const def = findOverload(overloads, keys);
  if (!def) {
    throw new RestError(404, 'PGRST202',
      `Could not find the function public.${name.slice(0, 60)}(${keys.join(', ')}) in the schema cache`, null,
      'Check the function name and its argument names.');
  }
  const call: RpcCall = { fn: def.name, args: keys.map((k) => ({ arg: def.inArgs.find((a) => a.name === k)!, value: args[k] })) };

  if (def.shape === 'void') return { kind: 'void', call };
  if (def.shape === 'scalar' && !def.returnsSet) return { kind: 'scalar', call };
  if (def.columns.size === 0) return { kind: 'scalar-set', call, count: prefer.count };

  // Arguments given in the query string are not filters.
  const skip = new Set(req.method === 'POST' ? [] : keys);
  const select = planSelect(query.get('select') ?? undefined, def.columns, name);
  const filters = planFilters(query, def.columns, name, skip);
  const order = planOrder(query.get('order'), def.columns, name);
  const page = planPage(query, req.range, maxRows);
  return { kind: 'rows', call, returnsSet: def.returnsSet, select, filters, order, ...page, count: prefer.count, object: req.object };
}
