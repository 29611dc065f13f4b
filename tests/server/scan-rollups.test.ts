// The hourly scan rollups against the raw scans, with concurrent writers (issue 14).
// Several clients at once: scans through the real redirect over HTTP (varied User-Agents and client addresses,
// bots and HEAD requests among them), bulk inserts of scans at random instants of the last 400 days (clustered
// around DST changes) through the same insert trigger, and deletes of codes while their scans are in flight.
// Then every analytics RPC, for random ranges and time zones (30- and 45-minute offsets, DST changes), must equal
// an aggregation of the raw rows computed in SQL in the same transaction, and the rollup table itself must equal
// a GROUP BY of scan_events. Seeded: SCAN_ROLLUP_SEED=<n> replays a run (the seed is in the test names).
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/lib/db.ts';
import { loadConfig } from '../../server/lib/config.ts';
import { runAs } from '../../server/rest/as-role.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';

const SEED = Number(process.env.SCAN_ROLLUP_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** A seeded generator, so a failing run can be replayed. */
function prng(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

const HUMANS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];
const BOTS = ['facebookexternalhit/1.1', 'WhatsApp/2.23.20.0', 'Slackbot-LinkExpanding 1.0', 'curl/8.5.0'];
/** Public addresses with a country in the offline database, and private ones without. */
const ADDRESSES = ['81.2.69.160', '8.8.8.8', '2a00:1450:4001:80b::200e', '10.1.2.3', '127.0.0.1', '1.1.1.1'];

const HALF = ['Asia/Kolkata', 'America/St_Johns', 'Australia/Adelaide'];
const THREE_QUARTERS = ['Asia/Kathmandu', 'Australia/Eucla', 'Pacific/Chatham'];
const DST = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'America/Santiago'];
/** Instants near DST changes of those zones (2025-2026), where bulk scans cluster. */
const DST_CHANGES = [
  '2026-03-08T07:00:00Z',
  '2025-11-02T06:00:00Z',
  '2026-03-29T01:00:00Z',
  '2025-10-26T01:00:00Z',
  '2026-04-04T15:00:00Z',
  '2025-10-04T15:30:00Z',
  '2026-04-05T03:00:00Z',
  '2025-09-28T14:00:00Z',
];

const FIELDS = {
  country: ['US', 'GB', 'DE', 'IN', 'NP', null],
  device: ['mobile', 'tablet', 'desktop', 'other'],
  os: ['iOS', 'Android', 'Windows', null],
  browser: ['Chrome', 'Mobile Safari', 'Firefox', null],
} as const;

type Row = Record<string, unknown>;
const norm = (rows: Row[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, normValue(v)])));
function normValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  if (v instanceof Date) return v.toISOString();
  return v;
}

describe.each(backends)(`scan rollups equal the raw scans under concurrent writers on %s (seed ${SEED})`, (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-test-client' },
  });
  const rnd = prng(SEED);
  let owner: { client: SupabaseClient; id: string };
  let other: { client: SupabaseClient; id: string };
  const counted = { http: 0, bulk: 0 };

  const createCode = async (client: SupabaseClient, dynamic: boolean) => {
    const { data, error } = await client
      .from('qr_codes')
      .insert(dynamic ? { name: 'c', destination: 'https://example.com/', is_dynamic: true } : { name: 's' })
      .select('id, slug')
      .single();
    if (error) throw new Error(error.message);
    return data as { id: string; slug: string };
  };

  /** Scans at random instants: within the last 400 days, or within 3 hours of a DST change. */
  const bulkInsert = async (codeIds: string[]) => {
    const n = 1 + rnd.int(30);
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let i = 0; i < n; i++) {
      const at =
        rnd.next() < 0.5
          ? new Date(Date.now() - rnd.int(400 * 86_400_000))
          : new Date(Date.parse(rnd.pick(DST_CHANGES)) + (rnd.int(6 * 3600) - 3 * 3600) * 1000 + rnd.int(1000));
      const base = values.length;
      values.push(
        rnd.pick(codeIds),
        at.toISOString(),
        rnd.pick(FIELDS.country),
        rnd.pick(FIELDS.device),
        rnd.pick(FIELDS.os),
        rnd.pick(FIELDS.browser),
        rnd.next() < 0.6,
      );
      rows.push(
        `($${base + 1}::uuid, $${base + 2}::timestamptz, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7})`,
      );
    }
    try {
      await srv.server.db.query(
        `INSERT INTO public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser, is_unique)
         VALUES ${rows.join(', ')}`,
        values,
      );
      counted.bulk += n;
    } catch (err) {
      // A code deleted meanwhile: the whole batch is refused (23503), as a scan of a deleted code is.
      if ((err as { code?: string }).code !== '23503') throw err;
    }
  };

  beforeAll(async () => {
    const a = await signedUpClient(srv.url);
    const b = await signedUpClient(srv.url);
    owner = { client: a.client, id: a.user.id };
    other = { client: b.client, id: b.user.id };
  });

  it('keeps every rollup exact while clients scan, bulk-insert and delete codes concurrently', async () => {
    const live = new Map<SupabaseClient, Array<{ id: string; slug: string }>>();
    for (const who of [owner, other]) {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push(await createCode(who.client, true));
      await createCode(who.client, false);
      live.set(who.client, codes);
    }
    const ROUNDS = 60;
    const CLIENTS = 6;
    const deleted: string[] = [];
    const worker = async (w: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        const who = rnd.next() < 0.7 ? owner : other;
        const codes = live.get(who.client)!;
        const roll = rnd.next();
        if ((roll < 0.03 || round === ROUNDS / 2) && w === 0 && codes.length > 0) {
          // Delete a code (its scans in flight get 404 or were counted before) and make a new one.
          const victim = codes.splice(rnd.int(codes.length), 1)[0]!;
          const { error } = await who.client.from('qr_codes').delete().eq('id', victim.id);
          expect(error).toBeNull();
          deleted.push(victim.id);
          codes.push(await createCode(who.client, true));
        } else if (roll < 0.25) {
          await bulkInsert(codes.map((c) => c.id));
        } else {
          const code = rnd.pick(codes);
          const bot = rnd.next() < 0.1;
          const head = !bot && rnd.next() < 0.05;
          const res = await fetch(`${srv.url}/r/${code.slug}`, {
            method: head ? 'HEAD' : 'GET',
            redirect: 'manual',
            headers: {
              'User-Agent': bot ? rnd.pick(BOTS) : rnd.pick(HUMANS),
              'x-test-client': rnd.pick(ADDRESSES),
            },
          });
          expect([302, 404]).toContain(res.status);
          await res.arrayBuffer();
          if (res.status === 302 && !bot && !head) counted.http += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, w) => worker(w)));
    expect(srv.logs).toEqual([]);
    expect(counted.http).toBeGreaterThan(0);
    expect(counted.bulk).toBeGreaterThan(0);

    // The rollups equal a GROUP BY of the raw scans, row for row (zero rows left by deletes aside): per UTC hour
    // (and quarter), UTC day and UTC month, computed here from epoch seconds.
    const diff = await srv.server.db.query<{ n: string }>(`
      WITH scans AS (
        SELECT e.qr_code_id, c.user_id, e.is_unique, d.dim, d.value, g.grain, g.bucket, g.q
          FROM public.scan_events e JOIN public.qr_codes c ON c.id = e.qr_code_id
         CROSS JOIN LATERAL (VALUES ('all', ''), ('country', coalesce(e.country::text, '')),
                                    ('device', e.device_type), ('os', coalesce(e.os, '')),
                                    ('browser', coalesce(e.browser, ''))) d (dim, value)
         CROSS JOIN LATERAL (VALUES
           ('hour', to_timestamp(floor(extract(epoch FROM e.scanned_at) / 3600) * 3600),
                    floor(extract(epoch FROM e.scanned_at)::numeric % 3600 / 900)::int),
           ('day', to_timestamp(floor(extract(epoch FROM e.scanned_at) / 86400) * 86400), NULL),
           ('month', make_timestamptz(extract(year FROM e.scanned_at AT TIME ZONE 'UTC')::int,
                                      extract(month FROM e.scanned_at AT TIME ZONE 'UTC')::int, 1, 0, 0, 0, 'UTC'), NULL)
         ) g (grain, bucket, q)
      ),
      expected AS (
        SELECT qr_code_id, user_id, dim, grain, bucket, value,
               count(*)::int AS scans, (count(*) FILTER (WHERE is_unique))::int AS unique_scans,
               (count(*) FILTER (WHERE q = 0))::int AS s0, (count(*) FILTER (WHERE q = 1))::int AS s1,
               (count(*) FILTER (WHERE q = 2))::int AS s2, (count(*) FILTER (WHERE q = 3))::int AS s3,
               (count(*) FILTER (WHERE q = 0 AND is_unique))::int AS u0,
               (count(*) FILTER (WHERE q = 1 AND is_unique))::int AS u1,
               (count(*) FILTER (WHERE q = 2 AND is_unique))::int AS u2,
               (count(*) FILTER (WHERE q = 3 AND is_unique))::int AS u3
          FROM scans GROUP BY 1, 2, 3, 4, 5, 6
      ),
      actual AS (
        SELECT qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3
          FROM public.scan_rollups WHERE scans <> 0 OR unique_scans <> 0
      )
      SELECT count(*)::text AS n FROM ((TABLE expected EXCEPT ALL TABLE actual) UNION ALL
                                       (TABLE actual EXCEPT ALL TABLE expected)) x`);
    expect(diff[0]!.n).toBe('0');
    // The owners' hourly totals equal the raw scans grouped by owner and UTC hour (and quarter).
    const ownerDiff = await srv.server.db.query<{ n: string }>(`
      WITH scans AS (
        SELECT c.user_id, e.is_unique, to_timestamp(floor(extract(epoch FROM e.scanned_at) / 3600) * 3600) AS bucket,
               floor(extract(epoch FROM e.scanned_at)::numeric % 3600 / 900)::int AS q
          FROM public.scan_events e JOIN public.qr_codes c ON c.id = e.qr_code_id
      ),
      expected AS (
        SELECT user_id, bucket, count(*)::int AS scans, (count(*) FILTER (WHERE is_unique))::int AS unique_scans,
               (count(*) FILTER (WHERE q = 0))::int AS s0, (count(*) FILTER (WHERE q = 1))::int AS s1,
               (count(*) FILTER (WHERE q = 2))::int AS s2, (count(*) FILTER (WHERE q = 3))::int AS s3,
               (count(*) FILTER (WHERE q = 0 AND is_unique))::int AS u0,
               (count(*) FILTER (WHERE q = 1 AND is_unique))::int AS u1,
               (count(*) FILTER (WHERE q = 2 AND is_unique))::int AS u2,
               (count(*) FILTER (WHERE q = 3 AND is_unique))::int AS u3
          FROM scans GROUP BY 1, 2
      ),
      actual AS (
        SELECT user_id, bucket, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3
          FROM public.scan_owner_hours
         WHERE scans <> 0 OR unique_scans <> 0 OR s0 <> 0 OR s1 <> 0 OR s2 <> 0 OR s3 <> 0
      )
      SELECT count(*)::text AS n FROM ((TABLE expected EXCEPT ALL TABLE actual) UNION ALL
                                       (TABLE actual EXCEPT ALL TABLE expected)) x`);
    expect(ownerDiff[0]!.n).toBe('0');
    const [ownerRows] = await srv.server.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM public.scan_owner_hours',
    );
    expect(Number(ownerRows!.n)).toBeGreaterThan(0);
    const [rollupRows] = await srv.server.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM public.scan_rollups',
    );
    expect(Number(rollupRows!.n)).toBeGreaterThan(0);
    // Deleted codes left no scans and no rollups behind.
    expect(deleted.length).toBeGreaterThan(0);
    const leftovers = await srv.server.db.query(
      `SELECT 1 FROM public.scan_rollups WHERE qr_code_id = ANY($1::uuid[])
       UNION ALL SELECT 1 FROM public.scan_events WHERE qr_code_id = ANY($1::uuid[])`,
      [deleted],
    );
    expect(leftovers).toEqual([]);
    const orphans = await srv.server.db.query(
      'SELECT 1 FROM public.scan_rollups r WHERE NOT EXISTS (SELECT 1 FROM public.qr_codes c WHERE c.id = r.qr_code_id)',
    );
    expect(orphans).toEqual([]);
  });

  /** RPC result and raw aggregation in one transaction as the user (same now(), same snapshot). */
  const asUser = <T>(userId: string, fn: (tx: Queryable) => Promise<T>) =>
    runAs(srv.server.db, 'authenticated', { sub: userId, role: 'authenticated' }, fn);

  // Pacific/Chatham every time: +12:45 with DST, so its local midnight falls mid-morning UTC (the hardest case).
  const zones = [rnd.pick(HALF), rnd.pick(THREE_QUARTERS), rnd.pick(DST), 'Pacific/Chatham', 'UTC'];

  it(`answers every RPC as the raw rows do, in ${zones.join(', ')}`, async () => {
    for (const who of [owner, other]) {
      const codes = await asUser(who.id, (tx) =>
        tx.query<{ id: string }>('SELECT id FROM public.qr_codes WHERE user_id = $1', [who.id]),
      );
      for (const tz of zones) {
        for (const codeId of [null, rnd.pick(codes).id]) {
          // scans_per_day over a random range of up to 367 local days ending within the last 400 days.
          const toDay = new Date(Date.now() - rnd.int(60) * 86_400_000).toISOString().slice(0, 10);
          const span = rnd.pick([0, 6, 29, 89, 366, rnd.int(367)]);
          await asUser(who.id, async (tx) => {
            const [{ from }] = (await tx.query<{ from: string }>(`SELECT ($1::date - $2::int)::text AS "from"`, [
              toDay,
              span,
            ])) as [{ from: string }];
            const got = await tx.query(
              'SELECT day::text, scans, unique_scans FROM public.scans_per_day($1, $2, $3, $4)',
              [from, toDay, codeId, tz],
            );
            const want = await tx.query(
              `SELECT d::date::text AS day, count(s.id) AS scans, count(s.id) FILTER (WHERE s.is_unique) AS unique_scans
                 FROM generate_series($1::date::timestamp, $2::date::timestamp, interval '1 day') d
                 LEFT JOIN (SELECT e.id, e.is_unique, (e.scanned_at AT TIME ZONE $4)::date AS sday
                              FROM public.scan_events e JOIN public.qr_codes c ON c.id = e.qr_code_id
                             WHERE c.user_id = $5 AND ($3::uuid IS NULL OR e.qr_code_id = $3)) s ON s.sday = d::date
                GROUP BY d ORDER BY d`,
              [from, toDay, codeId, tz, who.id],
            );
            expect(norm(got), `scans_per_day ${from}..${toDay} ${tz} ${codeId}`).toEqual(norm(want));
            expect(got.length).toBe(span + 1);
          });

          // Breakdowns and top codes over [from, to): unbounded, local midnights in tz, or random instants.
          const windows: Array<[string | null, string | null]> = [[null, null]];
          await asUser(who.id, async (tx) => {
            const [m] = await tx.query<{ f: string; t: string }>(
              `SELECT (($1::date - 40)::timestamp AT TIME ZONE $2)::text AS f, (($1::date + 1)::timestamp AT TIME ZONE $2)::text AS t`,
              [toDay, tz],
            );
            windows.push([m!.f, m!.t]);
          });
          const randomInstant = () => new Date(Date.now() - rnd.int(420 * 86_400_000)).toISOString();
          const [x, y] = [randomInstant(), randomInstant()].sort();
          windows.push([x!, y!], [x!, null], [null, y!]);
          for (const [from, to] of windows) {
            await asUser(who.id, async (tx) => {
              for (const [fn, column] of [
                ['scans_by_country', 'country'],
                ['scans_by_device', 'device_type'],
                ['scans_by_os', 'os'],
                ['scans_by_browser', 'browser'],
              ] as const) {
                const got = await tx.query(`SELECT * FROM public.${fn}($1, $2, $3)`, [from, to, codeId]);
                const field = column === 'device_type' ? 'e.device_type' : `e.${column}::text`;
                const want = await tx.query(
                  `SELECT ${field} AS ${column}, count(*) AS scans, count(*) FILTER (WHERE e.is_unique) AS unique_scans
                     FROM public.scan_events e JOIN public.qr_codes c ON c.id = e.qr_code_id
                    WHERE c.user_id = $4 AND ($3::uuid IS NULL OR e.qr_code_id = $3)
                      AND ($1::timestamptz IS NULL OR e.scanned_at >= $1) AND ($2::timestamptz IS NULL OR e.scanned_at < $2)
                    GROUP BY 1 ORDER BY count(*) DESC, 1 ${column === 'device_type' ? '' : 'NULLS LAST'}`,
                  [from, to, codeId, who.id],
                );
                expect(norm(got), `${fn} [${from}, ${to}) ${codeId}`).toEqual(norm(want));
              }
              const top = await tx.query('SELECT id, scans, unique_scans FROM public.top_codes(100, $1, $2)', [
                from,
                to,
              ]);
              const wantTop = await tx.query(
                `SELECT c.id, count(e.id) AS scans, count(e.id) FILTER (WHERE e.is_unique) AS unique_scans
                   FROM public.qr_codes c
                   LEFT JOIN public.scan_events e ON e.qr_code_id = c.id
                    AND ($1::timestamptz IS NULL OR e.scanned_at >= $1) AND ($2::timestamptz IS NULL OR e.scanned_at < $2)
                  WHERE c.user_id = $3 GROUP BY c.id ORDER BY count(e.id) DESC, c.created_at DESC`,
                [from, to, who.id],
              );
              expect(norm(top), `top_codes [${from}, ${to})`).toEqual(norm(wantTop));
            });
          }
        }
        await asUser(who.id, async (tx) => {
          const [{ s }] = (await tx.query<{ s: Record<string, unknown> }>('SELECT public.dashboard_summary($1) AS s', [
            tz,
          ])) as [{ s: Record<string, unknown> }];
          const [want] = await tx.query(
            `WITH codes AS (SELECT * FROM public.qr_codes WHERE user_id = $1),
                  scans AS (SELECT e.* FROM public.scan_events e JOIN codes c ON c.id = e.qr_code_id)
             SELECT (SELECT count(*) FROM codes) AS total_codes,
                    (SELECT count(*) FROM codes
                      WHERE (created_at AT TIME ZONE $2) >= date_trunc('month', now() AT TIME ZONE $2)) AS codes_this_month,
                    (SELECT count(*) FROM codes WHERE is_dynamic AND status = 'active') AS active_dynamic_codes,
                    count(*) AS total_scans,
                    count(*) FILTER (WHERE is_unique) AS total_unique_scans,
                    count(*) FILTER (WHERE scanned_at >= now() - interval '30 days') AS scans_last_30_days,
                    count(*) FILTER (WHERE scanned_at >= now() - interval '30 days' AND is_unique) AS unique_scans_last_30_days,
                    count(*) FILTER (WHERE scanned_at >= now() - interval '60 days'
                                       AND scanned_at < now() - interval '30 days') AS scans_previous_30_days,
                    count(*) FILTER (WHERE scanned_at >= now() - interval '60 days'
                                       AND scanned_at < now() - interval '30 days' AND is_unique) AS unique_scans_previous_30_days
               FROM scans`,
            [who.id, tz],
          );
          expect(norm([s])[0], `dashboard_summary ${tz}`).toMatchObject(norm([want!])[0]!);
        });
      }
    }
  });

  it('answers the same through the data API as supabase-js calls it (time zone argument included)', async () => {
    const tz = rnd.pick(THREE_QUARTERS);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    // On PGlite the comparisons above can keep the event loop busy past the keep-alive timeout, so the first
    // request may meet a socket the server has just closed (ECONNRESET): that one network error is retried.
    const rpc = async (fn: string, args: Record<string, unknown>) => {
      const first = await owner.client.rpc(fn, args);
      return first.error?.message === 'TypeError: fetch failed' ? owner.client.rpc(fn, args) : first;
    };
    const viaApi = await rpc('scans_per_day', { p_from: from, p_to: today, p_tz: tz });
    expect(viaApi.error).toBeNull();
    const direct = await asUser(owner.id, (tx) =>
      tx.query('SELECT day::text, scans, unique_scans FROM public.scans_per_day($1, $2, NULL, $3)', [from, today, tz]),
    );
    expect(norm(viaApi.data as Row[])).toEqual(norm(direct));
    const bad = await rpc('scans_per_day', { p_from: from, p_to: today, p_tz: 'Mars/Olympus_Mons' });
    expect(bad.error?.code).toBe('22023');
    const summary = await rpc('dashboard_summary', { p_tz: tz });
    expect(summary.error).toBeNull();
    expect((summary.data as Row).time_zone).toBe(tz);
  });
});
