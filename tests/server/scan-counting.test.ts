// Honest counts through the real redirect (issue 14): bots, link previewers, HEAD requests and prefetches get
// their 302 but are not counted; unique scans per code and UTC day come from a salted hash of address +
// User-Agent, the salt rotates daily and the old one is destroyed with its hashes; no address is stored.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { isPrefetch } from '../../server/redirect/handler.ts';
import { runAs } from '../../server/rest/as-role.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** Link previewers of messengers, social networks and mail, search crawlers and HTTP tools. */
const BOTS = [
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'WhatsApp/2.23.20.0 A',
  'TelegramBot (like TwitterBot)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
  'python-requests/2.31.0',
];

describe.each(backends)('honest scan counts on %s', (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-test-client' },
  });
  let client: SupabaseClient;

  // A fresh account per test: the free plan allows 3 dynamic codes.
  beforeEach(async () => {
    client = (await signedUpClient(srv.url)).client;
  });

  const createCode = async () => {
    const { data, error } = await client
      .from('qr_codes')
      .insert({ name: 'Counted', destination: 'https://example.com/landing', is_dynamic: true })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    return data as { id: string; slug: string };
  };
  const scan = (
    slug: string,
    opts: { ua?: string; address?: string; method?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${srv.url}/r/${slug}`, {
      method: opts.method ?? 'GET',
      redirect: 'manual',
      headers: { 'User-Agent': opts.ua ?? PHONE, 'x-test-client': opts.address ?? '81.2.69.160', ...opts.headers },
    });
  const counts = async (id: string) => {
    const rows = await srv.server.db.query<{ scans: string; uniq: string }>(
      `SELECT count(*)::text AS scans, count(*) FILTER (WHERE is_unique)::text AS uniq
         FROM public.scan_events WHERE qr_code_id = $1`,
      [id],
    );
    const { data } = await client.rpc('scans_by_device', { p_code_id: id });
    const viaRollups = (data as Array<{ scans: number; unique_scans: number }>).reduce(
      (sum, r) => ({ scans: sum.scans + Number(r.scans), unique: sum.unique + Number(r.unique_scans) }),
      { scans: 0, unique: 0 },
    );
    const raw = { scans: Number(rows[0]!.scans), unique: Number(rows[0]!.uniq) };
    expect(viaRollups).toEqual(raw);
    return raw;
  };

  it('redirects bots, link previewers, HEAD requests and prefetches without counting them', async () => {
    const code = await createCode();
    const requests: Array<Parameters<typeof scan>[1]> = [
      ...BOTS.map((ua) => ({ ua })),
      { method: 'HEAD' },
      { method: 'HEAD', ua: DESKTOP },
      { headers: { 'Sec-Purpose': 'prefetch' } },
      { headers: { 'Sec-Purpose': 'prefetch;prerender' } },
      { headers: { Purpose: 'prefetch' } },
      { headers: { 'X-Purpose': 'preview' } },
      { headers: { 'X-Moz': 'prefetch' } },
    ];
    for (const opts of requests) {
      const res = await scan(code.slug, opts);
      expect(res.status, JSON.stringify(opts)).toBe(302);
      expect(res.headers.get('location')).toBe('https://example.com/landing');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(await counts(code.id)).toEqual({ scans: 0, unique: 0 });
    // The same visitor without those markers is counted.
    expect((await scan(code.slug)).status).toBe(302);
    expect(await counts(code.id)).toEqual({ scans: 1, unique: 1 });
    // HEAD of an unknown code is a 404 as GET is; other methods do not redirect.
    expect((await scan('doesNotExist', { method: 'HEAD' })).status).toBe(404);
    expect((await scan(code.slug, { method: 'POST' })).status).not.toBe(302);
    expect(await counts(code.id)).toEqual({ scans: 1, unique: 1 });
    expect(srv.logs).toEqual([]);
  });

  it('recognises prefetch headers and nothing else', () => {
    const h = (init: Record<string, string>) => isPrefetch(new Headers(init));
    expect(h({ 'Sec-Purpose': 'prefetch' })).toBe(true);
    expect(h({ 'sec-purpose': 'Prefetch;anonymous-client-ip' })).toBe(true);
    expect(h({ Purpose: 'prefetch' })).toBe(true);
    expect(h({})).toBe(false);
    expect(h({ 'Sec-Purpose': 'navigate' })).toBe(false);
    expect(h({ 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' })).toBe(false);
  });

  it('counts a visitor (address + User-Agent) once per code and UTC day', async () => {
    const [a, b] = [await createCode(), await createCode()];
    const visits = [
      { slug: a.slug, address: '81.2.69.160', ua: PHONE }, // new
      { slug: a.slug, address: '81.2.69.160', ua: PHONE }, // repeat
      { slug: a.slug, address: '81.2.69.160', ua: PHONE }, // repeat
      { slug: a.slug, address: '8.8.8.8', ua: PHONE }, // other address
      { slug: a.slug, address: '81.2.69.160', ua: DESKTOP }, // other User-Agent
      { slug: b.slug, address: '81.2.69.160', ua: PHONE }, // same visitor, other code
      { slug: b.slug, address: '8.8.8.8', ua: PHONE },
      { slug: b.slug, address: '8.8.8.8', ua: PHONE }, // repeat
    ];
    for (const v of visits) expect((await scan(v.slug, v)).status).toBe(302);
    expect(await counts(a.id)).toEqual({ scans: 5, unique: 3 });
    expect(await counts(b.id)).toEqual({ scans: 3, unique: 2 });
    // The first scan of each visitor is the unique one.
    const flags = await srv.server.db.query<{ is_unique: boolean }>(
      'SELECT is_unique FROM public.scan_events WHERE qr_code_id = $1 ORDER BY id',
      [a.id],
    );
    expect(flags.map((f) => f.is_unique)).toEqual([true, false, false, true, true]);
    const today = new Date().toISOString().slice(0, 10);
    const perDay = await client.rpc('scans_per_day', { p_from: today, p_to: today, p_code_id: a.id });
    expect(perDay.data).toEqual([{ day: today, scans: 5, unique_scans: 3 }]);
    const top = await client.rpc('top_codes', { p_limit: 2 });
    expect((top.data as Array<{ id: string; unique_scans: number }>).map((r) => [r.id, r.unique_scans])).toEqual([
      [a.id, 3],
      [b.id, 2],
    ]);
    const summary = (await client.rpc('dashboard_summary')).data as Record<string, number>;
    expect(summary).toMatchObject({ total_scans: 8, total_unique_scans: 5, unique_scans_last_30_days: 5 });
  });

  it("rotates the salt daily: yesterday's salt and hashes are destroyed, and visitors count again", async () => {
    const code = await createCode();
    expect((await scan(code.slug, { address: '1.1.1.1' })).status).toBe(302);
    expect((await scan(code.slug, { address: '1.1.1.1' })).status).toBe(302);
    expect(await counts(code.id)).toEqual({ scans: 2, unique: 1 });
    const db = srv.server.db;
    const [before] = await db.query<{ salt: string }>('SELECT encode(salt, $1) AS salt FROM public.scan_salts', [
      'hex',
    ]);
    // Pretend the day is over: today's salt and hashes become yesterday's.
    await db.query('UPDATE public.scan_salts SET day = day - 1');
    await db.query('UPDATE public.scan_visitors SET day = day - 1');
    expect((await scan(code.slug, { address: '1.1.1.1' })).status).toBe(302);
    expect(await counts(code.id)).toEqual({ scans: 3, unique: 2 });
    const salts = await db.query<{ day: string; salt: string }>(
      "SELECT day::text, encode(salt, 'hex') AS salt FROM public.scan_salts",
    );
    const today = (await db.query<{ d: string }>("SELECT ((now() AT TIME ZONE 'UTC')::date)::text AS d"))[0]!.d;
    expect(salts.map((s) => s.day)).toEqual([today]);
    expect(salts[0]!.salt).not.toBe(before!.salt);
    const old = await db.query('SELECT 1 FROM public.scan_visitors WHERE day < $1::date', [today]);
    expect(old).toEqual([]);
    // Without scans, expire_scan_salts() (the server runs it hourly) destroys them too.
    await db.query('UPDATE public.scan_salts SET day = day - 1');
    await db.query('UPDATE public.scan_visitors SET day = day - 1');
    await runAs(db, 'service_role', { role: 'service_role' }, (tx) => tx.query('SELECT public.expire_scan_salts()'));
    expect(await db.query('SELECT 1 FROM public.scan_visitors WHERE day < $1::date', [today])).toEqual([]);
    expect((await db.query('SELECT day::text FROM public.scan_salts')).map((r) => r.day)).toEqual([today]);
  });

  it('stores no client address and no unsalted visitor digest anywhere, and hides salts and hashes', async () => {
    const code = await createCode();
    const address = '81.2.69.142';
    expect((await scan(code.slug, { address, ua: DESKTOP })).status).toBe(302);
    const digest = createHash('sha256').update(`${address}\n${DESKTOP}`).digest('hex');
    const addressHex = Buffer.from(address.split('.').map(Number)).toString('hex');
    // Every row of every table in the public and auth schemas, as text.
    const tables = await srv.server.db.query<{ t: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS t FROM pg_tables WHERE schemaname IN ('public', 'auth')`,
    );
    expect(tables.map((t) => t.t)).toEqual(expect.arrayContaining(['public.scan_visitors', 'public.scan_salts']));
    let dump = '';
    for (const { t } of tables) {
      const rows = await srv.server.db.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM ${t} x`);
      dump += rows.map((r) => r.j).join('\n');
    }
    expect(dump).toContain(code.id);
    expect(dump).not.toContain(address);
    expect(dump).not.toContain(digest);
    expect(dump.toLowerCase()).not.toContain(addressHex);
    // The stored scan: country (GB) and device fields only.
    const [row] = await srv.server.db.query('SELECT * FROM public.scan_events WHERE qr_code_id = $1', [code.id]);
    expect(row).toMatchObject({ country: 'GB', device_type: 'desktop', is_unique: true });
    // Nobody reads salts, hashes or writes rollups through the API, not even the owner.
    for (const table of ['scan_salts', 'scan_visitors']) {
      const res = await client.from(table).select('*');
      expect(res.error?.code, table).toBe('42501');
    }
    const write = await client
      .from('scan_rollups')
      .insert({ qr_code_id: code.id, dim: 'all', grain: 'hour', bucket: new Date().toISOString() });
    expect(write.error?.code).toBe('42501');
    const own = await client
      .from('scan_rollups')
      .select('dim, scans')
      .eq('qr_code_id', code.id)
      .eq('dim', 'all')
      .eq('grain', 'hour');
    expect(own.data).toEqual([{ dim: 'all', scans: 1 }]);
    const stranger = (await signedUpClient(srv.url)).client;
    expect((await stranger.from('scan_rollups').select('*').eq('qr_code_id', code.id)).data).toEqual([]);
  });
});
