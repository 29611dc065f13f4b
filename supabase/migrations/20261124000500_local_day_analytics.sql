-- Local days for analytics (issue 14), faster: scans_per_day in a zone whose days are not UTC days.
--
-- 1. Hourly totals per owner. scans_per_day splits each UTC day at the local midnight with hour rows; read per
--    code, a 365-day series read one hour row per code and hour, up to 12 hours a day (44,000 rows for 20 codes
--    in Asia/Kathmandu, more in Asia/Tokyo), so its time grew with the number of codes. scan_owner_hours holds
--    the same 'all'/'hour' figures summed over an owner's codes: the series for all codes reads at most 12 rows
--    per day, whatever the number of codes.
-- 2. scans_per_day reads them, sums the UTC day rows over the codes first, and computes AT TIME ZONE once per
--    local day instead of once per quarter-hour row.
-- 3. No JIT for the analytics functions (end of the file).
--
-- Invariant: for every (user_id, bucket), the row equals the sum of the owner's codes' scan_rollups rows with
-- dim 'all' and grain 'hour' at that bucket (zero rows may remain). Kept by the scan_events triggers (in the
-- statement that stores or deletes scans, after the per-code rollups, rows locked in key order) and by a
-- trigger that takes a code's figures out before the code is deleted.
create table public.scan_owner_hours (
  user_id uuid not null references auth.users (id) on delete cascade,
  bucket timestamptz not null
    check (bucket = date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00')),
  scans integer not null default 0,
  unique_scans integer not null default 0,
  s0 integer not null default 0,
  s1 integer not null default 0,
  s2 integer not null default 0,
  s3 integer not null default 0,
  u0 integer not null default 0,
  u1 integer not null default 0,
  u2 integer not null default 0,
  u3 integer not null default 0,
  primary key (user_id, bucket)
);

comment on table public.scan_owner_hours is
  'Scans and unique scans per owner and UTC hour (with quarters): scan_rollups'' all/hour rows summed over the codes.';

alter table public.scan_owner_hours enable row level security;
create policy "owners read their hourly totals" on public.scan_owner_hours
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.scan_owner_hours from anon, authenticated, service_role;
grant select on public.scan_owner_hours to authenticated, service_role;

-- Adds (p_sign 1) or takes away (-1) the scans of `rows` (a transition table) to their owners' hours.
create function public.scan_owner_hours_apply_sql(p_source text, p_sign integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select format($f$
    insert into public.scan_owner_hours as r
      (user_id, bucket, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
    select c.user_id, g.bucket,
           %2$s * count(*), %2$s * count(*) filter (where n.is_unique),
           %2$s * count(*) filter (where g.q = 0), %2$s * count(*) filter (where g.q = 1),
           %2$s * count(*) filter (where g.q = 2), %2$s * count(*) filter (where g.q = 3),
           %2$s * count(*) filter (where g.q = 0 and n.is_unique), %2$s * count(*) filter (where g.q = 1 and n.is_unique),
           %2$s * count(*) filter (where g.q = 2 and n.is_unique), %2$s * count(*) filter (where g.q = 3 and n.is_unique)
      from %1$s n
      join public.qr_codes c on c.id = n.qr_code_id
      cross join lateral public.scan_buckets(n.scanned_at) g
     where g.grain = 'hour'
     group by c.user_id, g.bucket
     order by c.user_id, g.bucket
    on conflict (user_id, bucket) do update
       set scans = r.scans + excluded.scans,
           unique_scans = r.unique_scans + excluded.unique_scans,
           s0 = r.s0 + excluded.s0, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3,
           u0 = r.u0 + excluded.u0, u1 = r.u1 + excluded.u1, u2 = r.u2 + excluded.u2, u3 = r.u3 + excluded.u3
  $f$, p_source, p_sign)
$$;

revoke all on function public.scan_owner_hours_apply_sql(text, integer) from public, anon, authenticated;

create or replace function public.scan_events_rollup_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute public.scan_rollups_add_sql('new_rows');
  execute public.scan_owner_hours_apply_sql('new_rows', 1);
  return null;
end
$$;

-- Deleted scans: the per-code rollups as before (a deleted code's go by cascade), then the owners' hours. The
-- join to qr_codes in the statement skips the scans of a code being deleted: the code's trigger below has
-- taken all of its figures out already.
create function public.scan_events_owner_hours_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute public.scan_owner_hours_apply_sql('old_rows', -1);
  return null;
end
$$;

revoke all on function public.scan_events_owner_hours_delete() from public, anon, authenticated;

create trigger scan_events_owner_hours_delete
after delete on public.scan_events
referencing old table as old_rows
for each statement execute function public.scan_events_owner_hours_delete();

-- Before a code is deleted (by its owner, or with its owner), its hour figures leave the owner's totals. The
-- code's row is locked by then, so no scan of it can commit in between (a scan's foreign-key check takes a
-- share lock on the row); rows are updated in bucket order, as the scan triggers lock them.
create function public.qr_codes_owner_hours_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1
     from public.scan_owner_hours h
    where h.user_id = old.user_id
      and h.bucket in (select r.bucket from public.scan_rollups r
                        where r.qr_code_id = old.id and r.dim = 'all' and r.grain = 'hour')
    order by h.bucket
      for update;
  update public.scan_owner_hours h
     set scans = h.scans - r.scans, unique_scans = h.unique_scans - r.unique_scans,
         s0 = h.s0 - r.s0, s1 = h.s1 - r.s1, s2 = h.s2 - r.s2, s3 = h.s3 - r.s3,
         u0 = h.u0 - r.u0, u1 = h.u1 - r.u1, u2 = h.u2 - r.u2, u3 = h.u3 - r.u3
    from public.scan_rollups r
   where r.qr_code_id = old.id and r.dim = 'all' and r.grain = 'hour'
     and h.user_id = old.user_id and h.bucket = r.bucket;
  return old;
end
$$;

revoke all on function public.qr_codes_owner_hours_delete() from public, anon, authenticated;

create trigger qr_codes_owner_hours_delete
before delete on public.qr_codes
for each row execute function public.qr_codes_owner_hours_delete();

-- Backfill from the per-code rollups.
insert into public.scan_owner_hours (user_id, bucket, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
select r.user_id, r.bucket, sum(r.scans), sum(r.unique_scans), sum(r.s0), sum(r.s1), sum(r.s2), sum(r.s3),
       sum(r.u0), sum(r.u1), sum(r.u2), sum(r.u3)
  from public.scan_rollups r
 where r.dim = 'all' and r.grain = 'hour'
 group by r.user_id, r.bucket;

create or replace function public.scans_per_day(p_from date, p_to date, p_code_id uuid default null, p_tz text default 'UTC')
returns table (day date, scans bigint, unique_scans bigint)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
-- See the end of this file.
set jit = off
as $$
declare
  tz text := public.check_time_zone(p_tz);
  uid uuid := auth.uid();
  f timestamptz;
  t timestamptz;
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 366 then
    raise exception using errcode = '22023',
      message = 'Invalid date range: p_from <= p_to, at most 367 days';
  end if;
  f := p_from::timestamp at time zone tz;
  t := (p_to + 1)::timestamp at time zone tz;
  if exists (
    select 1 from generate_series(p_from::timestamp, (p_to + 1)::timestamp, interval '1 day') d
     where extract(epoch from (d at time zone tz)) % 900 <> 0
  ) then
    return query
      select d::date, count(s.id), count(s.id) filter (where s.is_unique)
        from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
        left join (
          select e.id, e.is_unique, (e.scanned_at at time zone tz)::date as sday
            from public.scan_events e
            join public.qr_codes c on c.id = e.qr_code_id
           where c.user_id = (select auth.uid())
             and (p_code_id is null or e.qr_code_id = p_code_id)
             and e.scanned_at >= f and e.scanned_at < t
        ) s on s.sday = d::date
       group by d
       order by d;
    return;
  end if;
  if not exists (
    select 1 from generate_series(p_from::timestamp, (p_to + 1)::timestamp, interval '1 day') d
     where extract(epoch from (d at time zone tz)) % 86400 <> 0
  ) then
    -- Local days are UTC days (UTC itself, or any zone at offset 0 throughout the range): the day rows.
    return query
      select d::date, coalesce(x.n, 0)::bigint, coalesce(x.u, 0)::bigint
        from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
        left join (
          select (r.bucket at time zone 'UTC')::date as rday, sum(r.scans) as n, sum(r.unique_scans) as u
            from public.scan_rollups r
           where r.user_id = (select auth.uid())
             and r.dim = 'all'
             and r.grain = 'day'
             and (p_code_id is null or r.qr_code_id = p_code_id)
             and r.bucket >= f and r.bucket < t
           group by 1
        ) x on x.rday = d::date
       order by d;
    return;
  end if;
  -- Other zones: each UTC day row counts for the local day of its noon; the quarter-hours of that UTC day that
  -- fall in another local day are moved there from the hour rows. They lie between the UTC day's local midnight
  -- and its edge nearer to that midnight (at most 12 hours of the 24), so only those hour rows are read. Within
  -- such a window a quarter-hour before the local midnight m belongs to the local day before m's, one after it to
  -- m's day: a comparison per quarter-hour, and AT TIME ZONE only once per window (it costs far more).
  return query
    with bounds as (
      select (d at time zone tz) as m, d::date as mday,
             date_bin('24 hours', d at time zone tz, timestamptz '2000-01-01 00:00:00+00') as u
        from generate_series((p_from - 2)::timestamp, (p_to + 3)::timestamp, interval '1 day') d
    ),
    windows as materialized (
      -- ws is moved back to the hour row holding it; plain comparisons with the row's column are leakproof, so
      -- under RLS they still bound the index scan (an expression such as ws - interval would only filter).
      select date_bin('1 hour', case when b.m - b.u <= interval '12 hours' then b.u else b.m end,
                      timestamptz '2000-01-01 00:00:00+00') as ws,
             case when b.m - b.u <= interval '12 hours' then b.m else b.u + interval '24 hours' end as we,
             b.m, b.mday,
             -- The local day the UTC day's row counts for (that of its noon): m's day when m is before noon.
             case when b.m - b.u <= interval '12 hours' then b.mday else b.mday - 1 end as from_day
        from bounds b
    ),
    -- One index range scan per window (LATERAL), summed per hour before anything else: the
    -- windows are disjoint (each lies within its UTC day, on the side of its noon where the local midnight is, and
    -- two local midnights of one UTC day fall on either side of its noon), so every hour row is read once.
    hour_rows as (
      select r.bucket, w.m, w.mday, w.from_day,
             sum(r.s0) as s0, sum(r.s1) as s1, sum(r.s2) as s2, sum(r.s3) as s3,
             sum(r.u0) as u0, sum(r.u1) as u1, sum(r.u2) as u2, sum(r.u3) as u3
        from windows w
       cross join lateral (
         -- All codes: the owner's hourly totals; one code: its own hour rows.
         select o.bucket, o.s0, o.s1, o.s2, o.s3, o.u0, o.u1, o.u2, o.u3
           from public.scan_owner_hours o
          where p_code_id is null
            and o.user_id = uid
            and o.bucket >= w.ws
            and o.bucket < w.we
            and o.bucket >= f - interval '48 hours' and o.bucket < t + interval '48 hours'
         union all
         select r.bucket, r.s0, r.s1, r.s2, r.s3, r.u0, r.u1, r.u2, r.u3
           from public.scan_rollups r
          where p_code_id is not null
            and r.user_id = uid
            and r.dim = 'all'
            and r.grain = 'hour'
            and r.bucket >= w.ws
            and r.bucket < w.we
            and r.qr_code_id = p_code_id
            and r.bucket >= f - interval '48 hours' and r.bucket < t + interval '48 hours'
         offset 0
       ) r
       group by r.bucket, w.m, w.mday, w.from_day
    ),
    moved as (
      select case when h.bucket + q.o < h.m then h.mday - 1 else h.mday end as to_day,
             h.from_day,
             q.n, q.u
        from hour_rows h
       cross join lateral (
         values (interval '0 minutes', h.s0, h.u0), (interval '15 minutes', h.s1, h.u1),
                (interval '30 minutes', h.s2, h.u2), (interval '45 minutes', h.s3, h.u3)
       ) q (o, n, u)
    ),
    -- The UTC day rows, summed over the codes per day first, so AT TIME ZONE runs once per day.
    day_rows as (
      select r.bucket, sum(r.scans) as n, sum(r.unique_scans) as u
        from public.scan_rollups r
       where r.user_id = (select auth.uid())
         and r.dim = 'all'
         and r.grain = 'day'
         and (p_code_id is null or r.qr_code_id = p_code_id)
         and r.bucket >= f - interval '48 hours' and r.bucket < t + interval '48 hours'
       group by r.bucket
    ),
    parts as (
      select ((d.bucket + interval '12 hours') at time zone tz)::date as pday, d.n, d.u
        from day_rows d
      union all
      select mv.to_day, mv.n, mv.u from moved mv where mv.to_day <> mv.from_day
      union all
      select mv.from_day, -mv.n, -mv.u from moved mv where mv.to_day <> mv.from_day
    ),
    per_day as (
      select p.pday, sum(p.n)::bigint as n, sum(p.u)::bigint as u
        from parts p
       where p.pday between p_from and p_to
       group by p.pday
    )
    select d::date, coalesce(x.n, 0)::bigint, coalesce(x.u, 0)::bigint
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
      left join per_day x on x.pday = d::date
     order by d;
end
$$;

-- No JIT for the analytics functions. Their plans are estimated from CTEs and LATERAL calls the planner cannot
-- see into (1,000 windows of 859 rows where there are 35 of 19), so the estimated cost passes jit_above_cost,
-- and compiling the query took about 600 ms of a 5 ms answer (seen with auto_explain on PostgreSQL 15:
-- a 30-day Europe/Berlin series, 625 ms with JIT, 6 ms without). PGlite has no JIT; the setting is harmless there.
alter function public.scan_window(text, timestamptz, timestamptz, uuid) set jit = off;
alter function public.dashboard_summary(text) set jit = off;
alter function public.scans_by_country(timestamptz, timestamptz, uuid) set jit = off;
alter function public.scans_by_device(timestamptz, timestamptz, uuid) set jit = off;
alter function public.scans_by_os(timestamptz, timestamptz, uuid) set jit = off;
alter function public.scans_by_browser(timestamptz, timestamptz, uuid) set jit = off;
alter function public.top_codes(integer, timestamptz, timestamptz) set jit = off;
