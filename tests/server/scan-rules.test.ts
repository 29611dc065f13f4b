// Codes with scan settings on the local server's /r/:slug (scan-rules-cases.ts), and hosted pages' files at
// /r/<slug>/file/<n> (page-files-cases.ts); the Edge Function runs the same cases in edge-function.test.ts. On PGlite
// and, with DATABASE_URL, on PostgreSQL.
import { describe } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { backends, suiteServer } from './helpers.ts';
import { feedbackEventBusinessCases } from './feedback-event-business-cases.ts';
import { pageFilesCases } from './page-files-cases.ts';
import { scanRulesCases } from './scan-rules-cases.ts';

describe.each(backends)('scan rules on /r/:slug on %s', (backend) => {
  // The client address comes from X-Forwarded-For, as behind Supabase's gateway (redirect-cases.ts).
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-forwarded-for' },
  });
  const target = { srv, urlOf: (slug: string) => `${srv.url}/r/${slug}`, errors: () => srv.logs };
  scanRulesCases(target);
  // Hosted pages' files at /r/<slug>/file/<n>: the same kind of redirect answer, so the same server.
  pageFilesCases(target);
  // Feedback, Event and Business pages (issue 33): the form and thank-you page, the .ics, the opening hours.
  feedbackEventBusinessCases(target);
});
