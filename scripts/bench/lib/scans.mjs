// @ts-check
// Synthetic scans for the benchmarks, inserted with INSERT … SELECT generate_series in chunks, through the real
// insert trigger (so the rollups are kept as in production and the load time includes keeping them).
// Deterministic in the row number: uniform over the last 365 days, 30 countries, 4 device types, 8 operating
// systems, 8 browsers, two in three unique.
import { performance } from 'node:perf_hooks';

/**
 * What the inserts need of a database connection: a pg client or PGlite both have it.
 * @typedef {{ query(sql: string, params?: unknown[]): Promise<unknown> }} Queryable
 */

/**
 * Inserts `total` scans spread over the dynamic codes of `userIds`, `chunk` rows per statement. Returns the seconds
 * it took.
 * @param {Queryable} db
 * With `outcomes`, 40 % of the scans name a rule and 30 % a variant, and one stopped scan per ten is stored too.
 * @param {{ userIds: string[], total: number, chunk?: number, log?: (line: string) => void, outcomes?: boolean }} options
 */
export async function insertScans(db, { userIds, total, chunk = 1_000_000, log = () => {}, outcomes = false }) {
  const t0 = performance.now();
  for (let start = 0; start < total; start += chunk) {
    const n = Math.min(chunk, total - start);
    await db.query(
      `with codes as (
         select array_agg(id order by id) as ids from public.qr_codes where user_id = any($1::uuid[])
       )
       insert into public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser, is_unique,
                                       rule_index, variant)
       select codes.ids[1 + (i * 7) % cardinality(codes.ids)],
              now() - ((i * 7919) % (365 * 86400)) * interval '1 second',
              (array['US','GB','DE','FR','IN','BR','JP','CA','AU','NL','ES','IT','SE','NO','PL','MX','AR','ZA',
                     'NG','KE','EG','TR','SA','AE','SG','KR','CN','ID','PH','NP'])[1 + (i * 31) % 30],
              (array['mobile','mobile','mobile','desktop','tablet','other'])[1 + (i * 17) % 6],
              (array['iOS','Android','Android','Windows','macOS','Linux','ChromeOS','iPadOS'])[1 + (i * 13) % 8],
              (array['Mobile Safari','Chrome','Chrome Mobile','Edge','Firefox','Safari','Samsung Internet',
                     'Opera'])[1 + (i * 11) % 8],
              i % 3 <> 0,
              case when $4 and i % 10 < 4 then (i % 4)::smallint end,
              case when $4 and i % 10 between 4 and 6 then (i % 2)::smallint end
         from codes, generate_series($2::bigint, $3::bigint) i`,
      [userIds, start + 1, start + n, outcomes],
    );
    if (outcomes) {
      // One stopped scan for every ten redirected ones, by gate.
      await db.query(
        `with codes as (
           select array_agg(id order by id) as ids from public.qr_codes where user_id = any($1::uuid[])
         )
         insert into public.scan_stops (qr_code_id, stopped_at, gate)
         select codes.ids[1 + (i * 7) % cardinality(codes.ids)],
                now() - ((i * 7919) % (365 * 86400)) * interval '1 second',
                (array['paused','not_started','ended','cap_reached','password'])[1 + i % 5]
           from codes, generate_series($2::bigint, $3::bigint) i`,
        [userIds, start / 10 + 1, (start + n) / 10],
      );
    }
    log(`  ${(start + n).toLocaleString('en-US')} / ${total.toLocaleString('en-US')} scans`);
  }
  return (performance.now() - t0) / 1000;
}

/**
 * `n` dynamic codes for `userId`, the free plan's limit trigger off while inserting (benchmark data only).
 * @param {Queryable} db
 * @param {string} userId
 * @param {number} n
 */
export async function insertCodes(db, userId, n) {
  await db.query('alter table public.qr_codes disable trigger qr_codes_dynamic_limit_insert');
  try {
    await db.query(
      `insert into public.qr_codes (user_id, name, destination, is_dynamic, created_at)
       select $1, 'Code ' || i, 'https://example.com/' || i, true, now() - (400 - i) * interval '1 day'
         from generate_series(1, $2) i`,
      [userId, n],
    );
  } finally {
    await db.query('alter table public.qr_codes enable trigger qr_codes_dynamic_limit_insert');
  }
}
