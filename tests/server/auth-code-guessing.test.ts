// Mailed 6-digit codes cannot be guessed (issue 36, defect 2): a wrong code counts against the token mailed to
// that address (five wrong codes burn it) and against the address (a wrong-code budget, whatever the client
// address); /verify, /otp and /recover are throttled per address as well as per IP; and a mailed link's token
// cannot be computed from the address and a code.
import { describe, expect, it } from 'vitest';
import { tokenHash } from '../../server/auth/one-time-tokens.ts';
import { loadConfig, type ServerConfig } from '../../server/lib/config.ts';
import { PASSWORD, api, backends, errorView, makeClient, signedUpClient, suiteServer } from './helpers.ts';
import { mailCode, mailLink, openLink, suiteInbox } from './mail-helpers.ts';

const SITE = 'http://localhost:5173';

/** A six-digit code that is not `code`. */
const wrongCode = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

describe.each(backends)('guessing mailed codes, rate limits off, on %s', (backend) => {
  const overrides: Partial<ServerConfig> = { siteUrl: SITE, emailMaxFrequencySec: 60 };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);
  let seen = new Map<string, number>();

  /** Asks for a recovery code for `email` and returns it (the per-address mail interval is moved past first). */
  const recoveryCode = async (email: string) => {
    srv.clock.advance(61);
    expect((await makeClient(srv.url).auth.resetPasswordForEmail(email)).error).toBeNull();
    const n = seen.get(email) ?? 0;
    seen = new Map(seen).set(email, n + 1);
    return inbox.next(email, n);
  };
  const verify = (email: string, token: string) =>
    makeClient(srv.url).auth.verifyOtp({ email, token, type: 'recovery' });

  it('five wrong codes burn the token: the real code is then refused and a new one must be requested', async () => {
    const { email } = await signedUpClient(srv.url);
    const code = mailCode(await recoveryCode(email));
    for (let i = 0; i < 5; i += 1) {
      const { error } = await verify(email, wrongCode(code, i));
      expect(errorView(error), `wrong code ${i + 1}`).toMatchObject({ status: 403, code: 'otp_expired' });
    }
    const burned = await verify(email, code);
    expect(errorView(burned.error)).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });

    const fresh = mailCode(await recoveryCode(email));
    const { data, error } = await verify(email, fresh);
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });

  it('four wrong codes leave the token usable; wrong codes for another address do not count against it', async () => {
    const { email } = await signedUpClient(srv.url);
    const { email: other } = await signedUpClient(srv.url);
    const code = mailCode(await recoveryCode(email));
    for (let i = 0; i < 4; i += 1) expect((await verify(email, wrongCode(code, i))).error).not.toBeNull();
    for (let i = 0; i < 5; i += 1) expect((await verify(other, wrongCode(code, i))).error).not.toBeNull();
    const { error } = await verify(email, code);
    expect(error).toBeNull();
  });

  it('concurrent wrong codes cannot check more than five guesses against one token', async () => {
    const { email } = await signedUpClient(srv.url);
    const code = mailCode(await recoveryCode(email));
    // Eight at once: within the address's budget of ten wrong codes, so each one reaches the token.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => verify(email, wrongCode(code, i))));
    for (const { error } of answers) expect(errorView(error)).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(errorView((await verify(email, code)).error)).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('a wrong reauthentication nonce counts against that nonce: five burn it', async () => {
    const { client, email } = await signedUpClient(srv.url);
    srv.clock.advance(61);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = mailCode(await inbox.next(email));
    for (let i = 0; i < 5; i += 1) {
      const { error } = await client.auth.updateUser({ password: `another-pass-${i}`, nonce: wrongCode(nonce, i) });
      expect(errorView(error)).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    }
    const { error } = await client.auth.updateUser({ password: 'another-pass-ok', nonce });
    expect(errorView(error)).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it("a mailed link's token is not sha224(address + code): knowing the address, a code guess gives no link", async () => {
    const { email } = await signedUpClient(srv.url);
    const mail = await recoveryCode(email);
    const code = mailCode(mail);
    const link = new URL(mailLink(mail));
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    expect(link.searchParams.get('token')).not.toBe(tokenHash(email, code));
    const guessed = new URL(link);
    guessed.searchParams.set('token', tokenHash(email, code));
    expect((await openLink(guessed.toString())).fragment.get('error_code')).toBe('otp_expired');
    const byHash = await api(srv.url, '/auth/v1/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'recovery', token_hash: tokenHash(email, code) }),
    });
    expect(byHash.status).toBe(403);
    // The real link and the real code both still work (the guesses above name no address, so burn nothing).
    expect((await openLink(link.toString())).fragment.get('access_token')).toBeTruthy();
  });

  it('the wrong-code budget of an address holds across tokens, even with rate limits off', async () => {
    const { email } = await signedUpClient(srv.url);
    const statuses: number[] = [];
    // Two tokens' worth of wrong codes (five each) spend the address's budget of ten.
    for (let round = 0; round < 2; round += 1) {
      const code = mailCode(await recoveryCode(email));
      for (let i = 0; i < 5; i += 1)
        statuses.push(errorView((await verify(email, wrongCode(code, i))).error).status as number);
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 403));
    const code = mailCode(await recoveryCode(email));
    const limited = await verify(email, code);
    expect(errorView(limited.error)).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // The budget refills at ten per hour: after six minutes one more code is checked, and this one is right.
    srv.clock.advance(6 * 60);
    expect((await verify(email, code)).error).toBeNull();
  });
});

describe.each(backends)('per-address limits behind a trusted forwarding header on %s', (backend) => {
  const base = loadConfig({});
  const overrides: Partial<ServerConfig> = {
    siteUrl: SITE,
    emailMaxFrequencySec: 0,
    rateLimits: { ...base.rateLimits, enabled: true, ipHeader: 'X-Forwarded-For' },
  };
  suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);
  let ip = 0;
  /** Every request from a new client address, as an attacker who sets the forwarding header would send. */
  const fromNewIp = (path: string, body: unknown) =>
    api(srv.url, path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'X-Forwarded-For': `10.0.${Math.floor(++ip / 250)}.${ip % 250}` },
    });

  it('counts wrong codes per address, whatever the client address: the eleventh within the hour is refused', async () => {
    const { email } = await signedUpClient(srv.url);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await fromNewIp('/auth/v1/verify', { type: 'email', email, token: wrongCode('0', i) })).status);
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 403));
    const limited = await fromNewIp('/auth/v1/verify', { type: 'email', email, token: '123456' });
    expect([limited.status, limited.body]).toEqual([
      429,
      { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    ]);
  });

  it('limits mail requests (/recover, /otp) per address, known or not, whatever the client address', async () => {
    const { email: known } = await signedUpClient(srv.url);
    for (const [address, paths] of [
      [known, ['/auth/v1/recover', '/auth/v1/otp']],
      ['nobody-per-address@example.com', ['/auth/v1/recover']],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        statuses.push((await fromNewIp(paths[i % paths.length]!, { email: address, create_user: false })).status);
      }
      expect(statuses, address).toEqual(Array.from({ length: 30 }, () => 200));
      const after = await fromNewIp('/auth/v1/recover', { email: address });
      expect([after.status, after.body], address).toEqual([
        429,
        { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
      ]);
    }
  });
});
