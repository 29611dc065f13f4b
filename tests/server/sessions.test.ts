// Sessions: refresh-token rotation and reuse detection (§4.2, §4.3), getUser and its errors (§6.1, §6.2),
// updateUser (§6.3) and the logout scopes (§5), through the real supabase-js client.
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../server/lib/config.ts';
import { PASSWORD, api, backends, errorView, makeClient, signedUpClient, suiteServer, uniqueEmail } from './helpers.ts';

const ALREADY_USED = {
  name: 'AuthApiError',
  message: 'Invalid Refresh Token: Already Used',
  status: 400,
  code: 'refresh_token_already_used',
};
const NOT_FOUND = {
  name: 'AuthApiError',
  message: 'Invalid Refresh Token: Refresh Token Not Found',
  status: 400,
  code: 'refresh_token_not_found',
};
const SESSION_MISSING = {
  name: 'AuthSessionMissingError',
  message: 'Auth session missing!',
  status: 400,
  code: undefined,
};

describe.each(backends)('sessions on %s', (backend) => {
  const srv = suiteServer(backend);

  /** One refresh through a fresh client (auth-js caches failures per token for 60 s, §9.1). */
  const refresh = (token: string) => makeClient(srv.url).auth.refreshSession({ refresh_token: token });

  describe('refresh-token rotation (§4.3)', () => {
    it('rotates: a new 12-character token in the same session, with a fresh access token', async () => {
      const { session } = await signedUpClient(srv.url);
      srv.clock.advance(2);
      const client = makeClient(srv.url);
      const events: string[] = [];
      client.auth.onAuthStateChange((e) => events.push(e));
      const { data, error } = await client.auth.refreshSession({ refresh_token: session.refresh_token });
      expect(error).toBeNull();
      const next = data.session!;
      expect(next.refresh_token).toMatch(/^[a-z2-7]{12}$/);
      expect(next.refresh_token).not.toBe(session.refresh_token);
      expect(next.access_token).not.toBe(session.access_token);
      const before = decodeJwt(session.access_token);
      const after = decodeJwt(next.access_token);
      expect(after.session_id).toBe(before.session_id);
      expect(after.iat).toBe(before.iat! + 2);
      expect(after.exp! - after.iat!).toBe(3600);
      // amr keeps the original login (§4.2).
      expect(after.amr).toEqual(before.amr);
      expect(events).toContain('TOKEN_REFRESHED');
    });

    it('gives the parent of the active token that active token back, at any time', async () => {
      const { session } = await signedUpClient(srv.url);
      const r1 = (await refresh(session.refresh_token)).data.session!.refresh_token;
      srv.clock.advance(300); // far outside the reuse interval
      const again = await refresh(session.refresh_token);
      expect(again.error).toBeNull();
      expect(again.data.session!.refresh_token).toBe(r1);
      // The active token itself still rotates normally.
      const r2 = await refresh(r1);
      expect(r2.error).toBeNull();
      expect(r2.data.session!.refresh_token).not.toBe(r1);
    });

    it('settles concurrent refreshes of one token on a single child (multi-tab race)', async () => {
      const { session } = await signedUpClient(srv.url);
      const results = await Promise.all(Array.from({ length: 6 }, () => refresh(session.refresh_token)));
      const tokens = new Set(results.map((r) => r.data.session?.refresh_token));
      expect(results.map((r) => r.error)).toEqual(Array(6).fill(null));
      expect(tokens.size).toBe(1);
      expect([...tokens][0]).toMatch(/^[a-z2-7]{12}$/);
    });

    it('allows reuse inside the 10 s interval and revokes the family outside it', async () => {
      const { session } = await signedUpClient(srv.url);
      const r0 = session.refresh_token;
      const r1 = (await refresh(r0)).data.session!.refresh_token; // r0 revoked at t
      srv.clock.advance(2);
      const r2 = (await refresh(r1)).data.session!.refresh_token; // r1 revoked at t+2
      srv.clock.advance(3);
      // t+5: r0 is revoked and not the parent of the active token, but inside the interval.
      const within = await refresh(r0);
      expect(within.error).toBeNull();
      const r3 = within.data.session!.refresh_token;
      expect(new Set([r0, r1, r2, r3]).size).toBe(4);

      srv.clock.advance(10);
      // t+15: r1 was revoked 13 s ago and is not the parent of the active token: reuse detected.
      const reused = await refresh(r1);
      expect(errorView(reused.error)).toEqual(ALREADY_USED);
      expect(reused.data).toEqual({ user: null, session: null });
      // The whole family is revoked, including the tokens that were active …
      expect(errorView((await refresh(r3)).error)).toEqual(ALREADY_USED);
      expect(errorView((await refresh(r2)).error)).toEqual(ALREADY_USED);
      expect(errorView((await refresh(r0)).error)).toEqual(ALREADY_USED);
      // … but the session row stays, so the access token keeps working until it expires (§4.3).
      const user = await makeClient(srv.url).auth.getUser(session.access_token);
      expect(user.error).toBeNull();
    });

    it('honours a configured reuse interval of 0', async () => {
      srv.config.refreshReuseIntervalSec = 0;
      try {
        const { session } = await signedUpClient(srv.url);
        const r1 = (await refresh(session.refresh_token)).data.session!.refresh_token;
        await refresh(r1);
        srv.clock.advance(1);
        expect(errorView((await refresh(session.refresh_token)).error)).toEqual(ALREADY_USED);
      } finally {
        srv.config.refreshReuseIntervalSec = 10;
      }
    });

    it('reports malformed and unknown refresh tokens (§4.2)', async () => {
      expect(errorView((await refresh('abc')).error)).toEqual({
        name: 'AuthApiError',
        message: 'Refresh token is not valid',
        status: 400,
        code: 'validation_failed',
      });
      expect(errorView((await refresh('aaaaaaaaaaaa')).error)).toEqual(NOT_FOUND);
      const empty = await api(srv.url, '/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: '' }),
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
    });
  });

  describe('getUser (§6.1, §6.2)', () => {
    it('returns the user loaded fresh from the database', async () => {
      const { client, user } = await signedUpClient(srv.url);
      const { data, error } = await client.auth.getUser();
      expect(error).toBeNull();
      expect(data.user?.id).toBe(user.id);
      expect(data.user?.identities).toHaveLength(1);
    });

    it('returns AuthSessionMissingError without a request when signed out', async () => {
      const { error } = await makeClient(srv.url).auth.getUser();
      expect(errorView(error)).toEqual(SESSION_MISSING);
    });

    it('rejects the anon key: 403 bad_jwt "invalid claim: missing sub claim"', async () => {
      const { error } = await makeClient(srv.url).auth.getUser(DEMO_ANON_KEY);
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'invalid claim: missing sub claim',
        status: 403,
        code: 'bad_jwt',
      });
    });

    it('rejects an expired access token with 403 bad_jwt', async () => {
      const { session } = await signedUpClient(srv.url);
      srv.clock.advance(3601);
      const { error } = await makeClient(srv.url).auth.getUser(session.access_token);
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
        status: 403,
        code: 'bad_jwt',
      });
    });

    it('rejects a token signed with another secret with 403 bad_jwt', async () => {
      const { session } = await signedUpClient(srv.url);
      const forged = await new SignJWT(decodeJwt(session.access_token))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(`not-the-${DEMO_JWT_SECRET}`));
      const { error } = await makeClient(srv.url).auth.getUser(forged);
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
        status: 403,
        code: 'bad_jwt',
      });
    });

    it('maps a deleted session to AuthSessionMissingError and drops the local session', async () => {
      const { client, session } = await signedUpClient(srv.url);
      // Another device signs out globally with the same session.
      const other = makeClient(srv.url);
      await other.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
      expect((await other.auth.signOut()).error).toBeNull();
      const events: string[] = [];
      client.auth.onAuthStateChange((e) => events.push(e));
      const { error } = await client.auth.getUser();
      expect(errorView(error)).toEqual(SESSION_MISSING);
      expect((await client.auth.getSession()).data.session).toBeNull();
      expect(events).toContain('SIGNED_OUT');
    });

    it('checks X-JWT-AUD against the token audience', async () => {
      const { session } = await signedUpClient(srv.url);
      const res = await api(srv.url, '/auth/v1/user', {
        token: session.access_token,
        headers: { 'X-JWT-AUD': 'other' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation_failed', message: "Token audience doesn't match request audience" });
    });
  });

  describe('updateUser (§6.3)', () => {
    it('merges data shallowly, deletes null keys and emits USER_UPDATED', async () => {
      const { client } = await signedUpClient(srv.url);
      await client.auth.updateUser({ data: { full_name: 'Ada', theme: 'dark', plan: 'free' } });
      const events: string[] = [];
      client.auth.onAuthStateChange((e) => events.push(e));
      const { data, error } = await client.auth.updateUser({ data: { theme: 'light', plan: null } });
      expect(error).toBeNull();
      expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada', theme: 'light', email_verified: true });
      expect(data.user?.user_metadata).not.toHaveProperty('plan');
      expect(events).toContain('USER_UPDATED');
      expect((await client.auth.getSession()).data.session?.user.user_metadata.theme).toBe('light');
      // Stored, not just echoed.
      expect((await client.auth.getUser()).data.user?.user_metadata.theme).toBe('light');
    });

    it('changes the password, keeps this session and deletes the others', async () => {
      const { client, email } = await signedUpClient(srv.url);
      const other = makeClient(srv.url);
      const otherLogin = await other.auth.signInWithPassword({ email, password: PASSWORD });
      expect(otherLogin.error).toBeNull();

      const { error } = await client.auth.updateUser({ password: 'a-brand-new-secret' });
      expect(error).toBeNull();
      expect((await client.auth.getUser()).error).toBeNull();
      expect(errorView((await other.auth.getUser()).error)).toEqual(SESSION_MISSING);
      expect(errorView((await refresh(otherLogin.data.session!.refresh_token)).error)).toEqual(NOT_FOUND);

      const oldPw = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
      expect(errorView(oldPw.error)).toMatchObject({ status: 400, code: 'invalid_credentials' });
      const newPw = await makeClient(srv.url).auth.signInWithPassword({ email, password: 'a-brand-new-secret' });
      expect(newPw.error).toBeNull();
    });

    it('refuses the same password (422 same_password) and weak ones (422 weak_password)', async () => {
      const { client } = await signedUpClient(srv.url);
      expect(errorView((await client.auth.updateUser({ password: PASSWORD })).error)).toEqual({
        name: 'AuthApiError',
        message: 'New password should be different from the old password.',
        status: 422,
        code: 'same_password',
      });
      const weak = await client.auth.updateUser({ password: 'abc' });
      expect(errorView(weak.error)).toEqual({
        name: 'AuthWeakPasswordError',
        message: 'Password should be at least 6 characters.',
        status: 422,
        code: 'weak_password',
      });
      expect(errorView((await client.auth.updateUser({ password: 'é'.repeat(40) })).error)).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    });

    it('records an email change as new_email without applying it', async () => {
      const { client, email } = await signedUpClient(srv.url);
      const target = uniqueEmail('New');
      const { data, error } = await client.auth.updateUser({ email: target });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.new_email).toBe(target.toLowerCase());
      expect(data.user?.email_change_sent_at).toBeTruthy();
      // Still signs in with the old address only.
      expect((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    });

    it('refuses an address held by another account (422 email_exists) and bad addresses (400)', async () => {
      const taken = await signedUpClient(srv.url);
      const { client } = await signedUpClient(srv.url);
      expect(errorView((await client.auth.updateUser({ email: taken.email.toUpperCase() })).error)).toEqual({
        name: 'AuthApiError',
        message: 'A user with this email address has already been registered',
        status: 422,
        code: 'email_exists',
      });
      expect(errorView((await client.auth.updateUser({ email: 'nope' })).error)).toEqual({
        name: 'AuthApiError',
        message: 'Unable to validate email address: invalid format',
        status: 400,
        code: 'validation_failed',
      });
    });

    it('refuses app_metadata from a user: 403 not_admin', async () => {
      const { session } = await signedUpClient(srv.url);
      const res = await api(srv.url, '/auth/v1/user', {
        method: 'PUT',
        token: session.access_token,
        body: JSON.stringify({ app_metadata: { role: 'admin' } }),
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' });
    });
  });

  describe('signOut scopes (§5)', () => {
    const signIn = async (email: string) => {
      const client = makeClient(srv.url);
      const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
      return { client, session: data.session! };
    };

    it('global: deletes every session of the user, clears storage and emits SIGNED_OUT', async () => {
      const { email } = await signedUpClient(srv.url);
      const a = await signIn(email);
      const b = await signIn(email);
      const events: string[] = [];
      a.client.auth.onAuthStateChange((e) => events.push(e));
      expect((await a.client.auth.signOut()).error).toBeNull();
      expect((await a.client.auth.getSession()).data.session).toBeNull();
      expect(events).toContain('SIGNED_OUT');
      expect(errorView((await b.client.auth.getUser()).error)).toEqual(SESSION_MISSING);
      expect(errorView((await refresh(a.session.refresh_token)).error)).toEqual(NOT_FOUND);
    });

    it('local: deletes only this session', async () => {
      const { email } = await signedUpClient(srv.url);
      const a = await signIn(email);
      const b = await signIn(email);
      expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
      expect((await a.client.auth.getSession()).data.session).toBeNull();
      expect(errorView((await makeClient(srv.url).auth.getUser(a.session.access_token)).error)).toEqual(
        SESSION_MISSING,
      );
      expect((await b.client.auth.getUser()).error).toBeNull();
      expect((await refresh(b.session.refresh_token)).error).toBeNull();
    });

    it('others: deletes every other session and keeps this one locally and on the server', async () => {
      const { email } = await signedUpClient(srv.url);
      const a = await signIn(email);
      const b = await signIn(email);
      const c = await signIn(email);
      expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
      expect((await a.client.auth.getSession()).data.session?.access_token).toBe(a.session.access_token);
      expect((await a.client.auth.getUser()).error).toBeNull();
      expect(errorView((await b.client.auth.getUser()).error)).toEqual(SESSION_MISSING);
      expect(errorView((await c.client.auth.getUser()).error)).toEqual(SESSION_MISSING);
    });

    it('answers 204 with an empty body; the deleted session then gives 403 session_not_found', async () => {
      const { session } = await signedUpClient(srv.url);
      const res = await api(srv.url, '/auth/v1/logout?scope=local', { method: 'POST', token: session.access_token });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const repeat = await api(srv.url, '/auth/v1/logout', { method: 'POST', token: session.access_token });
      expect(repeat.status).toBe(403);
      expect(repeat.body).toEqual({
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      });
    });

    it('refuses an unknown scope with 400 and a missing token with 401', async () => {
      const { session } = await signedUpClient(srv.url);
      const bad = await api(srv.url, '/auth/v1/logout?scope=everyone', { method: 'POST', token: session.access_token });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everyone"' });
      const none = await api(srv.url, '/auth/v1/logout', { method: 'POST', headers: { Authorization: '' } });
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    });
  });

  describe('banned users (§4.1, §4.2, §6.1)', () => {
    it('refuses sign-in, refresh and /user while banned_until is in the future', async () => {
      const { email, session, user } = await signedUpClient(srv.url);
      const until = new Date(srv.clock.now() + 3_600_000).toISOString();
      await srv.server.db.query('UPDATE auth.users SET banned_until = $2 WHERE id = $1', [user.id, until]);
      expect(
        errorView((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error),
      ).toEqual({
        name: 'AuthApiError',
        message: 'User is banned',
        status: 400,
        code: 'user_banned',
      });
      expect(errorView((await refresh(session.refresh_token)).error)).toEqual({
        name: 'AuthApiError',
        message: 'Invalid Refresh Token: User Banned',
        status: 400,
        code: 'user_banned',
      });
      expect(errorView((await makeClient(srv.url).auth.getUser(session.access_token)).error)).toEqual({
        name: 'AuthApiError',
        message: 'User is banned',
        status: 403,
        code: 'user_banned',
      });
      srv.clock.advance(3601);
      expect((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    });
  });

  it('logged nothing unexpected', () => {
    expect(srv.logs.filter((l) => l.includes('unexpected'))).toEqual([]);
  });
});
