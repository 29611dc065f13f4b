// The database refuses exactly what the zod schema refuses: public.scan_settings_problem (supabase/migrations/
// 20261129003700_scan_settings.sql) and scanSettingsSchema (src/shared/rules/schema.ts) judge the same 3,000 seeded
// objects (valid ones and ones broken by random mutations: hostile URLs, unknown keys and condition types, wrong
// types, out-of-range numbers, duplicates, long and control-character strings, unknown zones), in one query; then
// the table's check refuses a hostile rule through the data API and stores nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { variantOf } from '../../src/shared/rules/evaluate.ts';
import { scanSettingsSchema, type Split } from '../../src/shared/rules/schema.ts';
import { prng } from '../helpers/prng.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { compareWithSqlTwin } from './sql-twin.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/Argentina/Buenos_Aires',
  'Asia/Kolkata',
  'Europe/Kyiv',
  'US/Eastern',
  'Etc/GMT+3',
  'europe/berlin',
  'EST5',
  'UTC+3',
  'Mars/Olympus',
  'Europe/',
  'GMT',
];

function cases(seed: number, n: number): Json[] {
  const rnd = prng(seed);
  const int = (k: number) => Math.floor(rnd() * k);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const url = () =>
    pick([
      'https://a.example/',
      'https://b.example/p?x=1#f',
      'http://c.example:8080/',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'https://user:pw@bank.example/',
      'https://a.example/\u0007',
      'https://a.example/ x',
      'ftp://a.example/',
      `https://a.example/${'x'.repeat(2040)}`,
    ]);
  const goodUrl = () => pick(['https://a.example/', 'https://b.example/p?x=1#f', 'http://c.example:8080/']);
  const instant = () =>
    pick([
      '2026-06-01T00:00:00Z',
      '2026-12-31T23:59:59Z',
      '2027-01-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2028-02-29T12:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-06-01T24:00:00Z',
      '2026-06-01T00:00Z',
      '2026-06-01 00:00:00Z',
      '1999-12-31T00:00:00Z',
      '2026-06-01T00:00:00+02:00',
    ]);
  const text = () =>
    pick([
      'qr',
      'spring sale',
      'é'.repeat(100),
      '😀'.repeat(60),
      '😀'.repeat(101),
      '',
      'a\u0001b',
      'a\u0085',
      'x'.repeat(101),
    ]);
  const list = <T>(xs: readonly T[], max = 4): T[] => Array.from({ length: 1 + int(max) }, () => pick(xs));
  const condition = (): Json => {
    switch (int(10)) {
      case 0:
        return { type: 'device', in: list(['ios', 'android', 'tablet', 'mobile', 'desktop', 'tv']) };
      case 1:
        return { type: 'os', in: list(['ios', 'android', 'windows', 'macos', 'linux', 'chromeos', 'Windows']) };
      case 2:
        return { type: 'browser', in: list(['chrome', 'safari', 'firefox', 'edge', 'samsung', 'opera', 'ie']) };
      case 3:
        return { type: 'country', in: list(['US', 'DE', 'de', 'USA', 'FR', 'BR'], 3) };
      case 4:
        return { type: 'language', in: list(['en', 'en-gb', 'en-GB', 'pt-br', 'zh-hant', 'e', 'engl', 'fil'], 3) };
      case 5:
        return {
          type: 'time',
          from: pick(['09:00', '22:30', '24:00', '9:00', '00:00']),
          to: pick(['17:00', '02:00', '09:00', '23:59']),
          ...(rnd() < 0.5 ? { days: list([0, 1, 2, 5, 6, 7, -1, 1.5, '1'] as Json[], 3) } : {}),
        };
      case 6: {
        const c: Record<string, Json> = { type: 'date' };
        if (rnd() < 0.7) c.after = instant();
        if (rnd() < 0.7) c.before = instant();
        return c;
      }
      case 7:
        return rnd() < 0.5
          ? { type: 'query', name: pick(['src', 'a.b', 'x y', '', 'n'.repeat(65)]) }
          : { type: 'query', name: 'src', equals: text() };
      case 8:
        return { type: pick(['ip', 'city', 'Device', '']), in: ['x'] };
      default:
        return pick([null, 'device', 3, [], { in: ['ios'] }]);
    }
  };
  const valid = (): Record<string, Json> => {
    const s: Record<string, Json> = { v: 1 };
    if (rnd() < 0.3) s.startsAt = '2026-06-01T00:00:00Z';
    if (rnd() < 0.3) s.endsAt = '2026-09-01T00:00:00Z';
    if (rnd() < 0.3) s.scanCap = 1 + int(1000);
    if (rnd() < 0.3) s.fallbacks = rnd() < 0.5 ? { ended: goodUrl() } : { paused: goodUrl(), ended: goodUrl() };
    if (rnd() < 0.3) s.timeZone = 'Europe/Berlin';
    if (rnd() < 0.6) {
      s.rules = Array.from({ length: int(4) }, () => ({
        if: [{ type: 'country', in: ['DE'] }],
        to: goodUrl(),
      }));
    }
    if (rnd() < 0.3) {
      s.split = {
        variants: [
          { to: goodUrl(), weight: 40 },
          { to: goodUrl(), weight: 60 },
        ],
      };
    }
    if (rnd() < 0.3) s.utm = { source: 'qr', campaign: 'spring' };
    if (rnd() < 0.3) s.forwardQuery = rnd() < 0.5;
    if (rnd() < 0.2) s.appPage = { appStore: goodUrl(), googlePlay: goodUrl() };
    return s;
  };
  const mutate = (s: Record<string, Json>): Json => {
    switch (int(17)) {
      case 0:
        return { ...s, v: pick([2, '1', null, 1.0]) };
      case 1:
        return { ...s, [pick(['startsAt', 'endsAt'])]: instant() };
      case 2:
        return { ...s, startsAt: instant(), endsAt: instant() };
      case 3:
        return { ...s, scanCap: pick([0, 1, 100000000, 100000001, 2.5, -1, '10', 1e300]) };
      case 4:
        return {
          ...s,
          fallbacks: pick<Json>([{ ended: url() }, { paused: url() }, { capReached: url(), other: goodUrl() }, {}, []]),
        };
      case 5:
        return { ...s, timeZone: pick(ZONES) };
      case 6:
        return {
          ...s,
          rules: Array.from({ length: 1 + int(3) }, () => ({
            if: Array.from({ length: 1 + int(3) }, condition),
            to: goodUrl(),
          })),
        };
      case 7:
        return { ...s, rules: [{ if: [{ type: 'os', in: ['ios'] }], to: url() }] };
      case 8:
        return {
          ...s,
          rules: Array.from({ length: pick([20, 21]) }, () => ({ if: [{ type: 'os', in: ['ios'] }], to: goodUrl() })),
        };
      case 9:
        return {
          ...s,
          rules: [{ if: Array.from({ length: pick([8, 9, 0]) }, () => ({ type: 'os', in: ['ios'] })), to: goodUrl() }],
        };
      case 10: {
        const n = pick([1, 2, 3, 4, 5]);
        const weights =
          rnd() < 0.3
            ? pick([
                [4, 96],
                [5, 95],
                [5, 5, 90],
                [4, 4, 4, 88],
                [25, 25, 25, 25],
              ])
            : Array.from({ length: n }, () => pick([5, 4, 10, 20, 25, 50, 95, 30]));
        return {
          ...s,
          split: { variants: weights.map((weight) => ({ to: rnd() < 0.9 ? goodUrl() : url(), weight })) },
        };
      }
      case 11:
        return {
          ...s,
          split: {
            variants: [
              { to: goodUrl(), weight: 50 },
              { to: goodUrl(), weight: 50 },
            ],
            startsAt: instant(),
            ...(rnd() < 0.5 ? { endsAt: instant() } : {}),
          },
        };
      case 12:
        return {
          ...s,
          utm: pick<Json>([{ source: text() }, { medium: text(), term: text() }, {}, { source: 'qr', id: 'x' }]),
        };
      case 13:
        return { ...s, forwardQuery: pick([true, false, 'yes', 1, null]) };
      case 14:
        return { ...s, [pick(['redirUrl', 'password', 'rules ', 'V'])]: 'x' };
      case 15:
        return {
          ...s,
          appPage: pick<Json>([
            { appStore: url(), googlePlay: goodUrl() },
            { appStore: goodUrl() },
            { appStore: goodUrl(), googlePlay: goodUrl(), web: goodUrl() },
            {},
            'https://a.example/',
          ]),
        };
      default:
        return pick([null, [], 'settings', 1, { ...s, rules: null }, { ...s, split: null }]);
    }
  };
  return Array.from({ length: n }, () => {
    const s = valid();
    return rnd() < 0.25 ? s : mutate(s);
  });
}

describe.each(backends)('scan settings check on %s', (backend) => {
  const srv = suiteServer(backend);
  let client: SupabaseClient;

  beforeAll(async () => {
    client = (await signedUpClient(srv.url)).client;
  });

  it('public.scan_settings_problem refuses exactly what scanSettingsSchema refuses (3,000 seeded objects)', async () => {
    const objects = cases(37, 3_000);
    const { mismatches, accepted } = await compareWithSqlTwin(
      srv.server.db,
      'scan_settings_problem',
      scanSettingsSchema,
      objects,
    );
    expect(mismatches.slice(0, 8)).toEqual([]);
    expect(accepted).toBeGreaterThan(900);
    expect(objects.length - accepted).toBeGreaterThan(900);
  });

  it('scan_split_variant picks the variant variantOf picks, for every bucket edge of 500 seeded splits', async () => {
    const rnd = prng(38);
    const splits: Split[] = Array.from({ length: 500 }, () => {
      const n = 2 + Math.floor(rnd() * 3);
      const weights = Array<number>(n).fill(5);
      for (let left = 100 - 5 * n; left > 0; left--) weights[Math.floor(rnd() * n)]! += 1;
      return { variants: weights.map((weight, i) => ({ to: `https://v${i}.example/`, weight })) };
    });
    // Each variant's first and last bucket, and the ends of the range.
    const pairs = splits.flatMap((split, k) => {
      const edges = [0, 9_999];
      let upTo = 0;
      for (const v of split.variants) {
        edges.push(upTo, upTo + v.weight * 100 - 1);
        upTo += v.weight * 100;
      }
      return edges.map((bucket) => ({ k, bucket }));
    });
    const rows = await srv.server.db.query<{ variant: number }>(
      'select public.scan_split_variant(s::jsonb, b) as variant from unnest($1::text[], $2::integer[]) ' +
        'with ordinality as u(s, b, n) order by n',
      [pairs.map((p) => JSON.stringify(splits[p.k])), pairs.map((p) => p.bucket)],
    );
    expect(rows.map((r) => r.variant)).toEqual(pairs.map((p) => variantOf(splits[p.k]!, p.bucket)));
  });

  it('the table refuses a hostile rule through the data API and stores nothing', async () => {
    for (const scan_settings of [
      { v: 1, rules: [{ if: [{ type: 'country', in: ['DE'] }], to: 'javascript:alert(1)' }] },
      { v: 1, rules: [{ if: [{ type: 'ip', in: ['1.2.3.4'] }], to: 'https://a.example/' }] },
      {
        v: 1,
        split: {
          variants: [
            { to: 'https://u:p@a.example/', weight: 50 },
            { to: 'https://b.example/', weight: 50 },
          ],
        },
      },
    ]) {
      const { data, error } = await client
        .from('qr_codes')
        .insert({ name: 'Hostile rules', is_dynamic: true, destination: 'https://a.example/', scan_settings })
        .select();
      expect(error?.code).toBe('23514');
      expect(data).toBeNull();
    }
    const { data: stored } = await client.from('qr_codes').select('id').eq('name', 'Hostile rules');
    expect(stored).toEqual([]);
    // And the same on update: the stored settings stay.
    const { data: code } = await client
      .from('qr_codes')
      .insert({
        name: 'Good rules',
        is_dynamic: true,
        destination: 'https://a.example/',
        scan_settings: { v: 1, scanCap: 5 },
      })
      .select('id')
      .single();
    const { error } = await client
      .from('qr_codes')
      .update({ scan_settings: { v: 1, scanCap: 0 } })
      .eq('id', code!.id);
    expect(error?.code).toBe('23514');
    const { data: after } = await client.from('qr_codes').select('scan_settings').eq('id', code!.id).single();
    expect(after?.scan_settings).toEqual({ v: 1, scanCap: 5 });
  });
});
