// Server hardening (issue 11): one test per finding of the hostile probe. Each failed on the code before the
// fix; the file says which finding it holds the server to. Fault injection (dropped connections, kill -9, a
// second server on one folder, SIGTERM) is in faults.test.ts, the seeded fuzz in fuzz.test.ts.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bcryptPool } from '../../server/auth/bcrypt-pool.ts';
import { ConfigError, DEMO_ANON_KEY, DEMO_JWT_SECRET, loadConfig } from '../../server/lib/config.ts';
import { LaneLock } from '../../server/lib/lane-lock.ts';
import { createConcurrencyGate } from '../../server/lib/ratelimit.ts';
import { runAs } from '../../server/rest/as-role.ts';
import {
  PASSWORD,
  api,
  backends,
  signedUpClient,
  spawnServer,
  suiteServer,
  uniqueEmail,
  withServer,
  withStore,
} from './helpers.ts';

const json = (v: unknown) => JSON.stringify(v);

describe.each(backends)('hardening on %s', (backend) => {
  const srv = suiteServer(backend);

  describe('finding 4: constant-time login', () => {
    afterEach(() => vi.restoreAllMocks());

    it('runs bcrypt once for every password length, for known and unknown accounts alike', async () => {
      const { email } = await signedUpClient(srv.url);
      const compare = vi.spyOn(bcryptPool, 'compare');
      const long = 'p'.repeat(100);
      const attempts = [
        { email, password: long },
        { email: uniqueEmail('nobody'), password: long },
        { email, password: 'wrong-password' },
        { email: uniqueEmail('nobody'), password: 'wrong-password' },
      ];
      for (const body of attempts) {
        compare.mockClear();
        const res = await api(srv.url, '/auth/v1/token?grant_type=password', { method: 'POST', body: json(body) });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'invalid_credentials' });
        expect(
          compare,
          `${body.email === email ? 'known' : 'unknown'} account, ${body.password.length} chars`,
        ).toHaveBeenCalledTimes(1);
      }
    });

    it('never accepts a password over 72 bytes, even when its first 72 bytes match', async () => {
      const password = 'x'.repeat(72);
      const { email } = await signedUpClient(srv.url, uniqueEmail(), password);
      const res = await api(srv.url, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: json({ email, password: `${password}yz` }),
      });
      expect(res.body).toMatchObject({ code: 'invalid_credentials' });
      const signup = await api(srv.url, '/auth/v1/signup', {
        method: 'POST',
        body: json({ email: uniqueEmail(), password: `${password}yz` }),
      });
      expect(signup.status).toBe(400);
      expect(signup.body).toMatchObject({
        code: 'validation_failed',
        message: 'Password cannot be longer than 72 characters',
      });
    });
  });

  describe('finding 5: hostile input gets a 4xx', () => {
    it('GET /r/%ZZ is the not-active page (404), not a 500', async () => {
      for (const path of ['/r/%ZZ', '/r/%', '/r/%E0%A4%A', '/r/AAAA%00']) {
        const res = await fetch(`${srv.url}${path}`, { redirect: 'manual' });
        expect(res.status, path).toBe(404);
        expect(await res.text()).toContain('This QR code is not active');
      }
    });

    it('refuses JSON nested thousands of levels deep in a /rest body with 400', async () => {
      const { session } = await signedUpClient(srv.url);
      const deep = `{"name":"deep","design":${'{"a":'.repeat(4200)}1${'}'.repeat(4200)}}`;
      const res = await api(srv.url, '/rest/v1/qr_codes', { method: 'POST', token: session.access_token, body: deep });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'PGRST102', details: 'JSON nested more than 64 levels deep' });
      const rpc = await api(srv.url, '/rest/v1/rpc/top_codes', {
        method: 'POST',
        token: session.access_token,
        body: `{"p_limit":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      });
      expect(rpc.status).toBe(400);
    });

    it('answers a value that is not a boolean with 400 22P02 on every backend (PGlite checked it in JavaScript: 500)', async () => {
      const { session } = await signedUpClient(srv.url);
      const filter = await api(srv.url, '/rest/v1/qr_codes?is_dynamic=eq.maybe', { token: session.access_token });
      expect(filter.status).toBe(400);
      expect(filter.body).toMatchObject({ code: '22P02' });
      const body = await api(srv.url, '/rest/v1/qr_codes', {
        method: 'POST',
        token: session.access_token,
        body: json({ name: 'x', is_dynamic: {} }),
      });
      expect(body.status).toBe(400);
      expect(body.body).toMatchObject({ code: '22P02' });
    });

    // PGlite runs one transaction at a time, so the race exists on PostgreSQL only.
    if (backend === 'postgres')
      it('a scan racing the deletion of its code is a 404, never a 503', async () => {
        const { client } = await signedUpClient(srv.url);
        const { data, error } = await client
          .from('qr_codes')
          .insert({ name: 'race', is_dynamic: true, destination: 'https://example.com/race' })
          .select('id, slug')
          .single();
        expect(error).toBeNull();
        // The delete is under way (not yet committed) when the scan arrives.
        const deleter = new pg.Client({ connectionString: srv.store.databaseUrl });
        await deleter.connect();
        try {
          await deleter.query('begin');
          await deleter.query('delete from public.qr_codes where id = $1', [data!.id]);
          // A browser's User-Agent: Node's own ("node") is a bot, redirected without a scan (and so no race).
          const scan = fetch(`${srv.url}/r/${data!.slug}`, {
            redirect: 'manual',
            headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' },
          });
          // The delete commits once the scan waits on its lock (the scan row's reference to the code).
          const watcher = new pg.Client({ connectionString: srv.store.databaseUrl });
          await watcher.connect();
          try {
            await vi.waitFor(
              async () => {
                const { rows } = await watcher.query<{ n: number }>(
                  "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
                );
                expect(rows[0]?.n).toBeGreaterThan(0);
              },
              { timeout: 20_000, interval: 20 },
            );
          } finally {
            await watcher.end();
          }
          await deleter.query('commit');
          expect((await scan).status).toBe(404);
        } finally {
          await deleter.end();
        }
      });

    it('refuses a bulk insert of more than 65,535 values (and of more than API_MAX_ROWS rows) with 413', async () => {
      const { session } = await signedUpClient(srv.url);
      // 7 values a row: 65,800 in all, over the wire protocol's 65,535 bind parameters.
      const rows = Array.from({ length: 9400 }, () => ({
        name: 'r',
        type: 'T',
        content: '',
        destination: null,
        design: {},
        is_dynamic: false,
        status: 'active',
      }));
      const res = await api(
        srv.url,
        '/rest/v1/qr_codes?columns=name,type,content,destination,design,is_dynamic,status',
        {
          method: 'POST',
          token: session.access_token,
          body: json(rows),
        },
      );
      expect(res.status).toBe(413);
      const max = srv.config.apiLimits.maxRows;
      expect(max).toBe(backend === 'pglite' ? 250 : 1000);
      expect(res.body).toMatchObject({
        code: 'PGRST413',
        message: `Too many rows in one request: 9400 (at most ${max})`,
      });
      const count = await api(srv.url, '/rest/v1/qr_codes?select=id', {
        token: session.access_token,
        headers: { Prefer: 'count=exact' },
      });
      expect(count.headers.get('content-range')).toBe('*/0');
    });
  });

  describe('findings 6 and 9: clients choose content, the database chooses ids, owners, slugs and times', () => {
    it("refuses a row in another user's name with 403 and no hint of that user's codes", async () => {
      const a = await signedUpClient(srv.url);
      for (let i = 0; i < 3; i++) {
        const { error } = await a.client
          .from('qr_codes')
          .insert({ name: `A${i}`, is_dynamic: true, destination: 'https://example.com/a' });
        expect(error).toBeNull();
      }
      const b = await signedUpClient(srv.url);
      const res = await api(srv.url, '/rest/v1/qr_codes', {
        method: 'POST',
        token: b.session.access_token,
        body: json({ name: 'B as A', user_id: a.user.id, is_dynamic: true, destination: 'https://example.com/b' }),
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: '42501' });
      expect(res.text).not.toMatch(/Free plan|dynamic QR codes/);
    });

    it.each([
      ['slug', { slug: 'login' }],
      ['id', { id: '00000000-0000-4000-8000-000000000001' }],
      ['created_at', { created_at: '2001-01-01T00:00:00Z' }],
      ['updated_at', { updated_at: '2001-01-01T00:00:00Z' }],
    ])('refuses a client-chosen %s with 403 and stores nothing', async (_column, fields) => {
      const { client, session } = await signedUpClient(srv.url);
      const { error } = await client
        .from('qr_codes')
        .insert({ name: 'Chosen', is_dynamic: true, destination: 'https://example.com/x', ...fields });
      expect(error).toMatchObject({ code: '42501' });
      const count = await api(srv.url, '/rest/v1/qr_codes?select=id', {
        token: session.access_token,
        headers: { Prefer: 'count=exact' },
      });
      expect(count.headers.get('content-range')).toBe('*/0');
      const slugTaken = await fetch(`${srv.url}/r/login`, { redirect: 'manual' });
      expect(slugTaken.status).toBe(404);
    });

    it('judges a batch of dynamic codes as a whole against the free plan, saving none of it', async () => {
      const { client, session } = await signedUpClient(srv.url);
      const batch = Array.from({ length: 4 }, (_, i) => ({
        name: `D${i}`,
        is_dynamic: true,
        destination: 'https://example.com/d',
      }));
      const { error } = await client.from('qr_codes').insert(batch);
      expect(error).toMatchObject({
        code: 'P0001',
        message: 'Free plan limit reached: at most 3 dynamic QR codes',
        details: 'This account has 0 dynamic QR codes and this request adds 4.',
      });
      const count = await api(srv.url, '/rest/v1/qr_codes?select=id', {
        token: session.access_token,
        headers: { Prefer: 'count=exact' },
      });
      expect(count.headers.get('content-range')).toBe('*/0');
      expect((await client.from('qr_codes').insert(batch.slice(0, 3))).error).toBeNull();
    });
  });

  describe('finding 8: only the redirect writes analytics', () => {
    it('refuses record_scan with the anon key and with a user token, and the owner sees only real scans', async () => {
      const { client, session } = await signedUpClient(srv.url);
      const { data, error } = await client
        .from('qr_codes')
        .insert({ name: 'Scanned', is_dynamic: true, destination: 'https://example.com/s' })
        .select('id, slug')
        .single();
      expect(error).toBeNull();
      const args = json({ p_slug: data!.slug, p_country: 'KP', p_os: 'Forged', p_browser: 'Forged' });
      const anon = await api(srv.url, '/rest/v1/rpc/record_scan', { method: 'POST', body: args });
      expect(anon.status).toBe(401);
      const user = await api(srv.url, '/rest/v1/rpc/record_scan', {
        method: 'POST',
        token: session.access_token,
        body: args,
      });
      expect(user.status).toBe(403);
      const visit = await fetch(`${srv.url}/r/${data!.slug}`, {
        redirect: 'manual',
        headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' },
      });
      expect(visit.status).toBe(302);
      const scans = await client.from('scan_events').select('os, country');
      expect(scans.data).toEqual([{ os: 'iOS', country: null }]);
    });
  });

  describe('finding 11: user_metadata is capped', () => {
    it('refuses metadata over 8 KiB at sign-up and in PUT /user; an account at the cap still works', async () => {
      const big = { note: 'x'.repeat(9000) };
      const signup = await api(srv.url, '/auth/v1/signup', {
        method: 'POST',
        body: json({ email: uniqueEmail(), password: PASSWORD, data: big }),
      });
      expect(signup.status).toBe(400);
      expect(signup.body).toMatchObject({ code: 'validation_failed' });
      expect((signup.body as { message: string }).message).toMatch(
        /^User metadata is too large: \d+ bytes of JSON \(at most 8192\)$/,
      );

      const { client, session } = await signedUpClient(srv.url);
      const put = await api(srv.url, '/auth/v1/user', {
        method: 'PUT',
        token: session.access_token,
        body: json({ data: big }),
      });
      expect(put.status).toBe(400);
      // Just under the cap: the token that carries it still fits in a request.
      const { error } = await client.auth.updateUser({ data: { note: 'y'.repeat(8000) } });
      expect(error).toBeNull();
      const { data: refreshed, error: refreshError } = await client.auth.refreshSession();
      expect(refreshError).toBeNull();
      const token = refreshed.session!.access_token;
      expect(token.length).toBeGreaterThan(10_000);
      expect((await api(srv.url, '/auth/v1/user', { token })).status).toBe(200);
      expect((await api(srv.url, '/rest/v1/qr_codes?select=id', { token })).status).toBe(200);
      // Removing keys is always allowed.
      expect(
        (await api(srv.url, '/auth/v1/user', { method: 'PUT', token, body: json({ data: { note: null } }) })).status,
      ).toBe(200);
    });
  });

  describe('finding 2: fair use of the data API', () => {
    it('returns at most API_MAX_ROWS rows per read', async () => {
      await withServer(srv.store, { apiLimits: { ...srv.config.apiLimits, maxRows: 5 } }, async (s) => {
        const { client, session } = await signedUpClient(s.url);
        expect(
          (await client.from('qr_codes').insert(Array.from({ length: 5 }, (_, i) => ({ name: `n${i}` })))).error,
        ).toBeNull();
        expect(
          (await client.from('qr_codes').insert(Array.from({ length: 5 }, (_, i) => ({ name: `m${i}` })))).error,
        ).toBeNull();
        const all = await api(s.url, '/rest/v1/qr_codes?select=id', {
          token: session.access_token,
          headers: { Prefer: 'count=exact' },
        });
        // Not every row: 206 Partial Content, as PostgREST answers a read capped by db-max-rows.
        expect(all.status).toBe(206);
        expect(all.body).toHaveLength(5);
        expect(all.headers.get('content-range')).toBe('0-4/10');
        const six = await client.from('qr_codes').insert(Array.from({ length: 6 }, (_, i) => ({ name: `o${i}` })));
        expect(six.error).toMatchObject({ code: 'PGRST413' });
      });
    });

    it('limits requests per user and rows per user with 429 and Retry-After; other users are unaffected', async () => {
      const base = srv.config.rateLimits;
      await withServer(
        srv.store,
        {
          rateLimits: {
            ...base,
            enabled: true,
            rest: { burst: 5, perMinute: 60 },
            restRows: { burst: 20, perHour: 3600 },
          },
        },
        async (s) => {
          const a = await signedUpClient(s.url);
          const statuses: number[] = [];
          for (let i = 0; i < 7; i++)
            statuses.push((await api(s.url, '/rest/v1/qr_codes?select=id', { token: a.session.access_token })).status);
          expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
          const limited = await api(s.url, '/rest/v1/rpc/dashboard_summary', {
            method: 'POST',
            token: a.session.access_token,
            body: '{}',
          });
          expect(limited.status).toBe(429);
          expect(limited.headers.get('retry-after')).toBe('1');
          expect(limited.body).toMatchObject({ code: 'over_request_rate_limit' });

          const b = await signedUpClient(s.url);
          const rows = Array.from({ length: 15 }, (_, i) => ({ name: `b${i}` }));
          expect((await b.client.from('qr_codes').insert(rows)).error).toBeNull();
          const over = await api(s.url, '/rest/v1/qr_codes', {
            method: 'POST',
            token: b.session.access_token,
            body: json(rows),
          });
          expect(over.status).toBe(429);
          expect(Number(over.headers.get('retry-after'))).toBe(10); // 10 more rows at one a second
          s.clock.advance(10);
          expect(
            (
              await api(s.url, '/rest/v1/qr_codes', {
                method: 'POST',
                token: b.session.access_token,
                body: json(rows.slice(0, 10)),
              })
            ).status,
          ).toBe(201);
        },
      );
    });

    it('limits redirects per client IP with 429 and Retry-After', async () => {
      const base = srv.config.rateLimits;
      await withServer(
        srv.store,
        { rateLimits: { ...base, enabled: true, redirect: { burst: 3, perMinute: 60 } } },
        async (s) => {
          const statuses: Array<[number, string | null]> = [];
          for (let i = 0; i < 4; i++) {
            const res = await fetch(`${s.url}/r/AAAAAAAA`, { redirect: 'manual' });
            statuses.push([res.status, res.headers.get('retry-after')]);
          }
          expect(statuses).toEqual([
            [404, null],
            [404, null],
            [404, null],
            [429, '1'],
          ]);
        },
      );
    });

    it('bounds every data-API statement with statement_timeout on PostgreSQL', async () => {
      if (backend !== 'postgres') {
        // PGlite cannot interrupt a statement: the setting is accepted and has no effect (documented).
        const rows = await runAs(
          srv.server.db,
          'authenticated',
          { role: 'authenticated' },
          (tx) => tx.query<{ t: string }>(`select current_setting('statement_timeout') as t`),
          100,
        );
        expect(rows[0]!.t).toBe('100ms');
        return;
      }
      const started = Date.now();
      await expect(
        runAs(srv.server.db, 'authenticated', { role: 'authenticated' }, (tx) => tx.query('select pg_sleep(5)'), 200),
      ).rejects.toMatchObject({ code: '57014' });
      expect(Date.now() - started).toBeLessThan(4000);
    });
  });
});

describe('finding 7: no demo secret in public', () => {
  it.each(['0.0.0.0', '::', '192.168.1.10'])(
    'refuses HOST=%s with the demo JWT secret, saying how to fix it',
    (host) => {
      expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST: host, JWT_SECRET: DEMO_JWT_SECRET })).toThrow(/npm run keys/);
    },
  );

  it('accepts the demo secret on loopback and a real secret anywhere', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
    expect(loadConfig({ HOST: '0.0.0.0', JWT_SECRET: 'a-real-secret-of-at-least-32-characters-000' }).host).toBe(
      '0.0.0.0',
    );
  });

  it('`npm run keys` prints a secret the server accepts in public, with anon and service_role keys that work', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(process.execPath, ['scripts/dev/make-keys.mjs'], { encoding: 'utf8' });
    const value = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(out)?.[1] ?? '';
    const secret = value('JWT_SECRET');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ HOST: '0.0.0.0', JWT_SECRET: secret }).jwtSecret).toBe(secret);
    await withStore('pglite', (store) =>
      withServer(store, { jwtSecret: secret }, async (s) => {
        const service = await api(s.url, '/rest/v1/qr_codes?select=id', { token: value('SERVICE_ROLE_KEY') });
        expect(service.status).toBe(200);
        const anon = await api(s.url, '/auth/v1/settings', { token: value('VITE_SUPABASE_ANON_KEY') });
        expect(anon.status).toBe(200);
        const demo = await api(s.url, '/rest/v1/qr_codes?select=id', { token: DEMO_ANON_KEY });
        expect(demo.status).toBe(401);
        expect(demo.body).toMatchObject({ code: 'PGRST301' });
      }),
    );
  });

  it('the server process exits 1 with one line, before touching any data', async () => {
    const started = spawnServer({ HOST: '0.0.0.0', DATA_DIR: '/nonexistent/never-created' });
    const message = await started.then(
      () => 'started',
      (err: Error) => err.message,
    );
    expect(message).toMatch(/exited \(1\)/);
    expect(message).toMatch(/✖ Refusing to listen on 0\.0\.0\.0 with the Supabase CLI's public demo JWT_SECRET/);
  });
});

describe('scheduling', () => {
  it('LaneLock serves a waiting auth job before api jobs that queued earlier', async () => {
    const lock = new LaneLock();
    const order: string[] = [];
    let release!: () => void;
    const first = lock.run('api', () => new Promise<void>((r) => (release = r)));
    const jobs = [
      lock.run('api', async () => void order.push('api-1')),
      lock.run('api', async () => void order.push('api-2')),
      lock.run('auth', async () => void order.push('auth')),
    ];
    expect(lock.queued()).toEqual({ auth: 1, api: 2 });
    release();
    await Promise.all([first, ...jobs]);
    expect(order).toEqual(['auth', 'api-1', 'api-2']);
  });

  it("LaneLock gives data-API callers turns: one request of B goes before the rest of A's queue", async () => {
    const lock = new LaneLock();
    const order: string[] = [];
    let release!: () => void;
    const first = lock.run('api', () => new Promise<void>((r) => (release = r)), 'A');
    const job = (caller: string, name: string) => lock.run('api', async () => void order.push(name), caller);
    const jobs = [job('A', 'a1'), job('A', 'a2'), job('A', 'a3'), job('B', 'b1'), job('A', 'a4'), job('C', 'c1')];
    release();
    await Promise.all([first, ...jobs]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4']);
  });

  it('the concurrency gate runs at most `limit` per key, queues `queue` more, and refuses the rest', async () => {
    const gate = createConcurrencyGate({ limit: 2, queue: 1 });
    const a1 = await gate.enter('a');
    const a2 = await gate.enter('a');
    const a3 = gate.enter('a');
    expect(await gate.enter('a')).toBeNull();
    const b1 = await gate.enter('b');
    expect(b1).not.toBeNull();
    let a3Entered = false;
    void a3.then(() => (a3Entered = true));
    await Promise.resolve();
    expect(a3Entered).toBe(false);
    a1!();
    const leave3 = await a3;
    expect(leave3).not.toBeNull();
    a2!();
    leave3!();
    b1!();
    expect(await gate.enter('a')).not.toBeNull();
  });
});
