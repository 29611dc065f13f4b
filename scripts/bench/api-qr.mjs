#!/usr/bin/env node
// @ts-check
// GET /api/v1/qr (SVG and PNG) on loopback: requests/s and latency percentiles with autocannon, against the local
// server started in a child process (`node --import tsx server/main.ts`, PGlite in a temp directory, rate limits
// off), and, in the same run and alternating with it, a minimal Hono handler that calls the `qr` npm package
// (SVG: its own SVG; PNG: its matrix drawn with fillRect on an @napi-rs/canvas and encoded, the least a PNG
// takes with that canvas). No key check, no database there: the floor for "encode + draw over HTTP". Each side
// runs BENCH_ROUNDS rounds per format over BENCH_CONNECTIONS keep-alive connections; the figures are per round,
// then the median round. Our side checks the key on every request (resolved keys are cached for 5 s:
// supabase/functions/_shared/api/key-cache.ts).
//
// Writes bench-results/api.json and .md. Knobs (defaults): BENCH_ROUNDS (3), BENCH_REQUESTS (3000, SVG),
// BENCH_PNG_REQUESTS (300), BENCH_CONNECTIONS (10), BENCH_DATA (a 33-character URL), BENCH_SIZE (1000).
//
// A second scenario, the noisy neighbour (./lib/qr-neighbour.mjs), runs on a server of its own with the default
// limits on: one key keeps BENCH_NOISY_CONCURRENCY (30) PNGs of BENCH_NOISY_SIZE (4096) px in flight while another
// account renders BENCH_VICTIM_REQUESTS (40) PNGs of 256 px one by one and signs in BENCH_VICTIM_SIGNINS (10)
// times; the victim's p50/p99 idle and under the noise, same run. Writes bench-results/api-qr-neighbour.{json,md}.
// BENCH_SCENARIO: all (default), throughput or neighbour.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Canvas } from '@napi-rs/canvas';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { encodeQR } from 'qr';
import { LOCAL_ANON_KEY } from '../dev/env-files.mjs';
import { envInteger } from './lib/knobs.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { REPO_ROOT } from './lib/repo.mjs';
import { freePort, startLocalServer } from './lib/server.mjs';
import { median } from './lib/stats.mjs';
import { runQrNeighbour } from './lib/qr-neighbour.mjs';
import { freshBenchStorage } from './lib/storage.mjs';

const ROUNDS = envInteger('BENCH_ROUNDS', 3);
const REQUESTS = envInteger('BENCH_REQUESTS', 3000);
const CONNECTIONS = envInteger('BENCH_CONNECTIONS', 10);
const PNG_REQUESTS = envInteger('BENCH_PNG_REQUESTS', 300);
const DATA = process.env.BENCH_DATA ?? 'https://example.com/menu?table=12';
const SIZE = envInteger('BENCH_SIZE', 1000);
const SCENARIO = process.env.BENCH_SCENARIO ?? 'all';
const NOISY_CONCURRENCY = envInteger('BENCH_NOISY_CONCURRENCY', 30);
const NOISY_SIZE = envInteger('BENCH_NOISY_SIZE', 4096);
const VICTIM_REQUESTS = envInteger('BENCH_VICTIM_REQUESTS', 40);
const VICTIM_SIGNINS = envInteger('BENCH_VICTIM_SIGNINS', 10);
const PASSWORD = 'bench-password-42';

/**
 * The `qr` package's matrix as a PNG of SIZE pixels, with a 4-module quiet zone, as simply as the canvas allows.
 * @param {string} data
 */
async function qrPackagePng(data) {
  const rows = encodeQR(data, 'raw');
  const n = rows.length + 8;
  const canvas = new Canvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, SIZE, SIZE);
  ctx.fillStyle = '#000000';
  const m = SIZE / n;
  rows.forEach((row, y) => row.forEach((dark, x) => dark && ctx.fillRect((x + 4) * m, (y + 4) * m, m, m)));
  return canvas.encode('png');
}

/**
 * @param {string} url
 * @param {RequestInit} init
 */
async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A signed-up user with an API key, made as Settings makes it (create_api_key through the Data API).
 * @param {string} base
 * @param {string} label
 * @returns {Promise<{ key: string, email: string, password: string }>}
 */
async function account(base, label = 'bench') {
  const headers = { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' };
  const email = `${label}-${Date.now()}@example.com`;
  const session = await json(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const [row] = await json(`${base}/rest/v1/rpc/create_api_key`, {
    method: 'POST',
    headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ p_name: label }),
  });
  return { key: row.key, email, password: PASSWORD };
}

/** @typedef {{ rps: number, p50: number, p99: number, max: number }} Round */

/**
 * One autocannon round of `amount` requests; rejects on any non-2xx answer or error.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} amount
 * @returns {Promise<Round>}
 */
function run(url, headers, amount) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, amount }, (err, result) => {
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

async function throughput() {
  const storage = await freshBenchStorage('', 'qrcraft-bench-qr-');
  const server = await startLocalServer({ env: { DATA_DIR: storage.dataDir, AUTH_RATE_LIMITS: 'off' } });
  const baselinePort = await freePort();
  const baselineApp = new Hono().get('/qr', async (c) => {
    const data = c.req.query('data') ?? '';
    if (c.req.query('format') === 'png') {
      // A Buffer over a plain ArrayBuffer, as @napi-rs/canvas encodes it.
      const png = /** @type {Uint8Array<ArrayBuffer>} */ (await qrPackagePng(data));
      return c.body(png, 200, { 'Content-Type': 'image/png' });
    }
    return c.body(encodeQR(data, 'svg'), 200, { 'Content-Type': 'image/svg+xml' });
  });
  const baseline = serve({ fetch: baselineApp.fetch, port: baselinePort, hostname: '127.0.0.1' });
  try {
    const base = server.base;
    const { key } = await account(base);
    const auth = { Authorization: `Bearer ${key}` };
    /** @type {Record<'svg' | 'png', { ours: Round[], qrPackage: Round[] }>} */
    const rounds = { svg: { ours: [], qrPackage: [] }, png: { ours: [], qrPackage: [] } };
    for (const [format, amount] of /** @type {const} */ ([
      ['svg', REQUESTS],
      ['png', PNG_REQUESTS],
    ])) {
      const query = new URLSearchParams({ data: DATA, format, size: String(SIZE) });
      const ours = `${base}/api/v1/qr?${query}`;
      const theirs = `http://127.0.0.1:${baselinePort}/qr?${query}`;
      // Warm-up: JIT, the key lookup's plan, the first encodes, the renderer's sprites.
      await run(ours, auth, Math.ceil(amount / 3));
      await run(theirs, {}, Math.ceil(amount / 3));
      for (let i = 0; i < ROUNDS; i++) {
        rounds[format].ours.push(await run(ours, auth, amount));
        rounds[format].qrPackage.push(await run(theirs, {}, amount));
      }
    }
    const summarise = (/** @type {Round[]} */ list) => ({
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
    });
    const summary = {
      svg: { ours: summarise(rounds.svg.ours), qrPackage: summarise(rounds.svg.qrPackage) },
      png: { ours: summarise(rounds.png.ours), qrPackage: summarise(rounds.png.qrPackage) },
    };
    const { cpus, cpuModel, node } = machine();
    const result = {
      when: new Date().toISOString(),
      machine: { cpus, model: cpuModel, node, loadavg: loadAverage() },
      settings: {
        rounds: ROUNDS,
        requests: { svg: REQUESTS, png: PNG_REQUESTS },
        connections: CONNECTIONS,
        data: DATA,
        size: SIZE,
      },
      rounds,
      summary,
    };
    const results = join(REPO_ROOT, 'bench-results');
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, 'api.json'), `${JSON.stringify(result, null, 2)}\n`);
    /** @param {string} name @param {ReturnType<typeof summarise>} s */
    const line = (name, s) => `| ${name} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} |`;
    writeFileSync(
      join(results, 'api.md'),
      [
        '# GET /api/v1/qr (SVG and PNG) on loopback',
        '',
        `${result.when}, ${result.machine.cpus} CPUs (${result.machine.model}), Node ${result.machine.node}, ` +
          `load average at the end ${result.machine.loadavg.join(' / ')}. `,
        `${ROUNDS} rounds per format (SVG ${REQUESTS}, PNG ${PNG_REQUESTS} requests) over ${CONNECTIONS} connections, ` +
          'the two servers alternating, median round. ',
        `Data: \`${DATA}\`, size ${SIZE} px. Written by \`node scripts/bench/api-qr.mjs\`.`,
        '',
        '| server | requests/s | p50 ms | p99 ms |',
        '| --- | --- | --- | --- |',
        line('SVG: QRCraft /api/v1/qr (key check + our encoder + src/render)', summary.svg.ours),
        line('SVG: minimal Hono + `qr` npm package (no key, no database)', summary.svg.qrPackage),
        line('PNG: QRCraft /api/v1/qr (key check + our encoder + src/render on @napi-rs/canvas)', summary.png.ours),
        line('PNG: minimal Hono + `qr` matrix, fillRect on @napi-rs/canvas', summary.png.qrPackage),
        '',
      ].join('\n'),
    );
    console.log(JSON.stringify(summary));
  } finally {
    baseline.close();
    await server.stop();
    await storage.dispose();
  }
}

/** The noisy-neighbour scenario on a server of its own, limits on as shipped. */
async function neighbour() {
  const storage = await freshBenchStorage('', 'qrcraft-bench-qr-neighbour-');
  const server = await startLocalServer({ env: { DATA_DIR: storage.dataDir, AUTH_RATE_LIMITS: 'on' } });
  try {
    const noisy = await account(server.base, 'noisy');
    const victim = await account(server.base, 'victim');
    const figures = await runQrNeighbour({
      base: server.base,
      noisyKey: noisy.key,
      victim,
      noisyConcurrency: NOISY_CONCURRENCY,
      noisySize: NOISY_SIZE,
      victimSize: 256,
      victimRequests: VICTIM_REQUESTS,
      victimSignIns: VICTIM_SIGNINS,
    });
    const { cpus, cpuModel, node } = machine();
    const result = {
      when: new Date().toISOString(),
      machine: { cpus, model: cpuModel, node, loadavg: loadAverage() },
      settings: {
        noisyConcurrency: NOISY_CONCURRENCY,
        noisySize: NOISY_SIZE,
        victimSize: 256,
        victimRequests: VICTIM_REQUESTS,
        victimSignIns: VICTIM_SIGNINS,
        limits: 'as shipped (AUTH_RATE_LIMITS on)',
      },
      ...figures,
    };
    const results = join(REPO_ROOT, 'bench-results');
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, 'api-qr-neighbour.json'), `${JSON.stringify(result, null, 2)}\n`);
    /** @param {string} name @param {{ p50: number, p99: number, max: number, n: number }} l */
    const row = (name, l) => `| ${name} | ${l.n} | ${l.p50} | ${l.p99} | ${l.max} |`;
    writeFileSync(
      join(results, 'api-qr-neighbour.md'),
      [
        '# GET /api/v1/qr with a noisy neighbour',
        '',
        `${result.when}, ${cpus} CPUs (${cpuModel}), Node ${node}, load average at the end ` +
          `${result.machine.loadavg.join(' / ')}. Written by \`node scripts/bench/api-qr.mjs\` (BENCH_SCENARIO=neighbour).`,
        '',
        `One key keeps ${NOISY_CONCURRENCY} PNGs of ${NOISY_SIZE} px in flight (429s wait their Retry-After); another ` +
          `account renders ${VICTIM_REQUESTS} PNGs of 256 px one by one, then signs in ${VICTIM_SIGNINS} times. Idle ` +
          'first, then under the noise, same server, limits as shipped.',
        '',
        '| victim | n | p50 ms | p99 ms | max ms |',
        '| --- | --- | --- | --- | --- |',
        row('256 px PNG, idle', figures.idle.png),
        row('256 px PNG, under the noise', figures.loaded.png),
        row('password sign-in, idle', figures.idle.signIn),
        row('password sign-in, under the noise', figures.loaded.signIn),
        '',
        `Under the noise / idle: PNG p50 ${figures.ratio.pngP50}x, p99 ${figures.ratio.pngP99}x; sign-in p99 ` +
          `${figures.ratio.signInP99}x. The noisy key meanwhile: ${figures.noisy.drawn} PNGs drawn ` +
          `(p50 ${figures.noisy.png.p50} ms), ${figures.noisy.refused429} answered 429.`,
        '',
      ].join('\n'),
    );
    console.log(
      JSON.stringify({ idle: figures.idle, loaded: figures.loaded, ratio: figures.ratio, noisy: figures.noisy }),
    );
  } finally {
    await server.stop();
    await storage.dispose();
  }
}

if (SCENARIO === 'all' || SCENARIO === 'throughput') await throughput();
if (SCENARIO === 'all' || SCENARIO === 'neighbour') await neighbour();
