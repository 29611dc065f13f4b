// Codes with scan settings (issue 37) as cases that run against any runtime serving the redirect: the local
// server's /r/:slug (scan-rules.test.ts) and the Edge Function under Deno (edge-function.test.ts). Rules pick
// their target and the scan row names the rule; every gate answers with its fallback or its page and records the
// stop; the cap is reached exactly at N under concurrent scans, and bots never use it up; the password page works
// as a plain form, with a cookie scoped to the code and wrong guesses limited; the A/B split keeps its weights and
// each visitor on one variant.
import bcrypt from 'bcryptjs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { SAMPLE_PAGES } from '../unit/pages/samples.ts';
import { setPlan, signedUpClient } from './helpers.ts';
import type { RedirectUnderTest } from './redirect-cases.ts';
import { IPHONE, ANDROID, DESKTOP, BOT } from './user-agents.ts';

interface Scan {
  ua?: string;
  address?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  query?: string;
}

interface Code {
  id: string;
  slug: string;
}

function kit(target: RedirectUnderTest) {
  const scan = (slug: string, opts: Scan = {}) =>
    fetch(target.urlOf(slug) + (opts.query ?? ''), {
      method: opts.method ?? 'GET',
      redirect: 'manual',
      headers: {
        'User-Agent': opts.ua ?? IPHONE,
        // 81.2.69.160 is in GB (the offline GeoLite2 data both runtimes load).
        'X-Forwarded-For': opts.address ?? '81.2.69.160',
        ...(opts.body !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        ...opts.headers,
      },
      body: opts.body,
    });
  // On Pro: the cases use more rules, the split, UTM tags and forwarding (scan-settings-plan.test.ts has Free's).
  const account = async () => {
    const { client, user } = await signedUpClient(target.srv.url);
    await setPlan(target.srv.server.db, user.id, 'pro');
    const createCode = async (scan_settings: unknown, destination = 'https://example.com/default'): Promise<Code> => {
      const { data, error } = await client
        .from('qr_codes')
        .insert({ name: 'Ruled', destination, is_dynamic: true, scan_settings })
        .select('id, slug')
        .single();
      expect(error).toBeNull();
      return data as Code;
    };
    return { client, createCode };
  };
  const db = () => target.srv.server.db;
  const scans = (id: string) =>
    db().query<{ rule_index: number | null; variant: number | null; country: string | null }>(
      'SELECT rule_index, variant, country FROM public.scan_events WHERE qr_code_id = $1 ORDER BY id',
      [id],
    );
  const stops = async (id: string) =>
    Object.fromEntries(
      (
        await db().query<{ gate: string; n: string }>(
          'SELECT gate, count(*)::text AS n FROM public.scan_stops WHERE qr_code_id = $1 GROUP BY gate',
          [id],
        )
      ).map((r) => [r.gate, Number(r.n)]),
    );
  return { scan, account, scans, stops };
}

async function setPassword(client: SupabaseClient, codeId: string, password: string) {
  const { error } = await client.rpc('set_code_password', { p_code_id: codeId, p_hash: bcrypt.hashSync(password, 10) });
  expect(error).toBeNull();
}

/** A public address per visitor number (documentation ranges are private to geoip: use 81.x, which is GB). */
const visitorAddress = (n: number) => `81.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

export function scanRulesCases(target: RedirectUnderTest): void {
  const { scan, account, scans, stops } = kit(target);

  it('ordered rules pick the first match, the scan row names the rule, UTM is appended', async () => {
    const { createCode } = await account();
    const code = await createCode({
      v: 1,
      rules: [
        { if: [{ type: 'query', name: 'src', equals: 'flyer' }], to: 'https://example.com/flyer#top' },
        { if: [{ type: 'device', in: ['ios'] }], to: 'https://apps.apple.com/app/id1' },
        { if: [{ type: 'device', in: ['android'] }], to: 'https://play.google.com/store/apps/details?id=x' },
        {
          if: [
            { type: 'country', in: ['GB'] },
            { type: 'language', in: ['en'] },
          ],
          to: 'https://example.com/uk',
        },
      ],
      utm: { source: 'qr', campaign: 'spring sale' },
    });
    const cases: Array<[Scan, string]> = [
      [{ query: '?src=flyer', ua: ANDROID }, 'https://example.com/flyer?utm_source=qr&utm_campaign=spring+sale#top'],
      [{ ua: IPHONE }, 'https://apps.apple.com/app/id1?utm_source=qr&utm_campaign=spring+sale'],
      [{ ua: ANDROID }, 'https://play.google.com/store/apps/details?id=x&utm_source=qr&utm_campaign=spring+sale'],
      [
        { ua: DESKTOP, headers: { 'Accept-Language': 'fr;q=0.5, en-GB;q=0.9' } },
        'https://example.com/uk?utm_source=qr&utm_campaign=spring+sale',
      ],
      [
        { ua: DESKTOP, headers: { 'Accept-Language': 'fr, en;q=0.9' } },
        'https://example.com/default?utm_source=qr&utm_campaign=spring+sale',
      ],
      // The query string never names the destination.
      [
        { ua: DESKTOP, query: '?to=https://evil.example/&redir_url=https://evil.example/' },
        'https://example.com/default?utm_source=qr&utm_campaign=spring+sale',
      ],
    ];
    for (const [opts, location] of cases) {
      const res = await scan(code.slug, opts);
      expect(res.status, JSON.stringify(opts)).toBe(302);
      expect(res.headers.get('location'), JSON.stringify(opts)).toBe(location);
    }
    expect((await scans(code.id)).map((r) => r.rule_index)).toEqual([0, 1, 2, 3, null, null]);
    expect(target.errors()).toEqual([]);
  });

  it('gates answer with the owner fallback or a branded page, record the stop, and count nothing', async () => {
    const { createCode } = await account();
    const soon = await createCode({ v: 1, startsAt: '2099-01-01T00:00:00Z' });
    const over = await createCode({
      v: 1,
      endsAt: '2020-01-01T00:00:00Z',
      fallbacks: { ended: 'https://example.com/thanks' },
    });
    const res1 = await scan(soon.slug);
    expect(res1.status).toBe(403);
    expect(await res1.text()).toContain('<h1>Not started yet</h1>');
    const res2 = await scan(over.slug);
    expect([res2.status, res2.headers.get('location')]).toEqual([302, 'https://example.com/thanks']);
    // A bot is stopped too, but not recorded.
    expect((await scan(soon.slug, { ua: BOT })).status).toBe(403);
    expect(await stops(soon.id)).toEqual({ not_started: 1 });
    expect(await stops(over.id)).toEqual({ ended: 1 });
    expect(await scans(soon.id)).toEqual([]);
    expect(await scans(over.id)).toEqual([]);
    expect(target.errors()).toEqual([]);
  });

  it('a paused code is the first gate: its fallback or our page, the stop recorded, nothing counted', async () => {
    const { client, createCode } = await account();
    const plain = await createCode(null);
    const ruled = await createCode({
      v: 1,
      endsAt: '2020-01-01T00:00:00Z',
      fallbacks: { paused: 'https://example.com/back-soon', ended: 'https://example.com/thanks' },
    });
    for (const c of [plain, ruled]) {
      expect((await client.from('qr_codes').update({ status: 'paused' }).eq('id', c.id)).error).toBeNull();
    }
    const page = await scan(plain.slug);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('The owner of this code has paused it');
    // Paused comes before "ended": the paused fallback, not the ended one.
    const moved = await scan(ruled.slug);
    expect([moved.status, moved.headers.get('location')]).toEqual([302, 'https://example.com/back-soon']);
    expect((await scan(ruled.slug, { method: 'HEAD' })).headers.get('location')).toBe('https://example.com/back-soon');
    expect((await scan(plain.slug, { ua: BOT })).status).toBe(404);
    expect(await stops(plain.id)).toEqual({ paused: 1 });
    expect(await stops(ruled.id)).toEqual({ paused: 1 });
    expect(await scans(plain.id)).toEqual([]);
    expect(await client.from('qr_codes').update({ status: 'active' }).eq('id', plain.id)).toMatchObject({
      error: null,
    });
    expect((await scan(plain.slug)).headers.get('location')).toBe('https://example.com/default');
    expect(await scans(plain.id)).toHaveLength(1);
    expect(target.errors()).toEqual([]);
  });

  it('an owner edit applies to the very next scan of a busy code with settings, and each scan is stored once', async () => {
    const { client, createCode } = await account();
    const rule = (to: string) => ({ v: 1, rules: [{ if: [{ type: 'device', in: ['ios'] }], to }] });
    const code = await createCode(rule('https://example.com/one'));
    const where = async () => (await scan(code.slug)).headers.get('location');
    // The first scan looks the code up, the next ones are decided on the copy it remembers.
    expect([await where(), await where(), await where()]).toEqual(Array(3).fill('https://example.com/one'));
    const edit = async (patch: Record<string, unknown>) =>
      expect((await client.from('qr_codes').update(patch).eq('id', code.id)).error).toBeNull();
    await edit({ scan_settings: rule('https://example.com/two') });
    expect(await where()).toBe('https://example.com/two');
    await edit({ scan_settings: { ...rule('https://example.com/two'), endsAt: '2020-01-01T00:00:00Z' } });
    expect((await scan(code.slug)).status).toBe(410);
    await edit({ scan_settings: rule('https://example.com/three') });
    expect(await where()).toBe('https://example.com/three');
    await edit({ status: 'paused' });
    expect((await scan(code.slug)).status).toBe(404);
    await edit({ status: 'active', scan_settings: null });
    expect(await where()).toBe('https://example.com/default');
    expect(await where()).toBe('https://example.com/default');
    await edit({ scan_settings: rule('https://example.com/four') });
    expect(await where()).toBe('https://example.com/four');
    expect((await client.from('qr_codes').delete().eq('id', code.id)).error).toBeNull();
    expect((await scan(code.slug)).status).toBe(404);
    expect(target.errors()).toEqual([]);
  });

  it("the database picks the variant of a remembered code from each visitor's bucket, as the evaluator would", async () => {
    const { createCode } = await account();
    const code = await createCode({
      v: 1,
      split: {
        variants: [
          { to: 'https://example.com/a', weight: 30 },
          { to: 'https://example.com/b', weight: 70 },
        ],
      },
    });
    const visitors = Array.from({ length: 24 }, (_, i) => visitorAddress(i + 500));
    const first = [];
    for (const address of visitors) first.push((await scan(code.slug, { address })).headers.get('location'));
    // Again, now all from the remembered copy (and concurrently): each visitor lands where they landed.
    const again = await Promise.all(visitors.map((address) => scan(code.slug, { address })));
    expect(again.map((r) => r.headers.get('location'))).toEqual(first);
    const rows = await scans(code.id);
    expect(rows).toHaveLength(48);
    const variantOfLocation = (l: string | null) => (l === 'https://example.com/a' ? 0 : 1);
    expect(new Set(first.map(variantOfLocation)).size).toBe(2);
    expect(rows.slice(0, 24).map((r) => r.variant)).toEqual(first.map(variantOfLocation));
    expect(target.errors()).toEqual([]);
  });

  it('a hosted page: the scan is answered with the page (counted like a redirect), its contact file, its edits and its pause', async () => {
    const { client } = await account();
    const insert = await client
      .from('qr_codes')
      .insert({ name: 'Card', is_dynamic: true, page: SAMPLE_PAGES.vcard })
      .select('id, slug')
      .single();
    expect(insert.error).toBeNull();
    const code = insert.data as Code;
    const first = await scan(code.slug, { ua: DESKTOP });
    expect([first.status, first.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    const html = await first.text();
    expect(html).toContain('<h1>Zoë O&#39;Brien-Müller</h1>');
    expect(html).toContain(`href="/r/${code.slug}/contact.vcf"`);
    // The next scan is decided on the remembered copy; HEAD and bots see the page without being counted.
    expect((await scan(code.slug, { ua: IPHONE })).status).toBe(200);
    expect((await scan(code.slug, { method: 'HEAD' })).status).toBe(200);
    expect((await scan(code.slug, { ua: BOT })).status).toBe(200);
    const vcf = await scan(`${code.slug}/contact.vcf`);
    expect([vcf.status, vcf.headers.get('content-type')]).toEqual([200, 'text/vcard; charset=utf-8']);
    expect(await vcf.text()).toContain("FN:Zoë O'Brien-Müller");
    expect(await scans(code.id)).toHaveLength(2);
    // An edit shows on the next scan; a pause stops the page and its contact file.
    await client
      .from('qr_codes')
      .update({ page: { ...SAMPLE_PAGES.vcard, role: 'Chief Baker' } })
      .eq('id', code.id);
    expect(await (await scan(code.slug)).text()).toContain('Chief Baker');
    await client.from('qr_codes').update({ status: 'paused' }).eq('id', code.id);
    expect((await scan(code.slug)).status).toBe(404);
    expect((await scan(`${code.slug}/contact.vcf`)).status).toBe(404);
    expect(await scans(code.id)).toHaveLength(3);
    expect(await stops(code.id)).toEqual({ paused: 1 });
    // A links page of a plain redirecting slug's neighbour: contact.vcf of a code without a vCard page is a 404.
    const links = await client
      .from('qr_codes')
      .insert({ name: 'Links', is_dynamic: true, page: SAMPLE_PAGES.links, destination: 'https://example.com/x' })
      .select('id, slug')
      .single();
    expect((await scan((links.data as Code).slug)).status).toBe(200);
    expect((await scan(`${(links.data as Code).slug}/contact.vcf`)).status).toBe(404);
    expect(target.errors()).toEqual([]);
  });

  it("a Links page: each http(s) link's clicks go through the redirect, are counted per link (not as scans) and shown to the owner only", async () => {
    const { client } = await account();
    const insert = await client
      .from('qr_codes')
      .insert({ name: 'Links', is_dynamic: true, page: SAMPLE_PAGES.links })
      .select('id, slug')
      .single();
    expect(insert.error).toBeNull();
    const code = insert.data as Code;
    const html = await (await scan(code.slug)).text();
    const base = new URL(target.urlOf(code.slug)).pathname;
    // The two web links go through the counter; tel: and mailto: stay direct.
    expect(html).toContain(`href="${base}/l/0"`);
    expect(html).toContain(`href="${base}/l/1"`);
    expect(html).toContain('href="tel:+442079460958"');
    expect(html).toContain('href="mailto:hello@example.com"');
    const click = async (index: string, opts: Scan = {}) => {
      const res = await scan(`${code.slug}/l/${index}`, opts);
      return [res.status, res.headers.get('location')];
    };
    expect(await click('0')).toEqual([302, 'https://example.com/order']);
    expect(await click('0', { ua: DESKTOP })).toEqual([302, 'https://example.com/order']);
    expect(await click('1')).toEqual([302, 'https://instagram.com/cafelumiere']);
    // Bots, HEAD and prefetches follow the link without being counted.
    expect(await click('0', { ua: BOT })).toEqual([302, 'https://example.com/order']);
    expect(await click('1', { method: 'HEAD' })).toEqual([302, 'https://instagram.com/cafelumiere']);
    expect(await click('1', { headers: { 'Sec-Purpose': 'prefetch' } })).toEqual([
      302,
      'https://instagram.com/cafelumiere',
    ]);
    // No such link, a tel: link, a leading zero or a POST: the 404 page, nothing counted.
    for (const index of ['2', '3', '7', '01']) expect((await click(index))[0]).toBe(404);
    expect((await scan(`${code.slug}/l/0`, { method: 'POST', body: 'x=1' })).status).toBe(404);
    // The page view is the only scan.
    expect(await scans(code.id)).toHaveLength(1);
    const outcomes = await client.rpc('scan_outcomes', { p_code_id: code.id });
    expect(outcomes.error).toBeNull();
    const links = (outcomes.data as { kind: string; value: string; scans: number }[])
      .filter((o) => o.kind === 'link')
      .map((o) => [o.value, Number(o.scans)]);
    expect(links).toEqual([
      ['0', 2],
      ['1', 1],
    ]);
    // Another owner sees none of it.
    const other = await account();
    const theirs = await other.client.rpc('scan_outcomes', { p_code_id: code.id });
    expect(theirs.data).toEqual([]);
    const rows = await other.client.from('page_link_clicks').select('link_index').eq('qr_code_id', code.id);
    expect([rows.error, rows.data]).toEqual([null, []]);
    // A paused page's links stop with it.
    await client.from('qr_codes').update({ status: 'paused' }).eq('id', code.id);
    expect((await click('0'))[0]).toBe(404);
    const after = await client.from('page_link_clicks').select('link_index').eq('qr_code_id', code.id);
    expect(after.data).toHaveLength(3);
    expect(target.errors()).toEqual([]);
  });

  it('the App-store preset: phones go to their store, everyone else sees both badges, each scan counted', async () => {
    const { createCode } = await account();
    const appStore = 'https://apps.apple.com/app/id1?x="<b>';
    const googlePlay = "https://play.google.com/store/apps/details?id=x&l='en'";
    const code = await createCode({
      v: 1,
      rules: [
        { if: [{ type: 'device', in: ['ios'] }], to: appStore },
        { if: [{ type: 'device', in: ['android'] }], to: googlePlay },
      ],
      appPage: { appStore, googlePlay },
      utm: { source: 'qr' },
    });
    expect((await scan(code.slug, { ua: IPHONE })).headers.get('location')).toBe(
      'https://apps.apple.com/app/id1?x=%22%3Cb%3E&utm_source=qr',
    );
    expect((await scan(code.slug, { ua: ANDROID })).headers.get('location')).toBe(
      'https://play.google.com/store/apps/details?id=x&l=%27en%27&utm_source=qr',
    );
    const res = await scan(code.slug, { ua: DESKTOP });
    expect(res.status).toBe(200);
    const html = await res.text();
    const links = [...html.matchAll(/<a class="badge" href="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      'https://apps.apple.com/app/id1?x=%22%3Cb%3E&amp;utm_source=qr',
      'https://play.google.com/store/apps/details?id=x&amp;l=%27en%27&amp;utm_source=qr',
    ]);
    expect(html).not.toContain('<b>');
    expect((await scans(code.id)).map((r) => r.rule_index)).toEqual([0, 1, null]);
    expect(target.errors()).toEqual([]);
  });

  it('batched outcomes: two capped codes and gated scans in the same batches, each cap exact', async () => {
    const { createCode } = await account();
    const a = await createCode({ v: 1, scanCap: 3 });
    const b = await createCode({
      v: 1,
      scanCap: 6,
      rules: [{ if: [{ type: 'device', in: ['ios'] }], to: 'https://example.com/ios' }],
    });
    const soon = await createCode({ v: 1, startsAt: '2099-01-01T00:00:00Z' });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => scan([a, b, soon][i % 3]!.slug, { address: visitorAddress(i) })),
    );
    const statuses = (code: number) => results.filter((_, i) => i % 3 === code).map((r) => r.status);
    expect(statuses(0).filter((st) => st === 302)).toHaveLength(3);
    expect(statuses(1).filter((st) => st === 302)).toHaveLength(6);
    expect(statuses(2)).toEqual(Array(10).fill(403));
    expect(await scans(a.id)).toHaveLength(3);
    expect((await scans(b.id)).map((r) => r.rule_index)).toEqual(Array(6).fill(0));
    expect(await stops(a.id)).toEqual({ cap_reached: 7 });
    expect(await stops(b.id)).toEqual({ cap_reached: 4 });
    expect(await stops(soon.id)).toEqual({ not_started: 10 });
    expect(target.errors()).toEqual([]);
  });

  it('the scan cap is reached exactly at N counted scans under concurrent scans; bots and HEAD never use it', async () => {
    const { createCode } = await account();
    const cap = 7;
    const code = await createCode({ v: 1, scanCap: cap, fallbacks: { capReached: 'https://example.com/sold-out' } });
    const free = await Promise.all([
      ...Array.from({ length: 10 }, () => scan(code.slug, { ua: BOT })),
      ...Array.from({ length: 5 }, () => scan(code.slug, { method: 'HEAD' })),
    ]);
    expect(free.map((r) => r.headers.get('location'))).toEqual(Array(15).fill('https://example.com/default'));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => scan(code.slug, { address: visitorAddress(i) })),
    );
    const where = results.map((r) => r.headers.get('location'));
    expect(where.filter((l) => l === 'https://example.com/default')).toHaveLength(cap);
    expect(where.filter((l) => l === 'https://example.com/sold-out')).toHaveLength(30 - cap);
    expect(await scans(code.id)).toHaveLength(cap);
    expect(await stops(code.id)).toEqual({ cap_reached: 30 - cap });
    // After the cap, bots get the fallback too, without a record.
    expect((await scan(code.slug, { ua: BOT })).headers.get('location')).toBe('https://example.com/sold-out');
    expect(await stops(code.id)).toEqual({ cap_reached: 30 - cap });
    expect(target.errors()).toEqual([]);
  });

  it('password: a plain form, a wrong guess, then a cookie scoped to the code; counted once after the password', async () => {
    const { client, createCode } = await account();
    const code = await createCode({ v: 1, utm: { source: 'qr' } });
    const other = await createCode({ v: 1 });
    await setPassword(client, code.id, 'open sesame');
    await setPassword(client, other.id, 'open sesame');

    const ask = await scan(code.slug);
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(html).toContain('<form method="post">');
    expect(html).toContain('name="password" type="password"');
    expect(html).not.toContain('<script');
    expect(ask.headers.get('content-security-policy')).toContain("form-action 'self' https: http:");

    const wrong = await scan(code.slug, { method: 'POST', body: 'password=nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That password is not right');
    expect(await scans(code.id)).toEqual([]);

    const right = await scan(code.slug, { method: 'POST', body: 'password=open+sesame' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('https://example.com/default?utm_source=qr');
    const cookie = right.headers.get('set-cookie')!;
    const path = new URL(target.urlOf(code.slug)).pathname;
    expect(cookie).toMatch(
      new RegExp(`^qrcraft_pass=\\d{10}\\.[A-Za-z0-9_-]{43}; Path=${path}; Max-Age=3600; HttpOnly; SameSite=Lax`),
    );
    expect(await scans(code.id)).toHaveLength(1);

    const pair = cookie.split(';')[0]!;
    const again = await scan(code.slug, { headers: { Cookie: pair } });
    expect([again.status, again.headers.get('location')]).toEqual([302, 'https://example.com/default?utm_source=qr']);
    expect(await scans(code.id)).toHaveLength(2);
    // The cookie opens this code only; a tampered one opens nothing.
    expect((await scan(other.slug, { headers: { Cookie: pair } })).status).toBe(200);
    expect((await scan(code.slug, { headers: { Cookie: `${pair.slice(0, -2)}xx` } })).status).toBe(200);
    // A new password ends the cookie.
    await setPassword(client, code.id, 'new secret');
    expect((await scan(code.slug, { headers: { Cookie: pair } })).status).toBe(200);
    // Stopped at the password: the first visit, the tampered cookie, the cookie of the old password.
    expect(await stops(code.id)).toEqual({ password: 3 });
    expect(await scans(code.id)).toHaveLength(2);
    // The hash is nowhere the owner can read it.
    const { data, error } = await client.from('qr_codes').select('*').eq('id', code.id).single();
    expect(error).toBeNull();
    expect(JSON.stringify(data)).not.toContain('$2');
    const hidden = await client.from('code_passwords').select('*');
    expect(hidden.error).not.toBeNull();
    expect(target.errors()).toEqual([]);
  });

  it('password guesses are limited per visitor (5) and per code (30) in 15 minutes, then 429 with Retry-After', async () => {
    const { client, createCode } = await account();
    const code = await createCode({ v: 1 });
    await setPassword(client, code.id, 'right one');
    const guess = (address: string, password: string) =>
      scan(code.slug, { method: 'POST', body: `password=${encodeURIComponent(password)}`, address });
    for (let i = 0; i < 5; i++) expect((await guess('81.2.69.10', `wrong ${i}`)).status).toBe(401);
    const limited = await guess('81.2.69.10', 'right one');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await limited.text()).toContain('Too many wrong passwords');
    // Another visitor still gets in, and a right guess does not use up the budget.
    expect((await guess('81.2.69.11', 'right one')).status).toBe(303);
    // 25 more wrong guesses from other visitors fill the code's budget of 30: then everyone waits.
    const more = await Promise.all(Array.from({ length: 25 }, (_, i) => guess(visitorAddress(100 + i), 'wrong')));
    expect(more.map((r) => r.status)).toEqual(Array(25).fill(401));
    expect((await guess('81.2.69.12', 'right one')).status).toBe(429);
    // Hammering never gives a 5xx. (30 at once: through the Edge Function every guess is a data-API call of the
    // local stand-in, whose per-caller gate holds 4 running and 32 waiting, as hardening.test.ts describes.)
    const hammer = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(visitorAddress(200 + i), 'x')));
    expect(hammer.every((r) => r.status === 429)).toBe(true);
    expect(await scans(code.id)).toHaveLength(1);
    expect(target.errors()).toEqual([]);
  });

  it('an A/B split keeps its weights over a few hundred visitors and keeps each visitor on one variant', async () => {
    const { createCode } = await account();
    const code = await createCode({
      v: 1,
      split: {
        variants: [
          { to: 'https://example.com/a', weight: 30 },
          { to: 'https://example.com/b', weight: 70 },
        ],
      },
    });
    const visitors = 300;
    const seen = new Map<string, number>();
    const first: string[] = [];
    for (let start = 0; start < visitors; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, visitors - start) }, (_, i) =>
          scan(code.slug, { address: visitorAddress(start + i) }),
        ),
      );
      for (const res of batch) {
        const location = res.headers.get('location')!;
        first.push(location);
        seen.set(location, (seen.get(location) ?? 0) + 1);
      }
    }
    // Binomial(300, 0.3): mean 90, sd 7.9; 4.5 sd either side.
    expect(seen.get('https://example.com/a')).toBeGreaterThan(90 - 36);
    expect(seen.get('https://example.com/a')).toBeLessThan(90 + 36);
    expect((seen.get('https://example.com/a') ?? 0) + (seen.get('https://example.com/b') ?? 0)).toBe(visitors);
    // Stickiness: the same 30 visitors again land where they landed.
    const again = await Promise.all(
      Array.from({ length: 30 }, (_, i) => scan(code.slug, { address: visitorAddress(i) })),
    );
    expect(again.map((r) => r.headers.get('location'))).toEqual(first.slice(0, 30));
    const rows = await scans(code.id);
    expect(rows).toHaveLength(visitors + 30);
    expect(rows.filter((r) => r.variant === 0)).toHaveLength(
      seen.get('https://example.com/a')! + first.slice(0, 30).filter((l) => l.endsWith('/a')).length,
    );
    expect(target.errors()).toEqual([]);
  });
}
