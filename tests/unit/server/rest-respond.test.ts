// The answers of /rest/v1 (server/rest/respond.ts, errors.ts): Content-Range, single objects, error responses
// and the status PostgREST gives a SQLSTATE.
import { describe, expect, it } from 'vitest';
import { RestError, raisedError, statusOfSqlState } from '../../../server/rest/errors.ts';
import { contentRange, errorOut, haskellShow, rowsResponse, singular } from '../../../server/rest/respond.ts';

describe('statusOfSqlState', () => {
  it('maps exact codes, classes and PostgREST PTnnn codes; 42501 depends on the role', () => {
    expect(statusOfSqlState('42501', 'anon')).toBe(401);
    expect(statusOfSqlState('42501', 'authenticated')).toBe(403);
    expect(statusOfSqlState('23505', 'authenticated')).toBe(409);
    expect(statusOfSqlState('PT402', 'anon')).toBe(402);
    expect(statusOfSqlState('08006', 'anon')).toBe(503);
    expect(statusOfSqlState('57014', 'anon')).toBe(500);
    expect(statusOfSqlState('22P02', 'anon')).toBe(400);
  });
});

describe("RAISE sqlstate 'PGRST'", () => {
  it('answers the status, body and headers the function chose, as PostgREST 12 does', () => {
    const err = raisedError(
      '{"code":"P0002","message":"No staged rows","hint":"Stage first"}',
      '{"status":404,"headers":{"X-Reason":"empty"}}',
    );
    expect([err.status, err.body(), err.headers]).toEqual([
      404,
      { code: 'P0002', details: null, hint: 'Stage first', message: 'No staged rows' },
      { 'X-Reason': 'empty' },
    ]);
  });

  it('is a 500 PGRST121 when either field is not the JSON PostgREST expects (seen with PostgREST 12.0.2)', () => {
    for (const [message, detail] of [
      ['not json', '{"status":404,"headers":{}}'],
      ['{"message":"no code"}', '{"status":409,"headers":{}}'],
      ['{"code":"X","message":"m"}', '{"status":409}'],
      ['{"code":"X","message":"m"}', 'nope'],
    ]) {
      const err = raisedError(message, detail);
      expect([err.status, err.code], `${message} / ${detail}`).toEqual([500, 'PGRST121']);
    }
  });
});

describe('responses', () => {
  it('writes Content-Range for pages, empty pages and uncounted totals', () => {
    expect(contentRange(10, 5, 42)).toBe('10-14/42');
    expect(contentRange(0, 0, 0)).toBe('*/0');
    expect(contentRange(3, 2, null)).toBe('3-4/*');
  });

  it('answers a single object only for exactly one row, else 406 PGRST116', async () => {
    expect(singular({ body: '[{"a":1}]', n: 1 })).toBe('{"a":1}');
    expect(() => singular({ body: '[]', n: 0 })).toThrow(expect.objectContaining({ status: 406, code: 'PGRST116' }));
    const res = rowsResponse({ body: '[{"a":1}]', n: 1 }, { 'Content-Range': '0-0/*' }, true);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('0-0/*');
    expect(await res.text()).toBe('{"a":1}');
  });

  it('turns a RestError into its status, headers and PostgREST body; a bad JWT also gets WWW-Authenticate', async () => {
    const limited = errorOut(
      new RestError(429, 'over_request_rate_limit', 'slow down', null, 'later', { 'Retry-After': '3' }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('www-authenticate')).toBeNull();
    expect(await limited.json()).toEqual({
      code: 'over_request_rate_limit',
      details: null,
      hint: 'later',
      message: 'slow down',
    });
    const jwt = errorOut(new RestError(401, 'PGRST301', 'JWSError (JSONDecodeError "Not valid base64url")'));
    expect(jwt.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWSError (JSONDecodeError \\"Not valid base64url\\")"',
    );
    // Every other 401 (the database refusing anon) names the scheme only, as PostgREST does.
    const anon = errorOut(new RestError(401, '42501', 'permission denied for table qr_codes'));
    expect(anon.headers.get('www-authenticate')).toBe('Bearer');
    expect(haskellShow('é1"')).toBe('"\\233\\&1\\""');
  });
});
