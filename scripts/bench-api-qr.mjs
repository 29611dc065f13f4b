#!/usr/bin/env node
// GET /api/v1/qr (SVG) on loopback: requests/s and latency percentiles with autocannon, against the local server
// started in a child process (`node --import tsx server/main.ts`, PGlite in a temp directory, rate limits off),
// and, in the same run and alternating with it, a minimal Hono handler that calls the `qr` npm package and returns
// its SVG (no key check, no database: the floor for "encode + SVG over HTTP"). Each side runs BENCH_ROUNDS rounds of
// BENCH_REQUESTS requests over BENCH_CONNECTIONS keep-alive connections; the figures are per round, then the median
// round. Our side includes the key lookup (one indexed SELECT through resolve_api_key) on every request.
//
// Writes bench-results/api-qr.json and .md. Knobs (defaults): BENCH_ROUNDS (3), BENCH_REQUESTS (3000),
// BENCH_CONNECTIONS (10), BENCH_DATA (a 33-character URL).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { encodeQR } from 'qr';
import { envInteger, freePort, waitFor } from './bench-net.mjs';
import { freshBenchStorage } from './bench-storage.mjs';
import { LOCAL_ANON_KEY } from './env-files.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = envInteger('BENCH_ROUNDS', 3);
const REQUESTS = envInteger('BENCH_REQUESTS', 3000);
const CONNECTIONS = envInteger('BENCH_CONNECTIONS', 10);
const DATA = process.env.BENCH_DATA ?? 'https://example.com/menu?table=12';

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A signed-up user's API key, made as Settings makes it (create_api_key through the Data API). */
async function apiKey(base) {
  const headers = { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' };
  const email = `bench-${Date.now()}@example.com`;
  const session = await json(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password-42' }),
  });
  const [row] = await json(`${base}/rest/v1/rpc/create_api_key`, {
    method: 'POST',
    headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ p_name: 'bench' }),
  });
  return row.key;
}

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, amount: REQUESTS }, (err, result) => {
      if (err) reject(err);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
        });
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const storage = await freshBenchStorage('', 'qrcraft-bench-qr-');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: storage.dataDir,
      AUTH_RATE_LIMITS: 'off',
      ENV_FILES: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baselinePort = await freePort();
  const baselineApp = new Hono().get('/qr', (c) =>
    c.body(encodeQR(c.req.query('data') ?? '', 'svg'), 200, { 'Content-Type': 'image/svg+xml' }),
  );
  const baseline = serve({ fetch: baselineApp.fetch, port: baselinePort, hostname: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/auth/v1/health`, { child });
    const key = await apiKey(base);
    const query = new URLSearchParams({ data: DATA, format: 'svg', size: '1000' });
    const ours = `${base}/api/v1/qr?${query}`;
    const theirs = `http://127.0.0.1:${baselinePort}/qr?${query}`;
    // Warm-up: JIT, the key lookup's plan, the first encodes.
    await run(ours, { Authorization: `Bearer ${key}` });
    await run(theirs, {});
    const rounds = { ours: [], qrPackage: [] };
    for (let i = 0; i < ROUNDS; i++) {
      rounds.ours.push(await run(ours, { Authorization: `Bearer ${key}` }));
      rounds.qrPackage.push(await run(theirs, {}));
    }
    const summary = Object.fromEntries(
      Object.entries(rounds).map(([name, list]) => [
        name,
        {
          rps: median(list.map((r) => r.rps)),
          p50: median(list.map((r) => r.p50)),
          p99: median(list.map((r) => r.p99)),
        },
      ]),
    );
    const result = {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      settings: { rounds: ROUNDS, requests: REQUESTS, connections: CONNECTIONS, data: DATA, size: 1000 },
      rounds,
      summary,
    };
    mkdirSync(`${ROOT}/bench-results`, { recursive: true });
    writeFileSync(`${ROOT}/bench-results/api-qr.json`, `${JSON.stringify(result, null, 2)}\n`);
    const line = (name, s) => `| ${name} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} |`;
    writeFileSync(
      `${ROOT}/bench-results/api-qr.md`,
      [
        '# GET /api/v1/qr (SVG) on loopback',
        '',
        `${result.when}, ${result.machine.cpus} CPUs (${result.machine.model}), Node ${result.machine.node}; `,
        `${ROUNDS} rounds of ${REQUESTS} requests over ${CONNECTIONS} connections each, median round. `,
        `Data: \`${DATA}\`, size 1000. Written by \`node scripts/bench-api-qr.mjs\`.`,
        '',
        '| server | requests/s | p50 ms | p99 ms |',
        '| --- | --- | --- | --- |',
        line('QRCraft /api/v1/qr (key lookup + our encoder + src/render SVG)', summary.ours),
        line('minimal Hono + `qr` npm package (no key, no database)', summary.qrPackage),
        '',
      ].join('\n'),
    );
    console.log(JSON.stringify(summary));
  } finally {
    baseline.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await storage.dispose();
  }
}

await main();
