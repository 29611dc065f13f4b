-- Analytics of scan outcomes (issue 37): per code, scans by the rule that chose their target, by A/B variant, and
-- stopped scans by gate, from the rollups like every other breakdown (no raw-row scans beyond the partial
-- quarter-hours at the ends of a range, as scan_window has always done).
--
-- 1. scan_rollups gains three dimensions: 'rule' (value: the rule's index), 'variant' (the variant's index) and
--    'gate' (paused, not_started, ended, cap_reached, password). A scan gets a rule or variant row only when a rule
--    or variant chose its target, so a plain code's scan costs no new rollup row (the scan triggers skip null
--    values); stopped scans (scan_stops) are rolled up by a trigger of their own. Stops are never in dim 'all', so
--    every existing figure stays a count of redirected scans.
-- 2. scan_window reads the partial quarter-hours through scan_window_raw, which knows where each dimension lives
--    (scan_events, or scan_stops for 'gate').
-- 3. scan_outcomes(code, from, to): kind 'rule' (value '' = scans no rule chose: the split or the default), 'variant'
--    and 'gate', with scans and unique scans; [from, to) as instants, so local days are exact in any time zone.

alter table public.scan_rollups drop constraint scan_rollups_dim_check;
alter table public.scan_rollups add constraint scan_rollups_dim_check
  check (dim in ('all', 'country', 'device', 'os', 'browser', 'rule', 'variant', 'gate'));

-- ---------------------------------------------------------------------------------------------------------------
-- 1. Keeping the rollups: the scan triggers' statement gains the rule and variant rows (the insert trigger runs it).

create or replace function public.scan_rollups_add_sql(p_source text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format($f$
    insert into public.scan_rollups as r
      (qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
    select n.qr_code_id, c.user_id, d.dim, g.grain, g.bucket, d.value,
           count(*), count(*) filter (where n.is_unique),
           count(*) filter (where g.q = 0), count(*) filter (where g.q = 1),
           count(*) filter (where g.q = 2), count(*) filter (where g.q = 3),
           count(*) filter (where g.q = 0 and n.is_unique), count(*) filter (where g.q = 1 and n.is_unique),
           count(*) filter (where g.q = 2 and n.is_unique), count(*) filter (where g.q = 3 and n.is_unique)
      from %s n
      join public.qr_codes c on c.id = n.qr_code_id
      cross join lateral public.scan_buckets(n.scanned_at) g
      cross join lateral (
        values ('all', ''),
               ('browser', coalesce(n.browser, '')),
               ('country', coalesce(n.country::text, '')),
               ('device', n.device_type),
               ('os', coalesce(n.os, '')),
               ('rule', n.rule_index::text),
               ('variant', n.variant::text)
      ) d (dim, value)
     where d.value is not null
     group by n.qr_code_id, c.user_id, d.dim, g.grain, g.bucket, d.value
     order by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
    on conflict (qr_code_id, dim, grain, bucket, value) do update
       set scans = r.scans + excluded.scans,
           unique_scans = r.unique_scans + excluded.unique_scans,
           s0 = r.s0 + excluded.s0, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3,
           u0 = r.u0 + excluded.u0, u1 = r.u1 + excluded.u1, u2 = r.u2 + excluded.u2, u3 = r.u3 + excluded.u3
  $f$, p_source)
$$;


create or replace function public.scan_events_rollup_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.scan_rollups r
     set scans = r.scans - o.scans, unique_scans = r.unique_scans - o.unique_scans,
         s0 = r.s0 - o.s0, s1 = r.s1 - o.s1, s2 = r.s2 - o.s2, s3 = r.s3 - o.s3,
         u0 = r.u0 - o.u0, u1 = r.u1 - o.u1, u2 = r.u2 - o.u2, u3 = r.u3 - o.u3
    from (
      select n.qr_code_id, d.dim, g.grain, g.bucket, d.value,
             count(*) as scans, count(*) filter (where n.is_unique) as unique_scans,
             count(*) filter (where g.q = 0) as s0, count(*) filter (where g.q = 1) as s1,
             count(*) filter (where g.q = 2) as s2, count(*) filter (where g.q = 3) as s3,
             count(*) filter (where g.q = 0 and n.is_unique) as u0, count(*) filter (where g.q = 1 and n.is_unique) as u1,
             count(*) filter (where g.q = 2 and n.is_unique) as u2, count(*) filter (where g.q = 3 and n.is_unique) as u3
        from old_rows n
        cross join lateral public.scan_buckets(n.scanned_at) g
        cross join lateral (
          values ('all', ''),
                 ('browser', coalesce(n.browser, '')),
                 ('country', coalesce(n.country::text, '')),
                 ('device', n.device_type),
                 ('os', coalesce(n.os, '')),
                 ('rule', n.rule_index::text),
                 ('variant', n.variant::text)
        ) d (dim, value)
       where d.value is not null
         and exists (select 1 from public.qr_codes c where c.id = n.qr_code_id)
         and not exists (select 1 from public.code_deletions x where x.qr_code_id = n.qr_code_id)
       group by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
       order by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
    ) o
   where r.qr_code_id = o.qr_code_id and r.dim = o.dim and r.grain = o.grain and r.bucket = o.bucket
     and r.value = o.value;
  return null;
end
$$;

-- Stopped scans, rolled up as dim 'gate' (never unique). scan_stops rows are only ever deleted with their code
-- (ON DELETE CASCADE, which takes the code's rollups too): nobody is granted DELETE on them.
create function public.scan_stops_rollup_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.scan_rollups as r
    (qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
  select n.qr_code_id, c.user_id, 'gate', g.grain, g.bucket, n.gate,
         count(*), 0,
         count(*) filter (where g.q = 0), count(*) filter (where g.q = 1),
         count(*) filter (where g.q = 2), count(*) filter (where g.q = 3),
         0, 0, 0, 0
    from new_rows n
    join public.qr_codes c on c.id = n.qr_code_id
    cross join lateral public.scan_buckets(n.stopped_at) g
   group by n.qr_code_id, c.user_id, g.grain, g.bucket, n.gate
   order by n.qr_code_id, g.grain, g.bucket, n.gate
  on conflict (qr_code_id, dim, grain, bucket, value) do update
     set scans = r.scans + excluded.scans,
         s0 = r.s0 + excluded.s0, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3;
  return null;
end
$$;

revoke all on function public.scan_stops_rollup_insert() from public, anon, authenticated;

create trigger scan_stops_rollup_insert
after insert on public.scan_stops
referencing new table as new_rows
for each statement execute function public.scan_stops_rollup_insert();

-- Backfill: the rule and variant rows of the scans stored so far, and the stops.
with picked as (
  select e.qr_code_id, e.scanned_at, e.is_unique, d.dim, d.value
    from public.scan_events e
    cross join lateral (values ('rule', e.rule_index::text), ('variant', e.variant::text)) d (dim, value)
   where d.value is not null
)
insert into public.scan_rollups
  (qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
select p.qr_code_id, c.user_id, p.dim, g.grain, g.bucket, p.value,
       count(*), count(*) filter (where p.is_unique),
       count(*) filter (where g.q = 0), count(*) filter (where g.q = 1),
       count(*) filter (where g.q = 2), count(*) filter (where g.q = 3),
       count(*) filter (where g.q = 0 and p.is_unique), count(*) filter (where g.q = 1 and p.is_unique),
       count(*) filter (where g.q = 2 and p.is_unique), count(*) filter (where g.q = 3 and p.is_unique)
  from picked p
  join public.qr_codes c on c.id = p.qr_code_id
  cross join lateral public.scan_buckets(p.scanned_at) g
 group by p.qr_code_id, c.user_id, p.dim, g.grain, g.bucket, p.value;

insert into public.scan_rollups
  (qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
select n.qr_code_id, c.user_id, 'gate', g.grain, g.bucket, n.gate, count(*), 0,
       count(*) filter (where g.q = 0), count(*) filter (where g.q = 1),
       count(*) filter (where g.q = 2), count(*) filter (where g.q = 3), 0, 0, 0, 0
  from public.scan_stops n
  join public.qr_codes c on c.id = n.qr_code_id
  cross join lateral public.scan_buckets(n.stopped_at) g
 group by n.qr_code_id, c.user_id, g.grain, g.bucket, n.gate;

-- ---------------------------------------------------------------------------------------------------------------
-- 2. Reading: the raw rows of [p_from, p_to) for one dimension (security invoker: RLS applies), used by scan_window
--    for the partial quarter-hours at the ends of a range.
create function public.scan_window_raw(p_dim text, p_uid uuid, p_code_id uuid, p_from timestamptz, p_to timestamptz)
returns table (qr_code_id uuid, value text, unique_scan boolean)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  if p_from >= p_to then
    return;
  end if;
  if p_dim = 'gate' then
    return query
      select s.qr_code_id, s.gate, false
        from public.scan_stops s
        join public.qr_codes c on c.id = s.qr_code_id
       where c.user_id = p_uid and (p_code_id is null or s.qr_code_id = p_code_id)
         and s.stopped_at >= p_from and s.stopped_at < p_to;
    return;
  end if;
  return query
    select x.qr_code_id, x.value, x.is_unique
      from (
        select e.qr_code_id, e.is_unique,
               case p_dim when 'country' then coalesce(e.country::text, '') when 'device' then e.device_type
                          when 'os' then coalesce(e.os, '') when 'browser' then coalesce(e.browser, '')
                          when 'rule' then e.rule_index::text when 'variant' then e.variant::text else '' end as value
          from public.scan_events e
          join public.qr_codes c on c.id = e.qr_code_id
         where c.user_id = p_uid and (p_code_id is null or e.qr_code_id = p_code_id)
           and e.scanned_at >= p_from and e.scanned_at < p_to
      ) x
     where x.value is not null;
end
$$;

revoke all on function public.scan_window_raw(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.scan_window_raw(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create or replace function public.scan_window(p_dim text, p_from timestamptz, p_to timestamptz, p_code_id uuid)
returns table (qr_code_id uuid, value text, scans bigint, unique_scans bigint)
language plpgsql
stable
security invoker
set search_path = ''
-- Plans for the actual bounds every time: a generic plan cannot know that a branch's range is empty or narrow.
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  uid uuid := auth.uid();
  origin constant timestamptz := timestamptz '2000-01-01 00:00:00+00';
  f timestamptz := coalesce(p_from, '-infinity');
  t timestamptz := coalesce(p_to, 'infinity');
  fq timestamptz := '-infinity';
  tq timestamptz := 'infinity';
  fd timestamptz := '-infinity';
  td timestamptz := 'infinity';
  fm timestamptz := '-infinity';
  tm timestamptz := 'infinity';
begin
  if p_from is not null then
    fq := date_bin('15 minutes', p_from - interval '1 microsecond', origin) + interval '15 minutes';
    fd := date_bin('24 hours', fq - interval '1 microsecond', origin) + interval '24 hours';
    fm := (date_trunc('month', (fd - interval '1 microsecond') at time zone 'UTC') + interval '1 month')
          at time zone 'UTC';
  end if;
  if p_to is not null then
    tq := date_bin('15 minutes', p_to, origin);
    td := date_bin('24 hours', tq, origin);
    tm := date_trunc('month', td at time zone 'UTC') at time zone 'UTC';
  end if;
  if f >= t then
    return;
  end if;
  if fq >= tq then
    -- Less than a whole quarter-hour: raw scans only.
    return query
      select w.qr_code_id, w.value, count(*), count(*) filter (where w.unique_scan)
        from public.scan_window_raw(p_dim, uid, p_code_id, f, t) w
       group by 1, 2;
    return;
  end if;
  if fd >= td then
    fd := tq;
    td := tq;
  end if;
  if fm >= tm then
    fm := td;
    tm := td;
  end if;
  return query
    select x.qr_code_id, x.value, sum(x.scans)::bigint, sum(x.unique_scans)::bigint
      from (
        select r.qr_code_id, r.value, r.scans, r.unique_scans
          from public.scan_rollups r
         where r.user_id = uid and r.dim = p_dim and r.grain = 'month'
           and (p_code_id is null or r.qr_code_id = p_code_id)
           and r.bucket >= fm and r.bucket < tm
        union all
        select r.qr_code_id, r.value, r.scans, r.unique_scans
          from public.scan_rollups r
         where r.user_id = uid and r.dim = p_dim and r.grain = 'day'
           and (p_code_id is null or r.qr_code_id = p_code_id)
           and r.bucket >= fd and r.bucket < td
           and (r.bucket < fm or r.bucket >= tm)
        union all
        select r.qr_code_id, r.value,
               case when r.bucket >= fq and r.bucket + interval '1 hour' <= tq then r.scans
                    else (case when r.bucket >= fq and r.bucket < tq then r.s0 else 0 end)
                       + (case when r.bucket + interval '15 minutes' >= fq
                                and r.bucket + interval '15 minutes' < tq then r.s1 else 0 end)
                       + (case when r.bucket + interval '30 minutes' >= fq
                                and r.bucket + interval '30 minutes' < tq then r.s2 else 0 end)
                       + (case when r.bucket + interval '45 minutes' >= fq
                                and r.bucket + interval '45 minutes' < tq then r.s3 else 0 end) end,
               case when r.bucket >= fq and r.bucket + interval '1 hour' <= tq then r.unique_scans
                    else (case when r.bucket >= fq and r.bucket < tq then r.u0 else 0 end)
                       + (case when r.bucket + interval '15 minutes' >= fq
                                and r.bucket + interval '15 minutes' < tq then r.u1 else 0 end)
                       + (case when r.bucket + interval '30 minutes' >= fq
                                and r.bucket + interval '30 minutes' < tq then r.u2 else 0 end)
                       + (case when r.bucket + interval '45 minutes' >= fq
                                and r.bucket + interval '45 minutes' < tq then r.u3 else 0 end) end
          from public.scan_rollups r
         where r.user_id = uid and r.dim = p_dim and r.grain = 'hour'
           and (p_code_id is null or r.qr_code_id = p_code_id)
           and r.bucket >= fq - interval '45 minutes' and r.bucket < tq
           and (r.bucket < fd or r.bucket >= td)
        -- The partial quarters, as two plain ranges so that each is an index range scan per code.
        union all
        select w.qr_code_id, w.value, 1, case when w.unique_scan then 1 else 0 end
          from public.scan_window_raw(p_dim, uid, p_code_id, f, fq) w
        union all
        select w.qr_code_id, w.value, 1, case when w.unique_scan then 1 else 0 end
          from public.scan_window_raw(p_dim, uid, p_code_id, tq, t) w
      ) x
     group by x.qr_code_id, x.value;
end
$$;


alter function public.scan_window(text, timestamptz, timestamptz, uuid) set jit = off;

-- ---------------------------------------------------------------------------------------------------------------
-- 3. Per code: scans by rule (value '' = no rule chose the target), by variant, and stopped scans by gate.
create function public.scan_outcomes(p_code_id uuid, p_from timestamptz default null, p_to timestamptz default null)
returns table (kind text, value text, scans bigint, unique_scans bigint)
language sql
stable
security invoker
set search_path = ''
set jit = off
as $$
  with by_rule as (
    select w.value, sum(w.scans)::bigint as scans, sum(w.unique_scans)::bigint as unique_scans
      from public.scan_window('rule', p_from, p_to, p_code_id) w group by w.value
  ),
  total as (
    select coalesce(sum(w.scans), 0)::bigint as scans, coalesce(sum(w.unique_scans), 0)::bigint as unique_scans
      from public.scan_window('all', p_from, p_to, p_code_id) w
  )
  select 'rule', r.value, r.scans, r.unique_scans from by_rule r where r.scans > 0
  union all
  select 'rule', '', t.scans - coalesce((select sum(r.scans) from by_rule r), 0),
         t.unique_scans - coalesce((select sum(r.unique_scans) from by_rule r), 0)
    from total t
   where t.scans - coalesce((select sum(r.scans) from by_rule r), 0) > 0
  union all
  select 'variant', w.value, sum(w.scans)::bigint, sum(w.unique_scans)::bigint
    from public.scan_window('variant', p_from, p_to, p_code_id) w group by w.value having sum(w.scans) > 0
  union all
  select 'gate', w.value, sum(w.scans)::bigint, 0::bigint
    from public.scan_window('gate', p_from, p_to, p_code_id) w group by w.value having sum(w.scans) > 0
  order by 1, 2
$$;

revoke all on function public.scan_outcomes(uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.scan_outcomes(uuid, timestamptz, timestamptz) to authenticated, service_role;
