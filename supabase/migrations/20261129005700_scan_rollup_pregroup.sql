-- The scan insert trigger groups a batch's scans before it spreads them over the rollups (issue 37, the plain
-- redirect's speed). Every scan feeds 7 dimensions x 3 grains of scan_rollups and one owner hour, and the trigger
-- of 20261129005500_scan_hot_path.sql built those rows scan by scan before grouping them. A batch holds many scans
-- that agree on everything the rollups keep: the code, the quarter of an hour, the browser, OS, device, country,
-- rule, variant and whether the scan is unique (a busy code's visitors come from a few browsers and countries).
-- So the scans are first counted per such combination, and the combinations, not the scans, are spread over the
-- dimensions and grains; each code's owner is looked up once per combination instead of once per scan.
--
-- The results are the same: a quarter of an hour lies within one hour, day and month (UTC, every bucket starts on
-- a quarter boundary), so scan_buckets of the quarter's start gives the buckets and the quarter of each of its
-- scans. tests/server/scan-rollups.test.ts compares the rollups with a GROUP BY of the raw rows on both backends.

create or replace function public.scan_events_rollup_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.scan_rollups as r
    (qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
  select k.qr_code_id, c.user_id, d.dim, g.grain, g.bucket, d.value,
         sum(k.n), coalesce(sum(k.n) filter (where k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 0), 0), coalesce(sum(k.n) filter (where g.q = 1), 0),
         coalesce(sum(k.n) filter (where g.q = 2), 0), coalesce(sum(k.n) filter (where g.q = 3), 0),
         coalesce(sum(k.n) filter (where g.q = 0 and k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 1 and k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 2 and k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 3 and k.is_unique), 0)
    from (
      select n.qr_code_id,
             pg_catalog.date_bin('15 minutes'::pg_catalog.interval, n.scanned_at,
                                 '2000-01-01 00:00:00+00'::pg_catalog.timestamptz) as quarter,
             n.browser, n.country, n.device_type, n.os, n.rule_index, n.variant, n.is_unique,
             count(*)::integer as n
        from new_rows n
       group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    ) k
    join public.qr_codes c on c.id = k.qr_code_id
    cross join lateral public.scan_buckets(k.quarter) g
    cross join lateral (
      values ('all', ''),
             ('browser', coalesce(k.browser, '')),
             ('country', coalesce(k.country::text, '')),
             ('device', k.device_type),
             ('os', coalesce(k.os, '')),
             ('rule', k.rule_index::text),
             ('variant', k.variant::text)
    ) d (dim, value)
   where d.value is not null
   group by k.qr_code_id, c.user_id, d.dim, g.grain, g.bucket, d.value
   order by k.qr_code_id, d.dim, g.grain, g.bucket, d.value
  on conflict (qr_code_id, dim, grain, bucket, value) do update
     set scans = r.scans + excluded.scans,
         unique_scans = r.unique_scans + excluded.unique_scans,
         s0 = r.s0 + excluded.s0, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3,
         u0 = r.u0 + excluded.u0, u1 = r.u1 + excluded.u1, u2 = r.u2 + excluded.u2, u3 = r.u3 + excluded.u3;

  insert into public.scan_owner_hours as r
    (user_id, bucket, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
  select c.user_id, g.bucket,
         sum(k.n), coalesce(sum(k.n) filter (where k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 0), 0), coalesce(sum(k.n) filter (where g.q = 1), 0),
         coalesce(sum(k.n) filter (where g.q = 2), 0), coalesce(sum(k.n) filter (where g.q = 3), 0),
         coalesce(sum(k.n) filter (where g.q = 0 and k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 1 and k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 2 and k.is_unique), 0),
         coalesce(sum(k.n) filter (where g.q = 3 and k.is_unique), 0)
    from (
      select n.qr_code_id,
             pg_catalog.date_bin('15 minutes'::pg_catalog.interval, n.scanned_at,
                                 '2000-01-01 00:00:00+00'::pg_catalog.timestamptz) as quarter,
             n.is_unique,
             count(*)::integer as n
        from new_rows n
       group by 1, 2, 3
    ) k
    join public.qr_codes c on c.id = k.qr_code_id
    cross join lateral public.scan_buckets(k.quarter) g
   where g.grain = 'hour'
   group by c.user_id, g.bucket
   order by c.user_id, g.bucket
  on conflict (user_id, bucket) do update
     set scans = r.scans + excluded.scans,
         unique_scans = r.unique_scans + excluded.unique_scans,
         s0 = r.s0 + excluded.s0, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3,
         u0 = r.u0 + excluded.u0, u1 = r.u1 + excluded.u1, u2 = r.u2 + excluded.u2, u3 = r.u3 + excluded.u3;
  return null;
end
$$;

revoke all on function public.scan_events_rollup_insert() from public, anon, authenticated;
