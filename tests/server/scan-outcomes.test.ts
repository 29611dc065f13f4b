// Analytics of scan outcomes (issue 37): scans by rule and by A/B variant and stopped scans by gate, from the
// rollups. Real scans through /r/:slug of codes with rules, a split, a cap, a schedule and a pause, on both
// backends; then the rollup rows of the three new dimensions must equal a GROUP BY of the raw rows (scan_events,
// scan_stops), and scan_outcomes must equal the raw rows counted in SQL for the whole range and for a range that
// ends inside a quarter-hour (the raw part of scan_window), and show nothing to another user.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { backends, setPlan, signedUpClient, suiteServer } from './helpers.ts';
import { IPHONE, ANDROID, DESKTOP } from './user-agents.ts';

type Outcome = { kind: string; value: string; scans: number; unique_scans: number };

describe.each(backends)('scan outcomes analytics on %s', (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-forwarded-for' },
  });
  let owner: SupabaseClient;
  let other: SupabaseClient;
  const ids: Record<string, string> = {};

  const scan = (slug: string, ua: string, n: number) =>
    fetch(`${srv.url}/r/${slug}`, {
      redirect: 'manual',
      headers: { 'User-Agent': ua, 'X-Forwarded-For': `81.2.${Math.floor(n / 250)}.${(n % 250) + 1}` },
    });

  beforeAll(async () => {
    const signedUp = await signedUpClient(srv.url);
    owner = signedUp.client;
    // Pro: the ruled code has an A/B split (scan-settings-plan.test.ts holds Free to its limits).
    await setPlan(srv.server.db, signedUp.user.id, 'pro');
    other = (await signedUpClient(srv.url)).client;
    const create = async (name: string, scan_settings: unknown) => {
      const { data, error } = await owner
        .from('qr_codes')
        .insert({ name, destination: 'https://example.com/default', is_dynamic: true, scan_settings })
        .select('id, slug')
        .single();
      expect(error).toBeNull();
      ids[name] = (data as { id: string }).id;
      return (data as { slug: string }).slug;
    };
    const ruled = await create('Ruled', {
      v: 1,
      scanCap: 40,
      rules: [
        { if: [{ type: 'device', in: ['ios'] }], to: 'https://example.com/ios' },
        { if: [{ type: 'device', in: ['android'] }], to: 'https://example.com/android' },
      ],
      split: {
        variants: [
          { to: 'https://example.com/a', weight: 50 },
          { to: 'https://example.com/b', weight: 50 },
        ],
      },
    });
    const soon = await create('Soon', { v: 1, startsAt: '2099-01-01T00:00:00Z' });
    const paused = await create('Paused', null);
    await owner.from('qr_codes').update({ status: 'paused' }).eq('id', ids.Paused!);
    const agents = [IPHONE, ANDROID, DESKTOP, DESKTOP];
    // 60 scans of the ruled code: 40 redirected (iPhone → rule 0, Android → rule 1, desktop → a variant), 20 stopped
    // by the cap; visitors repeat, so unique scans differ from scans.
    for (let i = 0; i < 60; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, k) => scan(ruled, agents[(i + k) % 4]!, (i + k) % 23)));
    }
    await Promise.all(Array.from({ length: 7 }, (_, k) => scan(soon, DESKTOP, k)));
    await Promise.all(Array.from({ length: 5 }, (_, k) => scan(paused, IPHONE, k)));
  });

  it('keeps the rule, variant and gate rollups equal to the raw rows', async () => {
    const diff = await srv.server.db.query<{ n: string }>(`
      WITH raw AS (
        SELECT e.qr_code_id, c.user_id, e.is_unique, d.dim, d.value, e.scanned_at AS at
          FROM public.scan_events e JOIN public.qr_codes c ON c.id = e.qr_code_id
         CROSS JOIN LATERAL (VALUES ('rule', e.rule_index::text), ('variant', e.variant::text)) d (dim, value)
         WHERE d.value IS NOT NULL
        UNION ALL
        SELECT s.qr_code_id, c.user_id, false, 'gate', s.gate, s.stopped_at
          FROM public.scan_stops s JOIN public.qr_codes c ON c.id = s.qr_code_id
      ),
      expected AS (
        SELECT qr_code_id, user_id, dim, to_timestamp(floor(extract(epoch FROM at) / 3600) * 3600) AS bucket, value,
               count(*)::int AS scans, (count(*) FILTER (WHERE is_unique))::int AS unique_scans
          FROM raw GROUP BY 1, 2, 3, 4, 5
      ),
      actual AS (
        SELECT qr_code_id, user_id, dim, bucket, value, scans, unique_scans
          FROM public.scan_rollups WHERE grain = 'hour' AND dim IN ('rule', 'variant', 'gate')
      )
      SELECT count(*)::text AS n FROM ((TABLE expected EXCEPT ALL TABLE actual) UNION ALL
                                       (TABLE actual EXCEPT ALL TABLE expected)) x`);
    expect(diff[0]!.n).toBe('0');
  });

  it('answers scan_outcomes from the rollups as the raw rows count them, whole range and a partial quarter', async () => {
    const raw = async (id: string, from: string | null, to: string | null) =>
      srv.server.db.query<Outcome>(
        `WITH e AS (SELECT * FROM public.scan_events WHERE qr_code_id = $1
                      AND ($2::timestamptz IS NULL OR scanned_at >= $2) AND ($3::timestamptz IS NULL OR scanned_at < $3)),
              s AS (SELECT * FROM public.scan_stops WHERE qr_code_id = $1
                      AND ($2::timestamptz IS NULL OR stopped_at >= $2) AND ($3::timestamptz IS NULL OR stopped_at < $3))
         SELECT 'rule' AS kind, coalesce(rule_index::text, '') AS value, count(*)::int AS scans,
                (count(*) FILTER (WHERE is_unique))::int AS unique_scans FROM e GROUP BY 2
         UNION ALL SELECT 'variant', variant::text, count(*)::int, (count(*) FILTER (WHERE is_unique))::int
                     FROM e WHERE variant IS NOT NULL GROUP BY 2
         UNION ALL SELECT 'gate', gate, count(*)::int, 0 FROM s GROUP BY 2
         ORDER BY 1, 2`,
        [id, from, to],
      );
    const rpc = async (client: SupabaseClient, id: string, from: string | null, to: string | null) => {
      const { data, error } = await client.rpc('scan_outcomes', { p_code_id: id, p_from: from, p_to: to });
      expect(error).toBeNull();
      return (data as Outcome[]).map((r) => ({ ...r, scans: Number(r.scans), unique_scans: Number(r.unique_scans) }));
    };
    const now = Date.now();
    const partialEnd = new Date(now + 60_000).toISOString();
    const partialStart = new Date(now - 7 * 60_000).toISOString();
    for (const name of ['Ruled', 'Soon', 'Paused']) {
      const whole = await rpc(owner, ids[name]!, null, null);
      expect(whole, name).toEqual(await raw(ids[name]!, null, null));
      expect(await rpc(owner, ids[name]!, partialStart, partialEnd), name).toEqual(
        await raw(ids[name]!, partialStart, partialEnd),
      );
      expect(await rpc(other, ids[name]!, null, null)).toEqual([]);
    }
    const ruled = await rpc(owner, ids.Ruled!, null, null);
    const sum = (kind: string) => ruled.filter((r) => r.kind === kind).reduce((n, r) => n + r.scans, 0);
    expect([sum('rule'), sum('gate')]).toEqual([40, 20]);
    expect(ruled.filter((r) => r.kind === 'rule').map((r) => r.value)).toEqual(['', '0', '1']);
    expect(ruled.find((r) => r.kind === 'variant')).toBeDefined();
    expect(await rpc(owner, ids.Soon!, null, null)).toEqual([
      { kind: 'gate', value: 'not_started', scans: 7, unique_scans: 0 },
    ]);
    expect(await rpc(owner, ids.Paused!, null, null)).toEqual([
      { kind: 'gate', value: 'paused', scans: 5, unique_scans: 0 },
    ]);
    expect(srv.logs).toEqual([]);
  });
});
