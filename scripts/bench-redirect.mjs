#!/usr/bin/env node
// Redirect benchmark (issue 7): throughput and latency percentiles of GET /r/:slug on loopback, measured with
// autocannon against the local server started in a child process (`tsx server/main.ts`), on PGlite in a temp
// directory (default) or, with BENCH_DATABASE_URL, a throw-away `qrcraft_bench_*` PostgreSQL database.
// Every request records a scan, so the script also checks that the recorded count equals the 302 count.
// Writes bench-results/redirect.json and bench-results/redirect.md.
// Knobs: BENCH_REQUESTS (default 6000; a fixed amount, so the scan count can be checked exactly),
// BENCH_CONNECTIONS (default 10).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { freshBenchStorage } from './bench-storage.mjs';
import { freePort, waitFor } from './bench-net.mjs';
import os from 'node:os';
import autocannon from 'autocannon';

const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 6000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
];

async function call(base, path, { method = 'GET', token = DEMO_ANON_KEY, body, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      apikey: DEMO_ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return { res, json: text ? JSON.parse(text) : null };
}

async function main() {
  const benchDbUrl = process.env.BENCH_DATABASE_URL ?? '';
  const { dataDir, databaseUrl, dispose } = await freshBenchStorage(benchDbUrl, 'qrcraft-bench-');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/auth/v1/health`);
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const signup = await call(base, '/auth/v1/signup', {
      method: 'POST',
      body: { email, password: 'bench-password-42' },
    });
    const token = signup.json.access_token;
    const created = await call(base, '/rest/v1/qr_codes', {
      method: 'POST',
      token,
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      body: { name: 'Bench', destination: 'https://example.com/landing', is_dynamic: true },
    });
    const { id, slug } = created.json;

    // Warm-up (JIT, connection pool, geoip data), not measured.
    for (let i = 0; i < 100; i++) {
      const r = await fetch(`${base}/r/${slug}`, {
        redirect: 'manual',
        headers: { 'User-Agent': AGENTS[i % AGENTS.length] },
      });
      await r.arrayBuffer();
    }

    const result = await autocannon({
      url: `${base}/r/${slug}`,
      connections: CONNECTIONS,
      amount: REQUESTS,
      requests: AGENTS.map((ua) => ({ method: 'GET', headers: { 'user-agent': ua } })),
    });

    const counted = await call(base, `/rest/v1/scan_events?select=id&qr_code_id=eq.${id}`, {
      method: 'HEAD',
      token,
      headers: { Prefer: 'count=exact' },
    });
    const recorded = Number(counted.res.headers.get('content-range')?.split('/')[1]);
    const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
    const redirects = statusCodes['302'] ?? 0;
    const report = {
      date: new Date().toISOString(),
      backend: benchDbUrl ? 'postgres' : 'pglite',
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
      connections: CONNECTIONS,
      requestsPlanned: REQUESTS,
      durationSec: result.duration,
      requests: result.requests.total,
      requestsPerSec: {
        overall: Math.round((result.requests.total / result.duration) * 10) / 10,
        meanOfSeconds: result.requests.average,
        stddev: result.requests.stddev,
        min: result.requests.min,
      },
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        mean: result.latency.average,
      },
      statusCodes,
      errors: result.errors,
      timeouts: result.timeouts,
      scansRecordedEqualsRedirects: recorded === redirects + 100,
      scansRecorded: recorded,
      note: 'Loopback, server in a child process, autocannon in this process; 100 warm-up scans excluded from the figures but included in scansRecorded.',
    };
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/redirect.json', `${JSON.stringify(report, null, 2)}\n`);
    const md = [
      '# Redirect benchmark (GET /r/:slug)',
      '',
      `${report.date} · ${report.backend} · Node ${report.node} · ${report.cpus} × ${report.cpuModel} · load at end ${report.loadAverageAtEnd.join(' / ')}`,
      '',
      `autocannon, ${CONNECTIONS} connections, ${REQUESTS} requests in ${result.duration.toFixed(1)} s, loopback; every request records a scan.`,
      '',
      '| metric | value |',
      '| --- | --- |',
      `| requests | ${report.requests} |`,
      `| throughput (req/s, total / duration) | ${report.requestsPerSec.overall} |`,
      `| latency p50 (ms) | ${report.latencyMs.p50} |`,
      `| latency p90 (ms) | ${report.latencyMs.p90} |`,
      `| latency p99 (ms) | ${report.latencyMs.p99} |`,
      `| latency max (ms) | ${report.latencyMs.max} |`,
      `| status codes | ${Object.entries(statusCodes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')} |`,
      `| errors / timeouts | ${report.errors} / ${report.timeouts} |`,
      `| scans recorded = 302s + warm-up | ${report.scansRecordedEqualsRedirects} (${recorded}) |`,
      '',
    ].join('\n');
    writeFileSync('bench-results/redirect.md', md);
    process.stdout.write(md);
    if (
      !report.scansRecordedEqualsRedirects ||
      report.errors > 0 ||
      Object.keys(statusCodes).some((c) => c.startsWith('5'))
    ) {
      process.exitCode = 1;
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await dispose();
  }
}

await main();
