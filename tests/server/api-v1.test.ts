// The public REST API (/api/v1) through real HTTP, with keys made through supabase-js as the app makes them,
// on both databases: every endpoint with a real key, a revoked key and another user's key, and the keys table's
// own rules (RLS, hash only, revoke). Hostile parameters and the OpenAPI document: api-v1-hostile.test.ts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { apiCall, createApiKey, type ApiAnswer } from './api-v1-helpers.ts';
import { KEY_CACHE_TTL_MS } from '../../src/shared/handlers/api/key-cache.ts';

describe.each(backends)('public API on %s', (backend) => {
  const srv = suiteServer(backend);

  const owner = async () => {
    const user = await signedUpClient(srv.url);
    const key = await createApiKey(user.client, 'CI script');
    return { ...user, key: key.key, keyId: key.id };
  };
  const call = (path: string, init: Parameters<typeof apiCall>[2] = {}): Promise<ApiAnswer> =>
    apiCall(srv.url, path, init);

  it('creates a key shown once, stores only its sha256, and lists it without the hash', async () => {
    const { client, user, key, keyId } = await owner();
    expect(key).toMatch(/^qrc_[A-Za-z0-9_-]{43}$/);
    const stored = await srv.server.db.query<{ key_hash: string; prefix: string; user_id: string }>(
      'SELECT key_hash, prefix, user_id::text AS user_id FROM public.api_keys WHERE id = $1',
      [keyId],
    );
    expect(stored).toEqual([
      { key_hash: createHash('sha256').update(key).digest('hex'), prefix: key.slice(0, 12), user_id: user.id },
    ]);
    const listed = await client.from('api_keys').select('id, name, prefix, created_at, last_used_at, revoked_at');
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: keyId,
        name: 'CI script',
        prefix: key.slice(0, 12),
        last_used_at: null,
        revoked_at: null,
      }),
    ]);
    const hash = await client.from('api_keys').select('key_hash');
    expect(hash.error?.code).toBe('42501');
    // Nobody chooses a hash or brings a revoked key back through the data API.
    const insert = await client
      .from('api_keys')
      .insert({ name: 'x', prefix: 'qrc_abcdefgh', key_hash: '0'.repeat(64) });
    expect(insert.error?.code).toBe('42501');
    const update = await client.from('api_keys').update({ revoked_at: null }).eq('id', keyId);
    expect(update.error?.code).toBe('42501');
  });

  it('refuses a blank key name and keeps other users out of the keys', async () => {
    const a = await owner();
    const b = await signedUpClient(srv.url);
    const blank = await b.client.rpc('create_api_key', { p_name: '   ' });
    expect(blank.error?.message).toBe('The key name must be 1 to 100 characters');
    const seen = await b.client.from('api_keys').select('id');
    expect(seen.data).toEqual([]);
    const revoke = await b.client.rpc('revoke_api_key', { p_id: a.keyId });
    expect(revoke.data).toBe(false);
    expect((await call('/api/v1/codes', { key: a.key })).status).toBe(200);
  });

  it('manages codes with a key: create, list with pages, get, patch, delete; the app sees the same rows', async () => {
    const { client, key } = await owner();
    const made: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const res = await call('/api/v1/codes', {
        key,
        method: 'POST',
        json: { name, content: `https://example.com/${name}` },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name, type: 'URL', is_dynamic: false, short_url: null, status: 'active' });
      made.push((res.body as { id: string }).id);
      expect(res.headers.get('location')).toBe(`/api/v1/codes/${made.at(-1)}`);
    }
    const fromApp = await client.from('qr_codes').select('id, name').order('created_at');
    expect(fromApp.data?.map((r) => r.id)).toEqual(made);

    const page1 = await call('/api/v1/codes?limit=2', { key });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ pagination: { limit: 2, offset: 0, total: 3, next_offset: 2 } });
    const page2 = await call('/api/v1/codes?limit=2&offset=2', { key });
    expect(page2.body).toMatchObject({ pagination: { limit: 2, offset: 2, total: 3, next_offset: null } });
    const listed = [
      ...(page1.body as { data: { id: string }[] }).data,
      ...(page2.body as { data: { id: string }[] }).data,
    ];
    expect(listed.map((c) => c.id)).toEqual([...made].reverse());

    const one = await call(`/api/v1/codes/${made[0]}`, { key });
    expect(one.body).toMatchObject({ id: made[0], name: 'One', content: 'https://example.com/One' });

    const patched = await call(`/api/v1/codes/${made[0]}`, {
      key,
      method: 'PATCH',
      json: { name: 'Renamed', is_dynamic: true, destination: 'https://EXAMPLE.com/new path', status: 'paused' },
    });
    expect(patched.status).toBe(200);
    const slug = (patched.body as { slug: string }).slug;
    expect(patched.body).toMatchObject({
      name: 'Renamed',
      is_dynamic: true,
      destination: 'https://example.com/new%20path',
      status: 'paused',
      short_url: `${srv.url}/r/${slug}`,
    });
    const row = await client.from('qr_codes').select('name, destination, status').eq('id', made[0]!).single();
    expect(row.data).toEqual({ name: 'Renamed', destination: 'https://example.com/new%20path', status: 'paused' });

    const deleted = await call(`/api/v1/codes/${made[1]}`, { key, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await call(`/api/v1/codes/${made[1]}`, { key })).body).toEqual({
      error: { code: 'not_found', message: 'No QR code with that id in your account' },
    });
    expect((await call(`/api/v1/codes/${made[1]}`, { key, method: 'DELETE' })).status).toBe(404);
  });

  it('holds the free plan: the 4th dynamic code is refused with plan_limit_reached, nothing saved', async () => {
    const { client, key } = await owner();
    const dynamic = (n: number) => ({ name: `D${n}`, is_dynamic: true, destination: `https://example.com/${n}` });
    for (const n of [1, 2, 3]) {
      const res = await call('/api/v1/codes', { key, method: 'POST', json: dynamic(n) });
      expect(res.status).toBe(201);
      expect((res.body as { short_url: string }).short_url).toMatch(new RegExp(`^${srv.url}/r/[A-Za-z0-9_-]{8}$`));
    }
    const fourth = await call('/api/v1/codes', { key, method: 'POST', json: dynamic(4) });
    expect(fourth.status).toBe(403);
    expect((fourth.body as { error: { code: string } }).error.code).toBe('plan_limit_reached');
    // Making a static code dynamic counts too.
    const stat = await call('/api/v1/codes', { key, method: 'POST', json: { name: 'S', content: 'hello' } });
    const id = (stat.body as { id: string }).id;
    const upgrade = await call(`/api/v1/codes/${id}`, {
      key,
      method: 'PATCH',
      json: { is_dynamic: true, destination: 'https://example.com/s' },
    });
    expect(upgrade.status).toBe(403);
    const count = await client.from('qr_codes').select('id', { count: 'exact', head: true }).eq('is_dynamic', true);
    expect(count.count).toBe(3);
  });

  it("another user's key sees none of the first user's codes and cannot change them", async () => {
    const a = await owner();
    const b = await owner();
    const res = await call('/api/v1/codes', { key: a.key, method: 'POST', json: { name: 'Mine', content: 'secret' } });
    const id = (res.body as { id: string }).id;
    const list = await call('/api/v1/codes', { key: b.key });
    expect(list.body).toMatchObject({ data: [], pagination: { total: 0 } });
    for (const [method, path, json] of [
      ['GET', `/api/v1/codes/${id}`, undefined],
      ['PATCH', `/api/v1/codes/${id}`, { name: 'Stolen' }],
      ['DELETE', `/api/v1/codes/${id}`, undefined],
      ['GET', `/api/v1/codes/${id}/scans`, undefined],
      ['GET', `/api/v1/codes/${id}/scans?format=csv`, undefined],
    ] as const) {
      const answer = await call(path, { key: b.key, method, json });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect((answer.body as { error: { code: string } }).error.code).toBe('not_found');
    }
    const still = await a.client.from('qr_codes').select('name').eq('id', id).single();
    expect(still.data).toEqual({ name: 'Mine' });
  });

  it('answers 401 without a key, with a malformed key, an access token, an unknown key and a revoked key', async () => {
    const { client, session, key, keyId } = await owner();
    const error = (res: ApiAnswer) => (res.body as { error: { code: string } }).error.code;
    const none = await call('/api/v1/codes', {});
    expect([none.status, error(none)]).toEqual([401, 'missing_api_key']);
    const jwt = await call('/api/v1/codes', { bearer: session.access_token });
    expect([jwt.status, error(jwt)]).toEqual([401, 'invalid_api_key']);
    const unknown = await call('/api/v1/codes', { key: `qrc_${'A'.repeat(43)}` });
    expect([unknown.status, error(unknown)]).toEqual([401, 'invalid_api_key']);

    expect((await call('/api/v1/codes', { key })).status).toBe(200);
    const used = await client.from('api_keys').select('last_used_at').eq('id', keyId).single();
    expect(used.data?.last_used_at).not.toBeNull();
    const revoked = await client.rpc('revoke_api_key', { p_id: keyId });
    expect(revoked.data).toBe(true);
    for (const headers of [{ key }, { xApiKey: key }]) {
      const res = await call('/api/v1/codes', headers);
      expect([res.status, error(res)]).toEqual([401, 'invalid_api_key']);
    }
  });

  it('a key revoked outside this server stops working within the key cache bound (5 s)', async () => {
    const { key, keyId } = await owner();
    expect((await call('/api/v1/codes', { key })).status).toBe(200);
    // Revoked straight in the database (another server process, an operator): this server cannot see it happen.
    await srv.server.db.query('UPDATE public.api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
    const cached = await call('/api/v1/codes', { key });
    expect(cached.status).toBe(200);
    srv.clock.advance(KEY_CACHE_TTL_MS / 1000);
    const after = await call('/api/v1/codes', { key });
    expect([after.status, (after.body as { error: { code: string } }).error.code]).toEqual([401, 'invalid_api_key']);
  });

  it('GET /codes/{id}/scans: aggregates for local days equal the raw scans; format=csv is the scans export', async () => {
    const { key, client } = await owner();
    const made = await call('/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'Menu, "daily"', is_dynamic: true, destination: 'https://example.com/menu' },
    });
    const id = (made.body as { id: string }).id;
    // Around local midnights of Asia/Kolkata (UTC+05:30): 18:29 UTC is the 1st there, 18:30 UTC the 2nd.
    const scans = [
      ['2026-03-01T18:29:59Z', 'IN', 'mobile', 'Android', 'Chrome', true],
      ['2026-03-01T18:30:00Z', 'IN', 'mobile', 'Linux', 'Safari', true],
      ['2026-03-02T10:00:00Z', 'DE', 'desktop', 'Windows', 'Edge', false],
      ['2026-03-03T18:29:00Z', null, 'other', null, null, true],
      ['2026-03-03T18:31:00Z', 'US', 'tablet', 'iOS', 'Safari', true],
    ] as const;
    for (const [at, country, device, os, browser, unique] of scans) {
      await srv.server.db.query(
        `INSERT INTO public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser, is_unique)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, at, country, device, os, browser, unique],
      );
    }
    const res = await call(`/api/v1/codes/${id}/scans?from=2026-03-01&to=2026-03-03&tz=Asia/Kolkata`, { xApiKey: key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code_id: id,
      from: '2026-03-01',
      to: '2026-03-03',
      time_zone: 'Asia/Kolkata',
      totals: { scans: 4, unique_scans: 3 },
      per_day: [
        { day: '2026-03-01', scans: 1, unique_scans: 1 },
        { day: '2026-03-02', scans: 2, unique_scans: 1 },
        { day: '2026-03-03', scans: 1, unique_scans: 1 },
      ],
      by_country: [
        { country: 'IN', scans: 2, unique_scans: 2 },
        { country: 'DE', scans: 1, unique_scans: 0 },
        { country: null, scans: 1, unique_scans: 1 },
      ],
      by_device: [
        { device_type: 'mobile', scans: 2, unique_scans: 2 },
        { device_type: 'desktop', scans: 1, unique_scans: 0 },
        { device_type: 'other', scans: 1, unique_scans: 1 },
      ],
      by_os: [
        { os: 'Android', scans: 1, unique_scans: 1 },
        { os: 'Linux', scans: 1, unique_scans: 1 },
        { os: 'Windows', scans: 1, unique_scans: 0 },
        { os: null, scans: 1, unique_scans: 1 },
      ],
      by_browser: [
        { browser: 'Chrome', scans: 1, unique_scans: 1 },
        { browser: 'Edge', scans: 1, unique_scans: 0 },
        { browser: 'Safari', scans: 1, unique_scans: 1 },
        { browser: null, scans: 1, unique_scans: 1 },
      ],
    });
    // The same figures the app reads through the data API.
    const appDays = await client.rpc('scans_per_day', {
      p_from: '2026-03-01',
      p_to: '2026-03-03',
      p_code_id: id,
      p_tz: 'Asia/Kolkata',
    });
    expect((appDays.data as { scans: number }[]).map((d) => d.scans)).toEqual([1, 2, 1]);

    const csv = await call(`/api/v1/codes/${id}/scans?from=2026-03-01&to=2026-03-03&tz=Asia/Kolkata&format=csv`, {
      key,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="qrcraft-scans-[A-Za-z0-9_-]{8}-2026-03-01-2026-03-03\.csv"$/,
    );
    const slug = (made.body as { slug: string }).slug;
    expect(csv.text.split('\r\n')).toEqual([
      'scanned_at,code_name,slug,country,device_type,os,browser,unique',
      `2026-03-01T18:29:59.000000Z,"Menu, ""daily""",${slug},IN,mobile,Android,Chrome,true`,
      `2026-03-01T18:30:00.000000Z,"Menu, ""daily""",${slug},IN,mobile,Linux,Safari,true`,
      `2026-03-02T10:00:00.000000Z,"Menu, ""daily""",${slug},DE,desktop,Windows,Edge,false`,
      `2026-03-03T18:29:00.000000Z,"Menu, ""daily""",${slug},,other,,,true`,
      '',
    ]);
  });

  it('counts a 23-hour local day (a DST change) the same in the aggregates and in the CSV', async () => {
    const { key } = await owner();
    const made = await call('/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'DST', is_dynamic: true, destination: 'https://example.com/dst' },
    });
    const id = (made.body as { id: string }).id;
    // America/New_York, 2026-03-08: from 05:00Z (EST midnight) to 04:00Z the next day (EDT midnight).
    for (const at of ['2026-03-08T04:59:59Z', '2026-03-08T05:00:00Z', '2026-03-09T03:59:59Z', '2026-03-09T04:00:00Z']) {
      await srv.server.db.query(
        `INSERT INTO public.scan_events (qr_code_id, scanned_at, device_type, is_unique) VALUES ($1, $2, 'other', true)`,
        [id, at],
      );
    }
    const query = 'from=2026-03-08&to=2026-03-08&tz=America/New_York';
    const stats = await call(`/api/v1/codes/${id}/scans?${query}`, { key });
    expect((stats.body as { per_day: unknown[] }).per_day).toEqual([{ day: '2026-03-08', scans: 2, unique_scans: 2 }]);
    expect((stats.body as { by_device: unknown[] }).by_device).toEqual([
      { device_type: 'other', scans: 2, unique_scans: 2 },
    ]);
    const csv = await call(`/api/v1/codes/${id}/scans?${query}&format=csv`, { key });
    expect(
      csv.text
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.slice(0, 27)),
    ).toEqual(['2026-03-08T05:00:00.000000Z', '2026-03-09T03:59:59.000000Z']);
  });

  it('defaults the scans range to the last 30 days in the zone', async () => {
    const { key } = await owner();
    const made = await call('/api/v1/codes', { key, method: 'POST', json: { name: 'S', content: 'x' } });
    const res = await call(`/api/v1/codes/${(made.body as { id: string }).id}/scans`, { key });
    expect(res.status).toBe(200);
    const body = res.body as { from: string; to: string; per_day: unknown[] };
    const today = new Date(srv.clock.now()).toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect(body.per_day).toHaveLength(30);
  });
});
