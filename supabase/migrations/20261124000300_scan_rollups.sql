-- Scan analytics that do not grow with the scan count, and honest counts (issue 14, first part).
-- Runs on a Supabase project (`supabase db push`) and on the local server, after 20261124000200_api_hardening.sql.
--
-- 1. public.scan_rollups: one row per (code, dimension, UTC hour, value) with scans and unique scans, split into
--    the hour's four quarters, and the same per UTC day and UTC month (coarser grains, so long ranges read few
--    rows). Kept up to date by statement-level triggers on scan_events, in the transaction
--    that inserts (or deletes) the scans: INSERT … ON CONFLICT DO UPDATE, so concurrent redirects never lose an
--    update. Deleting a code deletes its rollups (ON DELETE CASCADE).
-- 2. Unique scans: scan_events.is_unique marks a visitor's first scan of a code in a UTC day. The visitor is a
--    SHA-256 of (today's salt, code id, a SHA-256 of client address + User-Agent computed by the redirect); the
--    salt lives in public.scan_salts, which only ever holds today's row, and is destroyed with the day's hashes
--    at the first scan (or public.expire_scan_salts() call) of the next UTC day. No address is stored anywhere.
-- 3. Every analytics RPC reads the rollups, with unique-scan figures alongside, and the day-based ones take an
--    IANA time zone (default 'UTC'). Security invoker: RLS limits them to the caller's codes.
-- Design, exactness and limits: docs/server.md ("Scan rollups").

-- ---------------------------------------------------------------------------------------------------
-- Raw scans: the unique flag, and scans are never updated (the rollups mirror inserts and deletes only).
alter table public.scan_events add column is_unique boolean not null default false;

comment on column public.scan_events.is_unique is
  'First scan of this code by this visitor (salted hash of address + User-Agent) in the UTC day of scanned_at.';

create function public.scan_events_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = '0A000', message = 'Scans cannot be changed, only deleted',
    hint = 'The hourly rollups mirror inserts and deletes of public.scan_events.';
end
$$;

revoke all on function public.scan_events_immutable() from public, anon, authenticated;

create trigger scan_events_immutable
before update on public.scan_events
for each row execute function public.scan_events_immutable();

-- ---------------------------------------------------------------------------------------------------
-- The rollups. dim 'all' holds every scan once per (code, bucket); 'country', 'device', 'os' and 'browser' hold
-- the same scans split by that field, with '' standing for "unknown" (null). Three grains: 'hour' rows (UTC
-- hours) carry s0..s3 / u0..u3, the scans and unique scans of minutes [0, 15), [15, 30), [30, 45), [45, 60) of
-- the hour, so local days of zones with 30- or 45-minute offsets are answered exactly too; 'day' (UTC days) and
-- 'month' (UTC months) rows hold the same scans summed, for the whole days and months inside a range.
create table public.scan_rollups (
  qr_code_id uuid not null references public.qr_codes (id) on delete cascade,
  -- The code's owner, copied so that RLS and the "all my codes" queries need no join.
  user_id uuid not null,
  dim text not null check (dim in ('all', 'country', 'device', 'os', 'browser')),
  grain text not null check (grain in ('hour', 'day', 'month')),
  bucket timestamptz not null,
  value text not null default '' check (char_length(value) <= 64),
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
  primary key (qr_code_id, dim, grain, bucket, value),
  constraint scan_rollups_bucket_aligned check (
    bucket = case grain
      when 'hour' then date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00')
      when 'day' then date_bin('24 hours', bucket, timestamptz '2000-01-01 00:00:00+00')
      else date_trunc('month', bucket at time zone 'UTC') at time zone 'UTC' end
  )
);

comment on table public.scan_rollups is
  'Scans and unique scans per code, dimension and UTC hour (with quarters), day and month; kept by triggers on scan_events.';

-- "All my codes": per owner, dimension, grain and bucket.
create index scan_rollups_user_dim_idx on public.scan_rollups (user_id, dim, grain, bucket);

alter table public.scan_rollups enable row level security;

create policy "owners read their codes' rollups" on public.scan_rollups
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.scan_rollups from anon, authenticated, service_role;
grant select on public.scan_rollups to authenticated, service_role;

-- The three buckets of an instant: its UTC hour (with q, the quarter of the hour), UTC day and UTC month
-- (q null). Pure arithmetic on absolute time: the session's TimeZone plays no part.
create function public.scan_buckets(p_at timestamptz)
returns table (grain text, bucket timestamptz, q integer)
language sql
immutable
set search_path = ''
as $$
  select 'hour', h, floor(extract(epoch from (p_at - h)) / 900)::integer
    from date_bin('1 hour', p_at, timestamptz '2000-01-01 00:00:00+00') h
  union all
  select 'day', date_bin('24 hours', p_at, timestamptz '2000-01-01 00:00:00+00'), null
  union all
  select 'month', date_trunc('month', p_at at time zone 'UTC') at time zone 'UTC', null
$$;

revoke all on function public.scan_buckets(timestamptz) from public, anon, authenticated;

-- Adds the scans of `rows` (a transition table or scan_events itself) to the rollups. One statement, rows
-- upserted in key order: concurrent writers lock rollup rows in the same order, so they queue, never deadlock.
-- (Shared by the insert trigger and the backfill below; the row source is the only difference.)
create function public.scan_rollups_add_sql(p_source text)
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
               ('os', coalesce(n.os, ''))
      ) d (dim, value)
     group by n.qr_code_id, c.user_id, d.dim, g.grain, g.bucket, d.value
     order by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
    on conflict (qr_code_id, dim, grain, bucket, value) do update
       set scans = r.scans + excluded.scans,
           unique_scans = r.unique_scans + excluded.unique_scans,
           s0 = r.s0 + excluded.s0, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3,
           u0 = r.u0 + excluded.u0, u1 = r.u1 + excluded.u1, u2 = r.u2 + excluded.u2, u3 = r.u3 + excluded.u3
  $f$, p_source)
$$;

revoke all on function public.scan_rollups_add_sql(text) from public, anon, authenticated;

create function public.scan_events_rollup_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute public.scan_rollups_add_sql('new_rows');
  return null;
end
$$;

-- Deleted scans (by hand as service_role; a deleted code's rollups go by cascade, so its scans are skipped).
create function public.scan_events_rollup_delete()
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
                 ('os', coalesce(n.os, ''))
        ) d (dim, value)
       where exists (select 1 from public.qr_codes c where c.id = n.qr_code_id)
       group by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
       order by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
    ) o
   where r.qr_code_id = o.qr_code_id and r.dim = o.dim and r.grain = o.grain and r.bucket = o.bucket
     and r.value = o.value;
  return null;
end
$$;

revoke all on function public.scan_events_rollup_insert() from public, anon, authenticated;
revoke all on function public.scan_events_rollup_delete() from public, anon, authenticated;

create trigger scan_events_rollup_insert
after insert on public.scan_events
referencing new table as new_rows
for each statement execute function public.scan_events_rollup_insert();

create trigger scan_events_rollup_delete
after delete on public.scan_events
referencing old table as old_rows
for each statement execute function public.scan_events_rollup_delete();

-- Backfill: the scans stored so far (none of them is known to be unique).
do $$
begin
  execute public.scan_rollups_add_sql('public.scan_events');
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Today's salt and today's visitor hashes. Nobody reads or writes them but the security-definer functions.
create table public.scan_salts (
  day date primary key,
  salt bytea not null check (octet_length(salt) = 32)
);

create table public.scan_visitors (
  day date not null,
  hash bytea not null check (octet_length(hash) = 32),
  primary key (day, hash)
);

comment on table public.scan_salts is 'Only today''s (UTC) salt; yesterday''s is deleted at the first use of today''s.';
comment on table public.scan_visitors is
  'Today''s salted visitor hashes per code (for unique scans); deleted with the salt. No address, no raw id.';

alter table public.scan_salts enable row level security;
alter table public.scan_visitors enable row level security;
revoke all on public.scan_salts, public.scan_visitors from anon, authenticated, service_role;

-- Today's salt, made at its first use; every older salt and hash is deleted in the same transaction. A caller
-- whose transaction started before midnight and reaches here after the new day's salt exists gets null (its
-- day's salt is gone: that scan is not counted as unique).
create function public.current_scan_salt()
returns bytea
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'UTC')::date;
  v_salt bytea;
begin
  select salt into v_salt from public.scan_salts where day = v_day;
  if found then
    return v_salt;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.scan_salts', 14));
  select salt into v_salt from public.scan_salts where day = v_day;
  if found then
    return v_salt;
  end if;
  if exists (select 1 from public.scan_salts where day > v_day) then
    return null;
  end if;
  delete from public.scan_salts where day < v_day;
  delete from public.scan_visitors where day < v_day;
  v_salt := uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid());
  insert into public.scan_salts (day, salt) values (v_day, v_salt);
  return v_salt;
end
$$;

revoke all on function public.current_scan_salt() from public, anon, authenticated, service_role;

-- For a scheduler (the local server calls it hourly; on Supabase, pg_cron): destroys yesterday's salt and
-- hashes even when nobody scans. Returns nothing, so the salt never leaves the database.
create function public.expire_scan_salts()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select null from public.current_scan_salt()
$$;

revoke all on function public.expire_scan_salts() from public, anon, authenticated;
grant execute on function public.expire_scan_salts() to service_role;

-- ---------------------------------------------------------------------------------------------------
-- The redirect. record_scan gains p_visitor: the lowercase hex SHA-256 of "<client address>\n<User-Agent>"
-- computed by the redirect (so no address reaches the database), or null when unknown (then not unique).
drop function public.record_scan(text, text, text, text, text);

create function public.record_scan(
  p_slug text,
  p_device_type text default null,
  p_os text default null,
  p_browser text default null,
  p_country text default null,
  p_visitor text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  code_id uuid;
  target text;
  v_salt bytea;
  v_unique boolean := false;
  inserted integer;
begin
  if p_slug is null or p_slug !~ '^[A-Za-z0-9_-]{4,64}$' then
    return null;
  end if;
  select id, destination into code_id, target
    from public.qr_codes
   where slug = p_slug and is_dynamic and status = 'active';
  if code_id is null or target is null or not public.is_redirectable_url(target) then
    return null;
  end if;
  if p_visitor ~ '^[0-9a-f]{64}$' then
    v_salt := public.current_scan_salt();
    if v_salt is not null then
      insert into public.scan_visitors (day, hash)
      values ((now() at time zone 'UTC')::date, sha256(v_salt || uuid_send(code_id) || decode(p_visitor, 'hex')))
      on conflict do nothing;
      get diagnostics inserted = row_count;
      v_unique := inserted = 1;
    end if;
  end if;
  insert into public.scan_events (qr_code_id, country, device_type, os, browser, is_unique)
  values (
    code_id,
    case when upper(p_country) ~ '^[A-Z]{2}$' then upper(p_country) end,
    case when p_device_type in ('mobile', 'tablet', 'desktop') then p_device_type else 'other' end,
    nullif(left(p_os, 64), ''),
    nullif(left(p_browser, 64), ''),
    v_unique
  );
  return target;
end
$$;

revoke all on function public.record_scan(text, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_scan(text, text, text, text, text, text) to service_role;

-- Where a slug redirects, without counting a scan: HEAD requests, prefetches and bots.
create function public.redirect_target(p_slug text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select c.destination
    from public.qr_codes c
   where p_slug ~ '^[A-Za-z0-9_-]{4,64}$'
     and c.slug = p_slug and c.is_dynamic and c.status = 'active'
     and c.destination is not null and public.is_redirectable_url(c.destination)
$$;

revoke all on function public.redirect_target(text) from public, anon, authenticated;
grant execute on function public.redirect_target(text) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- Reading the rollups. scan_window answers [p_from, p_to) (null = unbounded) for one dimension, per code and
-- value, exactly for any instants. The range is cut into: whole UTC months (month rows), whole UTC days outside
-- them (day rows), whole quarter-hours outside those (hour rows, quarter by quarter at the ends), and the partial
-- quarters at either end, at most 15 minutes each, from the raw scans. All arithmetic is on absolute time
-- (date_bin, '24 hours', months computed in UTC), so the session's TimeZone does not matter.
create function public.scan_window(p_dim text, p_from timestamptz, p_to timestamptz, p_code_id uuid)
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
      select e.qr_code_id,
             case p_dim when 'country' then coalesce(e.country::text, '') when 'device' then e.device_type
                        when 'os' then coalesce(e.os, '') when 'browser' then coalesce(e.browser, '') else '' end,
             count(*), count(*) filter (where e.is_unique)
        from public.scan_events e
        join public.qr_codes c on c.id = e.qr_code_id
       where c.user_id = uid and (p_code_id is null or e.qr_code_id = p_code_id)
         and e.scanned_at >= f and e.scanned_at < t
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
        select e.qr_code_id,
               case p_dim when 'country' then coalesce(e.country::text, '') when 'device' then e.device_type
                          when 'os' then coalesce(e.os, '') when 'browser' then coalesce(e.browser, '') else '' end,
               1, case when e.is_unique then 1 else 0 end
          from public.scan_events e
          join public.qr_codes c on c.id = e.qr_code_id
         where c.user_id = uid and (p_code_id is null or e.qr_code_id = p_code_id)
           and e.scanned_at >= f and e.scanned_at < fq
        union all
        select e.qr_code_id,
               case p_dim when 'country' then coalesce(e.country::text, '') when 'device' then e.device_type
                          when 'os' then coalesce(e.os, '') when 'browser' then coalesce(e.browser, '') else '' end,
               1, case when e.is_unique then 1 else 0 end
          from public.scan_events e
          join public.qr_codes c on c.id = e.qr_code_id
         where c.user_id = uid and (p_code_id is null or e.qr_code_id = p_code_id)
           and e.scanned_at >= tq and e.scanned_at < t
      ) x
     group by x.qr_code_id, x.value;
end
$$;

revoke all on function public.scan_window(text, timestamptz, timestamptz, uuid) from public, anon;
grant execute on function public.scan_window(text, timestamptz, timestamptz, uuid) to authenticated, service_role;

-- The analytics RPCs get new result columns and a time zone: drop and recreate (same names and arguments, so
-- supabase.rpc calls are unchanged).
drop function public.dashboard_summary();
drop function public.scans_per_day(date, date, uuid);
drop function public.scans_by_country(timestamptz, timestamptz, uuid);
drop function public.scans_by_device(timestamptz, timestamptz, uuid);
drop function public.scans_by_os(timestamptz, timestamptz, uuid);
drop function public.scans_by_browser(timestamptz, timestamptz, uuid);
drop function public.top_codes(integer, timestamptz, timestamptz);

-- A time zone name for AT TIME ZONE: an IANA name such as Europe/Berlin or Asia/Kathmandu (or UTC), else 22023.
-- (pg_timezone_names would read every zone file on each call; Postgres's own lookup raises 22023 for unknowns.)
create function public.check_time_zone(p_tz text)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_tz is null or p_tz !~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$' then
    raise exception using errcode = '22023', message = format('Unknown time zone: %s', coalesce(p_tz, 'null')),
      hint = 'Use an IANA time zone name such as Europe/Berlin, or UTC.';
  end if;
  perform now() at time zone p_tz;
  return p_tz;
end
$$;

grant execute on function public.check_time_zone(text) to authenticated, service_role;

-- Summary of the dashboard: "this month" is the caller's month in p_tz; the 30-day windows end now.
create function public.dashboard_summary(p_tz text default 'UTC')
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  tz text := public.check_time_zone(p_tz);
  codes record;
  total record;
  last30 record;
  prev30 record;
begin
  select count(*) as total,
         count(*) filter (where created_at >= date_trunc('month', now() at time zone tz) at time zone tz) as month,
         count(*) filter (where is_dynamic and status = 'active') as active
    into codes
    from public.qr_codes where user_id = (select auth.uid());
  select coalesce(sum(scans), 0)::bigint as scans, coalesce(sum(unique_scans), 0)::bigint as uniq into total
    from public.scan_window('all', null, null, null);
  select coalesce(sum(scans), 0)::bigint as scans, coalesce(sum(unique_scans), 0)::bigint as uniq into last30
    from public.scan_window('all', now() - interval '30 days', null, null);
  select coalesce(sum(scans), 0)::bigint as scans, coalesce(sum(unique_scans), 0)::bigint as uniq into prev30
    from public.scan_window('all', now() - interval '60 days', now() - interval '30 days', null);
  return jsonb_build_object(
    'total_codes', codes.total,
    'codes_this_month', codes.month,
    'total_scans', total.scans,
    'scans_last_30_days', last30.scans,
    'scans_previous_30_days', prev30.scans,
    'scans_change_pct', case when prev30.scans = 0 then null
                             else round((last30.scans - prev30.scans) * 100.0 / prev30.scans, 1) end,
    'active_dynamic_codes', codes.active,
    'avg_scans_per_day', round(last30.scans / 30.0, 1),
    'total_unique_scans', total.uniq,
    'unique_scans_last_30_days', last30.uniq,
    'unique_scans_previous_30_days', prev30.uniq,
    'time_zone', tz
  );
end
$$;

-- Every local day of [p_from, p_to] in p_tz, zeros included. When local days are UTC days, from the day rows.
-- Otherwise from the day rows corrected with hour rows: a quarter-hour belongs to the local day its first instant
-- falls in, which is exact when every local midnight of the range is on a quarter-hour (true of every IANA zone's
-- offsets since the 1970s); if one is not (e.g. local mean time before 1900), the days come from the raw scans.
create function public.scans_per_day(p_from date, p_to date, p_code_id uuid default null, p_tz text default 'UTC')
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
  -- and its edge nearer to that midnight (at most 12 hours of the 24), so only those hour rows are read.
  return query
    with bounds as (
      select (d at time zone tz) as m, date_bin('24 hours', d at time zone tz, timestamptz '2000-01-01 00:00:00+00') as u
        from generate_series((p_from - 2)::timestamp, (p_to + 3)::timestamp, interval '1 day') d
    ),
    windows as materialized (
      -- ws is moved back to the hour row holding it; plain comparisons with the row's column are leakproof, so
      -- under RLS they still bound the index scan (an expression such as ws - interval would only filter).
      select date_bin('1 hour', case when b.m - b.u <= interval '12 hours' then b.u else b.m end,
                      timestamptz '2000-01-01 00:00:00+00') as ws,
             case when b.m - b.u <= interval '12 hours' then b.m else b.u + interval '24 hours' end as we
        from bounds b
    ),
    -- One index range scan per window (LATERAL), not a pass over every hour row of the range.
    hour_rows as (
      select distinct on (r.qr_code_id, r.bucket)
             r.qr_code_id, r.bucket, r.s0, r.s1, r.s2, r.s3, r.u0, r.u1, r.u2, r.u3
        from windows w
       cross join lateral (
         select r.qr_code_id, r.bucket, r.s0, r.s1, r.s2, r.s3, r.u0, r.u1, r.u2, r.u3
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
       order by r.qr_code_id, r.bucket
    ),
    moved as (
      select ((h.bucket + q.o) at time zone tz)::date as to_day,
             ((date_bin('24 hours', h.bucket, timestamptz '2000-01-01 00:00:00+00') + interval '12 hours')
               at time zone tz)::date as from_day,
             q.n, q.u
        from hour_rows h
       cross join lateral (
         values (interval '0 minutes', h.s0, h.u0), (interval '15 minutes', h.s1, h.u1),
                (interval '30 minutes', h.s2, h.u2), (interval '45 minutes', h.s3, h.u3)
       ) q (o, n, u)
    ),
    parts as (
      select ((r.bucket + interval '12 hours') at time zone tz)::date as pday, r.scans as n, r.unique_scans as u
        from public.scan_rollups r
       where r.user_id = (select auth.uid())
         and r.dim = 'all'
         and r.grain = 'day'
         and (p_code_id is null or r.qr_code_id = p_code_id)
         and r.bucket >= f - interval '48 hours' and r.bucket < t + interval '48 hours'
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

-- Breakdowns: [p_from, p_to) as instants (null = unbounded), optionally one code. For the caller's local days,
-- pass local midnights (e.g. 2026-03-01T00:00:00+05:30); any instant is answered exactly.
create function public.scans_by_country(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (country text, scans bigint, unique_scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select nullif(w.value, ''), sum(w.scans)::bigint, sum(w.unique_scans)::bigint
    from public.scan_window('country', p_from, p_to, p_code_id) w
   group by w.value
  having sum(w.scans) > 0
   order by sum(w.scans) desc, nullif(w.value, '') nulls last
$$;

create function public.scans_by_device(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (device_type text, scans bigint, unique_scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select w.value, sum(w.scans)::bigint, sum(w.unique_scans)::bigint
    from public.scan_window('device', p_from, p_to, p_code_id) w
   group by w.value
  having sum(w.scans) > 0
   order by sum(w.scans) desc, w.value
$$;

create function public.scans_by_os(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (os text, scans bigint, unique_scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select nullif(w.value, ''), sum(w.scans)::bigint, sum(w.unique_scans)::bigint
    from public.scan_window('os', p_from, p_to, p_code_id) w
   group by w.value
  having sum(w.scans) > 0
   order by sum(w.scans) desc, nullif(w.value, '') nulls last
$$;

create function public.scans_by_browser(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (browser text, scans bigint, unique_scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select nullif(w.value, ''), sum(w.scans)::bigint, sum(w.unique_scans)::bigint
    from public.scan_window('browser', p_from, p_to, p_code_id) w
   group by w.value
  having sum(w.scans) > 0
   order by sum(w.scans) desc, nullif(w.value, '') nulls last
$$;

-- Codes ranked by scans in the range (codes without scans included, with 0).
create function public.top_codes(
  p_limit integer default 5, p_from timestamptz default null, p_to timestamptz default null
)
returns table (id uuid, name text, type text, is_dynamic boolean, status text, scans bigint, unique_scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.id, c.name, c.type, c.is_dynamic, c.status,
         coalesce(w.scans, 0)::bigint, coalesce(w.unique_scans, 0)::bigint
    from public.qr_codes c
    left join public.scan_window('all', p_from, p_to, null) w on w.qr_code_id = c.id
   where c.user_id = (select auth.uid())
   order by coalesce(w.scans, 0) desc, c.created_at desc
   limit least(greatest(coalesce(p_limit, 5), 1), 100)
$$;

revoke all on function public.check_time_zone(text) from public, anon;
revoke all on function public.dashboard_summary(text) from public, anon;
revoke all on function public.scans_per_day(date, date, uuid, text) from public, anon;
revoke all on function public.scans_by_country(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.scans_by_device(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.scans_by_os(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.scans_by_browser(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.top_codes(integer, timestamptz, timestamptz) from public, anon;
grant execute on function
  public.dashboard_summary(text),
  public.scans_per_day(date, date, uuid, text),
  public.scans_by_country(timestamptz, timestamptz, uuid),
  public.scans_by_device(timestamptz, timestamptz, uuid),
  public.scans_by_os(timestamptz, timestamptz, uuid),
  public.scans_by_browser(timestamptz, timestamptz, uuid),
  public.top_codes(integer, timestamptz, timestamptz)
to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Sample data: as before, with about 70 % of the sample scans marked unique so the figures look real.
create or replace function public.load_sample_data()
returns setof public.qr_codes
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  menu_id uuid;
  card_id uuid;
  event_id uuid;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in to load sample data';
  end if;
  if exists (select 1 from public.qr_codes where user_id = uid) then
    raise exception using errcode = 'P0001',
      message = 'Sample data can only be loaded into an account without QR codes',
      hint = 'Delete your QR codes first.';
  end if;

  insert into public.qr_codes (user_id, name, type, content, destination, is_dynamic, created_at)
  values (uid, 'Restaurant Menu', 'Menu', '', 'https://example.com/menu', true, now() - interval '60 days')
  returning id into menu_id;
  insert into public.qr_codes (user_id, name, type, content, destination, is_dynamic, created_at)
  values (uid, 'Business Card', 'vCard',
          E'BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane;;;\nFN:Jane Doe\nTEL:+15551234567\nEMAIL:jane@example.com\nEND:VCARD',
          null, false, now() - interval '65 days')
  returning id into card_id;
  insert into public.qr_codes (user_id, name, type, content, destination, is_dynamic, created_at)
  values (uid, 'Event Tickets', 'URL', '', 'https://example.com/tickets', true, now() - interval '70 days')
  returning id into event_id;

  insert into public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser, is_unique)
  select code_id,
         now() - ((i * 7919) % (90 * 1440)) * interval '1 minute',
         (array['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'JP', 'CA'])[1 + (i * 31) % 8],
         (array['mobile', 'mobile', 'mobile', 'desktop', 'tablet'])[1 + (i * 17) % 5],
         (array['iOS', 'Android', 'Android', 'Windows', 'macOS', 'iOS'])[1 + (i * 13) % 6],
         (array['Mobile Safari', 'Chrome', 'Chrome Mobile', 'Edge', 'Firefox', 'Safari'])[1 + (i * 11) % 6],
         (i * 7) % 10 < 7
    from (
      select menu_id as code_id, generate_series(1, 1234) as i
      union all select card_id, generate_series(1, 456)
      union all select event_id, generate_series(1, 2890)
    ) g;

  return query select * from public.qr_codes where user_id = uid order by created_at desc;
end
$$;
