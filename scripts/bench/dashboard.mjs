#!/usr/bin/env node
// @ts-check
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
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { LOCAL_ANON_KEY } from '../dev/env-files.mjs';
import { buildForBench, launchChromium, startPreview } from './lib/app.mjs';
import { envInteger } from './lib/knobs.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { insertCodes, insertScans } from './lib/scans.mjs';
import { startLocalServer } from './lib/server.mjs';
import { median } from './lib/stats.mjs';
import { freshBenchStorage } from './lib/storage.mjs';

const DEMO_ANON_KEY = LOCAL_ANON_KEY;
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const num = envInteger;
const SCANS = num('BENCH_SCANS', 10_000_000);
const RUNS = Math.max(1, num('BENCH_RUNS', 3));
const PASSWORD = 'bench-password-42';
const log = (/** @type {string} */ line) => process.stderr.write(`[bench-dashboard] ${line}\n`);
const round = (/** @type {number} */ x) => Math.round(x);

/** @typedef {import('@playwright/test').Page} Page */

/**
 * Signs up through the server; resolves with the new user's id.
 * @param {string} base
 * @param {string} email
 * @returns {Promise<string>}
 */
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

/**
 * Milliseconds from the start of a navigation to `ready(page)` resolving.
 * @param {Page} page
 * @param {string} url
 * @param {(page: Page) => Promise<void>} ready
 */
async function timeNavigation(page, url, ready) {
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  return performance.now() - t0;
}

async function main() {
  const loadAverageAtStart = loadAverage();
  const storage = await freshBenchStorage(SERVER_URL, 'qrcraft-bench-');
  const outDir = mkdtempSync(join(os.tmpdir(), 'qrcraft-bench-dist-'));
  let server;
  let preview;
  let browser;
  try {
    server = await startLocalServer({
      env: { DATABASE_URL: storage.databaseUrl, AUTH_RATE_LIMITS: 'off' },
      readyMs: 180_000,
    });
    const api = server.base;
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
    buildForBench(outDir, { env: { VITE_SUPABASE_URL: api, VITE_SUPABASE_ANON_KEY: DEMO_ANON_KEY } });
    preview = await startPreview({ outDir });
    const app = preview.base;

    browser = await launchChromium();
    const page = await browser.newPage();
    await page.goto(`${app}/auth`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard/, { timeout: 60_000 });

    // Dashboard: the summary cards no longer say "Loading…" and Recent QR Codes lists codes with their counts.
    const dashboardReady = async (/** @type {Page} */ p) => {
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
    const analyticsReady = async (/** @type {Page} */ p) => {
      await p.getByText(SCANS.toLocaleString('en-US'), { exact: true }).first().waitFor({ timeout: 120_000 });
      await p.getByRole('heading', { name: 'Scans over time' }).first().waitFor({ timeout: 120_000 });
    };
    /** @type {Record<string, { medianMs: number, runsMs: number[] }>} */
    const results = {};
    /** @type {[name: string, path: string, ready: (page: Page) => Promise<void>][]} */
    const pages = [
      ['dashboard', '/dashboard', dashboardReady],
      ['analytics', '/dashboard/analytics', analyticsReady],
    ];
    for (const [name, path, ready] of pages) {
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push(await timeNavigation(page, `${app}${path}`, ready));
      const runsMs = times.map(round);
      results[name] = { medianMs: round(median(times)), runsMs };
      log(`${name}: ${runsMs.join(', ')} ms`);
    }

    const report = {
      date: new Date().toISOString(),
      ...machine(),
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
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
    preview?.stop();
    await server?.stop();
    rmSync(outDir, { recursive: true, force: true });
    await storage.dispose();
  }
}

await main();
