-- scans_per_day in a zone whose local days are not UTC days (issue 14): the same answer as
-- 20261124000300_scan_rollups.sql's, with the hour and day rows summed over the codes first and AT TIME ZONE
-- computed once per local day, instead of once per quarter-hour of every code's hour rows (a 365-day series in
-- Asia/Kathmandu for 20 codes converted about 175,000 quarters).

create or replace function public.scans_per_day(p_from date, p_to date, p_code_id uuid default null, p_tz text default 'UTC')
returns table (day date, scans bigint, unique_scans bigint)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
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
    -- One index range scan per window (LATERAL), summed over the codes per hour before anything else: the
    -- windows are disjoint (each lies within its UTC day, on the side of its noon where the local midnight is, and
    -- two local midnights of one UTC day fall on either side of its noon), so every hour row is read once.
    hour_rows as (
      select r.bucket, w.m, w.mday, w.from_day,
             sum(r.s0) as s0, sum(r.s1) as s1, sum(r.s2) as s2, sum(r.s3) as s3,
             sum(r.u0) as u0, sum(r.u1) as u1, sum(r.u2) as u2, sum(r.u3) as u3
        from windows w
       cross join lateral (
         select r.bucket, r.s0, r.s1, r.s2, r.s3, r.u0, r.u1, r.u2, r.u3
           from public.scan_rollups r
          where r.user_id = uid
            and r.dim = 'all'
            and r.grain = 'hour'
            and r.bucket >= w.ws
            and r.bucket < w.we
            and (p_code_id is null or r.qr_code_id = p_code_id)
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
