// /api/v1, generated from the server's own OpenAPI document (GET /api/v1/openapi.json): every path and method,
// its path and query parameters and its JSON body schema, filled with values the schema allows, values at and
// past its bounds, hostile strings, extreme numbers and dates, duplicate keys and missing fields. A route added
// to the document joins the fuzz without a change here.
import fc from 'fast-check';
import { P, type AuthSpec, type Body, type FuzzRequest } from './model.ts';
import { authArb, bodyArb, headersArb } from './http.ts';
import { anyMethod } from './methods.ts';
import {
  EXTREME_DATES,
  NUMBER_LITERALS,
  extremeNumber,
  hostileString,
  pick,
  queryGarbage,
  type ColKind,
} from './values.ts';

/** The part of JSON Schema the document uses. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
}

export interface ApiOperation {
  method: string;
  /** The template, e.g. /codes/{id}/scans. */
  path: string;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  body: Schema | null;
}

function resolve<T extends { $ref?: string }>(doc: OpenApiDocument, value: T): T {
  const ref = value.$ref;
  if (!ref) return value;
  const [, , section, name] = ref.split('/') as [string, string, 'schemas' | 'parameters', string];
  const target = doc.components?.[section]?.[name];
  if (!target) throw new Error(`OpenAPI: unresolved ${ref}`);
  return resolve(doc, target as T);
}

/** Every operation of the document, in path and method order. */
export function apiOperations(doc: OpenApiDocument): ApiOperation[] {
  const ops: ApiOperation[] = [];
  for (const path of Object.keys(doc.paths).sort()) {
    for (const method of Object.keys(doc.paths[path]!).sort()) {
      const op = doc.paths[path]![method]!;
      const params = (op.parameters ?? [])
        .map((p) => resolve(doc, p))
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          name: p.name,
          in: p.in as 'path' | 'query',
          required: p.required === true,
          schema: resolve(doc, p.schema ?? {}),
        }));
      const json = op.requestBody?.content?.['application/json']?.schema;
      const body = json ? resolve(doc, json) : null;
      if (body?.properties) {
        for (const [k, v] of Object.entries(body.properties)) body.properties[k] = resolve(doc, v);
      }
      ops.push({ method: method.toUpperCase(), path, params, body });
    }
  }
  return ops;
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type[0] : s.type);

/** The fuzz's column kind for a property, for the generic body arbitraries. */
function kindOf(s: Schema): ColKind {
  const t = typeOf(s);
  if (t === 'boolean') return 'bool';
  if (t === 'integer' || t === 'number') return 'int';
  if (t === 'object') return 'jsonb';
  return 'text';
}

/** A value the schema accepts (as the text a query string carries). */
function goodText(name: string, s: Schema): fc.Arbitrary<string> {
  if (s.enum?.length) return fc.constantFrom(...s.enum.map(String));
  const t = typeOf(s);
  if (t === 'integer' || t === 'number') {
    const min = s.minimum ?? 64;
    const max = Math.min(s.maximum ?? 512, min + 500);
    return fc.integer({ min, max }).map(String);
  }
  if (t === 'boolean') return pick('true', 'false');
  if (s.format === 'uuid' || name === 'id') return pick(P.id0, P.id1, P.id0);
  if (s.format === 'date')
    return fc
      .date({ noInvalidDate: true, min: new Date('2025-06-01'), max: new Date('2026-12-01') })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'uri') return pick('https://example.com/menu', 'https://example.com/a?b=1');
  if (s.pattern?.startsWith('^#')) return pick('#000000', '#ffffff', '#1a2B3c');
  if (name === 'tz') return pick('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati');
  const examples = [s.example, s.default].filter((v): v is string => typeof v === 'string' && v !== '');
  return fc.oneof(
    ...(examples.length ? [pick(...examples)] : []),
    fc.string({ minLength: Math.max(1, s.minLength ?? 1), maxLength: Math.min(40, s.maxLength ?? 40) }),
  );
}

/** A value the schema refuses, at its bounds or far past them, or hostile text. */
function badText(s: Schema): fc.Arbitrary<string> {
  const t = typeOf(s);
  const bounds: string[] = [];
  if (s.minimum !== undefined) bounds.push(String(s.minimum - 1), String(s.minimum));
  if (s.maximum !== undefined) bounds.push(String(s.maximum + 1), String(s.maximum));
  if (s.maxLength !== undefined) bounds.push('x'.repeat(s.maxLength + 1));
  return fc.oneof(
    ...(bounds.length ? [{ weight: 3, arbitrary: fc.constantFrom(...bounds) }] : []),
    {
      weight: t === 'integer' || t === 'number' ? 4 : 1,
      arbitrary: fc.oneof(fc.constantFrom(...NUMBER_LITERALS), extremeNumber.map(String), pick('4096', '99999')),
    },
    { weight: s.format === 'date' ? 4 : 1, arbitrary: fc.constantFrom(...EXTREME_DATES) },
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: queryGarbage },
    { weight: 1, arbitrary: pick('', ' ', '%00', 'null', 'undefined', '[]', '{}') },
  );
}

const paramText = (name: string, s: Schema, plausible: boolean) =>
  plausible
    ? goodText(name, s)
    : fc.oneof({ weight: 3, arbitrary: goodText(name, s) }, { weight: 2, arbitrary: badText(s) });

/** encodeURIComponent, but a placeholder, a lone surrogate or %-garbage goes out as it is. */
const encode = (s: string) => {
  try {
    return /^\$[A-Z_0-9]+\$$|%[0-9A-Fa-f]{0,1}(?![0-9A-Fa-f])|%[^0-9A-Fa-f]/.test(s) ? s : encodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A JSON value the property accepts. */
function goodJson(name: string, s: Schema): fc.Arbitrary<unknown> {
  const t = typeOf(s);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (t === 'boolean') return fc.boolean();
  if (t === 'integer') return fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 100 });
  if (t === 'object')
    return fc.oneof(
      fc.constant({}),
      fc.record({ fg: pick('#000000', '#123456'), dots: pick('square', 'rounded') }),
      fc.jsonValue({ maxDepth: 3 }),
    );
  return goodText(name, s);
}

/** A JSON value the property refuses: wrong type, out of bounds, hostile, extreme. */
function badJson(s: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(
    badText(s),
    extremeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.jsonValue({ maxDepth: 3 }),
    hostileString.map((h) => ({ [h]: h })),
  );
}

function bodyFor(schema: Schema, plausible: boolean): fc.Arbitrary<Body> {
  const props = Object.entries(schema.properties ?? {});
  const names = props.map(([k]) => k);
  const required = new Set(schema.required ?? []);
  const entry = ([k, s]: [string, Schema]) =>
    fc.oneof(
      { weight: 6, arbitrary: goodJson(k, s).map((v) => [k, v] as const) },
      { weight: plausible ? 0 : 2, arbitrary: badJson(s).map((v) => [k, v] as const) },
      // Leave it out (a required one too, sometimes).
      { weight: required.has(k) ? (plausible ? 0 : 1) : 3, arbitrary: fc.constant(null) },
    );
  const object = fc
    .tuple(
      fc.tuple(...props.map(entry)),
      plausible
        ? fc.constant(null)
        : fc.option(fc.tuple(fc.oneof(hostileString, pick('user_id', 'id', 'slug', '__proto__')), fc.jsonValue()), {
            freq: 6,
          }),
    )
    .map(([entries, extra]): Body => {
      const v: Record<string, unknown> = {};
      for (const e of entries) if (e) v[e[0]] = e[1];
      if (extra) v[extra[0]] = extra[1];
      return { k: 'json', v };
    });
  if (plausible) return object;
  // The generic bodies (raw literals, 1 MB strings, deep nesting, truncated JSON …) at the schema's names.
  const kinds = Object.fromEntries(props.map(([k, v]) => [k, kindOf(v)]));
  return fc.oneof({ weight: 5, arbitrary: object }, { weight: 3, arbitrary: bodyArb(kinds, { deepKeys: names }) });
}

/** The user's key in Authorization or X-API-Key most of the time; a revoked key, a JWT or garbage otherwise. */
const apiAuth = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      auth: pick<AuthSpec>({ kind: 'api-key', scheme: 'Bearer', raw: '', apikey: 'none' }),
      xKey: fc.constant(false),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      auth: pick<AuthSpec>({ kind: 'none', scheme: 'Bearer', raw: '', apikey: 'none' }),
      xKey: fc.constant(true),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      auth: pick<AuthSpec>({ kind: 'api-key-revoked', scheme: 'Bearer', raw: '', apikey: 'none' }),
      xKey: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ auth: authArb, xKey: fc.constant(false) }) },
);

/**
 * Requests for one operation. A plausible one is what a well-behaved client sends (every value in its schema,
 * so the request reaches the store and the database); the others mix in values past bounds and hostile ones.
 */
function operationRequest(op: ApiOperation, plausible: boolean): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathValue = (name: string, s: Schema) =>
    plausible
      ? goodText(name, s)
      : fc.oneof(
          { weight: 6, arbitrary: goodText(name, s) },
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 2, arbitrary: badText(s) },
        );
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(
          paramText(p.name, p.schema, plausible).map((v) => `${p.name}=${encode(v)}`),
          { freq: p.required ? 8 : 2, nil: null },
        ),
      ),
      // A key twice, or one no route knows.
      fc.option(
        fc.oneof(
          ...(queryParams.length
            ? [
                fc
                  .tuple(fc.constantFrom(...queryParams), fc.nat())
                  .chain(([p]) => badText(p.schema).map((v) => `${p.name}=${encode(v)}`)),
              ]
            : []),
          fc.tuple(queryGarbage, queryGarbage).map(([k, v]) => `${k}=${v}`),
        ),
        { freq: plausible ? 1_000_000 : 5, nil: null },
      ),
    )
    .map((parts) => {
      const present = parts.filter((p): p is string => p !== null && p !== undefined);
      return present.length ? `?${present.join('&')}` : '';
    });
  return fc
    .record({
      path: fc
        .tuple(...pathParams.map((p) => pathValue(p.name, p.schema)))
        .map((values) => pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, encode(values[i]!)), op.path)),
      query,
      method: plausible
        ? fc.constant(op.method)
        : fc.oneof({ weight: 14, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: anyMethod }),
      body: op.body ? bodyFor(op.body, plausible) : fc.constant<Body>({ k: 'none' }),
      auth: plausible ? apiAuth.filter((a) => a.auth.kind === 'api-key' || a.xKey) : apiAuth,
      headers: plausible ? fc.constant<[string, string][]>([['Content-Type', 'application/json']]) : headersArb(),
    })
    .map(({ path, query, method, body, auth, headers }) => ({
      route: `${method} /api/v1${op.path}`,
      method,
      path: `/api/v1${path}${query}`,
      auth: auth.auth,
      headers: auth.xKey ? [...headers, ['X-API-Key', P.apiKey] as [string, string]] : headers,
      body: method === 'GET' || method === 'HEAD' ? { k: 'none' } : body,
    }));
}

export function apiV1Request(ops: ApiOperation[]): fc.Arbitrary<FuzzRequest> {
  if (ops.length === 0) throw new Error('the OpenAPI document lists no operations');
  return fc.oneof(
    ...ops.map((op) => ({ weight: 2, arbitrary: operationRequest(op, true) })),
    ...ops.map((op) => ({ weight: 3, arbitrary: operationRequest(op, false) })),
  );
}
