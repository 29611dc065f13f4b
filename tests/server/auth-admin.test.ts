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

describe.each(backends)('admin API under hostile input on %s', (backend) => {
  const srv = suiteServer(backend);
  const asAdmin = async (method: string, path: string, body?: unknown) =>
    api(srv.url, `/auth/v1${path}`, {
      method,
      token: await serviceRoleKey(),
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('10 concurrent creates of one address: one user, nine 422 email_exists, no 500', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => asAdmin('POST', '/admin/users', { email, password: PASSWORD })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 422)]);
    for (const a of answers.filter((x) => x.status === 422)) {
      expect(a.body).toEqual({
        code: 'email_exists',
        message: 'A user with this email address has already been registered',
      });
    }
    expect(await srv.server.db.query('SELECT id FROM auth.users WHERE email = $1', [email])).toHaveLength(1);
    // Invitations and generated sign-up links of one new address at once: one account, no 500.
    for (const [path, body] of [
      ['/invite', (to: string) => ({ email: to })],
      ['/admin/generate_link', (to: string) => ({ type: 'signup', email: to, password: PASSWORD })],
    ] as const) {
      const to = uniqueEmail('race');
      const raced = await Promise.all(Array.from({ length: 6 }, () => asAdmin('POST', path, body(to))));
      expect(
        raced.every((a) => a.status === 200 || a.status === 422),
        JSON.stringify(raced.map((a) => a.body)),
      ).toBe(true);
      expect(await srv.server.db.query('SELECT id FROM auth.users WHERE email = $1', [to])).toHaveLength(1);
    }
    expect(srv.logs.filter((line) => line.includes('unexpected'))).toEqual([]);
  });

  it('an id that is taken, and an address taken meanwhile by an update, are 422s', async () => {
    const first = await asAdmin('POST', '/admin/users', { email: uniqueEmail('first') });
    const id = (first.body as { id: string }).id;
    const again = await asAdmin('POST', '/admin/users', { email: uniqueEmail('second'), id });
    expect([again.status, (again.body as { code: string }).code]).toEqual([422, 'user_already_exists']);
    // Two users renamed to one new address at once: one wins, the other is told.
    const other = (await asAdmin('POST', '/admin/users', { email: uniqueEmail('other') })).body as { id: string };
    const target = uniqueEmail('target');
    const renames = await Promise.all(
      [id, other.id].map((u) => asAdmin('PUT', `/admin/users/${u}`, { email: target })),
    );
    expect(renames.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(renames.find((r) => r.status === 422)?.body).toMatchObject({ code: 'email_exists' });
  });

  it('an update racing a delete of its user is 200 or 404 user_not_found, never a 500 (fuzz finding)', async () => {
    // The password is hashed between the lookup and the update: a delete sent alongside lands in that gap.
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const user = (await asAdmin('POST', '/admin/users', { email: uniqueEmail('race') })).body as { id: string };
      const [update, removal] = await Promise.all([
        asAdmin('PUT', `/admin/users/${user.id}`, { password: 'a-new-password-43' }),
        asAdmin('DELETE', `/admin/users/${user.id}`),
      ]);
      expect(removal.status).toBe(200);
      statuses.push(update.status);
      if (update.status !== 200) expect(update.body).toMatchObject({ code: 'user_not_found' });
    }
    expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
  });

  it('a ban longer than Go can express is a 400 (GoTrue: time: invalid duration), on create and update', async () => {
    const made = await asAdmin('POST', '/admin/users', { email: uniqueEmail('ban'), ban_duration: '99999999999h' });
    expect([made.status, made.body]).toEqual([
      400,
      {
        code: 'validation_failed',
        message: 'invalid format for ban duration: time: invalid duration "99999999999h"',
      },
    ]);
    const user = (await asAdmin('POST', '/admin/users', { email: uniqueEmail('ban') })).body as { id: string };
    for (const ban_duration of ['99999999999h', '2562048h', '9223372036854775808ns']) {
      const res = await asAdmin('PUT', `/admin/users/${user.id}`, { ban_duration });
      expect([res.status, (res.body as { code: string }).code], ban_duration).toEqual([400, 'validation_failed']);
    }
    // The longest Go duration is fine.
    const longest = await asAdmin('PUT', `/admin/users/${user.id}`, { ban_duration: '2562047h' });
    expect(longest.status).toBe(200);
  });

  it('page and per_page must be decimal integers; a page past the end is empty, never a 500', async () => {
    for (const query of ['page=1e20', 'page=1.0', 'page=-1', 'per_page=1e3', 'page=0x10', 'page=%201']) {
      const res = await asAdmin('GET', `/admin/users?${query}`);
      expect([res.status, (res.body as { code: string }).code], query).toEqual([400, 'validation_failed']);
    }
    for (const query of ['page=99999999999999999999', 'page=100000&per_page=99999999999999999999']) {
      const res = await asAdmin('GET', `/admin/users?${query}`);
      expect([res.status, (res.body as { users: unknown[] }).users], query).toEqual([200, []]);
    }
  });

  it('user_metadata over 8 KiB is refused on create, update, invite and generate_link', async () => {
    const big = { blob: 'x'.repeat(9000) };
    const made = await asAdmin('POST', '/admin/users', { email: uniqueEmail('big'), user_metadata: big });
    expect([made.status, (made.body as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/User metadata is too large: \d+ bytes of JSON \(at most 8192\)/),
    ]);
    const user = (await asAdmin('POST', '/admin/users', { email: uniqueEmail('small'), user_metadata: { a: 1 } }))
      .body as { id: string };
    const grown = await asAdmin('PUT', `/admin/users/${user.id}`, { user_metadata: big });
    expect(grown.status).toBe(400);
    // Merged with what is stored: two halves that fit alone do not fit together.
    const half = { half: 'y'.repeat(5000) };
    expect((await asAdmin('PUT', `/admin/users/${user.id}`, { user_metadata: half })).status).toBe(200);
    expect(
      (await asAdmin('PUT', `/admin/users/${user.id}`, { user_metadata: { other: 'z'.repeat(5000) } })).status,
    ).toBe(400);
    // Removing keys always works.
    expect((await asAdmin('PUT', `/admin/users/${user.id}`, { user_metadata: { half: null } })).status).toBe(200);
    const invited = await asAdmin('POST', '/invite', { email: uniqueEmail('inv'), data: big });
    expect(invited.status).toBe(400);
    const linked = await asAdmin('POST', '/admin/generate_link', {
      type: 'signup',
      email: uniqueEmail('gl'),
      password: PASSWORD,
      data: big,
    });
    expect(linked.status).toBe(400);
    expect(
      await srv.server.db.query(
        "SELECT id FROM auth.users WHERE email LIKE 'big-%' OR email LIKE 'inv-%' OR email LIKE 'gl-%'",
      ),
    ).toEqual([]);
  });
});
