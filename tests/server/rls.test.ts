// Row-level security through the real REST path: user B can neither read nor change A's codes or scans,
// anonymous callers can do nothing but be redirected; load_sample_data and the aggregation functions are
// exact (cross-checked against row counts through the API), on PGlite and (with DATABASE_URL) PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, backends, makeClient, serviceRoleKey, signedUpClient, suiteServer } from './helpers.ts';

interface Code {
  id: string;
  name: string;
  type: string;
  slug: string;
  is_dynamic: boolean;
  destination: string | null;
  user_id: string;
}

const SAMPLE = [
  { name: 'Restaurant Menu', type: 'Menu', scans: 1234, is_dynamic: true },
  { name: 'Business Card', type: 'vCard', scans: 456, is_dynamic: false },
  { name: 'Event Tickets', type: 'URL', scans: 2890, is_dynamic: true },
];

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

describe.each(backends)('row-level security and analytics on %s', (backend) => {
  const srv = suiteServer(backend);
  let a: SupabaseClient;
  let b: SupabaseClient;
  let anon: SupabaseClient;
  let aId: string;
  let bId: string;
  let aCodes: Code[];

  beforeAll(async () => {
    const ua = await signedUpClient(srv.url);
    const ub = await signedUpClient(srv.url);
    a = ua.client;
    b = ub.client;
    aId = ua.user.id;
    bId = ub.user.id;
    anon = makeClient(srv.url);
    const loaded = await a.rpc('load_sample_data');
    expect(loaded.error).toBeNull();
    aCodes = loaded.data as Code[];
  });

  describe('load_sample_data', () => {
    it("creates the spec's three sample codes for the caller, with their scan counts", async () => {
      expect(
        aCodes
          .map((c) => ({ name: c.name, type: c.type, is_dynamic: c.is_dynamic }))
          .sort((x, y) => x.name.localeCompare(y.name)),
      ).toEqual(
        SAMPLE.map(({ name, type, is_dynamic }) => ({ name, type, is_dynamic })).sort((x, y) =>
          x.name.localeCompare(y.name),
        ),
      );
      expect(aCodes.every((c) => c.user_id === aId)).toBe(true);
      for (const sample of SAMPLE) {
        const code = aCodes.find((c) => c.name === sample.name)!;
        const { count, error } = await a
          .from('scan_events')
          .select('*', { count: 'exact', head: true })
          .eq('qr_code_id', code.id);
        expect(error).toBeNull();
        expect(count).toBe(sample.scans);
      }
      const top = await a.rpc('top_codes', { p_limit: 10 });
      expect((top.data as { name: string; scans: number }[]).map((r) => [r.name, r.scans])).toEqual([
        ['Event Tickets', 2890],
        ['Restaurant Menu', 1234],
        ['Business Card', 456],
      ]);
    });

    it('refuses to load twice (P0001) and needs a signed-in caller', async () => {
      const again = await a.rpc('load_sample_data');
      expect(again.status).toBe(400);
      expect(again.error).toMatchObject({
        code: 'P0001',
        message: 'Sample data can only be loaded into an account without QR codes',
      });
      const anonLoad = await anon.rpc('load_sample_data');
      expect(anonLoad.status).toBe(401);
      expect(anonLoad.error).toMatchObject({ code: '42501' });
    });
  });

  describe('aggregations are exact', () => {
    it('summary, breakdowns and per-day series agree with the raw rows', async () => {
      const summary = (await a.rpc('dashboard_summary')).data as Record<string, number | null>;
      expect(summary).toMatchObject({ total_codes: 3, total_scans: 4580, active_dynamic_codes: 2 });
      expect(summary.avg_scans_per_day).toBeCloseTo(Number(summary.scans_last_30_days) / 30, 1);

      for (const fn of ['scans_by_country', 'scans_by_device', 'scans_by_os', 'scans_by_browser'] as const) {
        const { data, error } = await a.rpc(fn);
        expect(error).toBeNull();
        const rows = data as Array<Record<string, string | number | null>>;
        expect(rows.reduce((sum, r) => sum + Number(r.scans), 0)).toBe(4580);
      }
      // Every country bucket equals a filtered count of the rows.
      const countries = (await a.rpc('scans_by_country')).data as { country: string; scans: number }[];
      expect(countries.length).toBeGreaterThan(1);
      for (const row of countries) {
        const { count } = await a
          .from('scan_events')
          .select('*', { count: 'exact', head: true })
          .eq('country', row.country);
        expect(count).toBe(row.scans);
      }
      // Per code: devices of the menu code add up to its scans.
      const menu = aCodes.find((c) => c.name === 'Restaurant Menu')!;
      const devices = (await a.rpc('scans_by_device', { p_code_id: menu.id })).data as {
        device_type: string;
        scans: number;
      }[];
      for (const row of devices) {
        const { count } = await a
          .from('scan_events')
          .select('*', { count: 'exact', head: true })
          .eq('qr_code_id', menu.id)
          .eq('device_type', row.device_type);
        expect(count).toBe(row.scans);
      }

      // Days in the past are stable: scans_per_day over a closed range equals a count over the same instants.
      const today = Date.now();
      const from = utcDay(today - 40 * DAY_MS);
      const to = utcDay(today - 11 * DAY_MS);
      const days = (await a.rpc('scans_per_day', { p_from: from, p_to: to })).data as { day: string; scans: number }[];
      expect(days).toHaveLength(30);
      expect(days[0]!.day).toBe(from);
      expect(days.at(-1)!.day).toBe(to);
      const { count } = await a
        .from('scan_events')
        .select('*', { count: 'exact', head: true })
        .gte('scanned_at', `${from}T00:00:00Z`)
        .lt('scanned_at', `${utcDay(today - 10 * DAY_MS)}T00:00:00Z`);
      expect(days.reduce((s, d) => s + d.scans, 0)).toBe(count);
      expect(count).toBeGreaterThan(0);
      // One code, one day.
      const oneDay = (await a.rpc('scans_per_day', { p_from: from, p_to: from, p_code_id: menu.id })).data as {
        scans: number;
      }[];
      const dayCount = await a
        .from('scan_events')
        .select('*', { count: 'exact', head: true })
        .eq('qr_code_id', menu.id)
        .gte('scanned_at', `${from}T00:00:00Z`)
        .lt('scanned_at', `${utcDay(today - 39 * DAY_MS)}T00:00:00Z`);
      const dayUnique = await a
        .from('scan_events')
        .select('*', { count: 'exact', head: true })
        .eq('qr_code_id', menu.id)
        .eq('is_unique', true)
        .gte('scanned_at', `${from}T00:00:00Z`)
        .lt('scanned_at', `${utcDay(today - 39 * DAY_MS)}T00:00:00Z`);
      expect(oneDay).toEqual([{ day: from, scans: dayCount.count, unique_scans: dayUnique.count }]);
    });
  });

  describe('user B cannot see or touch user A', () => {
    it('reads nothing of A: codes, scans, by id, by slug', async () => {
      const codes = await b.from('qr_codes').select('*');
      expect(codes.error).toBeNull();
      expect(codes.data).toEqual([]);
      const scans = await b.from('scan_events').select('*', { count: 'exact' });
      expect(scans.data).toEqual([]);
      expect(scans.count).toBe(0);
      const byId = await b.from('qr_codes').select('*').eq('id', aCodes[0]!.id).maybeSingle();
      expect(byId.data).toBeNull();
      const bySlug = await b.from('qr_codes').select('*').eq('slug', aCodes[0]!.slug);
      expect(bySlug.data).toEqual([]);
      const scansOfA = await b.from('scan_events').select('id').eq('qr_code_id', aCodes[0]!.id);
      expect(scansOfA.data).toEqual([]);
    });

    it("aggregations of B never include A's scans, even when asked for A's code", async () => {
      const summary = (await b.rpc('dashboard_summary')).data as Record<string, number>;
      expect(summary).toMatchObject({ total_codes: 0, total_scans: 0, active_dynamic_codes: 0 });
      const menu = aCodes.find((c) => c.name === 'Restaurant Menu')!;
      for (const fn of ['scans_by_country', 'scans_by_device', 'scans_by_os', 'scans_by_browser'] as const) {
        const { data, error } = await b.rpc(fn, { p_code_id: menu.id });
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
      expect((await b.rpc('top_codes')).data).toEqual([]);
      const perDay = (
        await b.rpc('scans_per_day', {
          p_from: utcDay(Date.now() - 89 * DAY_MS),
          p_to: utcDay(Date.now()),
          p_code_id: menu.id,
        })
      ).data as { scans: number }[];
      expect(perDay).toHaveLength(90);
      expect(perDay.every((d) => d.scans === 0)).toBe(true);
    });

    it("cannot update, delete or take over A's codes", async () => {
      const target = aCodes[0]!;
      const upd = await b
        .from('qr_codes')
        .update({ name: 'hijacked', destination: 'https://evil.example/' })
        .eq('id', target.id)
        .select();
      expect(upd.error).toBeNull();
      expect(upd.data).toEqual([]);
      const del = await b.from('qr_codes').delete().eq('id', target.id).select();
      expect(del.data).toEqual([]);
      const still = await a.from('qr_codes').select('name, destination').eq('id', target.id).single();
      expect(still.data).toEqual({ name: target.name, destination: target.destination });
      // Inserting a row owned by A is refused: clients cannot write user_id at all (column grants).
      const forged = await b.from('qr_codes').insert({ name: 'forged', user_id: aId });
      expect(forged.status).toBe(403);
      expect(forged.error).toMatchObject({ code: '42501', message: 'permission denied for table qr_codes' });
      // B's own rows default to B.
      const own = await b.from('qr_codes').insert({ name: 'mine' }).select('user_id').single();
      expect(own.data).toEqual({ user_id: bId });
      // Nobody can write scans directly.
      const fakeScan = await b.from('scan_events').insert({ qr_code_id: target.id });
      expect(fakeScan.status).toBe(403);
      expect(fakeScan.error).toMatchObject({ code: '42501' });
      const ownFake = await a.from('scan_events').insert({ qr_code_id: target.id });
      expect(ownFake.error).toMatchObject({ code: '42501' });
      const wipe = await a.from('scan_events').delete().eq('qr_code_id', target.id);
      expect(wipe.error).toMatchObject({ code: '42501' });
    });
  });

  describe('anonymous callers', () => {
    it('can neither read, write nor aggregate (401 42501)', async () => {
      const checks = [
        await anon.from('qr_codes').select('*'),
        await anon.from('scan_events').select('*'),
        await anon.from('qr_codes').insert({ name: 'anon' }),
        await anon.from('qr_codes').update({ name: 'anon' }).eq('id', aCodes[0]!.id),
        await anon.from('qr_codes').delete().eq('id', aCodes[0]!.id),
        await anon.rpc('dashboard_summary'),
        await anon.rpc('top_codes'),
        await anon.rpc('scans_by_country'),
        await anon.rpc('generate_slug'),
      ];
      for (const res of checks) {
        expect(res.status).toBe(401);
        expect(res.error).toMatchObject({ code: '42501' });
      }
      const raw = await api(srv.url, '/rest/v1/qr_codes?select=*', { headers: {} });
      expect(raw.status).toBe(401);
      const { count } = await a.from('qr_codes').select('*', { count: 'exact', head: true });
      expect(count).toBe(3);
    });

    it('cannot record scans: only the redirect (service role) can, and it answers an active dynamic slug, null otherwise', async () => {
      const menu = aCodes.find((c) => c.name === 'Restaurant Menu')!;
      const card = aCodes.find((c) => c.name === 'Business Card')!;
      const args = { p_slug: menu.slug, p_device_type: 'mobile', p_os: 'iOS', p_browser: 'Safari', p_country: 'fr' };
      const refused = await anon.rpc('record_scan', args);
      expect(refused.status).toBe(401);
      expect(refused.error).toMatchObject({ code: '42501' });
      const redirect = makeClient(srv.url, await serviceRoleKey());
      const hit = await redirect.rpc('record_scan', args);
      expect(hit.error).toBeNull();
      expect(hit.data).toBe(menu.destination);
      const latest = await a
        .from('scan_events')
        .select('country, device_type, os, browser')
        .eq('qr_code_id', menu.id)
        .order('id', { ascending: false })
        .limit(1)
        .single();
      expect(latest.data).toEqual({ country: 'FR', device_type: 'mobile', os: 'iOS', browser: 'Safari' });
      expect((await redirect.rpc('record_scan', { p_slug: card.slug })).data).toBeNull();
      expect((await redirect.rpc('record_scan', { p_slug: 'no-such-slug' })).data).toBeNull();
      expect((await redirect.rpc('record_scan', { p_slug: "x' or '1'='1" })).data).toBeNull();
    });
  });
});
