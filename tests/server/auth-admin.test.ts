// The admin API through supabase-js's auth.admin: only the service role gets in; list, get, create, update,
// ban, delete, invite and generate_link.
import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/lib/config.ts';
import {
  PASSWORD,
  api,
  backends,
  errorView,
  makeClient,
  serviceRoleKey,
  signedUpClient,
  suiteServer,
  uniqueEmail,
} from './helpers.ts';
import { mailLink, openLink, suiteInbox } from './mail-helpers.ts';

describe.each(backends)('admin API on %s', (backend) => {
  const overrides: Partial<ServerConfig> = { siteUrl: 'http://localhost:5173' };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);
  const adminClient = async () => makeClient(srv.url, await serviceRoleKey()).auth.admin;

  it('refuses the anon key, a user token and no token', async () => {
    const anon = await makeClient(srv.url).auth.admin.listUsers();
    expect(errorView(anon.error)).toEqual({
      name: 'AuthApiError',
      message: 'User not allowed',
      status: 403,
      code: 'not_admin',
    });
    const { session } = await signedUpClient(srv.url);
    for (const [method, path] of [
      ['GET', '/auth/v1/admin/users'],
      ['POST', '/auth/v1/admin/users'],
      ['DELETE', `/auth/v1/admin/users/${session.user.id}`],
      ['POST', '/auth/v1/admin/generate_link'],
      ['POST', '/auth/v1/invite'],
    ] as const) {
      const asUser = await api(srv.url, path, {
        method,
        token: session.access_token,
        body: method === 'GET' ? undefined : '{}',
      });
      expect([asUser.status, asUser.body]).toEqual([403, { code: 'not_admin', message: 'User not allowed' }]);
    }
    const none = await api(srv.url, '/auth/v1/admin/users', { headers: { Authorization: '' } });
    expect(none.status).toBe(401);
    // The user still exists: the refused DELETE did nothing.
    expect((await (await adminClient()).getUserById(session.user.id)).data.user?.id).toBe(session.user.id);
  });

  it('creates a confirmed user with metadata, who can sign in', async () => {
    const admin = await adminClient();
    const email = uniqueEmail('made');
    const { data, error } = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Made By Admin' },
      app_metadata: { plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toEqual({ full_name: 'Made By Admin' });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const dup = await admin.createUser({ email, password: PASSWORD });
    expect(errorView(dup.error)).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('lists users page by page with the total', async () => {
    const admin = await adminClient();
    for (let i = 0; i < 3; i += 1) await admin.createUser({ email: uniqueEmail('page'), password: PASSWORD });
    const all = await admin.listUsers({ page: 1, perPage: 1000 });
    const total = all.data.users.length;
    expect(total).toBeGreaterThanOrEqual(3);
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ total, nextPage: 2, lastPage: Math.ceil(total / 2) });
    const second = await admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.id)).not.toContain(first.data.users[0]!.id);
  });

  it('an operator resets a locked-out user: new password, ban and unban, then delete', async () => {
    const admin = await adminClient();
    const { user, email } = await signedUpClient(srv.url);
    const updated = await admin.updateUserById(user.id, {
      password: 'operator-set-11',
      user_metadata: { note: 'helped' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ note: 'helped', email });
    expect(
      (await makeClient(srv.url).auth.signInWithPassword({ email, password: 'operator-set-11' })).error,
    ).toBeNull();

    await admin.updateUserById(user.id, { ban_duration: '24h' });
    const banned = await makeClient(srv.url).auth.signInWithPassword({ email, password: 'operator-set-11' });
    expect(errorView(banned.error)).toMatchObject({ code: 'user_banned' });
    await admin.updateUserById(user.id, { ban_duration: 'none' });
    expect(
      (await makeClient(srv.url).auth.signInWithPassword({ email, password: 'operator-set-11' })).error,
    ).toBeNull();

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(errorView(gone.error)).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
  });

  it('generate_link returns a working link and code without sending mail', async () => {
    const admin = await adminClient();
    const { email } = await signedUpClient(srv.url);
    const { data, error } = await admin.generateLink({ type: 'recovery', email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('recovery');
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.user?.email).toBe(email);
    const verified = await makeClient(srv.url).auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(await inbox.list(email)).toEqual([]);
    const unknown = await admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(errorView(unknown.error)).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('invites by mail; the link confirms the invited account', async () => {
    const admin = await adminClient();
    const email = uniqueEmail('invited');
    const { data, error } = await admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await inbox.next(email);
    expect(mail.subject).toBe('QRCraft: You have been invited to QRCraft');
    const opened = await openLink(mailLink(mail));
    expect(opened.fragment.get('type')).toBe('invite');
    expect(opened.fragment.get('access_token')).toBeTruthy();
  });
});
