// Seeded fuzz of the whole HTTP surface: every route of /auth/v1 (the admin API included), every table and
// function of /rest/v1 (read from the server's schema cache; GET and POST on every function), every operation of
// /api/v1 (generated from its OpenAPI document), /storage/v1 (buckets and objects), /functions/v1/* and /r/:slug,
// plus random paths. Values are
// plausible, past their bounds or hostile (NUL, lone surrogates as JSON escapes and as raw bytes, bidi marks,
// 1 MB strings, 1e999 and friends, years 0 and +275760, 5,000-deep JSON, truncated JSON, multipart and form
// garbage, duplicate query keys, overlong headers). A small fixed corpus first, then 2,500 fast-check requests
// per backend in `npm test` (20,000 in `npm run bench:fuzz`), over real HTTP with 12 in flight; then a few
// hundred raw malformed HTTP/1.1 requests over sockets. Nothing may answer 5xx, and afterwards the server must
// still answer /auth/v1/health and a password sign-in. The models live in tests/server/fuzz/, one per surface.
//
// Replay: FUZZ_SEED=<seed> FUZZ_RUNS=<n> npx vitest run --project server tests/server/fuzz.test.ts
//   FUZZ_ONLY=<i,j,…>   send only these request indexes (#i in the report; the corpus comes first, #0…#16)
//   FUZZ_RAW_RUNS=<n>   raw socket requests (default 300); FUZZ_CONCURRENCY=<n> (default 12)
//   FUZZ_SHOW_SLOWEST=<n> slowest requests listed in the summary (default 5)
// The requests depend only on the seed, FUZZ_RUNS and the server's routes (its schema and OpenAPI document, the
// same on both backends): live values (the user's ids, slugs, tokens and API key) are placeholders filled in at
// send time, so a seed replays the same sequence on every backend. A single index replayed with FUZZ_ONLY meets a
// fresh database, not the state the earlier requests left behind.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSchema } from '../../server/rest/schema.ts';
import { PASSWORD, backends, makeClient, signedUpClient, suiteServer } from './helpers.ts';
import { createApiKey } from './api-v1-helpers.ts';
import { debugLog } from '../helpers/debug.ts';
import {
  CONCURRENCY,
  ONLY,
  RAW_CONCURRENCY,
  RAW_RUNS,
  RAW_TIMEOUT_MS,
  RUNS,
  SEED,
  SHOW_SLOWEST,
} from './fuzz/knobs.ts';
import { P, type FuzzRequest } from './fuzz/model.ts';
import { adminRequest, authRequest } from './fuzz/auth.ts';
import { restModel, rpcRequest, tableRequest } from './fuzz/postgrest.ts';
import { apiOperations, apiV1Request, type OpenApiDocument } from './fuzz/api-v1.ts';
import { functionsRequest, randomRequest, redirectRequest } from './fuzz/others.ts';
import { storageRequest } from './fuzz/storage.ts';
import { CORPUS, forgeTokens, type SeedRow } from './fuzz/setup.ts';
import {
  bodySummary,
  familyOf,
  fill,
  headerSummary,
  pool,
  prepare,
  report,
  send,
  type Finding,
  type Live,
} from './fuzz/send.ts';
import { rawCaseArb, rawExchange } from './fuzz/raw.ts';

/**
 * The mix of surfaces, in requests per hundred. The tables and functions of /rest/v1 carry the most state and
 * the most parsing; each later surface (rules, Storage, pages, workspaces) gets a share here when it lands.
 */
function requestArb(routes: { rest: ReturnType<typeof restModel>; api: ReturnType<typeof apiOperations> }) {
  return fc.oneof(
    { weight: 7, arbitrary: authRequest },
    { weight: 4, arbitrary: adminRequest },
    { weight: 30, arbitrary: tableRequest(routes.rest) },
    { weight: 20, arbitrary: rpcRequest(routes.rest) },
    { weight: 18, arbitrary: apiV1Request(routes.api) },
    { weight: 5, arbitrary: functionsRequest },
    { weight: 10, arbitrary: redirectRequest },
    { weight: 8, arbitrary: storageRequest },
    { weight: 6, arbitrary: randomRequest },
  );
}

const RESEED_EVERY = 250;
const rawCases = fc.sample(rawCaseArb, { seed: SEED + 1, numRuns: RAW_RUNS });

describe.each(backends)('fuzz on %s', (backend) => {
  const srv = suiteServer(backend);
  let live: Live;
  let canary: { email: string; password: string };
  let seeded: SeedRow[];
  let requests: FuzzRequest[];
  let userClient: Awaited<ReturnType<typeof signedUpClient>>['client'];
  let adminTarget: { id: string; email: string };
  const reseedFailures: string[] = [];

  /** The admin API's target user, made again with the same id when the fuzz deleted it. */
  async function ensureAdminTarget(): Promise<void> {
    const rows = await srv.server.db.query('SELECT 1 FROM auth.users WHERE id = $1', [adminTarget.id]);
    if (rows.length) return;
    const res = await fetch(`${srv.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${live.tokens.service}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: adminTarget.id, email: adminTarget.email, email_confirm: true }),
    });
    if (res.status !== 200) throw new Error(`re-creating the admin target: ${res.status} ${await res.text()}`);
  }

  /** The user's API key, made anew when the fuzz revoked or deleted it. */
  async function ensureApiKey(): Promise<void> {
    const probe = await fetch(`${srv.url}/api/v1/codes?limit=1`, {
      headers: { Authorization: `Bearer ${live.tokens['api-key']}` },
    });
    await probe.body?.cancel();
    if (probe.status !== 401) return;
    const { key } = await createApiKey(userClient, 'fuzz');
    live.tokens['api-key'] = key;
    live.values[P.apiKey] = key;
  }

  /**
   * Puts the seeded codes back as they were (the fuzz deletes, pauses and edits them) and keeps the table
   * small, so that filters, rpc and redirects keep reaching real rows and bulk inserts do not pile up.
   */
  async function reseed(): Promise<void> {
    const db = srv.server.db;
    const ids = seeded.map((r) => r.id);
    try {
      await db.query(
        'DELETE FROM public.qr_codes WHERE id <> ALL($1::uuid[]) AND (SELECT count(*) FROM public.qr_codes) > 500',
        [ids],
      );
      // A fuzzed insert may have taken a seeded slug after the seeded row was deleted.
      await db.query('DELETE FROM public.qr_codes WHERE id <> ALL($1::uuid[]) AND slug = ANY($2::text[])', [
        ids,
        seeded.map((r) => r.slug),
      ]);
      // The free plan allows 3 dynamic codes: make room for the seeded one.
      await db.query('UPDATE public.qr_codes SET is_dynamic = false WHERE id <> ALL($1::uuid[]) AND is_dynamic', [ids]);
      for (const r of seeded) {
        await db.query(
          `INSERT INTO public.qr_codes (id, user_id, name, type, content, destination, design, is_dynamic, slug, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, 'active')
           ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, type = excluded.type,
             content = excluded.content, destination = excluded.destination, design = excluded.design,
             is_dynamic = excluded.is_dynamic, slug = excluded.slug, status = 'active'`,
          [r.id, r.user_id, r.name, r.type, r.content, r.destination, JSON.stringify(r.design), r.is_dynamic, r.slug],
        );
      }
      await ensureAdminTarget();
      await ensureApiKey();
    } catch (err) {
      reseedFailures.push(String(err));
    }
  }

  beforeAll(
    async () => {
      // The routes, read from the server itself: a new table, function or API operation joins the fuzz. Made
      // before any socket is open (the document through the in-process handler): generating 20,000 requests
      // blocks the event loop for seconds, long enough for the server to drop an idle keep-alive connection
      // that fetch would then reuse.
      const generating = performance.now();
      const rest = restModel(await loadSchema(srv.server.db));
      const docResponse = await srv.server.fetch(new Request(`${srv.url}/api/v1/openapi.json`));
      const doc = (await docResponse.json()) as OpenApiDocument;
      requests = [
        ...CORPUS,
        ...fc.sample(requestArb({ rest, api: apiOperations(doc) }), { seed: SEED, numRuns: RUNS }),
      ];
      debugLog(
        `[fuzz ${backend}] ${requests.length} requests generated in ${(performance.now() - generating).toFixed(0)} ms`,
      );
      // A canary whose credentials the fuzz never sees: the final sign-in proves the auth path still works.
      const c = await signedUpClient(srv.url);
      canary = { email: c.email, password: c.password };
      // The fuzzed user, with saved codes so filters, rpc and redirects reach real rows.
      const { client, email, session, user } = await signedUpClient(srv.url);
      userClient = client;
      const { data, error } = await client
        .from('qr_codes')
        .insert([
          {
            name: 'Dynamic',
            type: 'URL',
            content: 'https://example.com/x',
            destination: 'https://example.com/x',
            is_dynamic: true,
            design: {},
          },
          { name: 'Static', type: 'Text', content: 'hello', destination: null, is_dynamic: false, design: {} },
          {
            name: 'Designed',
            type: 'URL',
            content: 'https://example.com/y',
            destination: null,
            is_dynamic: false,
            design: { fg: '#000', bg: '#fff', dots: 'rounded' },
          },
        ])
        .select('id, user_id, name, type, content, destination, design, is_dynamic, slug');
      if (error || !data) throw new Error(`seeding qr_codes failed: ${error?.message ?? 'no data'}`);
      const rows = data as SeedRow[];
      seeded = rows;
      const port = Number(new URL(srv.url).port);
      // A live API key for /api/v1, and a revoked one.
      const revoked = await createApiKey(client, 'revoked');
      const { error: revokeError } = await client.rpc('revoke_api_key', { p_id: revoked.id });
      if (revokeError) throw new Error(`revoke_api_key failed: ${revokeError.message}`);
      const apiKeys = { live: (await createApiKey(client, 'fuzz')).key, revoked: revoked.key };
      adminTarget = { id: '7e57ad31-0000-4000-8000-000000000001', email: `admin-target-${backend}@example.com` };
      live = {
        url: srv.url,
        port,
        values: {
          [P.email]: email,
          [P.emailUpper]: email.toUpperCase(),
          [P.password]: PASSWORD,
          [P.refresh]: session.refresh_token,
          [P.userId]: user.id,
          [P.id0]: rows[0]!.id,
          [P.id1]: rows[1]!.id,
          [P.slugDyn]: rows.find((r) => r.is_dynamic)!.slug,
          [P.slugStatic]: rows.find((r) => !r.is_dynamic)!.slug,
          $USER_TOKEN$: session.access_token,
          [P.adminTarget]: adminTarget.id,
          [P.apiKey]: apiKeys.live,
        },
        tokens: await forgeTokens(session.access_token, Math.floor(srv.clock.now() / 1000), apiKeys),
      };
      await ensureAdminTarget();
      // The seeded dynamic code redirects before the fuzz starts.
      const r = await fetch(`${srv.url}/r/${live.values[P.slugDyn]!}`, { redirect: 'manual' });
      if (r.status !== 302)
        console.warn(`[fuzz ${backend}] the seeded dynamic code does not redirect: ${r.status}`, srv.logs.slice(-3));
      // Generating 20,000 requests takes 30-60 s on a loaded machine: more than the default hook timeout.
    },
    Math.max(60_000, RUNS * 10),
  );

  async function stillServing(): Promise<void> {
    const health = await fetch(`${srv.url}/auth/v1/health`);
    expect(health.status, 'GET /auth/v1/health after the fuzz').toBe(200);
    const login = await makeClient(srv.url).auth.signInWithPassword(canary);
    expect(login.error, 'password sign-in after the fuzz').toBeNull();
    expect(login.data.session?.access_token).toBeTruthy();
  }

  it(
    `${ONLY.length ? `${ONLY.length} selected` : `${CORPUS.length} corpus + ${RUNS} random`} requests (seed ${SEED}): no 5xx, still serving`,
    async () => {
      const chosen = ONLY.length
        ? ONLY.filter((i) => i < requests.length).map((i) => ({ req: requests[i]!, index: i }))
        : requests.map((req, index) => ({ req, index }));
      const findings: Finding[] = [];
      const statuses = new Map<number, number>();
      const families = new Map<string, { n: number; ms: number; statuses: Map<number, number> }>();
      const slowest: { ms: number; what: string }[] = [];
      let clientRefused = 0;
      let skippedHeaders = 0;
      let retried = 0;
      const started = Date.now();
      await pool(chosen, CONCURRENCY, async ({ req, index }) => {
        if (index % RESEED_EVERY === RESEED_EVERY - 1) await reseed();
        const sent = prepare(req, live);
        skippedHeaders += sent.skippedHeaders;
        const t0 = performance.now();
        const out = await send(req, sent, live);
        const ms = performance.now() - t0;
        if (out.retried) retried += 1;
        if (out.clientError !== undefined) {
          clientRefused += 1;
          return;
        }
        statuses.set(out.status, (statuses.get(out.status) ?? 0) + 1);
        const family = familyOf(req.route);
        const fam = families.get(family) ?? { n: 0, ms: 0, statuses: new Map<number, number>() };
        fam.n += 1;
        fam.ms += ms;
        fam.statuses.set(out.status, (fam.statuses.get(out.status) ?? 0) + 1);
        families.set(family, fam);
        slowest.push({
          ms,
          what: `#${index} ${req.method} ${sent.url.pathname.slice(0, 60)} ${bodySummary(req.body, live).slice(0, 80)} → ${out.status}`,
        });
        slowest.sort((a, b) => b.ms - a.ms).splice(SHOW_SLOWEST);
        if (out.status >= 500 || out.status === 0) {
          findings.push({
            index,
            route: req.route,
            method: req.method,
            path: `${sent.url.pathname}${sent.url.search}`,
            headers: headerSummary(req, sent),
            body: bodySummary(req.body, live),
            status: out.status,
            response: out.text,
          });
        }
      });
      const seconds = (Date.now() - started) / 1000;
      debugLog(
        `[fuzz ${backend}] seed ${SEED}: ${chosen.length} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; ` +
          `refused by fetch ${clientRefused}; headers dropped by fetch ${skippedHeaders}; ` +
          `answered on a second connection ${retried}; 5xx/network ${findings.length}; ` +
          `reseed failures ${reseedFailures.length}${reseedFailures.length ? ` (${reseedFailures[0]!.slice(0, 200)})` : ''}\n` +
          [...families]
            .sort()
            .map(
              ([f, v]) =>
                `  ${f}: ${v.n} requests, ${(v.ms / v.n).toFixed(1)} ms avg, ${JSON.stringify(Object.fromEntries([...v.statuses].sort((a, b) => a[0] - b[0])))}`,
            )
            .join('\n') +
          `\n  slowest: ${slowest.map((x) => `${x.ms.toFixed(0)} ms ${x.what}`).join('\n           ')}`,
      );
      // Most requests must actually reach the server.
      expect(clientRefused).toBeLessThan(chosen.length / 20);
      // Printed as well as asserted, and before the liveness check: the report survives a reporter that fails to
      // print the assertion, and a server that died.
      const summary = findings.length ? report(findings, chosen.length, srv.logs, 'requests') : '';
      if (summary) console.error(summary);
      await stillServing();
      expect(findings.length, summary).toBe(0);
    },
    Math.max(120_000, RUNS * 60),
  );

  it(`${RAW_RUNS} raw malformed HTTP/1.1 requests (seed ${SEED + 1}): answered or closed, never 5xx`, async () => {
    const findings: Finding[] = [];
    const kinds = new Map<string, number>();
    await pool(
      rawCases.map((c, index) => ({ c, index })),
      RAW_CONCURRENCY,
      async ({ c, index }) => {
        const payload = Buffer.concat(
          c.parts.map((p) => (typeof p === 'string' ? Buffer.from(fill(p, live), 'latin1') : Buffer.from(p))),
        );
        const out = await rawExchange(live.port, payload);
        const label = `${c.kind}: ${out.statuses.length ? out.statuses.join(',') : out.closed ? 'closed' : 'hung'}`;
        kinds.set(label, (kinds.get(label) ?? 0) + 1);
        if (out.statuses.some((s) => s >= 500) || (!out.closed && out.statuses.length === 0)) {
          findings.push({
            index,
            route: `raw ${c.kind}`,
            method: '',
            path: JSON.stringify(payload.toString('latin1').slice(0, 300)),
            headers: '',
            body: '',
            status: out.statuses.find((s) => s >= 500) ?? 0,
            response: out.closed ? out.head : `no answer within ${RAW_TIMEOUT_MS} ms`,
          });
        }
      },
    );
    debugLog(`[fuzz ${backend}] raw: ${JSON.stringify(Object.fromEntries([...kinds].sort()))}`);
    const summary = findings.length ? report(findings, rawCases.length, srv.logs, 'raw requests') : '';
    if (summary) console.error(summary);
    await stillServing();
    expect(findings.length, summary).toBe(0);
  }, 90_000);
});
