// PostgREST-shaped errors ({code, message, details, hint} with an HTTP status) and the status PostgREST gives a
// SQLSTATE. Every layer of /rest/v1 throws RestError; handle.ts turns it into the response.
import type { ApiRole } from './as-role.ts';

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

/** A string as Haskell's `show` writes it (PostgREST quotes error_description so): quotes, escapes, \DDD. */
export function haskellShow(text: string): string {
  const named: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t', '\r': '\\r' };
  let out = '';
  const chars = [...text];
  chars.forEach((ch, i) => {
    const code = ch.codePointAt(0)!;
    if (named[ch]) out += named[ch];
    else if (code < 0x20 || code > 0x7e) out += `\\${code}${/[0-9]/.test(chars[i + 1] ?? '') ? '\\&' : ''}`;
    else out += ch;
  });
  return `"${out}"`;
}

/**
 * PostgREST's PGRST100 for a query parameter its parser rejects, in Parsec's words: the parameter and the
 * 1-based column in the message, what was found and what was expected in the details.
 */
export function parseError(what: string, raw: string, index: number, unexpected: string, expecting: string): RestError {
  return new RestError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${raw})" (line 1, column ${[...raw.slice(0, index)].length + 1})`,
    `unexpected ${unexpected} expecting ${expecting}`,
  );
}

/** How Parsec names what it found at `index` of `text`: the character shown as a string, or the end. */
export const unexpectedAt = (text: string, index: number): string =>
  index < text.length ? haskellShow(String.fromCodePoint(text.codePointAt(index)!)) : 'end of input';

export const unsupported = (what: string) =>
  new RestError(
    400,
    'PGRST100',
    `Unsupported by the local server: ${what}`,
    null,
    'See docs/server.md, section "Data API, RLS and redirects", for the supported subset.',
  );

/** The PostgreSQL wire protocol carries at most 65,535 bind parameters in one statement. */
export const MAX_BIND_PARAMS = 65_535;

export const tooManyValues = () =>
  new RestError(
    413,
    'PGRST413',
    `Too many values in one request (at most ${MAX_BIND_PARAMS})`,
    null,
    'Send fewer rows or filter values per request.',
  );

/** Invalid JSON in a request body (PostgREST gives no details: the parser's words are dropped). */
export const invalidJson = (details: string | null = null) =>
  new RestError(400, 'PGRST102', 'Empty or invalid json', details);

/** A request body PostgREST refuses before parsing it: 400 PGRST102 with this message and no details. */
export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message);

export const restRateLimited = (retryAfterSec: number, what: string) =>
  new RestError(
    429,
    'over_request_rate_limit',
    `Request rate limit reached: ${what}`,
    null,
    `Retry after ${retryAfterSec} s.`,
    { 'Retry-After': String(retryAfterSec) },
  );

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalText = (v: unknown) => v === undefined || v === null || typeof v === 'string';

/**
 * A function's own error: `RAISE sqlstate 'PGRST' USING message = '{"code", "message", "details"?, "hint"?}',
 * detail = '{"status", "headers", "status_text"?}'` answers that status, body and headers (PostgREST 11.2+,
 * docs.postgrest.org "Errors"); anything else in those fields is PostgREST's 500 PGRST121.
 */
export function raisedError(message: string | undefined, detail: string | undefined): RestError {
  const parse = (text: string | undefined): unknown => {
    try {
      return JSON.parse(text ?? '') as unknown;
    } catch {
      return undefined;
    }
  };
  const body = parse(message);
  const meta = parse(detail);
  if (
    isObject(body) &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    optionalText(body.details) &&
    optionalText(body.hint) &&
    isObject(meta) &&
    Number.isInteger(meta.status) &&
    (meta.status as number) >= 100 &&
    (meta.status as number) <= 599 &&
    isObject(meta.headers) &&
    Object.values(meta.headers).every((v) => typeof v === 'string')
  ) {
    return new RestError(
      meta.status as number,
      body.code,
      body.message,
      (body.details as string | null | undefined) ?? null,
      (body.hint as string | null | undefined) ?? null,
      meta.headers as Record<string, string>,
    );
  }
  return new RestError(500, 'PGRST121', "The message and detail field of RAISE 'PGRST' error expects JSON");
}

/** The PostgREST status of a SQLSTATE (docs.postgrest.org, "Errors"; 42501 depends on the role). */
export function statusOfSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  if (code in exact) return exact[code]!;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}
