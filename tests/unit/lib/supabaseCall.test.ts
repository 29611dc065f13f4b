/**
 * supabaseCall against real supabase-js: a real client whose `fetch` answers like PostgREST (or fails like the
 * network), so the results and errors are exactly what the app gets.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  createClient,
  PostgrestError,
} from '@supabase/supabase-js';
import { DataError, NO_DATA_MESSAGE, PLAN_LIMIT_HINT } from '../../../src/lib/dataError.ts';
import { authCall, dataCall, supabaseCall, supabaseCount, supabasePage } from '../../../src/lib/supabaseCall.ts';

type Answer = Response | (() => never);

/** A supabase-js client whose every request gets `answer` (a Response, or a function that throws like fetch). */
function clientAnswering(answer: Answer) {
  const fetch = (): Promise<Response> =>
    typeof answer === 'function' ? Promise.resolve().then(answer) : Promise.resolve(answer.clone());
  return createClient('http://127.0.0.1:54321', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
    // Node 20 has no global WebSocket; realtime is never used here, but the client constructs it.
    realtime: { transport: WebSocket as never },
  });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

/** What PostgREST sends for an error (the body of a 4xx/5xx). */
const pgError = (
  status: number,
  code: string,
  message: string,
  extra: { details?: string | null; hint?: string | null } = {},
) => json(status, { code, message, details: extra.details ?? null, hint: extra.hint ?? null });

async function failureOf(promise: Promise<unknown>): Promise<DataError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DataError);
    return error as DataError;
  }
  throw new Error('expected the call to fail');
}

describe('supabaseCall: answers', () => {
  it('returns the rows of a successful request', async () => {
    const client = clientAnswering(json(200, [{ id: 'a', name: 'Menu' }]));
    const rows = await supabaseCall<{ id: string; name: string }[]>(client.from('qr_codes').select('id,name'));
    expect(rows).toEqual([{ id: 'a', name: 'Menu' }]);
  });

  it('treats null data as an error unless the caller says what null stands for', async () => {
    const client = clientAnswering(new Response(null, { status: 204 }));
    const e = await failureOf(supabaseCall(client.rpc('load_sample_data')));
    expect(e.code).toBe('unknown');
    expect(e.message).toBe(NO_DATA_MESSAGE);
    await expect(supabaseCall(client.rpc('load_sample_data'), { ifNull: [] })).resolves.toEqual([]);
  });

  it('reads the total of a counted page and the count of a HEAD request', async () => {
    const page = clientAnswering(json(200, [{ id: 'a' }, { id: 'b' }], { 'content-range': '0-1/7' }));
    await expect(supabasePage(page.from('qr_codes').select('id', { count: 'exact' }).range(0, 1))).resolves.toEqual({
      rows: [{ id: 'a' }, { id: 'b' }],
      total: 7,
    });
    const head = clientAnswering(new Response(null, { status: 200, headers: { 'content-range': '*/12' } }));
    await expect(supabaseCount(head.from('scan_events').select('id', { count: 'exact', head: true }))).resolves.toBe(
      12,
    );
  });
});

describe('supabaseCall: every failure becomes one DataError', () => {
  it('maps a PostgREST error response to its code and sentence', async () => {
    const client = clientAnswering(
      pgError(400, 'P0001', 'Free plan limit reached: at most 3 dynamic QR codes', {
        details: 'This account already has 3 dynamic QR codes.',
      }),
    );
    const e = await failureOf(supabaseCall(client.from('qr_codes').insert({ name: 'x' }).select('id').single()));
    expect(e.code).toBe('plan_limit');
    expect(e.serverCode).toBe('P0001');
    expect(e.message).toBe('Free plan limit reached: at most 3 dynamic QR codes');
    expect(e.hint).toBe(PLAN_LIMIT_HINT);
  });

  it('maps a check violation, an expired JWT and a missing row', async () => {
    const check = clientAnswering(
      pgError(400, '23514', 'new row for relation "qr_codes" violates check constraint "qr_codes_name_check"'),
    );
    const invalid = await failureOf(
      supabaseCall(check.from('qr_codes').update({ name: '' }).eq('id', 'a').select('id')),
    );
    expect(invalid.code).toBe('invalid');
    expect(invalid.message).toBe('The name must be 1 to 200 characters long.');

    const expired = clientAnswering(pgError(401, 'PGRST303', 'JWT expired'));
    const signedOut = await failureOf(supabaseCall(expired.from('qr_codes').select('id')));
    expect(signedOut.code).toBe('signed_out');
    expect(signedOut.message).toBe('Your session has ended. Sign in again to manage your QR codes.');

    const none = clientAnswering(
      pgError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', {
        details: 'The result contains 0 rows',
      }),
    );
    const notFound = await failureOf(supabaseCall(none.from('qr_codes').select('id').eq('id', 'gone').single()));
    expect(notFound.code).toBe('not_found');
    expect(notFound.message).toBe('This QR code no longer exists. It may have been deleted.');
  });

  it('maps a network failure (which postgrest-js reports in the result) to "network"', async () => {
    const client = clientAnswering(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54321'), { code: 'ECONNREFUSED' }),
      });
    });
    // `retry(false)`: postgrest-js would otherwise retry a failed GET with back-off before reporting it.
    const raw = await client.from('qr_codes').select('id').retry(false);
    expect(raw.error?.message).toBe('TypeError: fetch failed'); // what supabase-js itself reports
    const e = await failureOf(supabaseCall(client.from('qr_codes').select('id').retry(false)));
    expect(e.code).toBe('network');
    expect(e.message).toBe('Could not reach the server. Check your connection and try again.');
  });

  it('words analytics failures as "Could not load <what>: <server message>" and still classifies them', async () => {
    const client = clientAnswering(pgError(500, 'XX000', 'function scans_per_day(date, date, uuid) does not exist'));
    const e = await failureOf(supabaseCall(client.rpc('scans_per_day', {}), { what: 'scans per day', ifNull: [] }));
    expect(e.message).toBe('Could not load scans per day: function scans_per_day(date, date, uuid) does not exist');
    expect(e.code).toBe('unknown');
    expect(e.serverCode).toBe('XX000');

    const offline = clientAnswering(() => {
      throw new TypeError('Failed to fetch');
    });
    const net = await failureOf(supabaseCall(offline.rpc('scans_by_os', {}), { what: 'scans by operating system' }));
    expect(net.message).toBe('Could not load scans by operating system: TypeError: Failed to fetch');
    expect(net.code).toBe('network');
  });

  it('turns thrown errors (auth, network, anything) into DataErrors', async () => {
    const thrown = (error: unknown) => failureOf(supabaseCall(Promise.reject(error)));
    expect((await thrown(new AuthSessionMissingError())).code).toBe('signed_out');
    expect(
      (await thrown(new AuthApiError('Invalid Refresh Token: Refresh Token Not Found', 400, 'refresh_token_not_found')))
        .code,
    ).toBe('signed_out');
    expect((await thrown(new AuthRetryableFetchError('fetch failed', 0))).code).toBe('network');
    const weird = await thrown(new AuthApiError('Database error', 500, 'unexpected_failure'));
    expect(weird.code).toBe('unknown');
    expect(weird.message).toBe('Something went wrong: Database error');
    const pg = await thrown(
      new PostgrestError({ message: 'permission denied for table qr_codes', details: '', hint: '', code: '42501' }),
    );
    expect(pg.code).toBe('signed_out');
  });

  it('keeps a DataError as it is, and dataCall wraps whatever a block of calls throws', async () => {
    const own = new DataError('invalid', 'Enter a web address.');
    await expect(supabaseCall(Promise.reject(own))).rejects.toBe(own);
    await expect(dataCall(() => Promise.reject(own))).rejects.toBe(own);
    const e = await failureOf(
      dataCall(() => {
        throw new Error('Supabase is not configured');
      }),
    );
    expect(e.message).toBe('Something went wrong: Supabase is not configured');
  });
});

describe('supabasePage: a page past the last row', () => {
  /** PostgREST's answers: 416 PGRST103 for the range, and a Content-Range with the total for the HEAD count. */
  function clientPastTheEnd(total: number) {
    const seen: string[] = [];
    const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const method = init?.method ?? 'GET';
      seen.push(`${method} ${String(input)}`);
      if (method === 'HEAD')
        return Promise.resolve(new Response(null, { status: 200, headers: { 'content-range': `*/${total}` } }));
      return Promise.resolve(
        pgError(416, 'PGRST103', 'Requested range not satisfiable', {
          details: `An offset of 20 was requested, but there are only ${total} rows.`,
        }),
      );
    };
    const client = createClient('http://127.0.0.1:54321', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch },
      realtime: { transport: WebSocket as never },
    });
    return { client, seen };
  }

  it('is empty, with the total from the count request', async () => {
    const { client, seen } = clientPastTheEnd(9);
    const all = (head: boolean) => client.from('qr_codes').select('id', { count: 'exact', head }).ilike('name', '%a%');
    const page = await supabasePage<{ id: string }[]>(all(false).range(20, 29), () => all(true));
    expect(page).toEqual({ rows: [], total: 9 });
    expect(seen.map((s) => s.split(' ')[0])).toEqual(['GET', 'HEAD']);
    expect(seen[1]).toContain('name=ilike.');
  });

  it('is an error without a count request to fall back on', async () => {
    const { client } = clientPastTheEnd(9);
    const error = await failureOf(supabasePage(client.from('qr_codes').select('id', { count: 'exact' }).range(20, 29)));
    expect(error.serverCode).toBe('PGRST103');
  });
});

describe('authCall: an auth request keeps the auth server’s own message', () => {
  /** What the auth server sends for a refused request (GoTrue's body: `error_code` and `msg`). */
  const authError = (status: number, code: string, msg: string) =>
    json(status, { code: status, error_code: code, msg });

  it('returns the data of a request that worked', async () => {
    const client = clientAnswering(json(200, {}));
    await expect(authCall(client.auth.resetPasswordForEmail('a@example.com'))).resolves.toEqual({});
  });

  it('turns the AuthError of a refused request into a DataError with its message and code', async () => {
    const limited = clientAnswering(
      authError(
        429,
        'over_email_send_rate_limit',
        'For security purposes, you can only request this after 42 seconds.',
      ),
    );
    const e = await failureOf(authCall(limited.auth.resetPasswordForEmail('a@example.com')));
    expect(e.message).toBe('For security purposes, you can only request this after 42 seconds.');
    expect(e.serverCode).toBe('over_email_send_rate_limit');
    expect(e.code).toBe('unknown');
  });

  it('classifies an ended session, and words a thrown error like supabaseCall', async () => {
    const client = clientAnswering(json(200, {}));
    // No session is stored: auth-js answers updateUser itself, without a request.
    const missing = await failureOf(authCall(client.auth.updateUser({ password: 'secret1' })));
    expect(missing.code).toBe('signed_out');
    expect(missing.message).toBe('Auth session missing!');
    const thrown = await failureOf(authCall(Promise.reject(new Error('Accounts are not configured'))));
    expect(thrown.message).toBe('Something went wrong: Accounts are not configured');
  });
});
