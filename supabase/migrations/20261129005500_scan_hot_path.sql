-- The plain scan's hot path (issue 37, "the plain redirect gets faster"). Profiled on PostgreSQL with a batch of 25
-- scans of one code (record_scans as the redirect calls it): about 13 ms per batch, of which 11 ms were the
-- rollup trigger, and most of that was planning: the trigger ran its two statements with EXECUTE (the text built
-- by scan_rollups_add_sql and scan_owner_hours_apply_sql), so PostgreSQL planned them again for every batch, and
-- every scan called scan_buckets as a separate function (its SET search_path kept it from being inlined). The
-- destination's grammar (is_redirectable_url, a long PL/pgSQL function) ran once per scan rather than once per
-- code. After this migration the same batch takes about 2.5 ms (bench-results/redirect*.md has the figures).
--
-- 1. scan_buckets is inlinable: no SET clause (every name in it is schema-qualified instead, so the caller's
--    search_path cannot change what it calls), same results (tests/server/scan-rollups.test.ts compares the
--    rollups with a GROUP BY of the raw rows).
-- 2. scan_events_rollup_insert runs static SQL, which PL/pgSQL plans once per connection. The statements are
--    those of scan_rollups_add_sql('new_rows') and scan_owner_hours_apply_sql('new_rows', 1), which stay for the
--    delete trigger and the backfills (rare, and they must work on any source table).
-- 3. record_scans checks a code's destination once per code in the batch.

-- ---------------------------------------------------------------------------------------------------------------
-- 1. The three buckets of an instant: its UTC hour (with q, the quarter of the hour), UTC day and UTC month
--    (q null). Pure arithmetic on absolute time: the session's TimeZone plays no part.

create or replace function public.scan_buckets(p_at timestamptz)
returns table (grain text, bucket timestamptz, q integer)
language sql
immutable
as $$
  select 'hour'::text, h,
         pg_catalog.floor(pg_catalog.date_part('epoch', p_at operator(pg_catalog.-) h) operator(pg_catalog./) 900)::integer
    from pg_catalog.date_bin('1 hour'::pg_catalog.interval, p_at, '2000-01-01 00:00:00+00'::pg_catalog.timestamptz) h
  union all
  select 'day'::text,
         pg_catalog.date_bin('24 hours'::pg_catalog.interval, p_at, '2000-01-01 00:00:00+00'::pg_catalog.timestamptz),
         null::integer
  union all
  select 'month'::text,
         pg_catalog.timezone('UTC'::text, pg_catalog.date_trunc('month'::text, pg_catalog.timezone('UTC'::text, p_at))),
         null::integer
$$;

revoke all on function public.scan_buckets(timestamptz) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- 2. The insert trigger with its statements written out (planned once per connection, not per batch).

create or replace function public.scan_events_rollup_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.scan_rollups as r
    (qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
  select n.qr_code_id, c.user_id, d.dim, g.grain, g.bucket, d.value,
         count(*), count(*) filter (where n.is_unique),
         count(*) filter (where g.q = 0), count(*) filter (where g.q = 1),
         count(*) filter (where g.q = 2), count(*) filter (where g.q = 3),
         count(*) filter (where g.q = 0 and n.is_unique), count(*) filter (where g.q = 1 and n.is_unique),
         count(*) filter (where g.q = 2 and n.is_unique), count(*) filter (where g.q = 3 and n.is_unique)
    from new_rows n
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
         u0 = r.u0 + excluded.u0, u1 = r.u1 + excluded.u1, u2 = r.u2 + excluded.u2, u3 = r.u3 + excluded.u3;

  insert into public.scan_owner_hours as r
    (user_id, bucket, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
  select c.user_id, g.bucket,
         count(*), count(*) filter (where n.is_unique),
         count(*) filter (where g.q = 0), count(*) filter (where g.q = 1),
         count(*) filter (where g.q = 2), count(*) filter (where g.q = 3),
         count(*) filter (where g.q = 0 and n.is_unique), count(*) filter (where g.q = 1 and n.is_unique),
         count(*) filter (where g.q = 2 and n.is_unique), count(*) filter (where g.q = 3 and n.is_unique)
    from new_rows n
    join public.qr_codes c on c.id = n.qr_code_id
    cross join lateral public.scan_buckets(n.scanned_at) g
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

-- ---------------------------------------------------------------------------------------------------------------
-- 3. record_scans (as in 20261129004500_scan_outcomes.sql) with the codes of the batch looked up, and their
--    destinations checked, once each.

create or replace function public.record_scans(
  p_slugs text[],
  p_device_types text[],
  p_oses text[],
  p_browsers text[],
  p_countries text[],
  p_visitors text[]
)
returns table (
  ord integer,
  destination text,
  code_id uuid,
  settings jsonb,
  password_set_at timestamptz,
  cap_used bigint,
  bucket integer,
  paused boolean,
  version text,
  page jsonb
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_salt bytea := public.current_scan_salt();
  v_day date := (now() at time zone 'UTC')::date;
begin
  if cardinality(p_slugs) is distinct from cardinality(p_device_types)
     or cardinality(p_slugs) is distinct from cardinality(p_oses)
     or cardinality(p_slugs) is distinct from cardinality(p_browsers)
     or cardinality(p_slugs) is distinct from cardinality(p_countries)
     or cardinality(p_slugs) is distinct from cardinality(p_visitors) then
    raise exception using errcode = '22023', message = 'record_scans: the input arrays differ in length';
  end if;

  return query
  with input as (
    select s.ord::integer as ord, s.slug, s.device_type, s.os, s.browser, s.country, s.visitor
      from unnest(p_slugs, p_device_types, p_oses, p_browsers, p_countries, p_visitors)
           with ordinality as s(slug, device_type, os, browser, country, visitor, ord)
     where s.slug ~ '^[A-Za-z0-9_-]{4,64}$'
  ),
  -- Each code of the batch once (a busy code's batch is many scans of one code): materialised, so the
  -- destination's grammar runs once per code, not once per scan.
  code as materialized (
    select c.id, c.slug, c.destination, c.scan_settings, c.password_set_at, c.status, c.xmin::text as version, c.page
      from public.qr_codes c
     where c.slug in (select distinct i.slug from input i)
       and c.is_dynamic
       and ((c.destination is not null and public.is_redirectable_url(c.destination)) or c.page is not null)
  ),
  scan as (
    select i.*, c.id as code_id, c.destination as target, c.scan_settings, c.password_set_at,
           c.status <> 'active' as paused, c.version,
           c.page,
           (c.scan_settings is not null or c.password_set_at is not null or c.status <> 'active'
            or c.page is not null) as ruled,
           case when v_salt is not null and i.visitor ~ '^[0-9a-f]{64}$'
                then sha256(v_salt || uuid_send(c.id) || decode(i.visitor, 'hex')) end as hash
      from input i
      join code c on c.slug = i.slug
  ),
  plain as (
    select * from scan s where not s.ruled
  ),
  -- Hashes seen for the first time today (not in an earlier batch); within this batch only the first scan of a
  -- hash (lowest position) is the unique one.
  fresh as (
    insert into public.scan_visitors (day, hash)
    select distinct v_day, s.hash from plain s where s.hash is not null
    on conflict do nothing
    returning hash
  ),
  first_of_hash as (
    select distinct on (s.hash) s.ord from plain s where s.hash is not null order by s.hash, s.ord
  ),
  stored as (
    insert into public.scan_events (qr_code_id, country, device_type, os, browser, is_unique)
    select s.code_id,
           case when upper(s.country) ~ '^[A-Z]{2}$' then upper(s.country) end,
           case when s.device_type in ('mobile', 'tablet', 'desktop') then s.device_type else 'other' end,
           nullif(left(s.os, 64), ''),
           nullif(left(s.browser, 64), ''),
           s.hash is not null
             and s.hash in (select f.hash from fresh f)
             and s.ord in (select o.ord from first_of_hash o)
      from plain s
     order by s.ord
  )
  -- (A data-modifying WITH runs to completion whether or not the outer query reads it.)
  select s.ord, s.target, s.code_id,
         case when s.ruled then coalesce(s.scan_settings, '{"v":1}'::jsonb) end,
         s.password_set_at,
         case when s.ruled and s.scan_settings ? 'scanCap'
              then coalesce((select k.used from public.scan_cap_counters k where k.qr_code_id = s.code_id), 0) end,
         case when s.ruled and s.hash is not null then public.scan_bucket(s.hash) end,
         s.paused,
         case when s.ruled then s.version end,
         s.page
    from scan s;
end
$$;

revoke all on function public.record_scans(text[], text[], text[], text[], text[], text[])
  from public, anon, authenticated;
grant execute on function public.record_scans(text[], text[], text[], text[], text[], text[]) to service_role;
