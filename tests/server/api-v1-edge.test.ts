// The Edge Function `api` (supabase/functions/api) run for real: under Deno with its own deno.json, against the
// local server as its project (SUPABASE_URL, the service and anon keys, API_JWT_SECRET), on both backends. Keys
// are made through supabase-js as Settings makes them; the function's answers are compared with the local
// server's /api/v1, which runs the same app over SQL: the same codes, the same SVG, RLS between users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENO_DIR, functionDir, runDeno, type DenoProcess } from './deno.ts';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../server/lib/config.ts';
import { backends, serviceRoleKey, signedUpClient, suiteServer } from './helpers.ts';
import { apiCall, createApiKey } from './api-v1-helpers.ts';
import { KEY_CACHE_TTL_MS } from '../../src/shared/handlers/api/key-cache.ts';
import { qpdfCheck } from '../helpers/qpdfCheck.ts';

const FUNCTION_DIR = functionDir('api');
/** A first run downloads hono, @hono/zod-openapi, zod, jose and supabase-js into DENO_DIR. */
const START_TIMEOUT_MS = 300_000;
const LISTENING = /api function listening on (http:\/\/[^/\s]+)\//;

describe('the api Edge Function under Deno', () => {
  it(
    'type-checks with deno check against its deno.json',
    async () => {
      const check = runDeno(FUNCTION_DIR, ['check', 'index.ts']);
      const code = await check.exited;
      expect({ code, output: code === 0 ? '' : check.output() }).toEqual({ code: 0, output: '' });
    },
    START_TIMEOUT_MS,
  );
});

describe.each(backends)('the api Edge Function on %s', (backend) => {
  const srv = suiteServer(backend);
  let deno: DenoProcess | undefined;
  let fnUrl = '';
  beforeAll(async () => {
    deno = runDeno(
      FUNCTION_DIR,
      ['run', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env', `--allow-read=${DENO_DIR}`, 'index.ts'],
      {
        SUPABASE_URL: srv.url,
        SUPABASE_ANON_KEY: DEMO_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: await serviceRoleKey(),
        API_JWT_SECRET: DEMO_JWT_SECRET,
        PORT: '0',
        HOST: '127.0.0.1',
      },
    );
    const running = deno;
    fnUrl = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = LISTENING.exec(running.output());
        if (m) resolve(m[1]!);
      };
      running.child.stdout!.on('data', check);
      void running.exited.then((code) =>
        reject(new Error(`deno exited (${code}) before listening:\n${running.output()}`)),
      );
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    deno?.child.kill('SIGTERM');
    await deno?.exited;
  });
  /** What the function printed after it started listening: every line is an unexpected error. */
  const errors = () => {
    const out = deno?.output() ?? '';
    return out
      .slice(out.indexOf('\n', LISTENING.exec(out)?.index ?? 0) + 1)
      .split('\n')
      .filter((line) => line.trim());
  };

  it('lists the key owner’s codes as the local server does, and nobody else’s', async () => {
    const owner = await signedUpClient(srv.url);
    const { key } = await createApiKey(owner.client, 'edge');
    // One at a time: the dynamic code is the newer, so it is listed first.
    const rows: Array<Record<string, unknown>> = [
      { name: 'Static', content: 'https://example.com/static' },
      { name: 'Dynamic', destination: 'https://example.com/dynamic', is_dynamic: true },
    ];
    for (const row of rows) {
      const inserted = await owner.client.from('qr_codes').insert(row);
      expect(inserted.error).toBeNull();
    }
    const other = await signedUpClient(srv.url);
    const otherKey = (await createApiKey(other.client, 'other')).key;

    const local = await apiCall(srv.url, '/api/v1/codes', { key });
    for (const path of ['/api/codes', '/functions/v1/api/codes']) {
      const edge = await apiCall(fnUrl, path, { xApiKey: key });
      expect(edge.status, path).toBe(200);
      expect(edge.headers.get('ratelimit-limit')).toBe('120');
      const shortUrls = (edge.body as { data: Array<{ short_url: string | null }> }).data.map((c) => c.short_url);
      expect(shortUrls).toEqual([expect.stringMatching(/\/functions\/v1\/r\/[A-Za-z0-9_-]+$/), null]);
      // The same rows, fields and timestamps as the local server's SQL store; only the short URL's base differs.
      const strip = (body: unknown) => ({
        ...(body as object),
        data: (body as { data: object[] }).data.map((c) => ({ ...c, short_url: null })),
      });
      expect(strip(edge.body)).toEqual(strip(local.body));
    }
    const foreign = await apiCall(fnUrl, '/api/codes', { key: otherKey });
    expect(foreign.body).toMatchObject({ data: [], pagination: { total: 0 } });
    const id = (local.body as { data: Array<{ id: string }> }).data[0]!.id;
    expect((await apiCall(fnUrl, `/api/codes/${id}`, { key: otherKey })).status).toBe(404);
    expect(errors()).toEqual([]);
  });

  it('creates a code, keeps the plan limit, and refuses unknown and revoked keys', async () => {
    const { client } = await signedUpClient(srv.url);
    const made = await createApiKey(client, 'writer');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await apiCall(fnUrl, '/api/codes', {
        method: 'POST',
        key: made.key,
        json: { name: `D${i}`, is_dynamic: true, destination: `https://example.com/${i}` },
      });
      statuses.push(res.status);
      if (i === 3) expect(res.body).toMatchObject({ error: { code: 'plan_limit_reached' } });
    }
    expect(statuses).toEqual([201, 201, 201, 403]);
    await client.rpc('revoke_api_key', { p_id: made.id });
    // The function cannot see the revocation (it happens in the Data API): its key cache lets the key through
    // for at most KEY_CACHE_TTL_MS, then it is refused. Checked against the real clock, with a second of slack.
    const revokedAt = Date.now();
    let answer = await apiCall(fnUrl, '/api/codes', { key: made.key });
    while (answer.status === 200 && Date.now() - revokedAt < KEY_CACHE_TTL_MS + 1000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await apiCall(fnUrl, '/api/codes', { key: made.key });
    }
    expect([answer.status, (answer.body as { error?: { code: string } }).error?.code]).toEqual([
      401,
      'invalid_api_key',
    ]);
    expect((await apiCall(fnUrl, '/api/codes')).status).toBe(401);
    expect(errors()).toEqual([]);
  });

  it('draws the same SVG as the local server; PDF and EPS too; PNG is a clear 501', async () => {
    const { client } = await signedUpClient(srv.url);
    const { key } = await createApiKey(client, 'render');
    const query = 'data=https%3A%2F%2Fexample.com%2Fedge&shape=dots&frame=banner&frameText=Edge&ecl=Q&size=600';
    const edge = await apiCall(fnUrl, `/api/qr?${query}&format=svg`, { key });
    const local = await apiCall(srv.url, `/api/v1/qr?${query}&format=svg`, { key });
    expect(edge.status).toBe(200);
    expect(edge.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(edge.text).toBe(local.text);
    const pdf = await fetch(`${fnUrl}/api/qr?${query}&format=pdf`, { headers: { 'X-API-Key': key } });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const pdfBytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(pdfBytes.slice(0, 5))).toBe('%PDF-');
    qpdfCheck(pdfBytes);
    const eps = await apiCall(fnUrl, `/api/qr?${query}&format=eps`, { key });
    expect(eps.text.startsWith('%!PS-Adobe-3.0 EPSF-3.0')).toBe(true);
    // The document names the path it was served at, so the reference page's calls go to the function.
    const doc = await apiCall(fnUrl, '/functions/v1/api/openapi.json');
    expect((doc.body as { servers: unknown }).servers).toEqual([{ url: `${fnUrl}/functions/v1/api` }]);
    const png = await apiCall(fnUrl, `/api/qr?${query}&format=png`, { key });
    expect([png.status, (png.body as { error: { code: string } }).error.code]).toEqual([501, 'format_unavailable']);
    const bad = await apiCall(fnUrl, '/api/qr?data=x&format=pdf&size=9', { key });
    expect(bad.body).toEqual({
      error: { code: 'invalid_request', message: '"size" must be from 36 to 5669 points for pdf' },
    });
    expect(errors()).toEqual([]);
  });
});
