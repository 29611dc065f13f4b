// Account recovery through the real supabase-js client and real mail (a real SMTP catcher): password reset,
// magic links and 6-digit codes, single use and expiry of mailed tokens, and reauthentication.
import { describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../server/lib/config.ts';
import { PASSWORD, api, backends, errorView, makeClient, signedUpClient, suiteServer, uniqueEmail } from './helpers.ts';
import { mailCode, mailLink, openLink, suiteInbox } from './mail-helpers.ts';

const SITE = 'http://localhost:5173';
const NEW_PASSWORD = 'battery-staple-77';

describe.each(backends)('password recovery and sign-in by mail on %s', (backend) => {
  const overrides: Partial<ServerConfig> = { siteUrl: SITE, emailMaxFrequencySec: 60 };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);
  /** Moves past the per-address mail interval, so the next request of this kind sends again. */
  const nextMinute = () => srv.clock.advance(61);

  it('resets a password: mail in the catcher, link, new password; the old one fails', async () => {
    const { email } = await signedUpClient(srv.url);
    const client = makeClient(srv.url);
    const { data, error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/reset-password` });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await inbox.next(email);
    expect(mail.subject).toBe('QRCraft: Reset your password');
    expect(mail.from).toContain('noreply@qrcraft.test');
    expect(mail.text).toContain('Set a new password: ');
    expect(mail.html).toContain('QRCraft');
    expect(mail.html).toContain('Set a new password</a>');
    const link = mailLink(mail);
    expect(link.startsWith(`${srv.url}/auth/v1/verify?token=`)).toBe(true);
    expect(link).toContain('type=recovery');

    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.location.startsWith(`${SITE}/reset-password#`)).toBe(true);
    expect(opened.fragment.get('type')).toBe('recovery');
    expect(opened.fragment.get('token_type')).toBe('bearer');
    const recovered = makeClient(srv.url);
    const set = await recovered.auth.setSession({
      access_token: opened.fragment.get('access_token')!,
      refresh_token: opened.fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    expect((await recovered.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();

    const withNew = await makeClient(srv.url).auth.signInWithPassword({ email, password: NEW_PASSWORD });
    expect(withNew.error).toBeNull();
    const withOld = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(errorView(withOld.error)).toMatchObject({ status: 400, code: 'invalid_credentials' });

    // The link worked once: a second visit lands on the app with GoTrue's error fragment.
    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(again.location.startsWith(`${SITE}/reset-password#`)).toBe(true);
    expect(Object.fromEntries(again.fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('verifies the mailed code once; a reused or wrong code is refused', async () => {
    const { email } = await signedUpClient(srv.url);
    const client = makeClient(srv.url);
    nextMinute();
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const code = mailCode(await inbox.next(email));
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await client.auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'recovery',
    });
    expect(errorView(wrong.error)).toEqual({
      name: 'AuthApiError',
      message: 'Token has expired or is invalid',
      status: 403,
      code: 'otp_expired',
    });
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const ok = await client.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');
    const reused = await makeClient(srv.url).auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(errorView(reused.error)).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('a newer mail replaces the previous token', async () => {
    const { email } = await signedUpClient(srv.url);
    nextMinute();
    await makeClient(srv.url).auth.resetPasswordForEmail(email);
    const first = await inbox.next(email);
    nextMinute();
    await makeClient(srv.url).auth.resetPasswordForEmail(email);
    const second = await inbox.next(email, 1);
    expect(mailLink(second)).not.toBe(mailLink(first));
    expect((await openLink(mailLink(first))).fragment.get('error_code')).toBe('otp_expired');
    expect((await openLink(mailLink(second))).fragment.get('access_token')).toBeTruthy();
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const { email: known } = await signedUpClient(srv.url);
    const unknown = uniqueEmail('nobody');
    nextMinute();
    const body = JSON.stringify({ email: unknown });
    const forUnknown = await api(srv.url, '/auth/v1/recover', { method: 'POST', body });
    const forKnown = await api(srv.url, '/auth/v1/recover', { method: 'POST', body: JSON.stringify({ email: known }) });
    expect(forUnknown.status).toBe(200);
    expect([forUnknown.status, forUnknown.text]).toEqual([forKnown.status, forKnown.text]);
    await inbox.next(known);
    expect(await inbox.list(unknown)).toEqual([]);
  });

  it('one mail per address per SMTP_MAX_FREQUENCY, known address or not (429 over_email_send_rate_limit)', async () => {
    const { email: known } = await signedUpClient(srv.url);
    const unknown = uniqueEmail('nobody');
    nextMinute();
    for (const email of [known, unknown]) {
      expect((await makeClient(srv.url).auth.resetPasswordForEmail(email)).error).toBeNull();
      srv.clock.advance(15);
      const { error } = await makeClient(srv.url).auth.resetPasswordForEmail(email);
      expect(errorView(error)).toEqual({
        name: 'AuthApiError',
        message: 'For security purposes, you can only request this after 45 seconds.',
        status: 429,
        code: 'over_email_send_rate_limit',
      });
    }
    srv.clock.advance(46);
    expect((await makeClient(srv.url).auth.resetPasswordForEmail(known)).error).toBeNull();
    await inbox.next(known, 1);
    expect(await inbox.list(known)).toHaveLength(2);
  });

  it('signs in with a magic link, and with the 6-digit code of the same mail (AMR otp)', async () => {
    const { email } = await signedUpClient(srv.url);
    nextMinute();
    const client = makeClient(srv.url);
    const sent = await client.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: `${SITE}/dashboard` },
    });
    expect(sent.error).toBeNull();
    const mail = await inbox.next(email);
    expect(mail.subject).toBe('QRCraft: Your sign-in link');
    const opened = await openLink(mailLink(mail));
    expect(opened.location.startsWith(`${SITE}/dashboard#`)).toBe(true);
    expect(opened.fragment.get('type')).toBe('magiclink');
    const claims = JSON.parse(Buffer.from(opened.fragment.get('access_token')!.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('otp');

    nextMinute();
    await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const code = mailCode(await inbox.next(email, 1));
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });

  it('signInWithOtp signs a new address up (create_user), and refuses it with shouldCreateUser: false', async () => {
    const refused = await makeClient(srv.url).auth.signInWithOtp({
      email: uniqueEmail('new'),
      options: { shouldCreateUser: false },
    });
    expect(errorView(refused.error)).toEqual({
      name: 'AuthApiError',
      message: 'Signups not allowed for otp',
      status: 422,
      code: 'otp_disabled',
    });
    const email = uniqueEmail('new');
    const client = makeClient(srv.url);
    expect((await client.auth.signInWithOtp({ email, options: { data: { full_name: 'Grace' } } })).error).toBeNull();
    const code = mailCode(await inbox.next(email));
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Grace', email_verified: true });
    // The account has no password: a password sign-in fails like any wrong password.
    const password = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(errorView(password.error)).toMatchObject({ code: 'invalid_credentials' });
  });

  it('reauthenticate mails a nonce that a password change accepts once', async () => {
    const { client, email } = await signedUpClient(srv.url);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await inbox.next(email);
    expect(mail.subject).toBe('QRCraft: Confirm it is you');
    const nonce = mailCode(mail);
    expect((await client.auth.updateUser({ password: NEW_PASSWORD, nonce })).error).toBeNull();
    const reused = await client.auth.updateUser({ password: 'another-one-99', nonce });
    expect(errorView(reused.error)).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
      message: 'Nonce has expired or is invalid',
    });
  });

  it('redirect_to outside SITE_URL falls back to SITE_URL', async () => {
    const { email } = await signedUpClient(srv.url);
    nextMinute();
    await makeClient(srv.url).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const opened = await openLink(mailLink(await inbox.next(email)));
    expect(opened.location.startsWith(`${SITE}#`)).toBe(true);
  });
});

describe.each(backends)('mailed tokens expire (MAILER_OTP_EXP) on %s', (backend) => {
  // A short, configured lifetime: two minutes.
  const overrides: Partial<ServerConfig> = { siteUrl: SITE, mailer: loadConfig({ MAILER_OTP_EXP: '120' }).mailer };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);

  it('a link and a code older than MAILER_OTP_EXP are refused', async () => {
    const { email } = await signedUpClient(srv.url);
    await makeClient(srv.url).auth.resetPasswordForEmail(email);
    const mail = await inbox.next(email);
    expect(mail.text).toContain('It works once, for 2 minutes.');
    srv.clock.advance(121);
    const opened = await openLink(mailLink(mail));
    expect(opened.fragment.get('error_code')).toBe('otp_expired');
    expect(opened.fragment.get('error_description')).toBe('Email link is invalid or has expired');
    const code = await makeClient(srv.url).auth.verifyOtp({ email, token: mailCode(mail), type: 'recovery' });
    expect(errorView(code.error)).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('one second before the end it still works', async () => {
    const { email } = await signedUpClient(srv.url);
    srv.clock.advance(2);
    await makeClient(srv.url).auth.resetPasswordForEmail(email);
    const mail = await inbox.next(email);
    srv.clock.advance(119);
    expect((await openLink(mailLink(mail))).fragment.get('access_token')).toBeTruthy();
  });
});
