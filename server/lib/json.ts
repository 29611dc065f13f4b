// Request-body parsing with Go's encoding/json semantics as GoTrue sees them (contract §1.6): the body must
// be a JSON object, each known field must have its declared type (null = empty), unknown fields are ignored.
// Any failure is 400 bad_json, "Could not parse request body as JSON: …".
import { badJson, validationFailed } from './errors.ts';

export type JsonObject = Record<string, unknown>;
type FieldType = 'string' | 'object' | 'boolean';
export type BodySpec = Readonly<Record<string, FieldType>>;
type FieldValue<T extends FieldType> = T extends 'string' ? string : T extends 'object' ? JsonObject : boolean;
export type ParsedBody<S extends BodySpec> = { -readonly [K in keyof S]?: FieldValue<S[K]> };

const GO_TYPE: Record<FieldType, string> = { string: 'string', object: 'map[string]interface {}', boolean: 'bool' };

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'object' : typeof v;
}

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses text as the body of Go struct `structName` described by spec. */
export function parseBody<S extends BodySpec>(text: string, structName: string, spec: S): ParsedBody<S> {
  if (text.trim() === '') throw badJson('unexpected end of JSON input');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw badJson(err instanceof Error ? err.message : 'invalid JSON');
  }
  if (!isJsonObject(value)) {
    if (value === null) return {};
    throw badJson(`json: cannot unmarshal ${jsonKind(value)} into Go value of type api.${structName}`);
  }
  const out: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(spec)) {
    if (!Object.hasOwn(value, field)) continue;
    const v = value[field];
    if (v === null) continue;
    const kind = jsonKind(v);
    const ok = type === 'object' ? kind === 'object' : kind === type;
    if (!ok) {
      throw badJson(
        `json: cannot unmarshal ${kind} into Go struct field ${structName}.${field} of type ${GO_TYPE[type]}`,
      );
    }
    out[field] = v;
  }
  return out as ParsedBody<S>;
}

const MAX_DEPTH = 32;
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * PostgreSQL's jsonb refuses NUL characters and lone surrogates, and deep nesting exhausts its parser's
 * stack: refuse such metadata with 400 instead of failing in the database.
 */
export function assertStorableJson(value: unknown, what: string, depth = 0): void {
  if (depth > MAX_DEPTH) throw validationFailed(`${what} is nested too deeply`);
  if (typeof value === 'string') {
    if (unstorable(value)) throw validationFailed(`${what} contains characters that cannot be stored`);
  } else if (Array.isArray(value)) {
    for (const item of value) assertStorableJson(item, what, depth + 1);
  } else if (isJsonObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (unstorable(k)) throw validationFailed(`${what} contains characters that cannot be stored`);
      assertStorableJson(v, what, depth + 1);
    }
  }
}

/**
 * user_metadata travels in every access token, and a token over about 12 KiB no longer fits Node's 16 KiB
 * header limit: the account could then not even repair itself. Refuse metadata over maxBytes of JSON.
 */
export function assertMetadataSize(value: JsonObject, maxBytes: number): void {
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  if (bytes > maxBytes) {
    throw validationFailed(`User metadata is too large: ${bytes} bytes of JSON (at most ${maxBytes})`);
  }
}
