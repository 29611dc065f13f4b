// Configuration and modes: env defaults (§11), confirmation required (§3 Success B, §10.4), per-IP rate
// limits (§10.3), restart persistence, migrations, and auth.uid()/auth.jwt() under RLS (§8.3).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET, loadConfig } from '../../server/lib/config.ts';
import { listMigrations, migrate } from '../../server/lib/migrate.ts';
import { createLimiter } from '../../server/lib/ratelimit.ts';
import {
  PASSWORD,
  api,
  backends,
  createStore,
  errorView,
  makeClient,
  signedUpClient,
  suiteServer,
  suiteStore,
  uniqueEmail,
  withServer,
} from './helpers.ts';

const RATE_LIMITED = {
  name: 'AuthApiError',
  message: 'Request rate limit reached',
  status: 429,
  code: 'over_request_rate_limit',
};

describe('configuration (§11)', () => {
  it('defaults to the Supabase CLI local values, with rate limits and autoconfirm on', () => {
    const c = loadConfig({});
    expect(c.port).toBe(54321);
    expect(c.jwtSecret).toBe(DEMO_JWT_SECRET);
    expect(c.jwtExp).toBe(3600);
    expect(c.jwtIssuer).toBe('http://127.0.0.1:54321/auth/v1');
    expect(c.dataDir).toBe('.data');
    expect(c.databaseUrl).toBe('');
    expect(c.autoconfirm).toBe(true);
    expect(c.minPasswordLength).toBe(6);
    expect(c.refreshReuseIntervalSec).toBe(10);
    expect(c.rateLimits).toEqual({
      enabled: true,
      burst: 30,
      tokenPer5Min: 150,
      signupPer5Min: 30,
      ipHeader: '',
      rest: { burst: 120, perMinute: 600 },
      restPerIp: { burst: 360, perMinute: 1800 },
      restRows: { burst: 10_000, perHour: 10_000 },
      redirect: { burst: 120, perMinute: 600 },
    });
    expect(c.apiLimits.maxRows).toBe(250); // PGlite; 1000 on PostgreSQL
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).apiLimits.maxRows).toBe(1000);
    expect(c.maxUserMetadataBytes).toBe(8192);
  });

  it('reads every override from the environment', () => {
    const c = loadConfig({
      PORT: '8000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 'another-secret-that-is-at-least-32-characters',
      JWT_EXP: '600',
      SITE_URL: 'http://example.test',
      AUTH_AUTOCONFIRM: 'false',
      AUTH_RATE_LIMITS: 'off',
      AUTH_MIN_PASSWORD_LENGTH: '3',
      AUTH_REFRESH_REUSE_INTERVAL: '0',
      RATE_LIMIT_REST: '60',
      RATE_LIMIT_REST_ROWS: '500',
      RATE_LIMIT_REDIRECT: '30',
      API_MAX_ROWS: '50',
    });
    expect(c).toMatchObject({
      port: 8000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      jwtSecret: 'another-secret-that-is-at-least-32-characters',
      jwtExp: 600,
      siteUrl: 'http://example.test',
      autoconfirm: false,
      minPasswordLength: 6, // forced to at least 6 (§10.1)
      refreshReuseIntervalSec: 0,
    });
    expect(c.rateLimits.enabled).toBe(false);
    expect(c.rateLimits.rest).toEqual({ burst: 120, perMinute: 60 });
    expect(c.rateLimits.restPerIp).toEqual({ burst: 360, perMinute: 180 });
    expect(c.rateLimits.restRows).toEqual({ burst: 10_000, perHour: 500 });
    expect(c.rateLimits.redirect).toEqual({ burst: 120, perMinute: 30 });
    expect(c.apiLimits.maxRows).toBe(50);
  });

  it.each([
    [{ JWT_EXP: 'soon' }, /JWT_EXP/],
    [{ PORT: '-1' }, /PORT/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ AUTH_RATE_LIMITS: 'maybe' }, /AUTH_RATE_LIMITS/],
  ])('refuses invalid values %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('documents every environment variable in .env.example', async () => {
    const source = await readFile(new URL('../../server/lib/config.ts', import.meta.url), 'utf8');
    const example = await readFile(new URL('../../.env.example', import.meta.url), 'utf8');
    const names = new Set([...source.matchAll(/(?:env\.|env, ')([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!));
    expect(names.size).toBeGreaterThan(8);
    for (const name of [...names, 'VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']) {
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    }
  });
});

describe('token buckets (§10.3)', () => {
  it('allow a burst of 30, then refill at N per 5 minutes, per key', () => {
    let now = 0;
    const limiter = createLimiter({ burst: 30, perFiveMinutes: 150, now: () => now });
    for (let i = 0; i < 30; i++) expect(limiter.take('1.2.3.4')).toBe(true);
    expect(limiter.take('1.2.3.4')).toBe(false);
    expect(limiter.take('5.6.7.8')).toBe(true);
    now += 1999; // 150 per 300 s = one token every 2 s
    expect(limiter.take('1.2.3.4')).toBe(false);
    now += 1;
    expect(limiter.take('1.2.3.4')).toBe(true);
    expect(limiter.take('1.2.3.4')).toBe(false);
    now += 3_600_000; // never more than the burst
    for (let i = 0; i < 30; i++) expect(limiter.take('1.2.3.4')).toBe(true);
    expect(limiter.take('1.2.3.4')).toBe(false);
  });
});

describe('npm run server (server/main.ts)', () => {
  it('starts from the environment, logs its URL and serves', async () => {
    // PostgreSQL when available (no PGlite first-open cost), else PGlite in a temp dir.
    const store = await createStore(backends[backends.length - 1]!);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: {
        ...process.env,
        ENV_FILES: 'off',
        PORT: '0',
        DATA_DIR: store.dataDir || '.data',
        DATABASE_URL: store.databaseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL logged: ${out}`)), 50_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\/auth\/v1/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      expect(out.trim().split('\n')).toHaveLength(1);
      const health = await api(url, '/auth/v1/health');
      expect(health.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await store.drop();
    }
  }, 60_000);
});

describe.each(backends)('modes on %s', (backend) => {
  const store = suiteStore(backend);

  describe('confirmation required (AUTH_AUTOCONFIRM=false)', () => {
    const srv = suiteServer(store, { autoconfirm: false });

    it('returns the bare user and no session (Success B)', async () => {
      const client = makeClient(srv.url);
      const events: string[] = [];
      client.auth.onAuthStateChange((e) => events.push(e));
      const email = uniqueEmail();
      const { data, error } = await client.auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { full_name: 'B' } },
      });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.email_confirmed_at).toBeUndefined();
      expect(data.user?.last_sign_in_at).toBeUndefined();
      expect(data.user?.confirmation_sent_at).toBeTruthy();
      expect(data.user?.identities).toHaveLength(1);
      expect(data.user?.user_metadata).toMatchObject({ email_verified: false, full_name: 'B' });
      expect(events).not.toContain('SIGNED_IN');
      expect((await client.auth.getSession()).data.session).toBeNull();
    });

    it('signs in an unconfirmed user only as far as "Email not confirmed", and only with the password', async () => {
      const email = uniqueEmail();
      await makeClient(srv.url).auth.signUp({ email, password: PASSWORD });
      expect(
        errorView((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error),
      ).toEqual({
        name: 'AuthApiError',
        message: 'Email not confirmed',
        status: 400,
        code: 'email_not_confirmed',
      });
      expect(
        errorView((await makeClient(srv.url).auth.signInWithPassword({ email, password: 'wrong-pass' })).error),
      ).toMatchObject({ status: 400, code: 'invalid_credentials' });
    });

    it('re-sends for an unconfirmed address, limited per user (SMTP_MAX_FREQUENCY)', async () => {
      const email = uniqueEmail();
      const first = await makeClient(srv.url).auth.signUp({ email, password: PASSWORD });
      const soon = await makeClient(srv.url).auth.signUp({ email, password: 'ignored-password' });
      expect(errorView(soon.error)).toEqual({
        name: 'AuthApiError',
        message: 'For security purposes, you can only request this after 1 seconds.',
        status: 429,
        code: 'over_email_send_rate_limit',
      });
      srv.clock.advance(2);
      const later = await makeClient(srv.url).auth.signUp({ email, password: 'ignored-password' });
      expect(later.error).toBeNull();
      expect(later.data.user?.id).toBe(first.data.user?.id);
      expect(later.data.session).toBeNull();
    });

    it('answers a confirmed address with a fake user: identities [] (anti-enumeration, §10.4)', async () => {
      const email = uniqueEmail();
      srv.config.autoconfirm = true;
      const real = await makeClient(srv.url).auth.signUp({ email, password: PASSWORD });
      srv.config.autoconfirm = false;
      expect(real.error).toBeNull();
      const { data, error } = await makeClient(srv.url).auth.signUp({
        email: email.toUpperCase(),
        password: 'another-password',
        options: { data: { full_name: 'Mallory' } },
      });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.identities).toEqual([]);
      expect(data.user?.id).not.toBe(real.data.user?.id);
      expect(data.user?.role).toBe('');
      expect(data.user?.email).toBe(email);
      expect(data.user?.user_metadata).toEqual({ full_name: 'Mallory' });
      expect(data.user?.email_confirmed_at).toBeUndefined();
      // The real account is untouched.
      expect((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    });

    it('says so in /settings', async () => {
      expect((await api(srv.url, '/auth/v1/settings')).body).toMatchObject({ mailer_autoconfirm: false });
    });
  });

  describe('rate limits on (the default)', () => {
    // The test clock is frozen: buckets refill only when the test moves time, however slow the machine is.
    const srv = suiteServer(store, { rateLimits: { ...loadConfig({}).rateLimits, enabled: true } });
    let session: { access_token: string; refresh_token: string };
    beforeAll(async () => {
      session = (await signedUpClient(srv.url)).session; // one sign-up token used
    });

    it('cuts sign-ups off after the burst of 30 with 429, refilling 30 per 5 minutes', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 29; i++) {
        const { error } = await makeClient(srv.url).auth.signUp({ email: `bad-${i}`, password: PASSWORD });
        statuses.push(Number(errorView(error).status));
      }
      expect(statuses).toEqual(Array(29).fill(400));
      const limited = await makeClient(srv.url).auth.signUp({ email: uniqueEmail(), password: PASSWORD });
      expect(errorView(limited.error)).toEqual(RATE_LIMITED);
      const raw = await api(srv.url, '/auth/v1/signup', { method: 'POST', body: '{}' });
      expect(raw.status).toBe(429);
      expect(raw.headers.get('retry-after')).toBeNull();
      srv.clock.advance(10); // 30 per 300 s: one token
      const refilled = await makeClient(srv.url).auth.signUp({ email: 'still-bad', password: PASSWORD });
      expect(errorView(refilled.error)).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(errorView((await makeClient(srv.url).auth.signUp({ email: 'x', password: PASSWORD })).error)).toEqual(
        RATE_LIMITED,
      );
    });

    it('cuts /token off after 30 requests, password guesses and refreshes alike', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        // Cheap requests: the bucket is taken before the body is even read.
        const { error } = await makeClient(srv.url).auth.signInWithPassword({ email: '', password: `guess-${i}` });
        statuses.push(Number(errorView(error).status));
      }
      expect(statuses).toEqual(Array(30).fill(400));
      const guess = await makeClient(srv.url).auth.signInWithPassword({ email: uniqueEmail(), password: 'guess-x' });
      expect(errorView(guess.error)).toEqual(RATE_LIMITED);
      expect(errorView((await makeClient(srv.url).auth.refreshSession(session)).error)).toEqual(RATE_LIMITED);
      srv.clock.advance(2); // 150 per 300 s: one token
      const refreshed = await makeClient(srv.url).auth.refreshSession(session);
      expect(refreshed.error).toBeNull();
      expect(errorView((await makeClient(srv.url).auth.refreshSession(refreshed.data.session!)).error)).toEqual(
        RATE_LIMITED,
      );
      // Routes without a limiter still answer.
      expect((await makeClient(srv.url).auth.getUser(session.access_token)).error).toBeNull();
    });

    it('limits PUT /user per IP as well', async () => {
      let ok = 0;
      let last: unknown = null;
      for (let i = 0; i < 31; i++) {
        const res = await api(srv.url, '/auth/v1/user', {
          method: 'PUT',
          token: session.access_token,
          body: JSON.stringify({ data: { n: i } }),
        });
        if (res.status === 200) ok += 1;
        last = res.body;
      }
      expect(ok).toBe(30);
      expect(last).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    });
  });

  describe('restart', () => {
    const email = uniqueEmail('restart');
    let before: { access_token: string; refresh_token: string; userId: string };

    it('stores users and sessions that outlive the server', async () => {
      await withServer(store, {}, async (first) => {
        const { user } = await signedUpClient(first.url, email);
        const login = await makeClient(first.url).auth.signInWithPassword({ email, password: PASSWORD });
        before = { ...login.data.session!, userId: user.id };
      });

      await withServer(store, {}, async (second) => {
        const got = await makeClient(second.url).auth.getUser(before.access_token);
        expect(got.error).toBeNull();
        expect(got.data.user?.id).toBe(before.userId);
        const refreshed = await makeClient(second.url).auth.refreshSession({ refresh_token: before.refresh_token });
        expect(refreshed.error).toBeNull();
        expect(refreshed.data.session?.user.id).toBe(before.userId);
        const login = await makeClient(second.url).auth.signInWithPassword({ email, password: PASSWORD });
        expect(login.error).toBeNull();
        const dup = await makeClient(second.url).auth.signUp({ email, password: PASSWORD });
        expect(errorView(dup.error)).toMatchObject({ status: 422, code: 'user_already_exists' });

        // Migrations ran once and are not re-applied.
        expect(await migrate(second.server.db)).toEqual([]);
        const recorded = await second.server.db.query<{ name: string }>(
          'SELECT name FROM qrcraft_meta.migrations ORDER BY name',
        );
        expect(recorded.map((r) => r.name)).toEqual(await listMigrations());
      });
    });

    it('creates the Supabase roles and auth functions that RLS policies use (§8.3)', async () => {
      await withServer(store, {}, async (srv) => {
        const { db } = srv.server;
        const roles = await db.query<{ rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }>(
          `SELECT rolname, rolbypassrls, rolcanlogin FROM pg_roles
           WHERE rolname IN ('anon', 'authenticated', 'service_role') ORDER BY rolname`,
        );
        expect(roles).toEqual([
          { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
          { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
          { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
        ]);

        await db.exec(`
          CREATE TABLE public.notes (
            id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
            owner uuid NOT NULL DEFAULT auth.uid(),
            body text NOT NULL
          );
          ALTER TABLE public.notes ENABLE ROW LEVEL SECURITY;
          CREATE POLICY own_notes ON public.notes FOR ALL TO authenticated
            USING (owner = auth.uid()) WITH CHECK (owner = auth.uid());
          GRANT SELECT, INSERT ON public.notes TO authenticated;`);

        const otherId = '11111111-2222-4333-8444-555555555555';
        const asUser = <T>(sub: string, fn: (q: typeof db) => Promise<T>) =>
          db.transaction(async (tx) => {
            await tx.query('SET LOCAL ROLE authenticated');
            await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
              JSON.stringify({ sub, role: 'authenticated', email }),
            ]);
            return fn({ ...db, ...tx });
          });

        const who = await asUser(before.userId, (q) =>
          q.query<{ uid: string; role: string; email: string; sub: string }>(
            "SELECT auth.uid() AS uid, auth.role() AS role, auth.email() AS email, auth.jwt() ->> 'sub' AS sub",
          ),
        );
        expect(who).toEqual([{ uid: before.userId, role: 'authenticated', email, sub: before.userId }]);

        await asUser(before.userId, (q) => q.query("INSERT INTO public.notes (body) VALUES ('mine')"));
        const mine = await asUser(before.userId, (q) => q.query<{ body: string }>('SELECT body FROM public.notes'));
        expect(mine).toEqual([{ body: 'mine' }]);
        const theirs = await asUser(otherId, (q) => q.query('SELECT body FROM public.notes'));
        expect(theirs).toEqual([]);
        await expect(
          asUser(otherId, (q) =>
            q.query('INSERT INTO public.notes (owner, body) VALUES ($1, $2)', [before.userId, 'x']),
          ),
        ).rejects.toThrow(/row-level security/);

        // Outside a request the settings read back as '' (or NULL): no user.
        const none = await db.query<{ uid: string | null; jwt: unknown }>(
          'SELECT auth.uid() AS uid, auth.jwt() AS jwt',
        );
        expect(none).toEqual([{ uid: null, jwt: null }]);
        // The legacy per-claim setting (PostgREST < 9) is honoured too.
        const legacy = await db.transaction(async (tx) => {
          await tx.query("SELECT set_config('request.jwt.claim.sub', $1, true)", [otherId]);
          return tx.query<{ uid: string }>('SELECT auth.uid() AS uid');
        });
        expect(legacy).toEqual([{ uid: otherId }]);
      });
    });
  });
});
