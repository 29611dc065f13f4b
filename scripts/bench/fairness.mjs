#!/usr/bin/env node
// @ts-check
// Noisy neighbour (issue 36): one account runs the most expensive request it is allowed, in a loop, while another
// user (the victim) keeps working: every BENCH_VICTIM_INTERVAL_MS it signs in with its password, lists its codes
// (GET /rest/v1/qr_codes, 20 rows) and renders a 256 px PNG (GET /api/v1/qr with its API key), one after the
// other. The victim's latencies under each attack are reported against the same victim with nobody attacking, in
// the same run on the same server: p50 and p99 of each request and of all three, and the ratios attack ÷ idle.
//
// Attacks, each by a fresh account for BENCH_SECONDS, back to back (no pause, Retry-After ignored):
//   sample  POST /rest/v1/rpc/load_sample_data, then DELETE of all its codes (4,580 scans in and out);
//   batch   stage BENCH_BATCH_ROWS rows in code_batch_rows (API_MAX_ROWS per insert), commit_code_batch;
//   png     BENCH_PNG_BURST concurrent GET /api/v1/qr of BENCH_PNG_SIZE px PNGs with its API key, again and again.
// The server runs with its default settings (rate limits on) except RATE_LIMIT_REST_ROWS, raised to 10,000,000 so
// that the batch attacker can stage a batch again and again (by default an account stages 10,000 rows an hour,
// one such batch). The victim's requests come from 127.0.0.2 … 127.0.0.9 (one new connection each), the
// attacker's from 127.0.0.1, so per-address login limits never refuse the victim.
//
// Backends: PGlite in a temp directory, and PostgreSQL too when BENCH_DATABASE_URL names a server (a throw-away
// qrcraft_bench_* database). Writes bench-results/fairness.json and .md (fairness-<BENCH_LABEL>.* with a label).
// Knobs (defaults): BENCH_SECONDS (20), BENCH_VICTIM_INTERVAL_MS (400), BENCH_BATCH_ROWS (10000),
// BENCH_PNG_BURST (30), BENCH_PNG_SIZE (4096), BENCH_ATTACKS (sample,batch,png), BENCH_LABEL.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LOCAL_ANON_KEY } from '../dev/env-files.mjs';
import { envInteger } from './lib/knobs.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { REPO_ROOT } from './lib/repo.mjs';
import { startLocalServer } from './lib/server.mjs';
import { percentile } from './lib/stats.mjs';
import { freshBenchStorage } from './lib/storage.mjs';

const SECONDS = envInteger('BENCH_SECONDS', 20);
const VICTIM_INTERVAL_MS = envInteger('BENCH_VICTIM_INTERVAL_MS', 400);
const BATCH_ROWS = envInteger('BENCH_BATCH_ROWS', 10_000);
const PNG_BURST = envInteger('BENCH_PNG_BURST', 30);
const PNG_SIZE = envInteger('BENCH_PNG_SIZE', 4096);
const ATTACKS = (process.env.BENCH_ATTACKS ?? 'sample,batch,png').split(',').map((s) => s.trim());
const LABEL = (process.env.BENCH_LABEL ?? '').trim();
if (LABEL && !/^[A-Za-z0-9._-]{1,40}$/.test(LABEL)) throw new Error('BENCH_LABEL: letters, digits, . _ - only');
const PASSWORD = 'bench-password-42';
const VICTIM_ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
const ATTACKER_ADDRESS = '127.0.0.1';

const log = (/** @type {string} */ line) => process.stderr.write(`[bench-fairness] ${line}\n`);
const round1 = (/** @type {number} */ x) => Math.round(x * 10) / 10;

/** @typedef {{ status: number, text: string, ms: number }} Sent */

/**
 * One request over a new connection from `from`; never rejects (status 0 on a network error).
 * @param {string} base
 * @param {string} path
 * @param {{ method?: string, token?: string, body?: unknown, from?: string, headers?: Record<string, string> }} [o]
 * @returns {Promise<Sent>}
 */
function send(
  base,
  path,
  { method = 'GET', token = LOCAL_ANON_KEY, body, from = ATTACKER_ADDRESS, headers = {} } = {},
) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        agent: false,
        localAddress: from,
        headers: {
          apikey: LOCAL_ANON_KEY,
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
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - t0,
          }),
        );
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, text: err.message, ms: performance.now() - t0 }));
    req.end(payload);
  });
}

/**
 * send() that throws unless 2xx; the parsed body.
 * @param {string} base
 * @param {string} path
 * @param {Parameters<typeof send>[2]} [o]
 * @returns {Promise<any>}
 */
async function must(base, path, o) {
  const r = await send(base, path, o);
  if (r.status < 200 || r.status >= 300)
    throw new Error(`${o?.method ?? 'GET'} ${path} → ${r.status} ${r.text.slice(0, 300)}`);
  return r.text ? JSON.parse(r.text) : null;
}

/**
 * A new account: its email, session and an API key.
 * @param {string} base
 * @param {string} who
 * @param {string} from
 */
async function account(base, who, from) {
  const email = `bench-${who}-${randomBytes(4).toString('hex')}@example.com`;
  const session = await must(base, '/auth/v1/signup', { method: 'POST', body: { email, password: PASSWORD }, from });
  const [key] = await must(base, '/rest/v1/rpc/create_api_key', {
    method: 'POST',
    token: session.access_token,
    body: { p_name: who },
    from,
  });
  return { email, token: /** @type {string} */ (session.access_token), apiKey: /** @type {string} */ (key.key) };
}

/** @typedef {{ login: number[], list: number[], png: number[], all: number[], failures: Record<string, number> }} Victim */

/**
 * The victim's cycles for `ms`: one every VICTIM_INTERVAL_MS (a late cycle starts at once after the previous one).
 * @param {string} base
 * @param {{ email: string, apiKey: string }} victim
 * @param {number} ms
 * @returns {Promise<Victim>}
 */
async function runVictim(base, victim, ms) {
  /** @type {Victim} */
  const out = { login: [], list: [], png: [], all: [], failures: {} };
  const until = performance.now() + ms;
  let i = 0;
  const note = (/** @type {keyof Omit<Victim, 'failures'>} */ what, /** @type {Sent} */ r) => {
    if (r.status >= 200 && r.status < 300) {
      out[what].push(r.ms);
      out.all.push(r.ms);
    } else out.failures[`${what} ${r.status}`] = (out.failures[`${what} ${r.status}`] ?? 0) + 1;
  };
  while (performance.now() < until) {
    const start = performance.now();
    const from = VICTIM_ADDRESSES[i++ % VICTIM_ADDRESSES.length];
    const login = await send(base, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: victim.email, password: PASSWORD },
      from,
    });
    note('login', login);
    const token = login.status === 200 ? JSON.parse(login.text).access_token : LOCAL_ANON_KEY;
    note(
      'list',
      await send(base, '/rest/v1/qr_codes?select=id,name,slug&order=created_at.desc&limit=20', { token, from }),
    );
    const png = new URLSearchParams({ data: `https://example.com/menu/${i}`, format: 'png', size: '256' });
    note('png', await send(base, `/api/v1/qr?${png}`, { token: victim.apiKey, from }));
    const rest = VICTIM_INTERVAL_MS - (performance.now() - start);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  }
  return out;
}

/** @type {Record<string, (base: string, attacker: Awaited<ReturnType<typeof account>>, stop: () => boolean, count: (r: Sent, what: string) => void, maxRows: number) => Promise<void>>} */
const ATTACK_LOOPS = {
  async sample(base, a, stop, count) {
    while (!stop()) {
      count(await send(base, '/rest/v1/rpc/load_sample_data', { method: 'POST', token: a.token, body: {} }), 'load');
      count(await send(base, '/rest/v1/qr_codes?id=not.is.null', { method: 'DELETE', token: a.token }), 'delete');
    }
  },
  async batch(base, a, stop, count, maxRows) {
    while (!stop()) {
      const batch = randomUUID();
      for (let first = 1; first <= BATCH_ROWS && !stop(); first += maxRows) {
        const rows = Array.from({ length: Math.min(maxRows, BATCH_ROWS - first + 1) }, (_, i) => ({
          batch_id: batch,
          position: first + i,
          name: `Row ${first + i}`,
          type: 'URL',
          content: `https://example.com/item/${first + i}`,
        }));
        count(await send(base, '/rest/v1/code_batch_rows', { method: 'POST', token: a.token, body: rows }), 'stage');
      }
      if (stop()) break;
      count(
        await send(base, '/rest/v1/rpc/commit_code_batch', {
          method: 'POST',
          token: a.token,
          body: { p_batch: batch },
        }),
        'commit',
      );
    }
  },
  async png(base, a, stop, count) {
    while (!stop()) {
      const answers = await Promise.all(
        Array.from({ length: PNG_BURST }, (_, i) => {
          const q = new URLSearchParams({
            data: `https://example.com/big/${i}`,
            format: 'png',
            size: String(PNG_SIZE),
          });
          return send(base, `/api/v1/qr?${q}`, { token: a.apiKey });
        }),
      );
      for (const r of answers) count(r, 'png');
    }
  },
};

/**
 * @param {number[]} ms
 */
function stats(ms) {
  if (ms.length === 0) return { n: 0, p50: null, p99: null, max: null };
  return {
    n: ms.length,
    p50: round1(percentile(ms, 50)),
    p99: round1(percentile(ms, 99)),
    max: round1(Math.max(...ms)),
  };
}

/** @param {Victim} v */
const victimStats = (v) => ({
  all: stats(v.all),
  login: stats(v.login),
  list: stats(v.list),
  png: stats(v.png),
  failures: v.failures,
});

/**
 * One backend: a server, the victim idle, then under each attack.
 * @param {'pglite' | 'postgres'} backend
 */
async function runBackend(backend) {
  const storage = await freshBenchStorage(
    backend === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? '') : '',
    'qrcraft-bench-fair-',
  );
  const server = await startLocalServer({
    env: { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, RATE_LIMIT_REST_ROWS: '10000000' },
  });
  const maxRows = backend === 'postgres' ? 1000 : 250;
  try {
    const base = server.base;
    const victim = await account(base, 'victim', VICTIM_ADDRESSES[0] ?? '127.0.0.2');
    await must(base, '/rest/v1/qr_codes', {
      method: 'POST',
      token: victim.token,
      body: Array.from({ length: 20 }, (_, i) => ({
        name: `Code ${i}`,
        type: 'URL',
        content: `https://example.com/${i}`,
      })),
      from: VICTIM_ADDRESSES[0],
    });
    log(`${backend}: warm-up`);
    await runVictim(base, victim, 3_000);
    log(`${backend}: idle ${SECONDS} s`);
    const idle = victimStats(await runVictim(base, victim, SECONDS * 1000));
    /** @type {Record<string, unknown>} */
    const attacks = {};
    for (const name of ATTACKS) {
      const loop = ATTACK_LOOPS[name];
      if (!loop) throw new Error(`unknown attack ${name}`);
      const attacker = await account(base, name, ATTACKER_ADDRESS);
      /** @type {Record<string, number>} */
      const statuses = {};
      let stopped = false;
      log(`${backend}: attack ${name} ${SECONDS} s`);
      const attack = loop(
        base,
        attacker,
        () => stopped,
        (r, what) => {
          statuses[`${what} ${r.status}`] = (statuses[`${what} ${r.status}`] ?? 0) + 1;
        },
        maxRows,
      );
      // The attack gets a second's head start, so the victim meets it running.
      await new Promise((r) => setTimeout(r, 1000));
      const under = victimStats(await runVictim(base, victim, SECONDS * 1000));
      stopped = true;
      await attack;
      const ratio = (/** @type {number | null} */ a, /** @type {number | null} */ b) =>
        a === null || b === null || b === 0 ? null : Math.round((a / b) * 100) / 100;
      attacks[name] = {
        victim: under,
        ratio: {
          p50: ratio(under.all.p50, idle.all.p50),
          p99: ratio(under.all.p99, idle.all.p99),
          loginP99: ratio(under.login.p99, idle.login.p99),
          listP99: ratio(under.list.p99, idle.list.p99),
          pngP99: ratio(under.png.p99, idle.png.p99),
        },
        attacker: statuses,
      };
    }
    return { idle, attacks };
  } finally {
    await server.stop();
    await storage.dispose();
  }
}

async function main() {
  /** @type {Array<'pglite' | 'postgres'>} */
  const backends = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  /** @type {Record<string, any>} */
  const results = {};
  for (const backend of backends) results[backend] = await runBackend(backend);
  const report = {
    bench: 'fairness',
    date: new Date().toISOString(),
    machine: machine(),
    loadAverage: loadAverage(),
    knobs: { SECONDS, VICTIM_INTERVAL_MS, BATCH_ROWS, PNG_BURST, PNG_SIZE, ATTACKS },
    target: 'victim p99 (all three requests) under attack within 2x of idle',
    results,
  };
  const dir = join(REPO_ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const name = LABEL ? `fairness-${LABEL}` : 'fairness';
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const lines = [
    `# Noisy neighbour (\`npm run bench:fairness\`)`,
    '',
    `${report.date}, ${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}, load ${report.loadAverage.join(' / ')}.`,
    `${SECONDS} s per phase; victim cycle (sign-in, list 20 codes, 256 px PNG) every ${VICTIM_INTERVAL_MS} ms; batch ${BATCH_ROWS} rows; PNG burst ${PNG_BURST} × ${PNG_SIZE} px.`,
    '',
    '| backend | phase | victim p50 ms | victim p99 ms | p50 ÷ idle | p99 ÷ idle | login p99 | list p99 | PNG p99 | victim failures | attacker answers |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --- | --- |',
  ];
  for (const [backend, r] of Object.entries(results)) {
    const fmt = (/** @type {any} */ v) => `${v.all.p50} | ${v.all.p99}`;
    lines.push(
      `| ${backend} | idle | ${fmt(r.idle)} | 1 | 1 | ${r.idle.login.p99} | ${r.idle.list.p99} | ${r.idle.png.p99} | ${JSON.stringify(r.idle.failures)} | |`,
    );
    for (const [name, a] of Object.entries(r.attacks)) {
      lines.push(
        `| ${backend} | ${name} | ${fmt(a.victim)} | ${a.ratio.p50} | ${a.ratio.p99} | ${a.victim.login.p99} | ${a.victim.list.p99} | ${a.victim.png.p99} | ${JSON.stringify(a.victim.failures)} | ${JSON.stringify(a.attacker)} |`,
      );
    }
  }
  writeFileSync(join(dir, `${name}.md`), `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
