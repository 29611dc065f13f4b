// What the mail-sending routes tell an attacker: the per-IP limits (contract §10.3), and whether an address
// has an account, which neither the answer nor its timing may reveal.
import { describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../server/lib/config.ts';
import { api, backends, signedUpClient, suiteServer, uniqueEmail } from './helpers.ts';
import { suiteInbox } from './mail-helpers.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe.each(backends)('mail limits per IP on %s', (backend) => {
  const base = loadConfig({ RATE_LIMIT_EMAIL_SENT: '3' });
  const overrides: Partial<ServerConfig> = {
    rateLimits: { ...base.rateLimits, enabled: true },
    mailRateLimits: base.mailRateLimits,
  };
  suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);

  it('RATE_LIMIT_EMAIL_SENT mail requests per IP per hour, known or unknown address alike', async () => {
    const { email: known } = await signedUpClient(srv.url);
    const answers: Array<[number, unknown]> = [];
    for (const email of [known, uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c'), uniqueEmail('e')]) {
      const res = await api(srv.url, '/auth/v1/recover', { method: 'POST', body: JSON.stringify({ email }) });
      answers.push([res.status, res.body]);
    }
    expect(answers.slice(0, 3)).toEqual([
      [200, {}],
      [200, {}],
      [200, {}],
    ]);
    const limited = [429, { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' }];
    expect(answers.slice(3)).toEqual([limited, limited]);
    // The bucket refills at 3 per hour: one request again after 21 minutes.
    srv.clock.advance(21 * 60);
    const later = await api(srv.url, '/auth/v1/recover', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('d') }),
    });
    expect(later.status).toBe(200);
  });
});

describe.each(backends)('recover takes as long for unknown addresses on %s', (backend) => {
  // No per-address interval here: the same two addresses are asked for again and again.
  const overrides: Partial<ServerConfig> = { emailMaxFrequencySec: 0 };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);

  it('the medians of known and unknown addresses are within a factor of 3 of each other', async () => {
    const { email: known } = await signedUpClient(srv.url);
    const unknown = uniqueEmail('nobody');
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const ask = async (which: 'known' | 'unknown') => {
      const body = JSON.stringify({ email: which === 'known' ? known : unknown });
      const start = performance.now();
      const res = await api(srv.url, '/auth/v1/recover', { method: 'POST', body });
      times[which].push(performance.now() - start);
      expect([res.status, res.text]).toEqual([200, '{}']);
    };
    for (let i = 0; i < 3; i += 1) await ask(i % 2 ? 'known' : 'unknown'); // warm-up, not measured
    times.known = [];
    times.unknown = [];
    for (let i = 0; i < 40; i += 1) await ask(i % 2 ? 'known' : 'unknown');
    const ratio = median(times.known) / median(times.unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
    // The known address got its mails (sent after each answer), the unknown none.
    expect((await inbox.next(known)).subject).toBe('QRCraft: Reset your password');
    expect(await inbox.list(unknown)).toEqual([]);
  });
});

describe.each(backends)('concurrent sign-in links for one new address on %s', (backend) => {
  const overrides: Partial<ServerConfig> = { emailMaxFrequencySec: 0 };
  const inbox = suiteInbox(overrides);
  const srv = suiteServer(backend, overrides);

  it('signs the address up once and answers every request with 200', async () => {
    const email = uniqueEmail('race');
    const body = JSON.stringify({ email, create_user: true });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api(srv.url, '/auth/v1/otp', { method: 'POST', body })),
    );
    expect(answers.map((a) => [a.status, a.text])).toEqual(Array.from({ length: 6 }, () => [200, '{}']));
    const users = await srv.server.db.query('SELECT id FROM auth.users WHERE email = $1', [email]);
    expect(users).toHaveLength(1);
    expect((await inbox.next(email)).subject).toBe('QRCraft: Your sign-in link');
  });
});
