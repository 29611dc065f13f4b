// A/B of scans_per_day (the migrations' current definition) against scans_per_day_v2 (a candidate created by hand in
// a kept bench database), interleaved, as the measured user: node scripts/bench/local-days-ab.mjs <db url> <user id>.
// Used for bench-results/analytics-local-days.md; the database comes from `BENCH_KEEP_DB=1 npm run bench:analytics`.
import pg from 'pg';

const [url, uid] = process.argv.slice(2);
if (!url || !uid) throw new Error('usage: node scripts/bench/local-days-ab.mjs <database url> <user id>');
const client = new pg.Client({ connectionString: url });
await client.connect();

/** @param {number} daysAgo */
const dayAgo = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const today = dayAgo(0);
const code = (await client.query('select id from public.qr_codes where user_id = $1 limit 1', [uid])).rows[0].id;

/** @typedef {{ name: string, from: string, codeId: string | null, tz: string }} Case */
/** @type {Case[]} */
const cases = [
  { name: '365 days, Asia/Tokyo', from: dayAgo(364), codeId: null, tz: 'Asia/Tokyo' },
  { name: '365 days, Asia/Kathmandu', from: dayAgo(364), codeId: null, tz: 'Asia/Kathmandu' },
  { name: '365 days, Europe/Berlin', from: dayAgo(364), codeId: null, tz: 'Europe/Berlin' },
  { name: '365 days, America/New_York', from: dayAgo(364), codeId: null, tz: 'America/New_York' },
  { name: '30 days, Europe/Berlin', from: dayAgo(29), codeId: null, tz: 'Europe/Berlin' },
  { name: '365 days, Asia/Tokyo, one code', from: dayAgo(364), codeId: code, tz: 'Asia/Tokyo' },
];

/**
 * One call as the user, in its own transaction; its time in ms and its rows.
 * @param {string} fn
 * @param {Case} c
 */
async function call(fn, c) {
  await client.query('begin');
  await client.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
    JSON.stringify({ sub: uid, role: 'authenticated' }),
  ]);
  const started = performance.now();
  const result = await client.query(`select * from public.${fn}($1, $2, $3, $4)`, [c.from, today, c.codeId, c.tz]);
  const ms = performance.now() - started;
  await client.query('commit');
  return { ms, rows: JSON.stringify(result.rows) };
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

for (const c of cases) {
  /** @type {number[]} */ const before = [];
  /** @type {number[]} */ const after = [];
  let same = true;
  for (let i = 0; i < 7; i++) {
    const a = await call('scans_per_day', c);
    const b = await call('scans_per_day_v2', c);
    before.push(a.ms);
    after.push(b.ms);
    same &&= a.rows === b.rows;
  }
  const [b, a] = [median(before), median(after)];
  console.log(`| ${c.name} | ${b.toFixed(1)} | ${a.toFixed(1)} | ${(a / b).toFixed(2)} | same rows: ${same} |`);
}
await client.end();
