// The Supabase Edge Function `r` (supabase/functions/r) run for real: under Deno, with its own deno.json, against
// the local server as its SUPABASE_URL with a service_role key, as the platform runs it against a project. It must
// pass the same redirect, scan-counting, scan-rules and page-file cases as the local server's /r/:slug
// (redirect-cases.ts, scan-rules-cases.ts, page-files-cases.ts), on both
// backends. Deno fetches the function's npm: packages from the registry into node_modules/.cache/deno (DENO_DIR):
// the first run downloads them (hence the long start timeout), later runs start from that cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENO_DIR, functionDir, runDeno } from './deno.ts';
import { backends, serviceRoleKey, signedUpClient, suiteServer } from './helpers.ts';
import { redirectCases, scanCountingCases } from './redirect-cases.ts';
import { feedbackEventBusinessCases } from './feedback-event-business-cases.ts';
import { pageFilesCases } from './page-files-cases.ts';
import { scanRulesCases } from './scan-rules-cases.ts';

const FUNCTION_DIR = functionDir('r');
/** A first run downloads supabase-js, isbot, ua-parser-js and geoip-country (its data is ~7 MB). */
const START_TIMEOUT_MS = 300_000;

interface RunningFunction {
  /** Its origin, e.g. http://127.0.0.1:40123 (it serves /r/<slug> there). */
  url: string;
  /** What it printed after it started listening: every line is an unexpected error. */
  errors(): string[];
  stop(): Promise<void>;
}

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const LISTENING = /redirect function listening on (http:\/\/[^/\s]+)\//;

/**
 * Starts index.ts as Supabase would give it the project's URL and service key, on a free loopback port (PORT=0:
 * Deno.serve does not read PORT itself, index.ts passes it on), and waits for its "listening" line.
 */
async function startFunction(supabaseUrl: string): Promise<RunningFunction> {
  const deno = runDeno(
    FUNCTION_DIR,
    // Network only to loopback (the local server, and listening); reads only the npm cache (geoip-country's data).
    ['run', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env', `--allow-read=${DENO_DIR}`, 'index.ts'],
    { SUPABASE_URL: supabaseUrl, SUPABASE_SERVICE_ROLE_KEY: await serviceRoleKey(), PORT: '0', HOST: '127.0.0.1' },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = LISTENING.exec(deno.output());
      if (m) resolve(m[1]!);
    };
    deno.child.stdout!.on('data', check);
    void deno.exited.then((code) => reject(new Error(`deno exited (${code}) before listening:\n${deno.output()}`)));
  });
  return {
    url,
    errors: () => {
      const out = deno.output();
      const listened = LISTENING.exec(out)!;
      return out
        .slice(out.indexOf('\n', listened.index) + 1)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    },
    stop: async () => {
      deno.child.kill('SIGTERM');
      await deno.exited;
    },
  };
}

describe('the Edge Function under Deno', () => {
  it('type-checks with deno check against its deno.json', async () => {
    const check = runDeno(FUNCTION_DIR, ['check', 'index.ts']);
    const code = await check.exited;
    expect({ code, output: code === 0 ? '' : check.output() }).toEqual({ code: 0, output: '' });
  });
});

describe.each(backends)('the Edge Function r under Deno on %s', (backend) => {
  const srv = suiteServer(backend);
  let fn: RunningFunction | undefined;
  beforeAll(async () => {
    fn = await startFunction(srv.url);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await fn?.stop();
  });
  const running = () => {
    if (!fn) throw new Error('the function is started in beforeAll');
    return fn;
  };
  const target = {
    srv,
    urlOf: (slug: string) => `${running().url}/r/${slug}`,
    errors: () => [...srv.logs, ...running().errors()],
  };

  redirectCases(target);
  scanCountingCases(target);
  scanRulesCases(target);
  pageFilesCases(target);
  // Feedback, Event and Business pages (issue 33): the form and thank-you page, the .ics, the opening hours.
  feedbackEventBusinessCases(target);

  it('answers at the path Supabase gives it (/functions/v1/r/<slug>) as at /r/<slug>', async () => {
    const { client } = await signedUpClient(srv.url);
    const { data: code } = await client
      .from('qr_codes')
      .insert({ name: 'Edge', destination: 'https://example.com/edge', is_dynamic: true })
      .select('id, slug')
      .single();
    const { id, slug } = code as { id: string; slug: string };
    for (const path of [`/functions/v1/r/${slug}`, `/r/${slug}`, `/r/${slug}/`]) {
      const res = await fetch(`${running().url}${path}`, {
        redirect: 'manual',
        // (Without a browser's User-Agent, fetch sends "node", which isbot rightly takes for a bot.)
        headers: { 'User-Agent': PHONE, 'X-Forwarded-For': '8.8.8.8, 10.0.0.1' },
      });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('https://example.com/edge');
    }
    // X-Forwarded-For's first entry is the client: 8.8.8.8 resolves to the US.
    const rows = await srv.server.db.query<{ country: string | null }>(
      'SELECT country FROM public.scan_events WHERE qr_code_id = $1',
      [id],
    );
    expect(rows).toEqual([{ country: 'US' }, { country: 'US' }, { country: 'US' }]);
    expect(target.errors()).toEqual([]);
  });
});
