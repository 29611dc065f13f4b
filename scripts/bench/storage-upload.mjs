#!/usr/bin/env node
// @ts-check
// Memory of the Storage API during big uploads (docs/storage.md): the local server (PGlite, its own temp folder)
// in a child process; a 50 MB upload streamed to it while the child's RSS is sampled from /proc every 10 ms. The
// floor of the same run is a 1 MB upload: a server that streams grows about as much for 50 MB as for 1 MB, one
// that buffers grows by the body's size. Each size runs --runs times (default 3), raw body and multipart (Blob).
//   npm run bench:storage            writes bench-results/storage.json
import { readFileSync, rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { REPO_ROOT as root } from './lib/repo.mjs';
import { freePort, startLocalServer } from './lib/server.mjs';
import { cliValue } from './lib/knobs.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const RUNS = Number(cliValue('--runs', '3'));
const MB = 1_000_000;
const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const b64 = (/** @type {object} */ v) => Buffer.from(JSON.stringify(v)).toString('base64url');
const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ role: 'service_role', exp: 4102444800 })}`;
const KEY = `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
const headers = { Authorization: `Bearer ${KEY}`, apikey: KEY };

/** @param {number} pid */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

const dir = mkdtempSync(join(tmpdir(), 'bench-storage-'));
const port = await freePort();
const server = await startLocalServer({
  port,
  env: { DATA_DIR: dir, DATABASE_URL: '', AUTH_RATE_LIMITS: 'off', SMTP_HOST: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const pid = /** @type {number} */ (server.child.pid);
await fetch(`${server.base}/storage/v1/bucket`, {
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: 'bench' }),
});

/**
 * One upload of `size` bytes sent in 64 KB chunks; the RSS growth above the RSS just before it, and its time.
 * @param {number} size
 * @param {'raw' | 'multipart'} kind
 * @param {number} n
 */
async function upload(size, kind, n) {
  const chunk = new Uint8Array(65_536).fill(0x61);
  let sent = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
  const url = `${server.base}/storage/v1/object/bench/${kind}-${size}-${n}.bin`;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const t0 = performance.now();
  /** @type {Response} */
  let res;
  if (kind === 'raw') {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) },
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for a stream body
      duplex: 'half',
    });
  } else {
    // A Blob in a FormData, as supabase-js sends one (the Blob is made here, in this process).
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new Blob([new Uint8Array(size).fill(0x61)], { type: 'application/octet-stream' }));
    res = await fetch(url, { method: 'POST', headers, body: form });
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return { growthMB: (peak - before) / 2 ** 20, ms };
}

const results = [];
for (const kind of /** @type {const} */ (['raw', 'multipart'])) {
  for (const size of [1 * MB, 50 * MB]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await upload(size, kind, i));
    results.push({
      kind,
      bytes: size,
      rssGrowthMiB: Math.round(median(runs.map((r) => r.growthMB)) * 10) / 10,
      rssGrowthMiBMax: Math.round(Math.max(...runs.map((r) => r.growthMB)) * 10) / 10,
      ms: Math.round(median(runs.map((r) => r.ms))),
      mbPerSec: Math.round((size / MB / (median(runs.map((r) => r.ms)) / 1000)) * 10) / 10,
    });
  }
}
const finalRss = Math.round((rssOf(pid) / 2 ** 20) * 10) / 10;
await server.stop();
rmSync(dir, { recursive: true, force: true });

const report = {
  what: 'RSS growth of the local server (PGlite) during one upload, median of runs; floor = the 1 MB upload',
  runs: RUNS,
  machine: machine(),
  loadAverage: loadAverage(),
  serverRssAfterMiB: finalRss,
  results,
};
writeFileSync(join(root, 'bench-results', 'storage.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
