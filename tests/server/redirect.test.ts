// GET /r/:slug: 1,000 scans from varied User-Agents on loopback, all recorded and counted exactly by the
// aggregation functions; destination edits apply at once; paused, static and unknown slugs get the 404 page.
// Plus the runtime-neutral handler with injected dependencies (country lookup, private addresses).
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryOf } from '../../server/redirect/local.ts';
import { createRedirectHandler, isPrivateAddress, type ScanInput } from '../../server/redirect/handler.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';

/** Real-world User-Agents with the fields we expect to be stored for each. */
const AGENTS = [
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    device: 'mobile',
    os: 'iOS',
    browser: 'Mobile Safari',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    device: 'mobile',
    os: 'Android',
    browser: 'Chrome',
  },
  {
    ua: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    device: 'tablet',
    os: 'iOS',
    browser: 'Mobile Safari',
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    device: 'desktop',
    os: 'Windows',
    browser: 'Edge',
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    device: 'desktop',
    os: 'macOS',
    browser: 'Safari',
  },
  {
    ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    device: 'desktop',
    os: 'Ubuntu',
    browser: 'Firefox',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
    device: 'tablet',
    os: 'Android',
    browser: 'Chrome',
  },
  {
    ua: 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
    device: 'other',
    os: 'Tizen',
    browser: 'Samsung Internet',
  },
  // (curl/8.5.0 was here: it is a bot now, redirected but not counted; tests/server/scan-counting.test.ts.)
  {
    ua: 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)',
    device: 'other',
    os: 'PlayStation',
    browser: 'WebKit',
  },
  { ua: '', device: 'other', os: null, browser: null },
] as const;

const SCANS = 1000;
const CONCURRENCY = 20;

describe.each(backends)('redirect /r/:slug on %s', (backend) => {
  const srv = suiteServer(backend);
  let client: SupabaseClient;

  beforeAll(async () => {
    client = (await signedUpClient(srv.url)).client;
  });

  const createCode = async (fields: Record<string, unknown>) => {
    const { data, error } = await client.from('qr_codes').insert(fields).select().single();
    expect(error).toBeNull();
    return data as { id: string; slug: string; destination: string | null };
  };
  const scan = (slug: string, ua: string = AGENTS[0].ua) =>
    fetch(`${srv.url}/r/${slug}`, { redirect: 'manual', headers: { 'User-Agent': ua } });
  const scanCount = async (id: string) =>
    (await client.from('scan_events').select('*', { count: 'exact', head: true }).eq('qr_code_id', id)).count;

  it(`records ${SCANS} scans from varied User-Agents, counted exactly by the aggregations`, async () => {
    const code = await createCode({
      name: 'Load test',
      destination: 'https://example.com/landing?utm=qr',
      is_dynamic: true,
    });
    const statuses = new Map<number, number>();
    const locations = new Set<string | null>();
    for (let start = 0; start < SCANS; start += CONCURRENCY) {
      const batch = [];
      for (let i = start; i < Math.min(start + CONCURRENCY, SCANS); i++) {
        batch.push(scan(code.slug, AGENTS[i % AGENTS.length]!.ua));
      }
      for (const res of await Promise.all(batch)) {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        locations.add(res.headers.get('location'));
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 302: SCANS });
    expect([...locations]).toEqual(['https://example.com/landing?utm=qr']);
    expect(srv.logs).toEqual([]);

    expect(await scanCount(code.id)).toBe(SCANS);
    const perAgent = SCANS / AGENTS.length;
    const expected = (key: 'device' | 'os' | 'browser') => {
      const m = new Map<string | null, number>();
      for (const a of AGENTS) m.set(a[key], (m.get(a[key]) ?? 0) + perAgent);
      return m;
    };
    const asMap = (rows: Array<Record<string, unknown>>, key: string) =>
      new Map(rows.map((r) => [r[key] as string | null, Number(r.scans)]));

    const devices = await client.rpc('scans_by_device', { p_code_id: code.id });
    expect(asMap(devices.data as Array<Record<string, unknown>>, 'device_type')).toEqual(expected('device'));
    const oses = await client.rpc('scans_by_os', { p_code_id: code.id });
    expect(asMap(oses.data as Array<Record<string, unknown>>, 'os')).toEqual(expected('os'));
    const browsers = await client.rpc('scans_by_browser', { p_code_id: code.id });
    expect(asMap(browsers.data as Array<Record<string, unknown>>, 'browser')).toEqual(expected('browser'));
    // Loopback has no country.
    expect((await client.rpc('scans_by_country', { p_code_id: code.id })).data).toEqual([
      { country: null, scans: SCANS, unique_scans: AGENTS.length },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const perDay = await client.rpc('scans_per_day', { p_from: today, p_to: today, p_code_id: code.id });
    // One client address, so one unique visitor per User-Agent.
    expect(perDay.data).toEqual([{ day: today, scans: SCANS, unique_scans: AGENTS.length }]);
    const top = await client.rpc('top_codes', { p_limit: 1 });
    expect(top.data).toMatchObject([{ id: code.id, scans: SCANS }]);
    const summary = (await client.rpc('dashboard_summary')).data as Record<string, number>;
    expect(summary).toMatchObject({ total_scans: SCANS, scans_last_30_days: SCANS, active_dynamic_codes: 1 });

    // No IP and no referrer anywhere in a stored scan.
    const row = await client.from('scan_events').select('*').eq('qr_code_id', code.id).limit(1).single();
    expect(Object.keys(row.data as object).sort()).toEqual([
      'browser',
      'country',
      'device_type',
      'id',
      'is_unique',
      'os',
      'qr_code_id',
      'scanned_at',
    ]);
  });

  it('destination edits take effect at once; paused codes stop redirecting and are not counted', async () => {
    const code = await createCode({ name: 'Editable', destination: 'https://example.com/v1', is_dynamic: true });
    expect((await scan(code.slug)).headers.get('location')).toBe('https://example.com/v1');
    await client.from('qr_codes').update({ destination: 'https://example.org/v2' }).eq('id', code.id);
    const moved = await scan(code.slug);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('https://example.org/v2');
    expect(await scanCount(code.id)).toBe(2);

    await client.from('qr_codes').update({ status: 'paused' }).eq('id', code.id);
    const paused = await scan(code.slug);
    expect(paused.status).toBe(404);
    expect(paused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await paused.text()).toContain('This QR code is not active');
    expect(await scanCount(code.id)).toBe(2);

    await client.from('qr_codes').update({ status: 'active' }).eq('id', code.id);
    expect((await scan(code.slug)).status).toBe(302);
    expect(await scanCount(code.id)).toBe(3);
  });

  it('unknown, static, malformed and deleted slugs get the friendly 404 page; only GET and HEAD redirect', async () => {
    const stat = await createCode({ name: 'Static', content: 'hello' });
    const gone = await createCode({ name: 'Gone', destination: 'https://example.com/gone', is_dynamic: true });
    await client.from('qr_codes').delete().eq('id', gone.id);
    for (const slug of ['doesNotExist', stat.slug, gone.slug, 'a', '%27%3B--', 'x'.repeat(65)]) {
      const res = await scan(slug);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<h1>This QR code is not active</h1>');
    }
    const live = await createCode({ name: 'Live', destination: 'https://example.com/live', is_dynamic: true });
    const post = await fetch(`${srv.url}/r/${live.slug}`, { method: 'POST', redirect: 'manual' });
    expect(post.status).not.toBe(302);
    expect(await scanCount(live.id)).toBe(0);
  });
});

describe('redirect handler (runtime-neutral, injected dependencies)', () => {
  const make = (address: string | null, destination: string | null = 'https://example.com/x') => {
    const recorded: ScanInput[] = [];
    const handler = createRedirectHandler({
      recordScan: (s) => {
        recorded.push(s);
        return Promise.resolve(destination);
      },
      lookupDestination: () => Promise.resolve(destination),
      isBot: () => false,
      parseUserAgent: () => ({ deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari' }),
      lookupCountry: countryOf,
      clientAddress: () => address,
    });
    return { handler, recorded };
  };

  it('resolves public addresses to a country with the offline database, never passing the address on', async () => {
    for (const [address, country] of [
      ['81.2.69.160', 'GB'],
      ['8.8.8.8', 'US'],
      ['2a00:1450:4001:80b::200e', 'DE'],
      ['127.0.0.1', null],
      ['10.1.2.3', null],
      ['192.168.0.10', null],
      ['::1', null],
      ['fd00::1', null],
      ['::ffff:127.0.0.1', null],
    ] as const) {
      const { handler, recorded } = make(address);
      const res = await handler(new Request('https://project.supabase.co/functions/v1/r/abcd1234'));
      expect(res.status).toBe(302);
      expect(recorded).toEqual([
        {
          slug: 'abcd1234',
          country,
          visitor: expect.stringMatching(/^[0-9a-f]{64}$/),
          deviceType: 'mobile',
          os: 'iOS',
          browser: 'Mobile Safari',
        },
      ]);
      expect(JSON.stringify(recorded)).not.toContain(address);
    }
  });

  it('classifies private ranges', () => {
    expect(
      [
        '127.0.0.1',
        '10.0.0.1',
        '172.16.5.4',
        '172.31.255.255',
        '192.168.1.1',
        '169.254.1.1',
        '100.64.0.1',
        '::1',
        'fe80::1',
        'fc00::1',
        'unknown',
      ].every(isPrivateAddress),
    ).toBe(true);
    expect(['8.8.8.8', '172.32.0.1', '81.2.69.160', '2a00:1450::1'].some(isPrivateAddress)).toBe(false);
  });

  it('answers 404 when record_scan returns null, 503 (not a crash) when it fails, and refuses unsafe targets', async () => {
    expect((await make(null, null).handler(new Request('http://x/r/abcd1234'))).status).toBe(404);
    expect((await make(null, 'javascript:alert(1)').handler(new Request('http://x/r/abcd1234'))).status).toBe(404);
    const failing = createRedirectHandler({
      recordScan: () => Promise.reject(new Error('db down')),
      lookupDestination: () => Promise.reject(new Error('db down')),
      isBot: () => false,
      parseUserAgent: () => ({ deviceType: 'other', os: null, browser: null }),
      lookupCountry: () => null,
      clientAddress: () => null,
    });
    expect((await failing(new Request('http://x/r/abcd1234'))).status).toBe(503);
  });
});
