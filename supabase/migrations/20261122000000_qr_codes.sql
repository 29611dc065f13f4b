-- Saved QR codes, dynamic codes and scan analytics (issue 7).
-- Runs unchanged on a Supabase project (`supabase db push`) and on the local server (server/migrate.ts):
-- only public-schema objects, auth.uid() and auth.users, the anon / authenticated / service_role roles.
-- Privacy by design: a scan stores time, country, device type, OS and browser; never an IP, never a referrer.

-- ---------------------------------------------------------------------------------------------------
-- Slugs: 8 URL-safe characters from the 48 random leading bits of a v4 UUID (no pgcrypto needed).
create or replace function public.generate_slug()
returns text
language sql
volatile
set search_path = ''
as $$
  select translate(encode(substring(uuid_send(gen_random_uuid()) from 1 for 6), 'base64'), '+/', '-_')
$$;

-- ---------------------------------------------------------------------------------------------------
create table public.qr_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  type text not null default 'URL' check (char_length(type) between 1 and 40),
  -- The payload a static code encodes (for a dynamic code: what it encoded when saved, informational).
  content text not null default '' check (char_length(content) <= 7089),
  -- Where a dynamic code's short URL redirects; edited later without reprinting.
  destination text check (destination ~* '^https?://[^[:space:]]+$' and char_length(destination) <= 2048),
  design jsonb not null default '{}'::jsonb,
  is_dynamic boolean not null default false,
  slug text not null default public.generate_slug() unique check (slug ~ '^[A-Za-z0-9_-]{4,64}$'),
  status text not null default 'active' check (status in ('active', 'paused')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint qr_codes_dynamic_destination check (not is_dynamic or destination is not null)
);

comment on table public.qr_codes is 'A user''s saved QR codes; dynamic ones redirect through /r/<slug>.';

-- "Recent QR Codes" and the paginated list: newest first per user. The slug index comes with UNIQUE.
create index qr_codes_user_created_idx on public.qr_codes (user_id, created_at desc);

create table public.scan_events (
  id bigint generated always as identity primary key,
  qr_code_id uuid not null references public.qr_codes (id) on delete cascade,
  scanned_at timestamptz not null default now(),
  country char(2) check (country ~ '^[A-Z]{2}$'),
  device_type text not null default 'other' check (device_type in ('mobile', 'tablet', 'desktop', 'other')),
  os text check (char_length(os) <= 64),
  browser text check (char_length(browser) <= 64)
);

comment on table public.scan_events is 'One row per redirect of a dynamic code. No IP address, no referrer.';

-- Scans over time per code (and the join from a user's codes to their scans).
create index scan_events_code_time_idx on public.scan_events (qr_code_id, scanned_at);

-- ---------------------------------------------------------------------------------------------------
-- updated_at on every change.
create or replace function public.qr_codes_touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger qr_codes_touch_updated_at
before update on public.qr_codes
for each row execute function public.qr_codes_touch_updated_at();

-- Free plan (spec section 9): at most 3 dynamic codes per user, enforced here whatever the client does.
-- Security definer so that the count sees every code of the row's owner; serialised per user by an
-- advisory lock so two concurrent inserts cannot both pass.
create or replace function public.enforce_dynamic_code_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing integer;
begin
  if not new.is_dynamic then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.is_dynamic then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(new.user_id::text, 7));
  select count(*) into existing
    from public.qr_codes
   where user_id = new.user_id and is_dynamic and id <> new.id;
  if existing >= 3 then
    raise exception using
      errcode = 'P0001',
      message = 'Free plan limit reached: at most 3 dynamic QR codes',
      detail = format('This account already has %s dynamic QR codes.', existing),
      hint = 'Delete a dynamic code, make it static, or upgrade to Pro for unlimited dynamic codes.';
  end if;
  return new;
end
$$;

create trigger qr_codes_dynamic_limit
before insert or update of is_dynamic on public.qr_codes
for each row execute function public.enforce_dynamic_code_limit();

revoke all on function public.enforce_dynamic_code_limit() from public, anon, authenticated;
revoke all on function public.qr_codes_touch_updated_at() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Row-level security: owners only; anonymous visitors get nothing (they are redirected by record_scan).
alter table public.qr_codes enable row level security;
alter table public.scan_events enable row level security;

create policy "owners read their codes" on public.qr_codes
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners create their codes" on public.qr_codes
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners update their codes" on public.qr_codes
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners delete their codes" on public.qr_codes
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "owners read their codes' scans" on public.scan_events
  for select to authenticated using (
    exists (
      select 1 from public.qr_codes c
       where c.id = scan_events.qr_code_id and c.user_id = (select auth.uid())
    )
  );

-- Supabase grants everything on new public tables to anon and authenticated by default: take it back and
-- grant exactly what the app needs. The slug, owner and timestamps cannot be changed through the API.
revoke all on public.qr_codes, public.scan_events from anon, authenticated;
grant select, insert, delete on public.qr_codes to authenticated;
grant update (name, type, content, destination, design, is_dynamic, status) on public.qr_codes to authenticated;
grant select on public.scan_events to authenticated;
grant all on public.qr_codes, public.scan_events to service_role;

-- ---------------------------------------------------------------------------------------------------
-- Redirect: the only thing anonymous callers can do. Narrow security-definer function: looks up an active
-- dynamic code by slug, records one scan with already-parsed, bounded fields and returns the destination,
-- or null (unknown, paused or static slug). The caller parses the User-Agent and resolves the country.
create or replace function public.record_scan(
  p_slug text,
  p_device_type text default null,
  p_os text default null,
  p_browser text default null,
  p_country text default null
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
begin
  if p_slug is null or p_slug !~ '^[A-Za-z0-9_-]{4,64}$' then
    return null;
  end if;
  select id, destination into code_id, target
    from public.qr_codes
   where slug = p_slug and is_dynamic and status = 'active';
  if code_id is null then
    return null;
  end if;
  insert into public.scan_events (qr_code_id, country, device_type, os, browser)
  values (
    code_id,
    case when upper(p_country) ~ '^[A-Z]{2}$' then upper(p_country) end,
    case when p_device_type in ('mobile', 'tablet', 'desktop') then p_device_type else 'other' end,
    nullif(left(p_os, 64), ''),
    nullif(left(p_browser, 64), '')
  );
  return target;
end
$$;

revoke all on function public.record_scan(text, text, text, text, text) from public;
grant execute on function public.record_scan(text, text, text, text, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Analytics, computed in the database. Security invoker: RLS limits every query to the caller's codes;
-- the explicit user_id filter only helps the planner. Days are UTC days.

create or replace function public.dashboard_summary()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with codes as (
    select id, created_at, is_dynamic, status from public.qr_codes where user_id = (select auth.uid())
  ),
  scans as (
    select s.scanned_at from public.scan_events s join codes c on c.id = s.qr_code_id
  ),
  s as (
    select
      count(*) as total,
      count(*) filter (where scanned_at >= now() - interval '30 days') as last30,
      count(*) filter (where scanned_at >= now() - interval '60 days'
                         and scanned_at < now() - interval '30 days') as prev30
    from scans
  )
  select jsonb_build_object(
    'total_codes', (select count(*) from codes),
    'codes_this_month', (select count(*) from codes
                          where created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'),
    'total_scans', s.total,
    'scans_last_30_days', s.last30,
    'scans_previous_30_days', s.prev30,
    'scans_change_pct', case when s.prev30 = 0 then null
                             else round((s.last30 - s.prev30) * 100.0 / s.prev30, 1) end,
    'active_dynamic_codes', (select count(*) from codes where is_dynamic and status = 'active'),
    'avg_scans_per_day', round(s.last30 / 30.0, 1)
  )
  from s
$$;

create or replace function public.scans_per_day(p_from date, p_to date, p_code_id uuid default null)
returns table (day date, scans bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 366 then
    raise exception using errcode = '22023',
      message = 'Invalid date range: p_from <= p_to, at most 367 days';
  end if;
  return query
    select d::date, count(s.id)
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
      left join (
        select e.id, (e.scanned_at at time zone 'UTC')::date as sday
          from public.scan_events e
          join public.qr_codes c on c.id = e.qr_code_id
         where c.user_id = (select auth.uid())
           and (p_code_id is null or e.qr_code_id = p_code_id)
           and e.scanned_at >= p_from::timestamp at time zone 'UTC'
           and e.scanned_at < (p_to + 1)::timestamp at time zone 'UTC'
      ) s on s.sday = d::date
     group by d
     order by d;
end
$$;

-- Breakdown helpers: [p_from, p_to) as timestamps (null = unbounded), optionally one code.
create or replace function public.scans_by_country(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (country text, scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select e.country::text, count(*)
    from public.scan_events e
    join public.qr_codes c on c.id = e.qr_code_id
   where c.user_id = (select auth.uid())
     and (p_code_id is null or e.qr_code_id = p_code_id)
     and (p_from is null or e.scanned_at >= p_from)
     and (p_to is null or e.scanned_at < p_to)
   group by e.country
   order by count(*) desc, e.country nulls last
$$;

create or replace function public.scans_by_device(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (device_type text, scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select e.device_type, count(*)
    from public.scan_events e
    join public.qr_codes c on c.id = e.qr_code_id
   where c.user_id = (select auth.uid())
     and (p_code_id is null or e.qr_code_id = p_code_id)
     and (p_from is null or e.scanned_at >= p_from)
     and (p_to is null or e.scanned_at < p_to)
   group by e.device_type
   order by count(*) desc, e.device_type
$$;

create or replace function public.scans_by_os(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (os text, scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select e.os, count(*)
    from public.scan_events e
    join public.qr_codes c on c.id = e.qr_code_id
   where c.user_id = (select auth.uid())
     and (p_code_id is null or e.qr_code_id = p_code_id)
     and (p_from is null or e.scanned_at >= p_from)
     and (p_to is null or e.scanned_at < p_to)
   group by e.os
   order by count(*) desc, e.os nulls last
$$;

create or replace function public.scans_by_browser(
  p_from timestamptz default null, p_to timestamptz default null, p_code_id uuid default null
)
returns table (browser text, scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select e.browser, count(*)
    from public.scan_events e
    join public.qr_codes c on c.id = e.qr_code_id
   where c.user_id = (select auth.uid())
     and (p_code_id is null or e.qr_code_id = p_code_id)
     and (p_from is null or e.scanned_at >= p_from)
     and (p_to is null or e.scanned_at < p_to)
   group by e.browser
   order by count(*) desc, e.browser nulls last
$$;

-- Codes ranked by scans in the range (codes without scans included, with 0).
create or replace function public.top_codes(
  p_limit integer default 5, p_from timestamptz default null, p_to timestamptz default null
)
returns table (id uuid, name text, type text, is_dynamic boolean, status text, scans bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.id, c.name, c.type, c.is_dynamic, c.status, count(e.id)
    from public.qr_codes c
    left join public.scan_events e
      on e.qr_code_id = c.id
     and (p_from is null or e.scanned_at >= p_from)
     and (p_to is null or e.scanned_at < p_to)
   where c.user_id = (select auth.uid())
   group by c.id
   order by count(e.id) desc, c.created_at desc
   limit least(greatest(coalesce(p_limit, 5), 1), 100)
$$;

-- ---------------------------------------------------------------------------------------------------
-- "Load sample data": the spec's three sample codes with their scan counts (1234, 456, 2890), spread
-- deterministically over the last 90 days. Security definer because users cannot insert scans
-- themselves; it only ever writes rows owned by auth.uid(), and only into an empty account.
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

  insert into public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser)
  select code_id,
         now() - ((i * 7919) % (90 * 1440)) * interval '1 minute',
         (array['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'JP', 'CA'])[1 + (i * 31) % 8],
         (array['mobile', 'mobile', 'mobile', 'desktop', 'tablet'])[1 + (i * 17) % 5],
         (array['iOS', 'Android', 'Android', 'Windows', 'macOS', 'iOS'])[1 + (i * 13) % 6],
         (array['Mobile Safari', 'Chrome', 'Chrome Mobile', 'Edge', 'Firefox', 'Safari'])[1 + (i * 11) % 6]
    from (
      select menu_id as code_id, generate_series(1, 1234) as i
      union all select card_id, generate_series(1, 456)
      union all select event_id, generate_series(1, 2890)
    ) g;

  return query select * from public.qr_codes where user_id = uid order by created_at desc;
end
$$;

-- Functions are executable by PUBLIC by default: analytics and sample data are for signed-in users only.
revoke all on function public.generate_slug() from public, anon;
grant execute on function public.generate_slug() to authenticated, service_role;
revoke all on function public.dashboard_summary() from public, anon;
revoke all on function public.scans_per_day(date, date, uuid) from public, anon;
revoke all on function public.scans_by_country(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.scans_by_device(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.scans_by_os(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.scans_by_browser(timestamptz, timestamptz, uuid) from public, anon;
revoke all on function public.top_codes(integer, timestamptz, timestamptz) from public, anon;
revoke all on function public.load_sample_data() from public, anon;
grant execute on function
  public.dashboard_summary(),
  public.scans_per_day(date, date, uuid),
  public.scans_by_country(timestamptz, timestamptz, uuid),
  public.scans_by_device(timestamptz, timestamptz, uuid),
  public.scans_by_os(timestamptz, timestamptz, uuid),
  public.scans_by_browser(timestamptz, timestamptz, uuid),
  public.top_codes(integer, timestamptz, timestamptz),
  public.load_sample_data()
to authenticated, service_role;
