// GET /r/:slug on the local server: the shared redirect cases (redirect-cases.ts: 1,000 scans from varied
// User-Agents, all recorded and counted exactly by the aggregation functions; destination edits apply at once;
// paused, static and unknown slugs get the 404 page), plus the runtime-neutral handler with injected dependencies
// (country lookup, private addresses).
import { describe, expect, it } from 'vitest';
import { countryOf, localVisitorDigest } from '../../server/redirect/local.ts';
import {
  createRedirectHandler,
  isPrivateAddress,
  visitorDigest,
  type CodeLookup,
  type ScanInput,
  type ScanOutcome,
} from '../../server/redirect/handler.ts';
import { loadConfig } from '../../server/lib/config.ts';
import { backends, suiteServer } from './helpers.ts';
import { redirectCases } from './redirect-cases.ts';

describe.each(backends)('redirect /r/:slug on %s', (backend) => {
  // The client address comes from X-Forwarded-For, as behind Supabase's gateway (redirect-cases.ts).
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-forwarded-for' },
  });
  redirectCases({ srv, urlOf: (slug) => `${srv.url}/r/${slug}`, errors: () => srv.logs });
});

/** What only codes with settings or a password use: never reached by these plain codes. */
const unusedRuledDeps = {
  recordOutcome: () => Promise.reject(new Error('not a ruled code')),
  claimPasswordAttempt: () => Promise.reject(new Error('not a ruled code')),
  releasePasswordAttempt: () => Promise.reject(new Error('not a ruled code')),
  recordLinkClick: () => Promise.reject(new Error('not a page')),
  submitFeedback: () => Promise.reject(new Error('not a page')),
  verifyPassword: () => Promise.reject(new Error('not a ruled code')),
  signFile: () => Promise.reject(new Error('not a page')),
  readFile: () => Promise.reject(new Error('not a page')),
  cookieSecret: 'x'.repeat(32),
};

describe('redirect handler (runtime-neutral, injected dependencies)', () => {
  const make = (address: string | null, destination: string | null = 'https://example.com/x') => {
    const recorded: ScanInput[] = [];
    const found = destination === null ? null : { destination, ruled: null };
    const handler = createRedirectHandler({
      ...unusedRuledDeps,
      recordScan: (s) => {
        recorded.push(s);
        return Promise.resolve(found);
      },
      lookupCode: () => Promise.resolve(found),
      isBot: () => false,
      parseUserAgent: () => ({ deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari' }),
      lookupCountry: countryOf,
      clientAddress: () => address,
    });
    return { handler, recorded };
  };

  it('resolves public addresses to a country with the offline database, never passing the address on', async () => {
    for (const [address, country] of [
      ['81.2.69.160', 'GB'],
      ['8.8.8.8', 'US'],
      ['2a00:1450:4001:80b::200e', 'DE'],
      ['127.0.0.1', null],
      ['10.1.2.3', null],
      ['192.168.0.10', null],
      ['::1', null],
      ['fd00::1', null],
      ['::ffff:127.0.0.1', null],
    ] as const) {
      const { handler, recorded } = make(address);
      const res = await handler(new Request('https://project.supabase.co/functions/v1/r/abcd1234'));
      expect(res.status).toBe(302);
      expect(recorded).toEqual([
        {
          slug: 'abcd1234',
          country,
          visitor: expect.stringMatching(/^[0-9a-f]{64}$/),
          deviceType: 'mobile',
          os: 'iOS',
          browser: 'Mobile Safari',
        },
      ]);
      expect(JSON.stringify(recorded)).not.toContain(address);
    }
  });

  it('decides the next scans of a code with settings on the copy it looked up: one call each until it changes', async () => {
    const calls: string[] = [];
    let version = 'v1';
    const lookup = (): CodeLookup => ({
      destination: 'https://example.com/default',
      ruled: {
        codeId: '00000000-0000-4000-8000-000000000001',
        paused: false,
        settings: JSON.stringify({
          v: 1,
          rules: [{ if: [{ type: 'device', in: ['ios'] }], to: `https://example.com/${version}` }],
        }),
        passwordSetAt: null,
        capUsed: null,
        bucket: 10,
        version,
        page: null,
      },
    });
    const outcomes: ScanOutcome[] = [];
    const handler = createRedirectHandler({
      ...unusedRuledDeps,
      recordScan: () => {
        calls.push('lookup');
        return Promise.resolve(lookup());
      },
      lookupCode: () => Promise.resolve(lookup()),
      recordOutcome: (o) => {
        calls.push('outcome');
        outcomes.push(o);
        const stale = o.version !== null && o.version !== version;
        return Promise.resolve({ stored: !stale, variant: null, stale });
      },
      isBot: () => false,
      parseUserAgent: () => ({ deviceType: 'mobile', os: 'iOS', browser: 'Mobile Safari' }),
      lookupCountry: () => null,
      clientAddress: () => '81.2.69.160',
    });
    const where = async () => (await handler(new Request('https://example.org/r/abcd1234'))).headers.get('location');
    expect([await where(), await where(), await where()]).toEqual(Array(3).fill('https://example.com/v1'));
    expect(calls).toEqual(['lookup', 'outcome', 'outcome', 'outcome']);
    expect(outcomes.map((o) => o.version)).toEqual([null, 'v1', 'v1']);
    version = 'v2';
    calls.length = 0;
    expect(await where()).toBe('https://example.com/v2');
    // The stale outcome stored nothing; the fresh lookup's outcome is stored, then the copy is used again.
    expect(calls).toEqual(['outcome', 'lookup', 'outcome']);
    expect(await where()).toBe('https://example.com/v2');
    expect(calls).toEqual(['outcome', 'lookup', 'outcome', 'outcome']);
  });

  it("hashes a visitor with Node's SHA-256 exactly as with Web Crypto (the Edge Function's)", async () => {
    const samples = [
      ['81.2.69.160', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)'],
      ['2a00:1450::1', ''],
      ['203.0.113.9', 'Grüße 東京 \u{1F600} "quoted" \\ back\nslash'],
    ];
    for (const [address, agent] of samples) {
      const local = localVisitorDigest(address!, agent!);
      expect(local).toMatch(/^[0-9a-f]{64}$/);
      expect(local).toBe(await visitorDigest(address!, agent!));
    }
  });

  it('classifies private ranges', () => {
    expect(
      [
        '127.0.0.1',
        '10.0.0.1',
        '172.16.5.4',
        '172.31.255.255',
        '192.168.1.1',
        '169.254.1.1',
        '100.64.0.1',
        '::1',
        'fe80::1',
        'fc00::1',
        'unknown',
      ].every(isPrivateAddress),
    ).toBe(true);
    expect(['8.8.8.8', '172.32.0.1', '81.2.69.160', '2a00:1450::1'].some(isPrivateAddress)).toBe(false);
  });

  it('answers 404 when record_scan returns null, 503 (not a crash) when it fails, and refuses unsafe targets', async () => {
    expect((await make(null, null).handler(new Request('http://x/r/abcd1234'))).status).toBe(404);
    expect((await make(null, 'javascript:alert(1)').handler(new Request('http://x/r/abcd1234'))).status).toBe(404);
    const failing = createRedirectHandler({
      ...unusedRuledDeps,
      recordScan: () => Promise.reject(new Error('db down')),
      lookupCode: () => Promise.reject(new Error('db down')),
      isBot: () => false,
      parseUserAgent: () => ({ deviceType: 'other', os: null, browser: null }),
      lookupCountry: () => null,
      clientAddress: () => null,
    });
    expect((await failing(new Request('http://x/r/abcd1234'))).status).toBe(503);
  });
});
