-- scans_per_day in a zone whose days are not UTC days (issue 37: analytics at 10 M scans with the rule, variant and
-- gate dimensions): each local day is summed straight from hour rows, one index range per local day, instead of
-- moving quarter-hours between the UTC day rows of scan_rollups.
--
-- Why: the UTC day rows were read from scan_rollups, one per code and day (7,440 rows for 20 codes over a year).
-- The outcome dimensions tripled that table (10 M to 32.5 M rows at 10 M scans), so those rows lay on ever more
-- heap pages, and a 365-day series in Asia/Tokyo went from 17.3 ms to 25.6 ms. scan_owner_hours has one row per owner
-- and hour, whatever the dimensions: summing its rows per local day reads about 24 rows a day from one small table.
--
-- A local day [m0, m1) (its midnight and the next, DST included) is: the hour rows wholly inside it, plus, when a
-- midnight is not on the hour (Asia/Kathmandu, Pacific/Chatham), the quarters of that hour on the day's side. One
-- code's series reads that code's 'all'/'hour' rows of scan_rollups the same way. The other two branches (zones
-- not on the quarter-hour; local days that are UTC days) are unchanged.
create or replace function public.scans_per_day(p_from date, p_to date, p_code_id uuid default null, p_tz text default 'UTC')
returns table (day date, scans bigint, unique_scans bigint)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
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
  -- Other zones: every midnight is on a quarter-hour. For local day d: m0 its midnight, m1 the next, h0 and h1 the
  -- hours holding them, k0 and k1 the quarter of those hours they fall on (0 when on the hour).
  return query
    with days as (
      select d::date as day,
             (d at time zone tz) as m0,
             ((d + interval '1 day') at time zone tz) as m1
        from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
    ),
    edges as (
      select x.day, x.m0, x.m1,
             date_bin('1 hour', x.m0, timestamptz '2000-01-01 00:00:00+00') as h0,
             date_bin('1 hour', x.m1, timestamptz '2000-01-01 00:00:00+00') as h1
        from days x
    ),
    -- Materialized: the lateral scan then compares each row's bucket with plain values, which bound the index range
    -- under RLS too (an expression such as date_bin(…) of the day would only filter: every hour row of the owner
    -- read for every day).
    quarters as materialized (
      select e.*,
             (extract(epoch from (e.m0 - e.h0)) / 900)::int as k0,
             (extract(epoch from (e.m1 - e.h1)) / 900)::int as k1,
             e.m1 - interval '1 hour' as last_whole
        from edges e
    )
    select q.day, coalesce(s.n, 0)::bigint, coalesce(s.u, 0)::bigint
      from quarters q
     cross join lateral (
       select sum(case
                    when r.bucket >= q.m0 and r.bucket <= q.last_whole then r.scans
                    when r.bucket = q.h0 then (case when q.k0 <= 0 then r.s0 else 0 end)
                                            + (case when q.k0 <= 1 then r.s1 else 0 end)
                                            + (case when q.k0 <= 2 then r.s2 else 0 end)
                                            + (case when q.k0 <= 3 then r.s3 else 0 end)
                    else (case when q.k1 > 0 then r.s0 else 0 end)
                       + (case when q.k1 > 1 then r.s1 else 0 end)
                       + (case when q.k1 > 2 then r.s2 else 0 end)
                  end) as n,
              sum(case
                    when r.bucket >= q.m0 and r.bucket <= q.last_whole then r.unique_scans
                    when r.bucket = q.h0 then (case when q.k0 <= 0 then r.u0 else 0 end)
                                            + (case when q.k0 <= 1 then r.u1 else 0 end)
                                            + (case when q.k0 <= 2 then r.u2 else 0 end)
                                            + (case when q.k0 <= 3 then r.u3 else 0 end)
                    else (case when q.k1 > 0 then r.u0 else 0 end)
                       + (case when q.k1 > 1 then r.u1 else 0 end)
                       + (case when q.k1 > 2 then r.u2 else 0 end)
                  end) as u
         from (
           -- All codes: the owner's hourly totals; one code: its own hour rows.
           select o.bucket, o.scans, o.unique_scans, o.s0, o.s1, o.s2, o.s3, o.u0, o.u1, o.u2, o.u3
             from public.scan_owner_hours o
            where p_code_id is null
              and o.user_id = uid
              and o.bucket >= q.h0
              and o.bucket < q.m1
           union all
           select r.bucket, r.scans, r.unique_scans, r.s0, r.s1, r.s2, r.s3, r.u0, r.u1, r.u2, r.u3
             from public.scan_rollups r
            where p_code_id is not null
              and r.user_id = uid
              and r.dim = 'all'
              and r.grain = 'hour'
              and r.qr_code_id = p_code_id
              and r.bucket >= q.h0
              and r.bucket < q.m1
         ) r
     ) s
     order by q.day;
end
$$;
