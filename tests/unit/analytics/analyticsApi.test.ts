/**
 * The analytics data module against a real supabase-js client whose fetch answers like PostgREST: the figures it
 * builds, and the wording of its failures ("Could not load <what>: <server message>"), which the page shows.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { fetchAnalytics, fetchCodeOptions } from '../../../src/features/analytics/analyticsApi.ts';
import { DataError } from '../../../src/lib/dataError.ts';

type Route = (path: string) => Response;

function client(route: Route, signals: (AbortSignal | null | undefined)[] = []) {
  // Like the real fetch: an aborted signal rejects with an AbortError.
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    signals.push(init?.signal);
    if (init?.signal?.aborted) return Promise.reject(new DOMException('This operation was aborted', 'AbortError'));
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    return Promise.resolve(route(path));
  };
  return createClient('http://127.0.0.1:54321', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
    realtime: { transport: WebSocket as never },
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (message: string) => json(400, { code: '42883', message, details: null, hint: null });

const ROWS: Record<string, unknown[]> = {
  '/rest/v1/rpc/scans_per_day': [{ day: '2026-11-01', scans: '3', unique_scans: '2' }],
  '/rest/v1/rpc/scans_by_country': [
    { country: 'DE', scans: 2, unique_scans: 1 },
    { country: null, scans: 1, unique_scans: 1 },
  ],
  '/rest/v1/rpc/scans_by_device': [
    { device_type: 'mobile', scans: 4, unique_scans: 3 },
    { device_type: 'desktop', scans: 1, unique_scans: 0 },
  ],
  '/rest/v1/rpc/scans_by_os': [{ os: 'iOS', scans: 3, unique_scans: 2 }],
  '/rest/v1/rpc/top_codes': [{ id: 'a', name: 'Menu', scans: '3', unique_scans: '2' }],
};

const range = { from: '2026-11-01', to: '2026-11-30' };

async function rejection(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

describe('fetchAnalytics', () => {
  it('builds the page’s figures, scans and unique scans, from the six answers', async () => {
    const data = await fetchAnalytics(
      client((path) => json(200, ROWS[path] ?? [])),
      range,
      null,
      'UTC',
    );
    expect(data.perDay).toEqual([{ day: '2026-11-01', scans: 3, uniqueScans: 2 }]);
    expect(data.countries).toEqual([
      { key: 'DE', scans: 2, uniqueScans: 1 },
      { key: null, scans: 1, uniqueScans: 1 },
    ]);
    expect(data.topCodes).toEqual([{ id: 'a', name: 'Menu', scans: 3, uniqueScans: 2 }]);
    expect(data.allTime).toEqual({ scans: 5, uniqueScans: 3 });
  });

  it('asks for the days and instants of the chosen time zone', async () => {
    const bodies = new Map<string, unknown>();
    const supabase = createClient('http://127.0.0.1:54321', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
          if (!bodies.has(path)) bodies.set(path, JSON.parse(String(init?.body ?? 'null')));
          return Promise.resolve(json(200, []));
        },
      },
      realtime: { transport: WebSocket as never },
    });
    await fetchAnalytics(supabase, range, 'code-1', 'Europe/Berlin');
    expect(bodies.get('/rest/v1/rpc/scans_per_day')).toEqual({
      p_from: '2026-11-01',
      p_to: '2026-11-30',
      p_code_id: 'code-1',
      p_tz: 'Europe/Berlin',
    });
    // Berlin is at UTC+1 in November: its days start at 23:00Z the day before.
    expect(bodies.get('/rest/v1/rpc/scans_by_country')).toEqual({
      p_from: '2026-10-31T23:00:00.000Z',
      p_to: '2026-11-30T23:00:00.000Z',
      p_code_id: 'code-1',
    });
    expect(bodies.get('/rest/v1/rpc/top_codes')).toEqual({
      p_limit: 5,
      p_from: '2026-10-31T23:00:00.000Z',
      p_to: '2026-11-30T23:00:00.000Z',
    });
  });

  it('names what could not be loaded, word for word, and the first failure in page order', async () => {
    const e = await rejection(
      fetchAnalytics(
        client((path) =>
          path.endsWith('/scans_by_os') || path.endsWith('/top_codes')
            ? failure(`function ${path.split('/').pop() ?? ''} does not exist`)
            : json(200, []),
        ),
        range,
        'code-1',
        'UTC',
      ),
    );
    expect(e.message).toBe('Could not load scans by operating system: function scans_by_os does not exist');
  });

  it('treats a null answer as no rows', async () => {
    const data = await fetchAnalytics(
      client(() => new Response(null, { status: 204 })),
      range,
      null,
      'UTC',
    );
    expect(data).toEqual({
      perDay: [],
      countries: [],
      devices: [],
      os: [],
      topCodes: [],
      allTime: { scans: 0, uniqueScans: 0 },
    });
  });
});

describe('fetchCodeOptions', () => {
  it('lists the codes and words its failure like the rest of the page', async () => {
    const ok = client(() => json(200, [{ id: 'a', name: 'Menu' }]));
    await expect(fetchCodeOptions(ok)).resolves.toEqual([{ id: 'a', name: 'Menu' }]);
    const e = await rejection(
      fetchCodeOptions(
        client(() => json(401, { code: 'PGRST301', message: 'JWT expired', details: null, hint: null })),
      ),
    );
    expect(e.message).toBe('Could not load your QR codes: JWT expired');
    expect(e.code).toBe('signed_out');
  });

  it('hands its abort signal to the request, so a superseded load stops travelling', async () => {
    const controller = new AbortController();
    controller.abort();
    const signals: (AbortSignal | null | undefined)[] = [];
    const e = await rejection(
      fetchCodeOptions(
        client(() => json(200, []), signals),
        controller.signal,
      ),
    );
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(e.message).toMatch(/^Could not load your QR codes: AbortError/);
  });
});
