// Responses of /rest/v1: JSON bodies, Content-Range, the single-object media type, and errors in PostgREST's
// shape.
import { RestError, haskellShow } from './errors.ts';

export { haskellShow };
import { OBJECT_MEDIA } from './media.ts';

export const OBJECT_TYPE = { 'Content-Type': `${OBJECT_MEDIA}; charset=utf-8` };

/** A JSON array as text (body) and its number of elements (n), as the statements of sql.ts answer them. */
export interface Result {
  body: string;
  n: number;
}

export function jsonResponse(status: number, body: string | null, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * The response of a RestError. Every 401 says `WWW-Authenticate: Bearer` (RFC 6750), with the reason when the
 * token itself was refused, as PostgREST does.
 */
export function errorOut(err: RestError): Response {
  const extra: Record<string, string> =
    err.status !== 401
      ? {}
      : err.code.startsWith('PGRST3')
        ? { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${haskellShow(err.message)}` }
        : { 'WWW-Authenticate': 'Bearer' };
  return jsonResponse(err.status, JSON.stringify(err.body()), { ...err.headers, ...extra });
}

/** `0-9/42`, `*\/42` (no rows) or `…/*` (total not counted). */
export function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

/** The only row of a result, for Accept: application/vnd.pgrst.object+json; 406 unless there is exactly one. */
export function singular(result: Result): string {
  if (result.n !== 1) {
    throw new RestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${result.n} rows`,
    );
  }
  const rows = JSON.parse(result.body) as unknown[];
  return JSON.stringify(rows[0]);
}

/** 200 with the rows, or with the single object when the request asked for one. */
export function rowsResponse(result: Result, headers: Record<string, string>, object: boolean): Response {
  if (object) return jsonResponse(200, singular(result), { ...headers, ...OBJECT_TYPE });
  return jsonResponse(200, result.body, headers);
}
