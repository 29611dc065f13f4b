// Honest counts through the real redirect (issue 14): the shared cases of redirect-cases.ts against the local
// server's GET /r/:slug. Bots, link previewers, HEAD requests and prefetches get their 302 but are not counted;
// unique scans per code and UTC day come from a salted hash of address + User-Agent, the salt rotates daily and
// the old one is destroyed with its hashes; no address is stored.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { isPrefetch } from '../../server/redirect/handler.ts';
import { backends, suiteServer } from './helpers.ts';
import { scanCountingCases } from './redirect-cases.ts';

describe.each(backends)('honest scan counts on %s', (backend) => {
  // The client address comes from X-Forwarded-For, as behind Supabase's gateway (redirect-cases.ts).
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-forwarded-for' },
  });
  scanCountingCases({ srv, urlOf: (slug) => `${srv.url}/r/${slug}`, errors: () => srv.logs });
});

describe('prefetch markers', () => {
  it('recognises prefetch headers and nothing else', () => {
    const h = (init: Record<string, string>) => isPrefetch(new Headers(init));
    expect(h({ 'Sec-Purpose': 'prefetch' })).toBe(true);
    expect(h({ 'sec-purpose': 'Prefetch;anonymous-client-ip' })).toBe(true);
    expect(h({ Purpose: 'prefetch' })).toBe(true);
    expect(h({})).toBe(false);
    expect(h({ 'Sec-Purpose': 'navigate' })).toBe(false);
    expect(h({ 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' })).toBe(false);
  });
});
