// Sign-up, password sign-in, the access-token JWT and the transport rules, driven through the real
// supabase-js client over HTTP (contract §1, §2, §3, §4.1, §7, §8).
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../server/lib/config.ts';
import { PASSWORD, api, backends, errorView, makeClient, suiteServer, uniqueEmail } from './helpers.ts';

const secret = new TextEncoder().encode(DEMO_JWT_SECRET);

describe('demo anon key (§8.2)', () => {
  it('is the CLI key: HS256, signed with the demo secret, role anon', async () => {
    const { payload, protectedHeader } = await jwtVerify(DEMO_ANON_KEY, secret, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 });
    await expect(jwtVerify(DEMO_ANON_KEY, new TextEncoder().encode(`${DEMO_JWT_SECRET}x`))).rejects.toThrow();
  });
});

describe.each(backends)('sign-up and sign-in on %s', (backend) => {
  const srv = suiteServer(backend);

  describe('signUp (§3)', () => {
    it('creates a confirmed user, signs in and emits SIGNED_IN (Success A)', async () => {
      const client = makeClient(srv.url);
      const events: string[] = [];
      client.auth.onAuthStateChange((event) => events.push(event));
      const email = uniqueEmail('Mixed.Case');
      const { data, error } = await client.auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: 'http://localhost:5173/dashboard' },
      });
      expect(error).toBeNull();
      const { user, session } = data;
      expect(user?.email).toBe(email.toLowerCase());
      expect(user?.aud).toBe('authenticated');
      expect(user?.role).toBe('authenticated');
      expect(user?.phone).toBe('');
      expect(user?.email_confirmed_at).toBeTruthy();
      expect(user?.last_sign_in_at).toBeTruthy();
      expect(user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
      expect(user?.user_metadata).toEqual({
        sub: user?.id,
        email: email.toLowerCase(),
        email_verified: true,
        phone_verified: false,
        full_name: 'Ada Lovelace',
      });
      expect(user?.identities).toHaveLength(1);
      expect(user?.identities?.[0]).toMatchObject({ id: user?.id, user_id: user?.id, provider: 'email' });
      expect(user?.is_anonymous).toBe(false);
      expect(JSON.stringify(user)).not.toMatch(/encrypted_password|\$2[aby]\$/);

      expect(session?.token_type).toBe('bearer');
      expect(session?.expires_in).toBe(3600);
      expect(session?.refresh_token).toMatch(/^[a-z2-7]{12}$/);
      expect(session?.user.id).toBe(user?.id);
      expect(events).toContain('SIGNED_IN');
      expect((await client.auth.getSession()).data.session?.access_token).toBe(session?.access_token);
    });

    it('puts GoTrue claims in an HS256 access token (§8.1)', async () => {
      const email = uniqueEmail();
      const { data } = await makeClient(srv.url).auth.signUp({ email, password: PASSWORD });
      const jwt = data.session!.access_token;
      expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'HS256', typ: 'JWT' });
      const { payload } = await jwtVerify(jwt, secret, {
        algorithms: ['HS256'],
        currentDate: new Date(srv.clock.now()),
      });
      expect(Object.keys(payload).sort()).toEqual(
        [
          'aal',
          'amr',
          'app_metadata',
          'aud',
          'email',
          'exp',
          'iat',
          'is_anonymous',
          'iss',
          'phone',
          'role',
          'session_id',
          'sub',
          'user_metadata',
        ].sort(),
      );
      expect(payload.iss).toBe(srv.config.jwtIssuer);
      expect(payload.sub).toBe(data.user!.id);
      expect(payload.aud).toBe('authenticated');
      expect(payload.role).toBe('authenticated');
      expect(payload.email).toBe(email);
      expect(payload.phone).toBe('');
      expect(payload.aal).toBe('aal1');
      expect(payload.is_anonymous).toBe(false);
      expect(payload.exp! - payload.iat!).toBe(3600);
      expect(data.session!.expires_at).toBe(payload.exp);
      expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(payload.amr).toEqual([{ method: 'password', timestamp: payload.iat }]);
      expect(payload.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    });

    it('refuses an address already registered, whatever its case: 422 user_already_exists', async () => {
      const email = uniqueEmail();
      expect((await makeClient(srv.url).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
      const { data, error } = await makeClient(srv.url).auth.signUp({
        email: email.toUpperCase(),
        password: 'other-pass-1',
      });
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'User already registered',
        status: 422,
        code: 'user_already_exists',
      });
      expect(data.user).toBeNull();
      expect(data.session).toBeNull();
    });

    it('reports a short password as AuthWeakPasswordError with reasons [length]', async () => {
      const { error } = await makeClient(srv.url).auth.signUp({ email: uniqueEmail(), password: '12345' });
      expect(errorView(error)).toEqual({
        name: 'AuthWeakPasswordError',
        message: 'Password should be at least 6 characters.',
        status: 422,
        code: 'weak_password',
      });
      expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    });

    it('counts password length in bytes: 72 bytes pass, 73 bytes are refused with 400', async () => {
      const ok = await makeClient(srv.url).auth.signUp({ email: uniqueEmail(), password: 'a'.repeat(72) });
      expect(ok.error).toBeNull();
      // 25 euro signs: 25 characters but 75 bytes.
      const { error } = await makeClient(srv.url).auth.signUp({ email: uniqueEmail(), password: '€'.repeat(25) });
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'Password cannot be longer than 72 characters',
        status: 400,
        code: 'validation_failed',
      });
      // Two 3-byte characters are 6 bytes: long enough.
      expect((await makeClient(srv.url).auth.signUp({ email: uniqueEmail(), password: '€€' })).error).toBeNull();
    });

    it.each([
      ['not-an-email', 'Unable to validate email address: invalid format'],
      ['a b@example.com', 'Unable to validate email address: invalid format'],
      ['user@-example.com', 'Unable to validate email address: invalid format'],
      ['üser@example.com', 'Unable to validate email address: invalid format'],
      [`${'x'.repeat(250)}@example.com`, 'An email address is too long'],
    ])('refuses the address %j with 400 validation_failed', async (email, message) => {
      const { error } = await makeClient(srv.url).auth.signUp({ email, password: PASSWORD });
      expect(errorView(error)).toEqual({ name: 'AuthApiError', message, status: 400, code: 'validation_failed' });
    });

    it('treats an empty email as an anonymous sign-up: 422 anonymous_provider_disabled', async () => {
      const { error } = await makeClient(srv.url).auth.signUp({ email: '', password: PASSWORD });
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'Anonymous sign-ins are disabled',
        status: 422,
        code: 'anonymous_provider_disabled',
      });
    });

    it('needs a password: 400 "Signup requires a valid password"', async () => {
      const { error } = await makeClient(srv.url).auth.signUp({ email: uniqueEmail(), password: '' });
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'Signup requires a valid password',
        status: 400,
        code: 'validation_failed',
      });
    });

    it('refuses sign-ups when they are disabled: 422 signup_disabled', async () => {
      srv.config.disableSignup = true;
      try {
        const { error } = await makeClient(srv.url).auth.signUp({ email: uniqueEmail(), password: PASSWORD });
        expect(errorView(error)).toEqual({
          name: 'AuthApiError',
          message: 'Signups not allowed for this instance',
          status: 422,
          code: 'signup_disabled',
        });
      } finally {
        srv.config.disableSignup = false;
      }
    });

    it('refuses email and phone together, and phone sign-ups', async () => {
      const both = await api(srv.url, '/auth/v1/signup', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail(), phone: '+15555550100', password: PASSWORD }),
      });
      expect(both.status).toBe(400);
      expect(both.body).toEqual({
        code: 'validation_failed',
        message: 'Only an email address or phone number should be provided on signup.',
      });
      const phone = await makeClient(srv.url).auth.signUp({ phone: '+15555550100', password: PASSWORD });
      expect(errorView(phone.error)).toMatchObject({ status: 422, code: 'phone_provider_disabled' });
    });
  });

  describe('signInWithPassword (§4.1)', () => {
    let email: string;
    let userId: string;
    beforeAll(async () => {
      email = uniqueEmail('signin');
      const { data } = await makeClient(srv.url).auth.signUp({ email, password: PASSWORD });
      userId = data.user!.id;
    });

    it('signs in with any letter case of the address and starts a new session', async () => {
      const client = makeClient(srv.url);
      const events: string[] = [];
      client.auth.onAuthStateChange((event) => events.push(event));
      const { data, error } = await client.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(userId);
      expect(data.user?.email).toBe(email);
      expect(data.session?.refresh_token).toMatch(/^[a-z2-7]{12}$/);
      expect(data.weakPassword).toBeUndefined();
      expect(events).toContain('SIGNED_IN');
      const other = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
      expect(decodeJwt(other.data.session!.access_token).session_id).not.toBe(
        decodeJwt(data.session!.access_token).session_id,
      );
    });

    it.each([
      ['a wrong password', () => ({ email, password: 'wrong-password' })],
      ['an unknown address', () => ({ email: uniqueEmail('nobody'), password: PASSWORD })],
      ['a malformed address', () => ({ email: "' OR 1=1 --", password: PASSWORD })],
      ['a password over 72 bytes', () => ({ email, password: `${PASSWORD}${'x'.repeat(80)}` })],
    ])('answers %s with 400 invalid_credentials', async (_label, creds) => {
      const { data, error } = await makeClient(srv.url).auth.signInWithPassword(creds());
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'Invalid login credentials',
        status: 400,
        code: 'invalid_credentials',
      });
      expect(data).toEqual({ user: null, session: null });
    });

    it('needs an email or phone: 400 "missing email or phone"', async () => {
      const { error } = await makeClient(srv.url).auth.signInWithPassword({ email: '', password: PASSWORD });
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'missing email or phone',
        status: 400,
        code: 'validation_failed',
      });
    });

    it('rejects unknown grant types: 400 unsupported_grant_type', async () => {
      const res = await api(srv.url, '/auth/v1/token?grant_type=magic', { method: 'POST', body: '{}' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    });

    it('reports weak_password on sign-in when the policy grew stricter (§10.1)', async () => {
      // The server reads its config object on every request: tighten the policy for this test only.
      srv.config.minPasswordLength = 20;
      try {
        const { data, error } = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
        expect(error).toBeNull();
        expect(data.session).toBeTruthy();
        expect(data.weakPassword).toEqual({
          message: 'Password should be at least 20 characters.',
          reasons: ['length'],
        });
      } finally {
        srv.config.minPasswordLength = 6;
      }
    });
  });

  describe('transport (§1, §7, §11)', () => {
    it('echoes X-Supabase-Api-Version and exposes it through CORS', async () => {
      const res = await api(srv.url, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail(), password: 'x' }),
        headers: { Origin: 'http://localhost:5173' },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('answers CORS preflights with 204, allowing apikey and the supabase-js headers', async () => {
      const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers':
            'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
        },
      });
      expect(res.status).toBe(204);
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      for (const h of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version']) {
        expect(allowed).toContain(h);
      }
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    });

    it('answers unknown routes with a JSON 404', async () => {
      for (const path of ['/auth/v1/nope', '/auth/v1/sso']) {
        const res = await api(srv.url, path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 'not_found', message: expect.any(String) });
      }
      // /rest/v1 answers in PostgREST's shape (rest.test.ts).
      const rest = await api(srv.url, '/rest/v1/things');
      expect(rest.status).toBe(404);
      expect(rest.body).toMatchObject({ code: 'PGRST205', details: null, hint: null });
    });

    it('serves /settings, /health and an empty JWKS (§7), also at the root (§1.1)', async () => {
      const settings = await api(srv.url, '/auth/v1/settings');
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({
        disable_signup: false,
        mailer_autoconfirm: true,
        phone_autoconfirm: false,
        external: expect.objectContaining({ email: true, phone: false, anonymous_users: false, google: false }),
      });
      const health = await api(srv.url, '/auth/v1/health');
      expect(health.body).toMatchObject({
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
      const jwks = await api(srv.url, '/auth/v1/.well-known/jwks.json');
      expect(jwks.body).toEqual({ keys: [] });
      expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
      const root = await api(srv.url, '/health');
      expect(root.status).toBe(200);
    });

    it('refuses bodies over 1 MiB with 413 and malformed JSON with 400 bad_json (§1.6)', async () => {
      const big = await api(srv.url, '/auth/v1/signup', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD, data: { blob: 'x'.repeat(1024 * 1024) } }),
      });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ code: 'request_entity_too_large', message: expect.any(String) });
      const bad = await api(srv.url, '/auth/v1/signup', { method: 'POST', body: '{"email": "a@b.co",' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        code: 'bad_json',
        message: expect.stringMatching(/^Could not parse request body as JSON: /),
      });
      const typed = await api(srv.url, '/auth/v1/signup', { method: 'POST', body: '{"email": 42, "password": "x"}' });
      expect(typed.body).toEqual({
        code: 'bad_json',
        message:
          'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string',
      });
    });

    it('accepts JSON null for string fields, as auth-js sends code_challenge: null (§1.6)', async () => {
      const res = await api(srv.url, '/auth/v1/signup', {
        method: 'POST',
        body: JSON.stringify({
          email: uniqueEmail(),
          password: PASSWORD,
          data: null,
          code_challenge: null,
          code_challenge_method: null,
          gotrue_meta_security: {},
        }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    });

    it('logged nothing unexpected', () => {
      expect(srv.logs.filter((l) => l.includes('unexpected'))).toEqual([]);
    });
  });
});
