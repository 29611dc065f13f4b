#!/usr/bin/env node
// Dashboard benchmark (issue 14): with an account of BENCH_SCANS scans (default 10,000,000 over 20 dynamic codes
// and a year), how long after navigation the dashboard's and the analytics page's figures are on screen, in
// Chromium (/usr/bin/chromium) on the production build, against the local server on PostgreSQL.
//
// Storage: a throw-away `qrcraft_bench_*` database on BENCH_DATABASE_URL (default: the PostgreSQL server of this
// machine, postgres://postgres@127.0.0.1:5432/postgres); PGlite is not offered, its directory belongs to the
// server process while the scans are loaded. The account signs up through the server (so its password is stored
// as the server stores any), its codes and scans are inserted with SQL through the rollup trigger
// (scripts/bench/lib/scans.mjs). The app is built with `vite build` into a temp folder pointing at the server and
// served with `vite preview`; the browser signs in through the Log In form once, then each page is loaded
// BENCH_RUNS times (default 3; a fresh navigation each), median reported. "On screen": the dashboard's summary
// cards and Recent QR Codes with their counts; the analytics page's all-time total and per-day chart.
// Writes bench-results/dashboard.json and bench-results/dashboard.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { chromium } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../dev/env-files.mjs';
import { freshBenchStorage } from './lib/storage.mjs';
import { freePort, waitFor, envInteger } from './lib/net.mjs';
import { insertCodes, insertScans } from './lib/scans.mjs';

const DEMO_ANON_KEY = LOCAL_ANON_KEY;
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const num = envInteger;
const SCANS = num('BENCH_SCANS', 10_000_000);
const RUNS = Math.max(1, num('BENCH_RUNS', 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'bench-password-42';
const log = (line) => process.stderr.write(`[bench-dashboard] ${line}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x);

function spawnLogged(args, env) {
  // The tool's own bin, not `npx`: a SIGTERM to npx does not reach the vite preview it started.
  const [tool, ...rest] = args;
  const child = spawn(join('node_modules', '.bin', tool), rest, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function run(args, env) {
  const p = spawnLogged(args, env);
  const code = await p.exited;
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
}

async function signUp(base, email) {
  const res = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: DEMO_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`signup → ${res.status} ${JSON.stringify(json)}`);
  return json.user.id;
}

/** Milliseconds from the start of a navigation to `ready(page)` resolving. */
async function timeNavigation(page, url, ready) {
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  return performance.now() - t0;
}

async function main() {
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const storage = await freshBenchStorage(SERVER_URL, 'qrcraft-bench-');
  const outDir = mkdtempSync(join(os.tmpdir(), 'qrcraft-bench-dist-'));
  const serverPort = await freePort();
  const previewPort = await freePort();
  const api = `http://127.0.0.1:${serverPort}`;
  const app = `http://127.0.0.1:${previewPort}`;
  const server = spawnLogged(['tsx', 'server/main.ts'], {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATABASE_URL: storage.databaseUrl,
    AUTH_RATE_LIMITS: 'off',
    ENV_FILES: 'off',
  });
  let preview;
  let browser;
  try {
    await waitFor(`${api}/auth/v1/health`, { child: server.child, ms: 180_000 });
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const userId = await signUp(api, email);
    const db = new pg.Client({ connectionString: storage.databaseUrl });
    await db.connect();
    let loadSeconds;
    try {
      await insertCodes(db, userId, 20);
      log(`loading ${SCANS.toLocaleString('en-US')} scans`);
      loadSeconds = await insertScans(db, { userIds: [userId], total: SCANS, log });
      await db.query('analyze');
    } finally {
      await db.end();
    }

    log('building the app');
    await run(['vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', outDir], {
      VITE_SUPABASE_URL: api,
      VITE_SUPABASE_ANON_KEY: DEMO_ANON_KEY,
    });
    preview = spawnLogged(['vite', 'preview', '--outDir', outDir, '--port', String(previewPort), '--strictPort']);
    await waitFor(`${app}/`, { child: preview.child });

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage();
    await page.goto(`${app}/auth`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard/, { timeout: 60_000 });

    // Dashboard: the summary cards no longer say "Loading…" and Recent QR Codes lists codes with their counts.
    const dashboardReady = async (p) => {
      await p
        .getByRole('region', { name: 'Recent QR Codes' })
        .getByText(/unique scans/)
        .first()
        .waitFor({
          timeout: 120_000,
        });
      await p.getByText('Loading…').first().waitFor({ state: 'detached', timeout: 120_000 });
    };
    // Analytics: the all-time total (every scan of the account) and the per-day chart's card.
    const analyticsReady = async (p) => {
      await p.getByText(SCANS.toLocaleString('en-US'), { exact: true }).first().waitFor({ timeout: 120_000 });
      await p.getByRole('heading', { name: 'Scans over time' }).first().waitFor({ timeout: 120_000 });
    };
    const results = {};
    for (const [name, path, ready] of [
      ['dashboard', '/dashboard', dashboardReady],
      ['analytics', '/dashboard/analytics', analyticsReady],
    ]) {
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push(await timeNavigation(page, `${app}${path}`, ready));
      results[name] = { medianMs: round(median(times)), runsMs: times.map(round) };
      log(`${name}: ${results[name].runsMs.join(', ')} ms`);
    }

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
      scans: SCANS,
      loadSeconds,
      runs: RUNS,
      results,
    };
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/dashboard.json', `${JSON.stringify(report, null, 2)}\n`);
    const md = [
      `# Dashboard and analytics on screen, account with ${SCANS.toLocaleString('en-US')} scans`,
      '',
      `${report.date} · PostgreSQL · Node ${report.node} · ${report.cpus} × ${report.cpuModel} · load average ` +
        `${report.loadAverageAtStart.join(' / ')} at start, ${report.loadAverageAtEnd.join(' / ')} at end`,
      '',
      `One account, ${SCANS.toLocaleString('en-US')} scans over 365 days on 20 dynamic codes (loaded through the ` +
        `rollup trigger in ${Math.round(loadSeconds)} s). Production build, vite preview, local server, Debian ` +
        "Chromium headless, no throttling; from the start of a navigation until the page's figures are on screen " +
        `(dashboard: summary cards and Recent QR Codes with counts; analytics: the all-time total and the per-day chart). ${RUNS} runs each.`,
      '',
      '| page | median (ms) | runs (ms) |',
      '| --- | ---: | --- |',
      ...Object.entries(results).map(([name, r]) => `| ${name} | ${r.medianMs} | ${r.runsMs.join(', ')} |`),
      '',
    ].join('\n');
    writeFileSync('bench-results/dashboard.md', md);
    process.stdout.write(md);
  } finally {
    await browser?.close();
    await preview?.stop();
    await server.stop();
    rmSync(outDir, { recursive: true, force: true });
    await storage.dispose();
  }
}

await main();
