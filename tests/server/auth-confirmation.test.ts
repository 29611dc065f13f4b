// With AUTH_AUTOCONFIRM=false: the confirmation mail, resending it, and email change confirmed by both
// addresses (secure email change), through supabase-js and a real SMTP catcher.
import { describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../server/lib/config.ts';
import { SINGLE_CONFIRMATION_ACCEPTED } from '../../server/auth/routes/verify.ts';
import { PASSWORD, backends, errorView, makeClient, suiteServer, uniqueEmail } from './helpers.ts';
import { mailCode, mailLink, openLink, suiteInbox } from './mail-helpers.ts';

const SITE = 'http://localhost:5173';

describe.each(backends)('confirmation required on %s', (backend) => {
  const overrides: Partial<ServerConfig> = { siteUrl: SITE, autoconfirm: false, emailMaxFrequencySec: 60 };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);

  /** A confirmed account with a session, through the confirmation mail. */
  async function confirmedClient() {
    const email = uniqueEmail();
    const client = makeClient(srv.url);
    await client.auth.signUp({ email, password: PASSWORD });
    const code = mailCode(await inbox.next(email));
    const { error } = await client.auth.verifyOtp({ email, token: code, type: 'signup' });
    if (error) throw error;
    return { client, email };
  }

  it('mails a confirmation; the link confirms and signs in; the account can then sign in', async () => {
    const email = uniqueEmail();
    const client = makeClient(srv.url);
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${SITE}/dashboard` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const mail = await inbox.next(email);
    expect(mail.subject).toBe('QRCraft: Confirm your email address');
    expect(mail.html).toContain('Confirm my address</a>');

    const before = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(errorView(before.error)).toMatchObject({ code: 'email_not_confirmed' });

    const opened = await openLink(mailLink(mail));
    expect(opened.location.startsWith(`${SITE}/dashboard#`)).toBe(true);
    expect(opened.fragment.get('type')).toBe('signup');
    const after = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(after.error).toBeNull();
    expect(after.data.user?.email_confirmed_at).toBeTruthy();
    expect(after.data.user?.user_metadata.email_verified).toBe(true);
    expect((await openLink(mailLink(mail))).fragment.get('error_code')).toBe('otp_expired');
  });

  it('resend mails a new confirmation that replaces the first; a confirmed address gets none', async () => {
    const email = uniqueEmail();
    await makeClient(srv.url).auth.signUp({ email, password: PASSWORD });
    const first = await inbox.next(email);
    const tooSoon = await makeClient(srv.url).auth.resend({ type: 'signup', email });
    expect(errorView(tooSoon.error)).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    srv.clock.advance(61);
    expect((await makeClient(srv.url).auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await inbox.next(email, 1);
    expect((await openLink(mailLink(first))).fragment.get('error_code')).toBe('otp_expired');
    expect((await openLink(mailLink(second))).fragment.get('access_token')).toBeTruthy();

    srv.clock.advance(61);
    expect((await makeClient(srv.url).auth.resend({ type: 'signup', email })).error).toBeNull();
    const unknown = uniqueEmail('nobody');
    expect((await makeClient(srv.url).auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
    // A mail sent after them has arrived: one of theirs would have too.
    const sentinel = uniqueEmail('sentinel');
    await makeClient(srv.url).auth.signUp({ email: sentinel, password: PASSWORD });
    await inbox.next(sentinel);
    expect(await inbox.list(email)).toHaveLength(2);
    expect(await inbox.list(unknown)).toEqual([]);
  });

  it('an email change needs the links of both addresses, then the new one signs in', async () => {
    const { client, email } = await confirmedClient();
    const newEmail = uniqueEmail('moved');
    srv.clock.advance(61);
    const update = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${SITE}/settings` });
    expect(update.error).toBeNull();
    expect(update.data.user?.email).toBe(email);
    expect(update.data.user?.new_email).toBe(newEmail);

    const toNew = await inbox.next(newEmail);
    const toOld = await inbox.next(email, 1);
    expect(toNew.subject).toBe('QRCraft: Confirm your new email address');
    expect(toOld.text).toContain(newEmail);
    const first = await openLink(mailLink(toOld));
    expect(first.location.startsWith(`${SITE}/settings#`)).toBe(true);
    expect(first.fragment.get('message')).toBe(SINGLE_CONFIRMATION_ACCEPTED);
    expect((await client.auth.refreshSession()).data.user?.email).toBe(email);

    const second = await openLink(mailLink(toNew));
    expect(second.fragment.get('type')).toBe('email_change');
    const moved = makeClient(srv.url);
    await moved.auth.setSession({
      access_token: second.fragment.get('access_token')!,
      refresh_token: second.fragment.get('refresh_token')!,
    });
    const { data } = await moved.auth.getUser();
    expect(data.user?.email).toBe(newEmail);
    expect(data.user?.new_email).toBeUndefined();
    expect(
      (await makeClient(srv.url).auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error,
    ).toBeNull();
    const old = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(errorView(old.error)).toMatchObject({ code: 'invalid_credentials' });
  });

  it('an email change to a taken address is refused with email_exists', async () => {
    const { email: taken } = await confirmedClient();
    const { client } = await confirmedClient();
    const { error } = await client.auth.updateUser({ email: taken });
    expect(errorView(error)).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe.each(backends)('email change with autoconfirm on %s', (backend) => {
  const overrides: Partial<ServerConfig> = { siteUrl: SITE };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);

  it("still needs both addresses (secure email change): a stolen session and the new address's code move nothing", async () => {
    const email = uniqueEmail();
    const client = makeClient(srv.url);
    await client.auth.signUp({ email, password: PASSWORD });
    const newEmail = uniqueEmail('moved');
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const toNew = await inbox.next(newEmail);
    const toOld = await inbox.next(email);
    const first = await client.auth.verifyOtp({ email: newEmail, token: mailCode(toNew), type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    // Still the old address: signing in with it works, with the new one does not.
    expect((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const early = await makeClient(srv.url).auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(errorView(early.error)).toMatchObject({ code: 'invalid_credentials' });

    const second = await client.auth.verifyOtp({ email, token: mailCode(toOld), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
  });
});

describe.each(backends)(
  'email change with autoconfirm and MAILER_SECURE_EMAIL_CHANGE_ENABLED=false on %s',
  (backend) => {
    const base = loadConfig({});
    const overrides: Partial<ServerConfig> = { siteUrl: SITE, mailer: { ...base.mailer, secureEmailChange: false } };
    const inbox = suiteInbox(overrides);
    const srv = suiteServer(backend, overrides);

    it('the new address alone confirms the change (the operator turned secure email change off)', async () => {
      const email = uniqueEmail();
      const client = makeClient(srv.url);
      await client.auth.signUp({ email, password: PASSWORD });
      const newEmail = uniqueEmail('moved');
      expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
      const code = mailCode(await inbox.next(newEmail));
      const { data, error } = await client.auth.verifyOtp({ email: newEmail, token: code, type: 'email_change' });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(newEmail);
      expect(await inbox.list(email)).toEqual([]);
    });
  },
);
