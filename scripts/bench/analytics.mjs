#!/usr/bin/env node
// @ts-check
// Analytics benchmark (issue 14): every RPC the dashboard and the analytics page call, on an account with many
// scans, before (the raw-row definitions of 20261122000000_qr_codes.sql, recreated in a schema `bench_old`) and
// after (the rollup-reading RPCs of 20261124000300_scan_rollups.sql), on the same data.
//
// Storage: PGlite in a temp directory (default), or with BENCH_DATABASE_URL a throw-away `qrcraft_bench_*`
// PostgreSQL database. The schema comes from the server itself (`tsx server/main.ts` is started once to apply the
// migrations, then stopped); the bench then talks to the database directly.
// Data: one user with BENCH_CODES dynamic codes (free-plan trigger off while loading) and BENCH_SCANS scans
// spread over the last 365 days, plus BENCH_OTHER_USERS users sharing BENCH_OTHER_SCANS scans. Loaded with
// INSERT … SELECT generate_series in chunks of BENCH_CHUNK rows, through the real insert trigger (so the load
// time includes keeping the rollups). Since issue 37, 40 % of the scans name a rule and 30 % a variant, and one
// stopped scan per ten scans is stored (scan_stops), so the rule, variant and gate rollups are as full as they get.
// Timing: each RPC as that user, the way the data API runs it (one transaction, role authenticated,
// request.jwt.claims set with set_config), BENCH_RUNS runs (default 3), median reported.
//
// Defaults: PostgreSQL 10,000,000 + 10,000,000 scans, PGlite 1,000,000 + 1,000,000. Knobs: BENCH_SCANS,
// BENCH_OTHER_SCANS, BENCH_CODES (20), BENCH_OTHER_USERS (20), BENCH_CHUNK (1,000,000), BENCH_RUNS (3),
// BENCH_BEFORE_RUNS (BENCH_RUNS; the raw-row RPCs take seconds each at 10 million scans), BENCH_SKIP_BEFORE=1,
// BENCH_KEEP_DB=1 (PostgreSQL: keep the database afterwards), BENCH_STORED_DATABASE_URL=<a kept database's URL>
// (measure on it again without loading: the load takes 16 minutes on a quiet machine and does not need one, the
// timing does; pending migrations are applied first).
// Writes bench-results/analytics-<backend>.json and regenerates bench-results/analytics.md from the JSON files.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { envInteger } from './lib/knobs.mjs';
import { loadAverage, machine } from './lib/machine.mjs';
import { insertCodes, insertScans } from './lib/scans.mjs';
import { startLocalServer } from './lib/server.mjs';
import { median } from './lib/stats.mjs';
import { freshBenchStorage } from './lib/storage.mjs';

const BENCH_DB_URL = process.env.BENCH_DATABASE_URL ?? '';
const STORED_DB_URL = process.env.BENCH_STORED_DATABASE_URL ?? '';
const BACKEND = BENCH_DB_URL || STORED_DB_URL ? 'postgres' : 'pglite';
const num = envInteger;
const SCANS = num('BENCH_SCANS', BACKEND === 'postgres' ? 10_000_000 : 1_000_000);
const OTHER_SCANS = num('BENCH_OTHER_SCANS', SCANS);
const CODES = Math.max(1, num('BENCH_CODES', 20));
const OTHER_USERS = Math.max(1, num('BENCH_OTHER_USERS', 20));
const CHUNK = Math.max(1000, num('BENCH_CHUNK', 1_000_000));
const RUNS = Math.max(1, num('BENCH_RUNS', 3));
const BEFORE_RUNS = Math.max(1, num('BENCH_BEFORE_RUNS', RUNS));
const SKIP_BEFORE = process.env.BENCH_SKIP_BEFORE === '1';

const log = (/** @type {string} */ line) => process.stderr.write(`[bench-analytics] ${line}\n`);
const round1 = (/** @type {number} */ x) => Math.round(x * 10) / 10;

// ---- storage and schema ---------------------------------------------------------------------------------

const makeStorage = async () =>
  STORED_DB_URL
    ? { dataDir: '', databaseUrl: STORED_DB_URL, dispose: async () => {} }
    : freshBenchStorage(BENCH_DB_URL, 'qrcraft-bench-analytics-');

/**
 * Starts the server once so that it applies every migration, then stops it.
 * @param {import('./lib/storage.mjs').BenchStorage} storage
 */
async function migrate(storage) {
  const server = await startLocalServer({
    env: { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, AUTH_RATE_LIMITS: 'off' },
  });
  await server.stop();
}

/**
 * One connection to the bench database, PGlite or PostgreSQL alike.
 * @typedef {{
 *   query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>,
 *   exec(sql: string): Promise<unknown>,
 *   close(): Promise<unknown>,
 * }} Db
 */

/**
 * query(sql, params) → rows, on either backend; close().
 * @param {import('./lib/storage.mjs').BenchStorage} storage
 * @returns {Promise<Db>}
 */
async function connect(storage) {
  if (BACKEND === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(storage.dataDir);
    await db.waitReady;
    return {
      query: async (sql, params = []) => /** @type {Record<string, unknown>[]} */ ((await db.query(sql, params)).rows),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: storage.databaseUrl });
  await client.connect();
  return {
    query: async (sql, params = []) => (await client.query(sql, params)).rows,
    exec: (sql) => client.query(sql),
    close: () => client.end(),
  };
}

// ---- the RPCs of before: 20261122000000_qr_codes.sql's raw-row definitions, in schema bench_old ------------

const OLD_FUNCTIONS = `
create schema if not exists bench_old;
grant usage on schema bench_old to authenticated;
create or replace function bench_old.dashboard_summary() returns jsonb language sql stable security invoker
set search_path = '' as $$
  with codes as (select id, created_at, is_dynamic, status from public.qr_codes where user_id = (select auth.uid())),
  scans as (select s.scanned_at from public.scan_events s join codes c on c.id = s.qr_code_id),
  s as (select count(*) as total,
               count(*) filter (where scanned_at >= now() - interval '30 days') as last30,
               count(*) filter (where scanned_at >= now() - interval '60 days'
                                  and scanned_at < now() - interval '30 days') as prev30 from scans)
  select jsonb_build_object('total_codes', (select count(*) from codes),
    'codes_this_month', (select count(*) from codes
                          where created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'),
    'total_scans', s.total, 'scans_last_30_days', s.last30, 'scans_previous_30_days', s.prev30,
    'scans_change_pct', case when s.prev30 = 0 then null else round((s.last30 - s.prev30) * 100.0 / s.prev30, 1) end,
    'active_dynamic_codes', (select count(*) from codes where is_dynamic and status = 'active'),
    'avg_scans_per_day', round(s.last30 / 30.0, 1)) from s
$$;
create or replace function bench_old.scans_per_day(p_from date, p_to date, p_code_id uuid default null)
returns table (day date, scans bigint) language plpgsql stable security invoker set search_path = '' as $$
begin
  return query
    select d::date, count(s.id)
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
      left join (
        select e.id, (e.scanned_at at time zone 'UTC')::date as sday
          from public.scan_events e join public.qr_codes c on c.id = e.qr_code_id
         where c.user_id = (select auth.uid()) and (p_code_id is null or e.qr_code_id = p_code_id)
           and e.scanned_at >= p_from::timestamp at time zone 'UTC'
           and e.scanned_at < (p_to + 1)::timestamp at time zone 'UTC'
      ) s on s.sday = d::date
     group by d order by d;
end
$$;
${['country', 'device_type', 'os', 'browser']
  .map(
    (col) => `
create or replace function bench_old.scans_by_${col === 'device_type' ? 'device' : col}(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null)
returns table (${col} text, scans bigint) language sql stable security invoker set search_path = '' as $$
  select e.${col}::text, count(*) from public.scan_events e join public.qr_codes c on c.id = e.qr_code_id
   where c.user_id = (select auth.uid()) and (p_code_id is null or e.qr_code_id = p_code_id)
     and (p_from is null or e.scanned_at >= p_from) and (p_to is null or e.scanned_at < p_to)
   group by e.${col} order by count(*) desc, e.${col} nulls last
$$;`,
  )
  .join('\n')}
create or replace function bench_old.top_codes(p_limit integer default 5, p_from timestamptz default null,
  p_to timestamptz default null)
returns table (id uuid, name text, type text, is_dynamic boolean, status text, scans bigint)
language sql stable security invoker set search_path = '' as $$
  select c.id, c.name, c.type, c.is_dynamic, c.status, count(e.id)
    from public.qr_codes c
    left join public.scan_events e on e.qr_code_id = c.id
     and (p_from is null or e.scanned_at >= p_from) and (p_to is null or e.scanned_at < p_to)
   where c.user_id = (select auth.uid())
   group by c.id order by count(e.id) desc, c.created_at desc
   limit least(greatest(coalesce(p_limit, 5), 1), 100)
$$;
grant execute on all functions in schema bench_old to authenticated;
`;

// ---- data -------------------------------------------------------------------------------------------------

/** @param {Db} db */
async function load(db) {
  const owner = randomUUID();
  const others = Array.from({ length: OTHER_USERS }, () => randomUUID());
  for (const id of [owner, ...others]) {
    await db.query('insert into auth.users (id, email) values ($1, $2)', [id, `${id}@bench.example.com`]);
  }
  await insertCodes(db, owner, CODES);
  for (const id of others) await insertCodes(db, id, CODES);
  const loadScans = (/** @type {string[]} */ userIds, /** @type {number} */ total) =>
    insertScans(db, { userIds, total, chunk: CHUNK, log, outcomes: true });
  log(`loading ${SCANS.toLocaleString('en-US')} scans of the measured user`);
  const ownerSeconds = await loadScans([owner], SCANS);
  log(`loading ${OTHER_SCANS.toLocaleString('en-US')} scans of ${OTHER_USERS} other users`);
  const otherSeconds = OTHER_SCANS > 0 ? await loadScans(others, OTHER_SCANS) : 0;
  await db.query('analyze');
  const [counted] = await db.query('select count(*)::bigint::text as rollups from public.scan_rollups');
  const [first] = await db.query('select id::text as code from public.qr_codes where user_id = $1 limit 1', [owner]);
  return { owner, code: String(first?.code), ownerSeconds, otherSeconds, rollupRows: Number(counted?.rollups) };
}

/**
 * The data of an earlier run (BENCH_STORED_DATABASE_URL): the measured user is the one with the most scans.
 * @param {Db} db
 */
async function storedData(db) {
  const [top] = await db.query(
    'select user_id::text as owner from public.scan_owner_hours group by user_id order by sum(scans) desc limit 1',
  );
  const owner = String(top?.owner);
  const [first] = await db.query('select id::text as code from public.qr_codes where user_id = $1 limit 1', [owner]);
  const [counted] = await db.query('select count(*)::bigint::text as rollups from public.scan_rollups');
  return { owner, code: String(first?.code), ownerSeconds: 0, otherSeconds: 0, rollupRows: Number(counted?.rollups) };
}

// ---- timing -----------------------------------------------------------------------------------------------

/**
 * Each RPC as called before (raw rows; null: it had no such form) and now.
 * @param {string} code a code of the measured user
 * @returns {{ name: string, old: string | null, now: string }[]}
 */
function cases(code) {
  const day = (/** @type {number} */ n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const today = day(0);
  const ts = (/** @type {string} */ d) => `${d}T00:00:00Z`;
  const from30 = ts(day(29));
  const to = ts(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  const from365 = ts(day(364));
  return [
    { name: 'dashboard_summary()', old: 'bench_old.dashboard_summary()', now: 'public.dashboard_summary()' },
    {
      name: 'scans_per_day, 30 days',
      old: `bench_old.scans_per_day('${day(29)}', '${today}')`,
      now: `public.scans_per_day('${day(29)}', '${today}')`,
    },
    {
      name: 'scans_per_day, 365 days',
      old: `bench_old.scans_per_day('${day(364)}', '${today}')`,
      now: `public.scans_per_day('${day(364)}', '${today}')`,
    },
    {
      name: "dashboard_summary('America/New_York')",
      old: null,
      now: "public.dashboard_summary('America/New_York')",
    },
    {
      name: 'scans_per_day, 30 days, Europe/Berlin',
      old: null,
      now: `public.scans_per_day('${day(29)}', '${today}', null, 'Europe/Berlin')`,
    },
    {
      name: 'scans_per_day, 365 days, Europe/Berlin',
      old: null,
      now: `public.scans_per_day('${day(364)}', '${today}', null, 'Europe/Berlin')`,
    },
    {
      name: 'scans_per_day, 365 days, Asia/Tokyo',
      old: null,
      now: `public.scans_per_day('${day(364)}', '${today}', null, 'Asia/Tokyo')`,
    },
    {
      name: 'scans_per_day, 365 days, Asia/Kathmandu',
      old: null,
      now: `public.scans_per_day('${day(364)}', '${today}', null, 'Asia/Kathmandu')`,
    },
    {
      name: 'scans_per_day, 365 days, one code',
      old: `bench_old.scans_per_day('${day(364)}', '${today}', '${code}')`,
      now: `public.scans_per_day('${day(364)}', '${today}', '${code}')`,
    },
    ...['country', 'device', 'os'].map((dim) => ({
      name: `scans_by_${dim}, 30 days`,
      old: `bench_old.scans_by_${dim}('${from30}', '${to}')`,
      now: `public.scans_by_${dim}('${from30}', '${to}')`,
    })),
    {
      name: 'scans_by_country, 365 days',
      old: `bench_old.scans_by_country('${from365}', '${to}')`,
      now: `public.scans_by_country('${from365}', '${to}')`,
    },
    {
      name: 'scans_by_country, 30 days, unaligned instants',
      old: `bench_old.scans_by_country(now() - interval '30 days', now())`,
      now: `public.scans_by_country(now() - interval '30 days', now())`,
    },
    { name: 'scans_by_device(), all time', old: 'bench_old.scans_by_device()', now: 'public.scans_by_device()' },
    {
      name: 'top_codes(5), 30 days',
      old: `bench_old.top_codes(5, '${from30}', '${to}')`,
      now: `public.top_codes(5, '${from30}', '${to}')`,
    },
    { name: 'top_codes(100), all time (codes list)', old: 'bench_old.top_codes(100)', now: 'public.top_codes(100)' },
    // Issue 37: scans by rule and variant, stops by gate, for one code.
    { name: 'scan_outcomes, one code, all time', old: null, now: `public.scan_outcomes('${code}')` },
    {
      name: 'scan_outcomes, one code, 365 days',
      old: null,
      now: `public.scan_outcomes('${code}', '${from365}', '${to}')`,
    },
    {
      name: 'scan_outcomes, one code, 30 days, unaligned instants',
      old: null,
      now: `public.scan_outcomes('${code}', now() - interval '30 days', now())`,
    },
  ];
}

/**
 * @param {Db} db
 * @param {string} owner
 * @param {string} call
 * @param {number} runs
 */
async function timeCall(db, owner, call, runs) {
  const claims = JSON.stringify({ sub: owner, role: 'authenticated' });
  /** @type {number[]} */
  const times = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    await db.query('begin');
    try {
      await db.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
        claims,
      ]);
      const t0 = performance.now();
      rows = (await db.query(`select * from ${call}`)).length;
      times.push(performance.now() - t0);
    } finally {
      await db.query('rollback');
    }
  }
  return { medianMs: round1(median(times)), runsMs: times.map(round1), rows };
}

// ---- report -----------------------------------------------------------------------------------------------

/**
 * bench-results/analytics-<backend>.json (older files have no beforeRuns).
 * @typedef {ReturnType<typeof machine> & {
 *   date: string, backend: string, loadAverageAtStart: number[], loadAverageAtEnd: number[], scans: number,
 *   otherScans: number, codes: number, otherUsers: number, runs: number, beforeRuns?: number, rollupRows: number,
 *   loadSeconds: { owner: number, others: number },
 *   results: { name: string, before: Awaited<ReturnType<typeof timeCall>> | null,
 *     after: Awaited<ReturnType<typeof timeCall>> }[],
 * }} Report
 */

function markdown() {
  const lines = [
    '# Analytics RPCs: raw rows (before) vs hourly rollups (after)',
    '',
    '`npm run bench:analytics` (scripts/bench/analytics.mjs). Each RPC as the measured user (role `authenticated`,',
    '`request.jwt.claims`, one transaction, as the data API runs it), median of the runs, in ms. "Before" is the',
    'raw-row definition of 20261122000000_qr_codes.sql, on the same data.',
    '',
  ];
  for (const backend of ['postgres', 'pglite']) {
    const file = `bench-results/analytics-${backend}.json`;
    if (!existsSync(file)) continue;
    /** @type {Report} */
    const r = JSON.parse(readFileSync(file, 'utf8'));
    lines.push(
      `## ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      '',
      `${r.date}; ${r.cpus} × ${r.cpuModel}, Node ${r.node}; load average ${r.loadAverageAtStart.join(' / ')} at ` +
        `start, ${r.loadAverageAtEnd.join(' / ')} at end.`,
      `Data: ${r.scans.toLocaleString('en-US')} scans over 365 days for the measured user (${r.codes} codes), ` +
        `${r.otherScans.toLocaleString('en-US')} for ${r.otherUsers} other users; ` +
        `${r.rollupRows.toLocaleString('en-US')} rollup rows${r.date >= '2026-11-29T13' ? ' (40 % of the scans by a rule, 30 % by a variant, plus one stopped scan per ten)' : ''}. Load (through the insert trigger): ` +
        `${round1(r.loadSeconds.owner)} s + ${round1(r.loadSeconds.others)} s. Runs per RPC: ${r.runs} (before: ${r.beforeRuns ?? r.runs}).`,
      '',
      '| RPC | before (ms) | after (ms) | rows |',
      '| --- | ---: | ---: | ---: |',
      ...r.results.map(
        (x) => `| ${x.name} | ${x.before ? x.before.medianMs : '—'} | ${x.after.medianMs} | ${x.after.rows} |`,
      ),
      '',
    );
  }
  return `${lines.join('\n')}`;
}

async function main() {
  const loadAverageAtStart = loadAverage();
  const storage = await makeStorage();
  let db;
  try {
    log(`${BACKEND}: applying migrations`);
    await migrate(storage);
    db = await connect(storage);
    const data = STORED_DB_URL ? await storedData(db) : await load(db);
    if (STORED_DB_URL) await db.exec('drop schema if exists bench_old cascade');
    await db.exec(OLD_FUNCTIONS);
    const results = [];
    for (const c of cases(data.code)) {
      const after = await timeCall(db, data.owner, c.now, RUNS);
      const before = c.old && !SKIP_BEFORE ? await timeCall(db, data.owner, c.old, BEFORE_RUNS) : null;
      log(`${c.name}: before ${before ? `${before.medianMs} ms` : '—'}, after ${after.medianMs} ms`);
      results.push({ name: c.name, before, after });
    }
    const report = {
      date: new Date().toISOString(),
      backend: BACKEND,
      ...machine(),
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      // With BENCH_STORED_DATABASE_URL: the figures of the run that loaded it (pass the same BENCH_SCANS).
      reusedDatabase: STORED_DB_URL !== '',
      scans: SCANS,
      otherScans: OTHER_SCANS,
      codes: CODES,
      otherUsers: OTHER_USERS,
      runs: RUNS,
      beforeRuns: BEFORE_RUNS,
      rollupRows: data.rollupRows,
      loadSeconds: { owner: data.ownerSeconds, others: data.otherSeconds },
      results,
    };
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(`bench-results/analytics-${BACKEND}.json`, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync('bench-results/analytics.md', markdown());
    log(`wrote bench-results/analytics-${BACKEND}.json and bench-results/analytics.md`);
  } finally {
    await db?.close();
    // BENCH_KEEP_DB=1 keeps the PostgreSQL database, to look at a plan with the data still there.
    if ((process.env.BENCH_KEEP_DB === '1' || STORED_DB_URL) && BACKEND === 'postgres')
      log(`kept ${storage.databaseUrl}`);
    else await storage.dispose();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
