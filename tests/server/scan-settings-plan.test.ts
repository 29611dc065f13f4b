// Plan limits of scan settings (supabase/migrations/20261129005000_scan_settings_plan_limits.sql), on PGlite and,
// with DATABASE_URL, PostgreSQL: a Free owner gets the gates and 2 rules; a 3rd rule, an A/B split, UTM tags or
// query forwarding are refused with 403 and the reason, through the data API and /api/v1, and nothing is stored.
// Pro and Business get them. A code whose owner moved down to Free keeps redirecting by its settings and can be
// saved again or trimmed, never extended. The panel's twin (src/shared/rules/plan.ts) gives the same answers.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { FREE_LIMIT_MESSAGES, PLAN_LIMIT_HINT, planProblem } from '../../src/shared/rules/plan.ts';
import type { ScanSettings } from '../../src/shared/rules/schema.ts';
import { apiCall, createApiKey } from './api-v1-helpers.ts';
import { api, backends, setPlan, signedUpClient, suiteServer } from './helpers.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const rule = (device: 'ios' | 'android' | 'desktop', to: string) => ({ if: [{ type: 'device', in: [device] }], to });
const TWO_RULES = [rule('ios', 'https://apps.apple.com/app/id1'), rule('android', 'https://play.google.com/x')];
const THREE_RULES = [...TWO_RULES, rule('desktop', 'https://example.com/desktop')];
const SPLIT = {
  variants: [
    { to: 'https://example.com/a', weight: 50 },
    { to: 'https://example.com/b', weight: 50 },
  ],
};

/** Free's gates and two rules: everything Free may use. */
const FREE_OK = {
  v: 1,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2099-01-01T00:00:00Z',
  scanCap: 1000,
  fallbacks: { notStarted: 'https://example.com/soon', ended: 'https://example.com/over' },
  rules: TWO_RULES,
};

/** Each setting over the Free plan, with the sentence the database answers. */
const OVER_FREE: Array<[string, Record<string, unknown>, string]> = [
  ['a 3rd rule', { v: 1, rules: THREE_RULES }, 'Free plan limit reached: at most 2 scan rules per code'],
  ['an A/B split', { v: 1, split: SPLIT }, 'Free plan limit reached: the A/B split is a Pro feature'],
  ['UTM tags', { v: 1, utm: { source: 'qr' } }, 'Free plan limit reached: UTM tags are a Pro feature'],
  ['query forwarding', { v: 1, forwardQuery: true }, 'Free plan limit reached: query forwarding is a Pro feature'],
];

const ALL_PRO = { v: 1, rules: THREE_RULES, split: SPLIT, utm: { source: 'qr' }, forwardQuery: true };

describe.each(backends)('plan limits of scan settings on %s', (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-forwarded-for' },
  });
  const db = () => srv.server.db;
  const account = async () => {
    const made = await signedUpClient(srv.url);
    const insert = (scan_settings: unknown) =>
      made.client
        .from('qr_codes')
        .insert({ name: 'Ruled', destination: 'https://example.com/default', is_dynamic: true, scan_settings })
        .select('id, slug, scan_settings')
        .single();
    return { ...made, insert };
  };
  const scan = (slug: string, ua: string) =>
    fetch(`${srv.url}/r/${slug}`, {
      redirect: 'manual',
      headers: { 'User-Agent': ua, 'X-Forwarded-For': '81.2.69.160' },
    });

  it('the data API refuses Free settings over the plan with 403 and the reason, storing nothing', async () => {
    const { client, insert, session } = await account();
    const ok = await insert(FREE_OK);
    expect(ok.error).toBeNull();
    expect(ok.data?.scan_settings).toEqual(FREE_OK);
    expect((await client.rpc('account_plan')).data).toBe('free');

    for (const [what, settings, message] of OVER_FREE) {
      const created = await insert(settings);
      expect(created.error, what).toMatchObject({ code: 'PT403', message, hint: PLAN_LIMIT_HINT });
      const updated = await client.from('qr_codes').update({ scan_settings: settings }).eq('id', ok.data!.id);
      expect(updated.error?.message, what).toBe(message);
      expect(updated.status, what).toBe(403);
      // Raw HTTP, as any PostgREST client sees it: 403 with the sentence.
      const raw = await api(srv.url, `/rest/v1/qr_codes?id=eq.${ok.data!.id}`, {
        method: 'PATCH',
        token: session.access_token,
        body: JSON.stringify({ scan_settings: settings }),
      });
      expect([raw.status, (raw.body as { message: string }).message], what).toEqual([403, message]);
      // The TypeScript twin the panel uses says the same.
      expect(FREE_LIMIT_MESSAGES[planProblem(settings as ScanSettings, 'free', FREE_OK as ScanSettings)!]).toBe(
        message,
      );
    }
    const stored = await client.from('qr_codes').select('name, scan_settings');
    expect(stored.data).toEqual([{ name: 'Ruled', scan_settings: FREE_OK }]);
    // The 3-rule message says how many.
    expect((await insert({ v: 1, rules: THREE_RULES })).error?.details).toBe('These settings have 3 rules.');
  });

  it('/api/v1 answers 403 plan_limit_reached with the reason for each, and stores nothing', async () => {
    const { client } = await account();
    const { key } = await createApiKey(client, 'plan');
    const made = await apiCall(srv.url, '/api/v1/codes', {
      key,
      method: 'POST',
      json: { name: 'Campaign', is_dynamic: true, destination: 'https://example.com/', scan_settings: FREE_OK },
    });
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    for (const [what, scan_settings, message] of OVER_FREE) {
      const created = await apiCall(srv.url, '/api/v1/codes', {
        key,
        method: 'POST',
        json: { name: 'Over', is_dynamic: true, destination: 'https://example.com/', scan_settings },
      });
      expect([created.status, created.body], what).toEqual([
        403,
        { error: { code: 'plan_limit_reached', message: `${message}. ${PLAN_LIMIT_HINT}` } },
      ]);
      const patched = await apiCall(srv.url, `/api/v1/codes/${id}`, { key, method: 'PATCH', json: { scan_settings } });
      expect([patched.status, patched.body], what).toEqual([
        403,
        { error: { code: 'plan_limit_reached', message: `${message}. ${PLAN_LIMIT_HINT}` } },
      ]);
    }
    const list = await apiCall(srv.url, '/api/v1/codes', { key });
    expect((list.body as { data: Array<{ name: string; scan_settings: unknown }> }).data).toMatchObject([
      { name: 'Campaign', scan_settings: FREE_OK },
    ]);
    expect(srv.logs.join('\n')).not.toMatch(/PT403|plan limit/i);
  });

  it('Pro and Business get up to 20 rules, the split, UTM tags and forwarding, by both paths', async () => {
    for (const plan of ['pro', 'business'] as const) {
      const { client, insert, user } = await account();
      await setPlan(db(), user.id, plan);
      expect((await client.rpc('account_plan')).data).toBe(plan);
      const made = await insert(ALL_PRO);
      expect(made.error, plan).toBeNull();
      const twenty = { v: 1, rules: Array.from({ length: 20 }, (_, i) => rule('desktop', `https://example.com/${i}`)) };
      expect(
        (await client.from('qr_codes').update({ scan_settings: twenty }).eq('id', made.data!.id)).error,
      ).toBeNull();
      const { key } = await createApiKey(client, plan);
      const viaApi = await apiCall(srv.url, '/api/v1/codes', {
        key,
        method: 'POST',
        json: { name: 'Pro', is_dynamic: true, destination: 'https://example.com/', scan_settings: ALL_PRO },
      });
      expect(viaApi.status, plan).toBe(201);
      expect((viaApi.body as { scan_settings: unknown }).scan_settings).toEqual(ALL_PRO);
    }
  });

  it('after a move down to Free, stored settings keep redirecting and can be kept or trimmed, not extended', async () => {
    const { client, insert, user } = await account();
    await setPlan(db(), user.id, 'pro');
    const made = await insert(ALL_PRO);
    expect(made.error).toBeNull();
    const code = made.data!;
    await setPlan(db(), user.id, 'free');

    // Scans still follow every rule the code has (the redirect never looks at the plan).
    const desktop = await scan(code.slug, DESKTOP);
    expect([desktop.status, desktop.headers.get('location')]).toEqual([
      302,
      'https://example.com/desktop?utm_source=qr',
    ]);
    const phone = await scan(code.slug, IPHONE);
    expect(phone.headers.get('location')).toBe('https://apps.apple.com/app/id1?utm_source=qr');

    const update = (values: Record<string, unknown>) => client.from('qr_codes').update(values).eq('id', code.id);
    // Renamed, or saved unchanged (the panel and /api/v1 send the whole object): fine.
    expect((await update({ name: 'Renamed' })).error).toBeNull();
    expect((await update({ scan_settings: ALL_PRO })).error).toBeNull();
    // Extended: one rule more, a changed split, changed UTM tags: refused.
    const extended: Array<[Record<string, unknown>, string]> = [
      [{ ...ALL_PRO, rules: [...THREE_RULES, rule('ios', 'https://example.com/4')] }, FREE_LIMIT_MESSAGES.rules],
      [
        { ...ALL_PRO, split: { variants: [SPLIT.variants[0], { ...SPLIT.variants[1], to: 'https://example.com/c' }] } },
        FREE_LIMIT_MESSAGES.split,
      ],
      [{ ...ALL_PRO, utm: { source: 'flyer' } }, FREE_LIMIT_MESSAGES.utm],
    ];
    for (const [scan_settings, message] of extended) {
      expect((await update({ scan_settings })).error?.message).toBe(message);
    }
    // Trimmed: forwarding off and a rule fewer (split and UTM kept as they are), then the split and UTM gone too.
    const trimmed = { v: 1, rules: [THREE_RULES[0], THREE_RULES[2]] };
    expect((await update({ scan_settings: { ...trimmed, split: SPLIT, utm: { source: 'qr' } } })).error).toBeNull();
    expect((await update({ scan_settings: trimmed })).error).toBeNull();
    // Once trimmed, Free's own limits hold: forwarding cannot come back, nor a 3rd rule.
    expect((await update({ scan_settings: { ...trimmed, forwardQuery: true } })).error?.message).toBe(
      FREE_LIMIT_MESSAGES.forwardQuery,
    );
    expect((await update({ scan_settings: { v: 1, rules: THREE_RULES } })).error?.message).toBe(
      FREE_LIMIT_MESSAGES.rules,
    );
    const stored = await client.from('qr_codes').select('scan_settings').eq('id', code.id).single();
    expect(stored.data?.scan_settings).toEqual(trimmed);
  });

  it('malformed settings stay the schema check’s 400, whatever the plan', async () => {
    const { insert } = await account();
    const oversized = {
      v: 1,
      rules: Array.from({ length: 21 }, () => rule('desktop', 'https://example.com/')),
    };
    const res = await insert(oversized);
    expect(res.error?.code).toBe('23514');
  });
});
