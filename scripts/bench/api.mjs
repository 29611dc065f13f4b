#!/usr/bin/env node
// @ts-check
// API benchmark: auth, Data API and a noisy-neighbour flood, on loopback, against the local server started in
// a child process (`node --import tsx server/main.ts`), on PGlite in a temp directory (default) or, with
// BENCH_DATABASE_URL, throw-away `qrcraft_bench_*` PostgreSQL databases. Each server run gets fresh storage.
//
//   1. Auth (AUTH_RATE_LIMITS=off): password sign-in and refresh-token rotation, sequential and with 4
//      concurrent clients (closed loops, keep-alive); p50/p95/p99/max and req/s.
//   2. REST (same server): autocannon, BENCH_CONNECTIONS connections, a fixed amount each, on
//      GET /rest/v1/qr_codes?select=*&order=created_at.desc&limit=20 (a user with 50 codes and some scans),
//      POST /rest/v1/qr_codes of one row with Prefer: return=representation (another user), and
//      POST /rest/v1/rpc/dashboard_summary. Percentiles are exact, from autocannon's per-response times.
//   3. Noisy neighbour, twice: server with default settings (rate limits ON), then with AUTH_RATE_LIMITS=off.
//      Account A (socket address 127.0.0.1, from a child process of its own) floods POST /rest/v1/qr_codes with bulk inserts of {name:'x'}
//      rows from BENCH_FLOOD_LOOPS closed loops for BENCH_FLOOD_SECONDS; the batch size is the largest the
//      server accepts, probed first from BENCH_FLOOD_ROWS downwards (413/400/429/timeouts count as refusals, then
//      a bisection to within 5 %). A ignores Retry-After: a hostile client would. Meanwhile user B signs in with its
//      password every BENCH_B_INTERVAL_MS (open loop: one attempt per tick, whatever the previous did) and
//      lists GET /rest/v1/qr_codes?limit=20 on the same schedule, offset by half a tick. B's requests come from
//      127.0.0.2 … 127.0.0.(1+BENCH_B_ADDRESSES), round robin, one new connection each, so that B's own 4
//      sign-ins/s stay under the per-IP /token bucket (burst 30, 0.5/s refill) and whatever slows or refuses B
//      comes from A's flood.
//      The requirement checked later: one account's flood must not take another user's login above 500 ms.
//
// Writes bench-results/api-<backend>.json and .md, or api-<backend>-<BENCH_LABEL>.{json,md} with a label.
// Knobs (defaults): BENCH_LABEL (none), BENCH_SIGNIN_SEQ (100), BENCH_SIGNIN_CONC (200), BENCH_REFRESH_SEQ (400),
// BENCH_REFRESH_CONC (800), BENCH_REST_REQUESTS (2000, GET and rpc), BENCH_REST_INSERTS (1000),
// BENCH_CONNECTIONS (10), BENCH_FLOOD_SECONDS (15), BENCH_FLOOD_LOOPS (12), BENCH_FLOOD_ROWS (50000),
// BENCH_B_INTERVAL_MS (250), BENCH_B_ADDRESSES (4), BENCH_TIMEOUT_MS (60000, per request),
// BENCH_PHASES (auth,rest,flood-on,flood-off).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { LOCAL_ANON_KEY } from '../dev/env-files.mjs';
import { envNumber as num } from './lib/knobs.mjs';
import { loadAverage as loadavg, machine } from './lib/machine.mjs';
import { startLocalServer } from './lib/server.mjs';
import { percentile } from './lib/stats.mjs';
import { freshBenchStorage } from './lib/storage.mjs';

const DEMO_ANON_KEY = LOCAL_ANON_KEY;
const PASSWORD = 'bench-password-42';
const LABEL = (process.env.BENCH_LABEL ?? '').trim();
if (LABEL && !/^[A-Za-z0-9._-]{1,40}$/.test(LABEL)) throw new Error('BENCH_LABEL: letters, digits, . _ - only');
const SIGNIN_SEQ = num('BENCH_SIGNIN_SEQ', 100);
const SIGNIN_CONC = num('BENCH_SIGNIN_CONC', 200);
const REFRESH_SEQ = num('BENCH_REFRESH_SEQ', 400);
const REFRESH_CONC = num('BENCH_REFRESH_CONC', 800);
const REST_REQUESTS = num('BENCH_REST_REQUESTS', 2000);
const REST_INSERTS = num('BENCH_REST_INSERTS', 1000);
const CONNECTIONS = num('BENCH_CONNECTIONS', 10);
const CONCURRENT_CLIENTS = 4;
const FLOOD_SECONDS = num('BENCH_FLOOD_SECONDS', 15);
const FLOOD_LOOPS = num('BENCH_FLOOD_LOOPS', 12);
const FLOOD_ROWS = num('BENCH_FLOOD_ROWS', 50_000);
const B_INTERVAL_MS = num('BENCH_B_INTERVAL_MS', 250);
const B_ADDRESSES = Math.max(1, Math.min(250, num('BENCH_B_ADDRESSES', 4)));
const TIMEOUT_MS = num('BENCH_TIMEOUT_MS', 60_000);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'auth,rest,flood-on,flood-off').split(',').map((s) => s.trim()));
const LOGIN_BUDGET_MS = 500;

const A_ADDRESS = '127.0.0.1';
const B_ADDRESS_LIST = Array.from({ length: B_ADDRESSES }, (_, i) => `127.0.0.${i + 2}`);

const round1 = (/** @type {number} */ x) => Math.round(x * 10) / 10;
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const log = (/** @type {string} */ line) => process.stderr.write(`[bench-api] ${line}\n`);

// ---- statistics ---------------------------------------------------------------------------------------

/**
 * @typedef {{ n: number, p50: number | null, p95: number | null, p99: number | null, max: number | null,
 *   mean: number | null }} LatencyStats
 */

/**
 * Nearest-rank percentiles, max and mean of `ms`, to 0.1 ms; nulls for none.
 * @param {number[]} ms
 * @returns {LatencyStats}
 */
function latencyStats(ms) {
  if (ms.length === 0) return { n: 0, p50: null, p95: null, p99: null, max: null, mean: null };
  return {
    n: ms.length,
    p50: round1(percentile(ms, 50)),
    p95: round1(percentile(ms, 95)),
    p99: round1(percentile(ms, 99)),
    max: round1(ms.reduce((m, v) => Math.max(m, v), -Infinity)),
    mean: round1(ms.reduce((a, b) => a + b, 0) / ms.length),
  };
}

/**
 * What send() resolves with: the status (0 on a network error or timeout), the body text, when it was sent and
 * how long it took to the last byte.
 * @typedef {{ status: number, text?: string, error?: string, ms: number, t0: number }} Sent
 */

/**
 * Network errors by message (status 0), e.g. { timeout: 2, 'socket hang up': 1 }.
 * @param {Sent[]} results
 */
function countErrors(results) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const r of results) if (!r.status) out[r.error ?? 'unknown'] = (out[r.error ?? 'unknown'] ?? 0) + 1;
  return out;
}

/** @param {Sent[]} results */
function countStatuses(results) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const r of results) {
    const key = r.status ? String(r.status) : r.error === 'timeout' ? 'timeout' : 'error';
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

// ---- HTTP -------------------------------------------------------------------------------------------------

const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * @typedef {{ method?: string, token?: string, body?: unknown, headers?: Record<string, string>,
 *   agent?: http.Agent | false, localAddress?: string, timeoutMs?: number }} SendOptions
 */

/**
 * One request with node:http (keep-alive agent, optional local address); never rejects. Resolves with the
 * status (0 on a network error or timeout), the body text and the time from sending to the last byte.
 * @param {string} base
 * @param {string} path
 * @param {SendOptions} [options] `body`: a Buffer as is, anything else as JSON
 * @returns {Promise<Sent>}
 */
function send(
  base,
  path,
  { method = 'GET', token = DEMO_ANON_KEY, body, headers = {}, agent, localAddress, timeoutMs = TIMEOUT_MS } = {},
) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const t0 = performance.now();
    let done = false;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const finish = (/** @type {{ status: number, text?: string, error?: string }} */ r) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...r, ms: performance.now() - t0, t0 });
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        agent,
        localAddress,
        headers: {
          apikey: DEMO_ANON_KEY,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          ...(payload ? { 'Content-Length': String(payload.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => finish({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => finish({ status: 0, error: err.message }));
        res.on('close', () => finish({ status: 0, error: 'closed before the end of the response' }));
      },
    );
    timer = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('error', (err) => finish({ status: 0, error: err.message === 'timeout' ? 'timeout' : err.message }));
    req.end(payload);
  });
}

/**
 * send() that throws unless the status is 2xx; returns the parsed JSON body, as the API shapes it.
 * @param {string} base
 * @param {string} path
 * @param {SendOptions} [opts]
 * @returns {Promise<any>}
 */
async function must(base, path, opts) {
  const r = await send(base, path, opts);
  if (r.status < 200 || r.status >= 300) {
    throw new Error(`${opts?.method ?? 'GET'} ${path} → ${r.status || r.error} ${(r.text ?? '').slice(0, 300)}`);
  }
  return r.text ? JSON.parse(r.text) : null;
}

/**
 * A new account's session.
 * @param {string} base
 * @param {string} email
 * @returns {Promise<{ access_token: string, refresh_token: string }>}
 */
const signUp = (base, email) => must(base, '/auth/v1/signup', { method: 'POST', body: { email, password: PASSWORD } });
const signInBody = (/** @type {string} */ email) => Buffer.from(JSON.stringify({ email, password: PASSWORD }));
const newEmail = (/** @type {string} */ who) => `bench-${who}-${randomBytes(4).toString('hex')}@example.com`;

// ---- server and storage ---------------------------------------------------------------------------------

const benchDbUrl = process.env.BENCH_DATABASE_URL ?? '';
const BACKEND = benchDbUrl ? 'postgres' : 'pglite';

const freshStorage = () => freshBenchStorage(benchDbUrl, 'qrcraft-bench-api-');

/**
 * Peak and current resident memory of a process, from /proc (Linux); null elsewhere.
 * @param {number | undefined} pid
 */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (/** @type {string} */ key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMiB: Math.round(kb('VmRSS') / 1024), peakRssMiB: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/**
 * Starts the server on fresh storage. rateLimits: 'default' leaves AUTH_RATE_LIMITS unset (the server's default,
 * limits on); 'off' sets AUTH_RATE_LIMITS=off.
 * @param {'default' | 'off'} rateLimits
 */
async function startServer(rateLimits) {
  const storage = await freshStorage();
  /** @type {string[]} */
  const tail = [];
  let unexpectedErrors = 0;
  /**
   * @param {import('node:stream').Readable | null} stream
   * @param {boolean} echo
   */
  const keep = (stream, echo) => {
    let rest = '';
    stream?.on('data', (/** @type {Buffer} */ d) => {
      if (echo) process.stderr.write(d);
      const lines = (rest + d.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (/unexpected error/i.test(line)) unexpectedErrors += 1;
        tail.push(line.slice(0, 400));
        if (tail.length > 30) tail.shift();
      }
    });
  };
  /** @type {import('./lib/server.mjs').Exit | null} */
  let exit = null;
  /** @type {import('./lib/server.mjs').LocalServer} */
  let server;
  try {
    server = await startLocalServer({
      env: {
        DATA_DIR: storage.dataDir,
        DATABASE_URL: storage.databaseUrl,
        AUTH_RATE_LIMITS: rateLimits === 'off' ? 'off' : undefined,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      onSpawn: (child) => {
        keep(child.stdout, false);
        keep(child.stderr, true);
      },
    });
  } catch (err) {
    await storage.dispose();
    throw err;
  }
  void server.exited.then((e) => {
    exit = e;
  });
  const { child } = server;
  return {
    base: server.base,
    pid: child.pid,
    get exit() {
      return exit;
    },
    get unexpectedErrors() {
      return unexpectedErrors;
    },
    tail,
    memory: () => memoryOf(child.pid),
    stop: async () => {
      await server.stop();
      await storage.dispose();
    },
  };
}

// ---- 1. auth ----------------------------------------------------------------------------------------------

/**
 * Runs `total` calls of step() from `clients` closed loops; returns the figures.
 * @param {number} clients
 * @param {number} total
 * @param {() => Promise<() => Promise<Sent>>} makeClient makes one client's step (its own connection)
 */
async function closedLoops(clients, total, makeClient) {
  /** @type {Sent[]} */
  const results = [];
  /** @type {Promise<void>[]} */
  const loops = [];
  const perClient = Array.from(
    { length: clients },
    (_, i) => Math.floor(total / clients) + (i < total % clients ? 1 : 0),
  );
  const workers = await Promise.all(perClient.map(() => makeClient()));
  const t0 = performance.now();
  workers.forEach((step, i) => {
    loops.push(
      (async () => {
        for (let k = 0; k < (perClient[i] ?? 0); k++) results.push(await step());
      })(),
    );
  });
  await Promise.all(loops);
  const wallSec = (performance.now() - t0) / 1000;
  const ok = results.filter((r) => r.status === 200);
  return {
    clients,
    requests: results.length,
    statusCodes: countStatuses(results),
    durationSec: round1(wallSec),
    reqPerSec: round1(results.length / wallSec),
    latencyMs: latencyStats(ok.map((r) => r.ms)),
  };
}

/** @param {string} base */
async function benchAuth(base) {
  const email = newEmail('auth');
  await signUp(base, email);
  const body = signInBody(email);
  const signInClient = async () => {
    const agent = newAgent();
    return () => send(base, '/auth/v1/token?grant_type=password', { method: 'POST', body, agent });
  };
  const refreshClient = async () => {
    const agent = newAgent();
    const first = await must(base, '/auth/v1/token?grant_type=password', { method: 'POST', body, agent });
    let token = first.refresh_token;
    return async () => {
      const r = await send(base, '/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        body: { refresh_token: token },
        agent,
      });
      if (r.status === 200) token = JSON.parse(r.text ?? '{}').refresh_token;
      return r;
    };
  };
  // Warm-up (JIT, bcrypt, pool), not measured.
  const warm = await signInClient();
  for (let i = 0; i < 10; i++) await warm();
  const warmRefresh = await refreshClient();
  for (let i = 0; i < 20; i++) await warmRefresh();

  log('auth: sign-in, sequential');
  const signInSeq = await closedLoops(1, SIGNIN_SEQ, signInClient);
  log(`auth: sign-in, ${CONCURRENT_CLIENTS} clients`);
  const signInConc = await closedLoops(CONCURRENT_CLIENTS, SIGNIN_CONC, signInClient);
  log('auth: refresh, sequential');
  const refreshSeq = await closedLoops(1, REFRESH_SEQ, refreshClient);
  log(`auth: refresh, ${CONCURRENT_CLIENTS} clients`);
  const refreshConc = await closedLoops(CONCURRENT_CLIENTS, REFRESH_CONC, refreshClient);
  return {
    signIn: { sequential: signInSeq, concurrent: signInConc },
    refresh: { sequential: refreshSeq, concurrent: refreshConc },
  };
}

// ---- 2. REST ----------------------------------------------------------------------------------------------

/**
 * One autocannon run over CONNECTIONS connections, every response's time kept.
 * @param {string} name
 * @param {import('autocannon').Options} opts
 */
async function cannon(name, opts) {
  /** @type {number[]} */
  const latencies = [];
  // With `amount`, autocannon stops on its next 1-second sample tick, so result.duration is rounded up to
  // whole seconds; req/s is taken from this process's clock, first request to last response, instead.
  const t0 = performance.now();
  let last = t0;
  /** @type {import('autocannon').Result} */
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, ...opts }, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', (_client, _status, _bytes, /** @type {number} */ ms) => {
      latencies.push(ms);
      last = performance.now();
    });
  });
  const wallSec = (last - t0) / 1000;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  log(`rest: ${name} done`);
  return {
    connections: CONNECTIONS,
    requests: result.requests.total,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSec: Math.round(wallSec * 100) / 100,
    reqPerSec: round1(result.requests.total / wallSec),
    autocannonDurationSec: result.duration,
    latencyMs: latencyStats(latencies),
  };
}

/** @param {string} base */
async function benchRest(base) {
  const agent = newAgent();
  // User G: 50 codes (3 of them dynamic, with 150 scans between them), for the list and the dashboard.
  const g = await signUp(base, newEmail('list'));
  const rows = Array.from({ length: 50 }, (_, i) =>
    i < 3
      ? { name: `Dynamic ${i}`, content: '', destination: `https://example.com/d${i}`, is_dynamic: true }
      : { name: `Code ${i}`, content: `https://example.com/page/${i}`, destination: null, is_dynamic: false },
  );
  const created = await must(base, '/rest/v1/qr_codes', {
    method: 'POST',
    token: g.access_token,
    body: rows,
    headers: { Prefer: 'return=representation' },
    agent,
  });
  /** @type {string[]} */
  const slugs = created
    .filter((/** @type {{ is_dynamic: boolean }} */ c) => c.is_dynamic)
    .map((/** @type {{ slug: string }} */ c) => c.slug);
  for (let i = 0; i < 150; i++) {
    const r = await send(base, `/r/${slugs[i % slugs.length]}`, {
      agent,
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone) Safari/604.1' },
    });
    if (r.status !== 302) throw new Error(`scan → ${r.status}`);
  }
  // User P: the inserts (so that G's list keeps 50 rows).
  const p = await signUp(base, newEmail('insert'));
  const headersFor = (/** @type {string} */ token, /** @type {Record<string, string>} */ extra = {}) => ({
    apikey: DEMO_ANON_KEY,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    ...extra,
  });
  const listPath = '/rest/v1/qr_codes?select=*&order=created_at.desc&limit=20';
  const insertBody = JSON.stringify({ name: 'Bench row', content: 'https://example.com/bench' });
  // Warm-up, not measured.
  for (let i = 0; i < 50; i++) {
    await must(base, listPath, { token: g.access_token, agent });
    await must(base, '/rest/v1/rpc/dashboard_summary', { method: 'POST', token: g.access_token, body: {}, agent });
  }
  const listed = await must(base, listPath, { token: g.access_token, agent });
  if (listed.length !== 20) throw new Error(`list returned ${listed.length} rows, expected 20`);

  const list = await cannon('list', {
    url: `${base}${listPath}`,
    amount: REST_REQUESTS,
    headers: headersFor(g.access_token),
  });
  const insert = await cannon('insert', {
    url: `${base}/rest/v1/qr_codes`,
    amount: REST_INSERTS,
    method: 'POST',
    body: insertBody,
    headers: headersFor(p.access_token, { prefer: 'return=representation' }),
  });
  const rpc = await cannon('dashboard_summary', {
    url: `${base}/rest/v1/rpc/dashboard_summary`,
    amount: REST_REQUESTS,
    method: 'POST',
    body: '{}',
    headers: headersFor(g.access_token),
  });
  const summary = await must(base, '/rest/v1/rpc/dashboard_summary', {
    method: 'POST',
    token: g.access_token,
    body: {},
    agent,
  });
  return {
    list: { path: listPath, ...list },
    insert: { path: 'POST /rest/v1/qr_codes (one row, Prefer: return=representation)', ...insert },
    dashboardSummary: { path: 'POST /rest/v1/rpc/dashboard_summary', ...rpc },
    dataset: { listUserCodes: 50, listUserScans: 150, dashboardSummary: summary },
  };
}

// ---- 3. noisy neighbour ------------------------------------------------------------------------------------

/** @param {number} rows */
function floodBody(rows) {
  return Buffer.from(JSON.stringify(Array.from({ length: rows }, () => ({ name: 'x' }))));
}

/**
 * The largest batch (rows of {name:'x'}) the server accepts, from FLOOD_ROWS downwards.
 * @param {string} base
 * @param {string} token
 */
async function probeBatch(base, token) {
  const agent = newAgent();
  /** @type {{ rows: number, bytes: number, status: number | string | undefined, ms: number, message: string | null }[]} */
  const attempts = [];
  const tryRows = async (/** @type {number} */ rows) => {
    const body = floodBody(rows);
    const r = await send(base, '/rest/v1/qr_codes', { method: 'POST', token, body, agent, localAddress: A_ADDRESS });
    let message = r.error ?? null;
    if (!message && (r.status < 200 || r.status >= 300)) {
      try {
        const j = JSON.parse(r.text ?? '');
        message = [j.code, j.message ?? j.msg].filter(Boolean).join(' ');
      } catch {
        message = (r.text ?? '').slice(0, 160);
      }
    }
    attempts.push({ rows, bytes: body.length, status: r.status || r.error, ms: round1(r.ms), message });
    log(
      `flood probe: ${rows} rows (${body.length} bytes) → ${r.status || r.error} in ${round1(r.ms)} ms${message ? ` (${message})` : ''}`,
    );
    return r.status >= 200 && r.status < 300;
  };
  let lo = 0;
  let hi = null;
  for (const rows of [
    FLOOD_ROWS,
    ...[40_000, 30_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 100, 10, 1].filter((n) => n < FLOOD_ROWS),
  ]) {
    if (await tryRows(rows)) {
      lo = rows;
      break;
    }
    hi = rows;
  }
  // Narrow the gap between the largest accepted and the smallest refused size (to within 5 %).
  for (let step = 0; lo > 0 && hi !== null && step < 6 && hi - lo > hi * 0.05; step++) {
    const mid = Math.floor((lo + hi) / 2);
    if (await tryRows(mid)) lo = mid;
    else hi = mid;
  }
  return { rows: lo, attempts };
}

/** @param {'default' | 'off'} rateLimits */
async function benchFlood(rateLimits) {
  const server = await startServer(rateLimits);
  const { base } = server;
  const loadStart = loadavg();
  try {
    const aEmail = newEmail('flooder');
    const bEmail = newEmail('neighbour');
    const a = await signUp(base, aEmail);
    const b = await signUp(base, bEmail);
    const setupAgent = newAgent();
    await must(base, '/rest/v1/qr_codes', {
      method: 'POST',
      token: b.access_token,
      body: Array.from({ length: 20 }, (_, i) => ({ name: `B code ${i}`, content: `https://example.com/b/${i}` })),
      agent: setupAgent,
    });
    // B opens a new connection per request (like separate page loads): with keep-alive, a request sent on an
    // idle connection while the server's event loop is blocked is reset when its keepAliveTimeout fires first,
    // an artefact of connection reuse that a browser would retry; A keeps its connections alive.
    let bTurn = 0;
    const bSignIn = () => {
      const addr = B_ADDRESS_LIST[bTurn++ % B_ADDRESS_LIST.length];
      return send(base, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: signInBody(bEmail),
        agent: false,
        localAddress: addr,
      });
    };
    let gTurn = 0;
    const bList = () => {
      const addr = B_ADDRESS_LIST[gTurn++ % B_ADDRESS_LIST.length];
      return send(base, '/rest/v1/qr_codes?limit=20', { token: b.access_token, agent: false, localAddress: addr });
    };

    // B before the flood (same schedule, 2 s), for comparison.
    const idleSignIns = [];
    const idleLists = [];
    for (let i = 0; i < 8; i++) {
      idleSignIns.push(bSignIn());
      await sleep(B_INTERVAL_MS / 2);
      idleLists.push(bList());
      await sleep(B_INTERVAL_MS / 2);
    }
    const idle = { signIn: await Promise.all(idleSignIns), list: await Promise.all(idleLists) };

    log(
      `flood (${rateLimits === 'off' ? 'rate limits off' : 'default settings, rate limits on'}): probing the batch size`,
    );
    const probe = await probeBatch(base, a.access_token);
    const rows = probe.rows;
    const body = rows > 0 ? floodBody(rows) : null;

    /** @type {Sent[]} */
    const aResults = [];
    /** @type {Promise<Sent>[]} */
    const bSignIns = [];
    /** @type {Promise<Sent>[]} */
    const bLists = [];
    let peakRssMiB = 0;
    const memTimer = setInterval(() => {
      const m = server.memory();
      if (m) peakRssMiB = Math.max(peakRssMiB, m.rssMiB);
    }, 500);
    const loadBefore = loadavg();
    log(`flood: ${FLOOD_LOOPS} loops × ${rows} rows for ${FLOOD_SECONDS} s; B every ${B_INTERVAL_MS} ms`);
    const t0 = performance.now();
    const end = t0 + FLOOD_SECONDS * 1000;
    // A runs in a child process of its own: in this process its loops would also saturate the event loop that
    // times B's requests, and B's figures would measure the load generator instead of the server.
    const loops = body
      ? [
          floodInChild({
            base,
            token: a.access_token,
            rows,
            untilEpochMs: Date.now() + (end - performance.now()),
            loops: FLOOD_LOOPS,
          }).then((results) => void aResults.push(...results)),
        ]
      : [];
    // B: open loop, one sign-in per tick and one list half a tick later, for the whole flood window.
    const ticks = Math.floor((FLOOD_SECONDS * 1000) / B_INTERVAL_MS);
    const bDone = (async () => {
      for (let i = 0; i < ticks && !server.exit; i++) {
        const at = t0 + i * B_INTERVAL_MS;
        await sleep(Math.max(0, at - performance.now()));
        bSignIns.push(bSignIn());
        await sleep(Math.max(0, at + B_INTERVAL_MS / 2 - performance.now()));
        bLists.push(bList());
      }
    })();
    await bDone;
    const windowEnd = performance.now();
    const bSignInResults = await Promise.all(bSignIns);
    const bListResults = await Promise.all(bLists);
    await Promise.all(loops);
    const drainedAt = performance.now();
    clearInterval(memTimer);
    const loadAfter = loadavg();
    // After the flood: is the server back? (4 sign-ins, 4 lists, sequential.)
    /** @type {{ signIn: Sent[], list: Sent[] }} */
    const after = { signIn: [], list: [] };
    if (!server.exit) {
      for (let i = 0; i < 4; i++) {
        after.signIn.push(await bSignIn());
        after.list.push(await bList());
      }
    }
    const mem = server.memory();
    const aOk = aResults.filter((r) => r.status >= 200 && r.status < 300).length;
    const okSignIns = bSignInResults.filter((r) => r.status === 200);
    const summarise = (/** @type {Sent[]} */ results, /** @type {number} */ okStatus) => {
      const ok = results.filter((r) => r.status === okStatus);
      return {
        attempts: results.length,
        statusCodes: countStatuses(results),
        networkErrors: countErrors(results),
        failed: results.length - ok.length,
        latencyMsOk: latencyStats(ok.map((r) => r.ms)),
        latencyMsAll: latencyStats(results.map((r) => r.ms)),
        overBudget: results.filter((r) => r.status !== okStatus || r.ms > LOGIN_BUDGET_MS).length,
      };
    };
    return {
      settings: rateLimits === 'off' ? 'AUTH_RATE_LIMITS=off' : 'default (AUTH_RATE_LIMITS unset: rate limits on)',
      batch: {
        rows,
        bytes: body?.length ?? 0,
        probe: probe.attempts,
        note:
          rows === FLOOD_ROWS
            ? `the server accepted ${FLOOD_ROWS} rows in one request`
            : `the server refused ${FLOOD_ROWS} rows; largest accepted: ${rows}`,
      },
      flooder: {
        loops: FLOOD_LOOPS,
        requests: aResults.length,
        statusCodes: countStatuses(aResults),
        networkErrors: countErrors(aResults),
        rowsInserted: aOk * rows,
        rowsPerSec: round1((aOk * rows) / ((drainedAt - t0) / 1000)),
        latencyMs: latencyStats(aResults.map((r) => r.ms)),
        windowSec: round1((windowEnd - t0) / 1000),
        drainSec: round1((drainedAt - windowEnd) / 1000),
      },
      neighbour: {
        addresses: B_ADDRESS_LIST,
        intervalMs: B_INTERVAL_MS,
        signIn: {
          ...summarise(bSignInResults, 200),
          maxOk: okSignIns.length ? round1(Math.max(...okSignIns.map((r) => r.ms))) : null,
        },
        list: summarise(bListResults, 200),
        idleBeforeFlood: { signIn: summarise(idle.signIn, 200), list: summarise(idle.list, 200) },
        afterFlood: { signIn: summarise(after.signIn, 200), list: summarise(after.list, 200) },
      },
      server: {
        exited: server.exit,
        crashed: Boolean(server.exit),
        unexpectedErrorLines: server.unexpectedErrors,
        rssMiBPeakSampled: peakRssMiB,
        rssMiBPeakVmHWM: mem?.peakRssMiB ?? null,
        logTail: server.exit || server.unexpectedErrors ? server.tail.slice(-15) : [],
      },
      loadAverage: { start: loadStart, beforeFlood: loadBefore, afterFlood: loadAfter },
    };
  } finally {
    await server.stop();
  }
}

// ---- report -----------------------------------------------------------------------------------------------

const fmt = (/** @type {unknown} */ v) => (v === null || v === undefined ? '–' : String(v));
const codes = (/** @type {Record<string, number | undefined> | undefined} */ o) =>
  Object.entries(o ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ') || '–';

/**
 * bench-results/api-<backend>[-<label>].json: every phase run, null or absent when left out.
 * @typedef {Awaited<ReturnType<typeof benchFlood>> | { error: string }} FloodPhase
 * @typedef {ReturnType<typeof machine> & {
 *   date: string, label: string | null, backend: string, commit: string | null,
 *   loadAverage: { start: number[], end: number[] | null, beforeAuth?: number[], beforeRest?: number[] },
 *   settings: Record<string, unknown>,
 *   auth: Awaited<ReturnType<typeof benchAuth>> | null,
 *   rest: Awaited<ReturnType<typeof benchRest>> | null,
 *   noisyNeighbour: { rateLimitsOn?: FloodPhase, rateLimitsOff?: FloodPhase },
 *   problems: string[],
 * }} Report
 */

/** @param {Report} report */
function markdown(report) {
  /** @type {string[]} */
  const out = [];
  const title = `# API benchmark (auth, Data API, noisy neighbour) · ${report.backend}${report.label ? ` · ${report.label}` : ''}`;
  out.push(title, '');
  out.push(
    `${report.date} · ${report.backend} · Node ${report.node} · ${report.cpus} × ${report.cpuModel} · load average ${report.loadAverage.start.join(' / ')} at start, ${report.loadAverage.end?.join(' / ')} at end${report.commit ? ` · commit ${report.commit}` : ''}`,
    '',
    'Loopback; the server runs in a child process and the load generator in this process, on the same cores. Latencies in ms (nearest-rank percentiles over successful responses).',
    '',
  );
  if (report.auth) {
    const a = report.auth;
    out.push(
      '## Auth (AUTH_RATE_LIMITS=off)',
      '',
      '| request | clients | requests | req/s | p50 | p95 | p99 | max | statuses |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const [name, r] of /** @type {const} */ ([
      ['password sign-in', a.signIn.sequential],
      ['password sign-in', a.signIn.concurrent],
      ['token refresh', a.refresh.sequential],
      ['token refresh', a.refresh.concurrent],
    ])) {
      out.push(
        `| ${name} | ${r.clients} | ${r.requests} | ${r.reqPerSec} | ${fmt(r.latencyMs.p50)} | ${fmt(r.latencyMs.p95)} | ${fmt(r.latencyMs.p99)} | ${fmt(r.latencyMs.max)} | ${codes(r.statusCodes)} |`,
      );
    }
    out.push('');
  }
  if (report.rest) {
    const r = report.rest;
    out.push(
      `## Data API (AUTH_RATE_LIMITS=off, autocannon, ${r.list.connections} connections)`,
      '',
      '| request | requests | req/s | p50 | p95 | p99 | max | statuses |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const [name, x] of /** @type {const} */ ([
      [`GET ${r.list.path} (user with 50 codes)`, r.list],
      [r.insert.path, r.insert],
      [`${r.dashboardSummary.path} (same user, 150 scans)`, r.dashboardSummary],
    ])) {
      out.push(
        `| ${name.replaceAll('|', '\\|')} | ${x.requests} | ${x.reqPerSec} | ${fmt(x.latencyMs.p50)} | ${fmt(x.latencyMs.p95)} | ${fmt(x.latencyMs.p99)} | ${fmt(x.latencyMs.max)} | ${codes(x.statusCodes)}${x.errors || x.timeouts ? `; errors ${x.errors}, timeouts ${x.timeouts}` : ''} |`,
      );
    }
    out.push('');
  }
  for (const [key, heading] of /** @type {const} */ ([
    ['rateLimitsOn', 'Noisy neighbour, default settings (rate limits on)'],
    ['rateLimitsOff', 'Noisy neighbour, AUTH_RATE_LIMITS=off'],
  ])) {
    const f = report.noisyNeighbour?.[key];
    if (!f) continue;
    out.push(`## ${heading}`, '');
    if ('error' in f) {
      out.push(`Phase failed: ${f.error}`, '');
      continue;
    }
    const s = f.neighbour.signIn;
    const l = f.neighbour.list;
    out.push(
      `A (127.0.0.1): ${f.flooder.loops} loops of POST /rest/v1/qr_codes with ${f.batch.rows} rows of {"name":"x"} (${(f.batch.bytes / 1024).toFixed(0)} KiB) for ${f.flooder.windowSec} s; ${f.batch.note}. ` +
        `B (${f.neighbour.addresses.join(', ')}, round robin, a new connection per request): a password sign-in every ${f.neighbour.intervalMs} ms and a GET /rest/v1/qr_codes?limit=20 half a tick later (open loop). Budget: B's login ≤ ${LOGIN_BUDGET_MS} ms.`,
      '',
      '| figure | value |',
      '| --- | --- |',
      `| B sign-in during flood: p50 / p95 / max (ms, 200s) | ${fmt(s.latencyMsOk.p50)} / ${fmt(s.latencyMsOk.p95)} / ${fmt(s.latencyMsOk.max)} |`,
      `| B sign-in: attempts, failed, statuses | ${s.attempts}, ${s.failed}, ${codes(s.statusCodes)} |`,
      `| B sign-ins failed or over ${LOGIN_BUDGET_MS} ms | ${s.overBudget} of ${s.attempts} |`,
      `| B list during flood: p50 / p95 / max (ms, 200s) | ${fmt(l.latencyMsOk.p50)} / ${fmt(l.latencyMsOk.p95)} / ${fmt(l.latencyMsOk.max)} |`,
      `| B list: attempts, failed, statuses | ${l.attempts}, ${l.failed}, ${codes(l.statusCodes)} |`,
      `| B before the flood: sign-in p50 / max, list p50 / max (ms) | ${fmt(f.neighbour.idleBeforeFlood.signIn.latencyMsOk.p50)} / ${fmt(f.neighbour.idleBeforeFlood.signIn.latencyMsOk.max)}, ${fmt(f.neighbour.idleBeforeFlood.list.latencyMsOk.p50)} / ${fmt(f.neighbour.idleBeforeFlood.list.latencyMsOk.max)} |`,
      `| B after the flood drained: sign-in p50 / max, list p50 / max (ms) | ${fmt(f.neighbour.afterFlood.signIn.latencyMsOk.p50)} / ${fmt(f.neighbour.afterFlood.signIn.latencyMsOk.max)}, ${fmt(f.neighbour.afterFlood.list.latencyMsOk.p50)} / ${fmt(f.neighbour.afterFlood.list.latencyMsOk.max)} |`,
      `| A: requests (Retry-After ignored), statuses | ${f.flooder.requests}, ${codes(f.flooder.statusCodes)} |`,
      `| A: rows inserted (rows/s) | ${f.flooder.rowsInserted} (${f.flooder.rowsPerSec}) |`,
      `| A: latency p50 / p95 / max (ms) | ${fmt(f.flooder.latencyMs.p50)} / ${fmt(f.flooder.latencyMs.p95)} / ${fmt(f.flooder.latencyMs.max)} |`,
      `| A: in-flight requests drained after the window in (s) | ${f.flooder.drainSec} |`,
      `| batch-size probe | ${f.batch.probe.map((p) => `${p.rows} rows → ${p.status} (${p.ms} ms)`).join('; ')} |`,
      `| server exited during the phase | ${f.server.exited ? JSON.stringify(f.server.exited) : 'no'} |`,
      `| server "unexpected error" log lines | ${f.server.unexpectedErrorLines} |`,
      `| server RSS peak (MiB) | ${fmt(f.server.rssMiBPeakVmHWM)} |`,
      `| load average before / after the flood | ${f.loadAverage.beforeFlood.join(' / ')} → ${f.loadAverage.afterFlood.join(' / ')} |`,
      '',
    );
  }
  if (report.problems.length) out.push('## Problems', '', ...report.problems.map((p) => `- ${p}`), '');
  return out.join('\n');
}

// ---- main -------------------------------------------------------------------------------------------------

/**
 * What the flood child is told: where, as whom, how big a batch, until when, how many loops.
 * @typedef {{ base: string, token: string, rows: number, untilEpochMs: number, loops: number }} FloodConfig
 */

/**
 * Runs A's flood loops in a child process (this script with BENCH_FLOOD_CHILD); resolves with A's results.
 * @param {FloodConfig} config
 * @returns {Promise<Sent[]>}
 */
function floodInChild(config) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_FLOOD_CHILD: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood child exited ${code}`)),
    );
  });
}

/**
 * The child side: A's closed loops until the deadline; prints the results as JSON.
 * @param {FloodConfig} config
 */
async function floodChild(config) {
  const body = floodBody(config.rows);
  /** @type {Sent[]} */
  const results = [];
  await Promise.all(
    Array.from({ length: config.loops }, async () => {
      const agent = newAgent();
      while (Date.now() < config.untilEpochMs) {
        results.push(
          await send(config.base, '/rest/v1/qr_codes', {
            method: 'POST',
            token: config.token,
            body,
            agent,
            localAddress: A_ADDRESS,
          }),
        );
      }
    }),
  );
  process.stdout.write(JSON.stringify(results));
}

async function main() {
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    /* not a git checkout; the commit stays unknown */
  }
  /** @type {Report} */
  const report = {
    date: new Date().toISOString(),
    label: LABEL || null,
    backend: BACKEND,
    commit,
    ...machine(),
    loadAverage: { start: loadavg(), end: null },
    settings: {
      signInSequential: SIGNIN_SEQ,
      signInConcurrent: SIGNIN_CONC,
      refreshSequential: REFRESH_SEQ,
      refreshConcurrent: REFRESH_CONC,
      concurrentClients: CONCURRENT_CLIENTS,
      restRequests: REST_REQUESTS,
      restInserts: REST_INSERTS,
      connections: CONNECTIONS,
      floodSeconds: FLOOD_SECONDS,
      floodLoops: FLOOD_LOOPS,
      floodRowsTried: FLOOD_ROWS,
      neighbourIntervalMs: B_INTERVAL_MS,
      neighbourAddresses: B_ADDRESS_LIST,
      requestTimeoutMs: TIMEOUT_MS,
      loginBudgetMs: LOGIN_BUDGET_MS,
      phases: [...PHASES],
    },
    auth: null,
    rest: null,
    noisyNeighbour: {},
    problems: [],
  };

  if (PHASES.has('auth') || PHASES.has('rest')) {
    const server = await startServer('off');
    try {
      if (PHASES.has('auth')) {
        report.loadAverage.beforeAuth = loadavg();
        report.auth = await benchAuth(server.base);
      }
      if (PHASES.has('rest')) {
        report.loadAverage.beforeRest = loadavg();
        report.rest = await benchRest(server.base);
      }
      if (server.exit) report.problems.push(`server exited during the latency runs: ${JSON.stringify(server.exit)}`);
      if (server.unexpectedErrors)
        report.problems.push(
          `${server.unexpectedErrors} "unexpected error" lines in the server log during the latency runs`,
        );
    } finally {
      await server.stop();
    }
  }
  for (const [phase, key, mode] of /** @type {const} */ ([
    ['flood-on', 'rateLimitsOn', 'default'],
    ['flood-off', 'rateLimitsOff', 'off'],
  ])) {
    if (!PHASES.has(phase)) continue;
    try {
      const f = await benchFlood(mode);
      report.noisyNeighbour[key] = f;
      if (f.server.crashed)
        report.problems.push(`${phase}: the server exited during the flood (${JSON.stringify(f.server.exited)})`);
      if (f.batch.rows === 0) report.problems.push(`${phase}: the server accepted no batch size at all`);
    } catch (err) {
      report.noisyNeighbour[key] = { error: err instanceof Error ? err.message : String(err) };
      report.problems.push(`${phase}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  for (const r of [
    report.auth?.signIn.sequential,
    report.auth?.signIn.concurrent,
    report.auth?.refresh.sequential,
    report.auth?.refresh.concurrent,
  ]) {
    if (r && (r.statusCodes['200'] ?? 0) !== r.requests)
      report.problems.push(`auth: non-200 answers ${JSON.stringify(r.statusCodes)}`);
  }
  for (const [name, r, ok] of /** @type {const} */ ([
    ['list', report.rest?.list, '200'],
    ['insert', report.rest?.insert, '201'],
    ['dashboard_summary', report.rest?.dashboardSummary, '200'],
  ])) {
    if (r && ((r.statusCodes[ok] ?? 0) !== r.requests || r.errors || r.timeouts)) {
      report.problems.push(
        `rest ${name}: ${JSON.stringify(r.statusCodes)}, errors ${r.errors}, timeouts ${r.timeouts}`,
      );
    }
  }
  report.loadAverage.end = loadavg();

  const stem = `bench-results/api-${BACKEND}${LABEL ? `-${LABEL}` : ''}`;
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(`${stem}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const md = markdown(report);
  writeFileSync(`${stem}.md`, md);
  process.stdout.write(md);
  log(`wrote ${stem}.json and ${stem}.md`);
  // Latency-run failures and crashes fail the script; the flood's refusals are measurements, not failures.
  if (report.problems.length) process.exitCode = 1;
}

if (process.env.BENCH_FLOOD_CHILD) await floodChild(JSON.parse(process.env.BENCH_FLOOD_CHILD));
else await main();
