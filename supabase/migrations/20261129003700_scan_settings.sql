-- Scan settings of dynamic codes (issue 37): gates (starts at, ends at, scan cap, password), ordered redirect
-- rules, an A/B split, a UTM template and query forwarding. The redirect decides with the shared evaluator
-- (src/shared/rules/evaluate.ts); the database stores and checks the settings, holds the gate state and records.
--
-- 1. qr_codes.scan_settings (jsonb, null = none): checked by public.scan_settings_problem, the SQL twin of the
--    zod schema src/shared/rules/schema.ts (tests/server/scan-settings-check.test.ts feeds both the same objects).
--    A CHECK, not an RPC, so that every writer (the app through the data API, the REST API, an SQL console) is
--    held to it: a malformed rule cannot be stored by any path.
-- 2. The password: only a bcrypt hash, in public.code_passwords, which nobody but the security-definer functions
--    reads (not even the owner). qr_codes.password_set_at says that a code has one (the gate) and versions the
--    visitor's cookie (a new password ends every cookie). Wrong guesses are counted in
--    public.scan_password_attempts: at most 5 per visitor and 30 per code in 15 minutes.
-- 3. The scan cap: public.scan_cap_counters, claimed by one INSERT … ON CONFLICT DO UPDATE … WHERE used < cap
--    RETURNING in the scan's own transaction: exact under concurrent scans, one statement per scan.
-- 4. scan_events gains rule_index and variant; stopped scans go to public.scan_stops with their gate (not into
--    scan_events, so every existing count and rollup stays a count of redirected scans).
-- 5. The redirect's functions: record_scans (the batch path) stores a plain code's scan exactly as before and, for a
--    code with settings or a password, stores nothing and returns what the evaluator needs (settings, gate state,
--    the visitor's A/B bucket) in the same statement; record_ruled_scan and record_scan_stop then store the
--    outcome; scan_lookup answers HEAD, bots, prefetches and the password form without counting.

-- ---------------------------------------------------------------------------------------------------------------
-- 1. The settings check.

-- A UTC instant as the schema writes it: YYYY-MM-DDTHH:MM:SSZ, years 2000-2099, a real date.
create function public.scan_settings_instant_ok(p jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p) is distinct from 'string'
     or (p #>> '{}') !~ '^20[0-9]{2}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z$' then
    return false;
  end if;
  perform make_date(substr(p #>> '{}', 1, 4)::integer, substr(p #>> '{}', 6, 2)::integer,
                    substr(p #>> '{}', 9, 2)::integer);
  return true;
exception when others then
  return false;
end
$$;

-- A string of `p_min` to `p_max` characters without control characters (C0, DEL, C1).
create function public.scan_settings_text_ok(p jsonb, p_max integer, p_min integer default 1)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'string'
     and char_length(p #>> '{}') between p_min and p_max
     and (p #>> '{}') !~ '[\x01-\x1f\x7f-\x9f]'
$$;

-- A URL a code may redirect to (public.is_redirectable_url, the grammar of src/shared/destination.ts).
create function public.scan_settings_url_ok(p jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'string' and coalesce(public.is_redirectable_url(p #>> '{}'), false)
$$;

-- An integer in [p_min, p_max].
create function public.scan_settings_int_ok(p jsonb, p_min numeric, p_max numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'number' and (p::text)::numeric = trunc((p::text)::numeric)
     and (p::text)::numeric between p_min and p_max
$$;

-- The object's keys are among `p_allowed`.
create function public.scan_settings_keys_ok(p jsonb, p_allowed text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'object' and not exists (select 1 from jsonb_object_keys(p) k where k <> all (p_allowed))
$$;

-- A non-empty array of at most p_max distinct elements, each matching p_pattern (strings) or, with p_pattern
-- null, an integer weekday 0-6.
create function public.scan_settings_list_ok(p jsonb, p_max integer, p_pattern text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'array'
     and jsonb_array_length(p) between 1 and p_max
     and (select count(distinct e) = count(*) from jsonb_array_elements(p) e)
     and not exists (
       select 1 from jsonb_array_elements(p) e
        where case when p_pattern is null then not public.scan_settings_int_ok(e, 0, 6)
                   else jsonb_typeof(e) <> 'string' or (e #>> '{}') !~ p_pattern end)
$$;

-- An IANA zone name that both Intl and PostgreSQL know: "UTC" or Area/Location (the shape of check_time_zone).
create function public.scan_settings_zone_ok(p jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p) is distinct from 'string' or char_length(p #>> '{}') > 64
     or (p #>> '{}') !~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){1,2}$|^UTC$' then
    return false;
  end if;
  perform timestamptz '2026-01-01 00:00:00+00' at time zone (p #>> '{}');
  return true;
exception when others then
  return false;
end
$$;

-- Why one rule condition is refused, or null.
create function public.scan_condition_problem(c jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(c) is distinct from 'object' then 'a condition must be an object'
    when c ->> 'type' = 'device' then case
      when not public.scan_settings_keys_ok(c, '{type,in}')
        or not public.scan_settings_list_ok(c -> 'in', 5, '^(ios|android|tablet|mobile|desktop)$')
        then 'device: in lists ios, android, tablet, mobile, desktop' end
    when c ->> 'type' = 'os' then case
      when not public.scan_settings_keys_ok(c, '{type,in}')
        or not public.scan_settings_list_ok(c -> 'in', 6, '^(ios|android|windows|macos|linux|chromeos)$')
        then 'os: in lists ios, android, windows, macos, linux, chromeos' end
    when c ->> 'type' = 'browser' then case
      when not public.scan_settings_keys_ok(c, '{type,in}')
        or not public.scan_settings_list_ok(c -> 'in', 6, '^(chrome|safari|firefox|edge|samsung|opera)$')
        then 'browser: in lists chrome, safari, firefox, edge, samsung, opera' end
    when c ->> 'type' = 'country' then case
      when not public.scan_settings_keys_ok(c, '{type,in}')
        or not public.scan_settings_list_ok(c -> 'in', 50, '^[A-Z]{2}$')
        then 'country: in lists up to 50 ISO 3166 codes' end
    when c ->> 'type' = 'language' then case
      when not public.scan_settings_keys_ok(c, '{type,in}')
        or not public.scan_settings_list_ok(c -> 'in', 20, '^[a-z]{2,3}(-[a-z0-9]{2,8})?$')
        then 'language: in lists up to 20 lower-case language tags' end
    when c ->> 'type' = 'time' then case
      when not public.scan_settings_keys_ok(c, '{type,from,to,days}')
        or jsonb_typeof(c -> 'from') is distinct from 'string' or jsonb_typeof(c -> 'to') is distinct from 'string'
        or (c ->> 'from') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' or (c ->> 'to') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
        or c ->> 'from' = c ->> 'to'
        or (c ? 'days' and not public.scan_settings_list_ok(c -> 'days', 7, null))
        then 'time: from and to as HH:MM (different), days as weekdays 0-6' end
    when c ->> 'type' = 'date' then case
      when not public.scan_settings_keys_ok(c, '{type,after,before}')
        or not (c ? 'after' or c ? 'before')
        or (c ? 'after' and not public.scan_settings_instant_ok(c -> 'after'))
        or (c ? 'before' and not public.scan_settings_instant_ok(c -> 'before'))
        or (c ? 'after' and c ? 'before' and (c ->> 'after') >= (c ->> 'before'))
        then 'date: after and/or before as UTC instants, after first' end
    when c ->> 'type' = 'query' then case
      when not public.scan_settings_keys_ok(c, '{type,name,equals}')
        or jsonb_typeof(c -> 'name') is distinct from 'string' or (c ->> 'name') !~ '^[A-Za-z0-9_.-]{1,64}$'
        or (c ? 'equals' and not public.scan_settings_text_ok(c -> 'equals', 200, 0))
        then 'query: a parameter name and optionally the value it equals' end
    else 'unknown condition type'
  end
$$;

-- Why a code's scan settings are refused (the first problem found), or null when they are valid.
create function public.scan_settings_problem(s jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_rule jsonb;
  v_problem text;
  v_split jsonb;
  v_variant jsonb;
  v_sum integer := 0;
begin
  if not public.scan_settings_keys_ok(s,
       '{v,startsAt,endsAt,scanCap,fallbacks,timeZone,rules,split,utm,forwardQuery}') then
    return 'settings must be an object with known keys only';
  end if;
  if s -> 'v' is distinct from '1'::jsonb then
    return 'v must be 1';
  end if;
  if (s ? 'startsAt' and not public.scan_settings_instant_ok(s -> 'startsAt'))
     or (s ? 'endsAt' and not public.scan_settings_instant_ok(s -> 'endsAt')) then
    return 'startsAt and endsAt are UTC instants such as 2026-12-31T23:00:00Z';
  end if;
  if s ? 'startsAt' and s ? 'endsAt' and (s ->> 'startsAt') >= (s ->> 'endsAt') then
    return 'startsAt must come before endsAt';
  end if;
  if s ? 'scanCap' and not public.scan_settings_int_ok(s -> 'scanCap', 1, 100000000) then
    return 'scanCap is a whole number from 1 to 100,000,000';
  end if;
  if s ? 'fallbacks' and (
       not public.scan_settings_keys_ok(s -> 'fallbacks', '{notStarted,ended,capReached}')
       or exists (select 1 from jsonb_each(s -> 'fallbacks') f where not public.scan_settings_url_ok(f.value))) then
    return 'fallbacks are web addresses for notStarted, ended and capReached';
  end if;
  if s ? 'timeZone' and not public.scan_settings_zone_ok(s -> 'timeZone') then
    return 'unknown time zone';
  end if;
  if s ? 'rules' then
    if jsonb_typeof(s -> 'rules') is distinct from 'array' or jsonb_array_length(s -> 'rules') > 20 then
      return 'rules is a list of at most 20 rules';
    end if;
    for v_rule in select e from jsonb_array_elements(s -> 'rules') e loop
      if not public.scan_settings_keys_ok(v_rule, '{if,to}') or not public.scan_settings_url_ok(v_rule -> 'to')
         or jsonb_typeof(v_rule -> 'if') is distinct from 'array'
         or jsonb_array_length(v_rule -> 'if') not between 1 and 8 then
        return 'a rule has 1 to 8 conditions (if) and a web address (to)';
      end if;
      select public.scan_condition_problem(c) into v_problem
        from jsonb_array_elements(v_rule -> 'if') c
       where public.scan_condition_problem(c) is not null
       limit 1;
      if v_problem is not null then
        return v_problem;
      end if;
    end loop;
  end if;
  if s ? 'split' then
    v_split := s -> 'split';
    if not public.scan_settings_keys_ok(v_split, '{variants,startsAt,endsAt}')
       or jsonb_typeof(v_split -> 'variants') is distinct from 'array'
       or jsonb_array_length(v_split -> 'variants') not between 2 and 4 then
      return 'split has 2 to 4 variants';
    end if;
    for v_variant in select e from jsonb_array_elements(v_split -> 'variants') e loop
      if not public.scan_settings_keys_ok(v_variant, '{to,weight}') or not public.scan_settings_url_ok(v_variant -> 'to')
         or not public.scan_settings_int_ok(v_variant -> 'weight', 5, 100) then
        return 'a variant has a web address (to) and a weight of at least 5';
      end if;
      v_sum := v_sum + (v_variant ->> 'weight')::integer;
    end loop;
    if v_sum <> 100 then
      return 'the weights of the variants must add up to 100';
    end if;
    if (v_split ? 'startsAt' and not public.scan_settings_instant_ok(v_split -> 'startsAt'))
       or (v_split ? 'endsAt' and not public.scan_settings_instant_ok(v_split -> 'endsAt'))
       or (v_split ? 'startsAt' and v_split ? 'endsAt' and (v_split ->> 'startsAt') >= (v_split ->> 'endsAt')) then
      return 'the split''s startsAt and endsAt are UTC instants, startsAt first';
    end if;
  end if;
  if s ? 'utm' and (
       not public.scan_settings_keys_ok(s -> 'utm', '{source,medium,campaign,term,content}')
       or (select count(*) from jsonb_object_keys(s -> 'utm')) = 0
       or exists (select 1 from jsonb_each(s -> 'utm') f where not public.scan_settings_text_ok(f.value, 100))) then
    return 'utm has source, medium, campaign, term and content of 1 to 100 characters';
  end if;
  if s ? 'forwardQuery' and jsonb_typeof(s -> 'forwardQuery') is distinct from 'boolean' then
    return 'forwardQuery is true or false';
  end if;
  return null;
end
$$;

comment on function public.scan_settings_problem(jsonb) is
  'Why scan settings are refused, or null: the SQL twin of scanSettingsSchema (src/shared/rules/schema.ts).';

grant execute on function public.scan_settings_problem(jsonb) to anon, authenticated, service_role;

alter table public.qr_codes
  add column scan_settings jsonb,
  add column password_set_at timestamptz,
  add constraint qr_codes_scan_settings_valid check (scan_settings is null or public.scan_settings_problem(scan_settings) is null),
  add constraint qr_codes_scan_settings_dynamic check (scan_settings is null or is_dynamic);

comment on column public.qr_codes.scan_settings is
  'Gates, rules, A/B split, UTM and query forwarding of a dynamic code (src/shared/rules/schema.ts); null = none.';
comment on column public.qr_codes.password_set_at is
  'When the code''s password was set (null = no password gate); the hash is in public.code_passwords.';

grant insert (scan_settings), update (scan_settings) on public.qr_codes to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- 2. Passwords.

create table public.code_passwords (
  qr_code_id uuid primary key references public.qr_codes (id) on delete cascade,
  -- bcrypt, cost 10 to 14 (hashed by whoever sets it: the API or the app; the plain password is never sent here).
  hash text not null check (hash ~ '^\$2[aby]\$(1[0-4])\$[./A-Za-z0-9]{53}$')
);

create table public.scan_password_attempts (
  id bigint generated always as identity primary key,
  qr_code_id uuid not null references public.qr_codes (id) on delete cascade,
  -- sha256(today's scan salt, code id, visitor digest): the unique-scan hash, gone with the day's salt.
  visitor bytea,
  attempted_at timestamptz not null default now()
);

create index scan_password_attempts_code_idx on public.scan_password_attempts (qr_code_id, attempted_at);

alter table public.code_passwords enable row level security;
alter table public.scan_password_attempts enable row level security;
revoke all on public.code_passwords, public.scan_password_attempts from anon, authenticated, service_role;

-- Sets (a bcrypt hash) or clears (null) the password of one of the caller's dynamic codes.
create function public.set_code_password(p_code_id uuid, p_hash text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_hash is not null and p_hash !~ '^\$2[aby]\$(1[0-4])\$[./A-Za-z0-9]{53}$' then
    raise exception using errcode = '22023', message = 'The password must be given as a bcrypt hash of cost 10 to 14';
  end if;
  perform 1 from public.qr_codes
   where id = p_code_id and is_dynamic
     and user_id = auth.uid()
     for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'No such dynamic code';
  end if;
  if p_hash is null then
    delete from public.code_passwords where qr_code_id = p_code_id;
    update public.qr_codes set password_set_at = null where id = p_code_id;
  else
    insert into public.code_passwords (qr_code_id, hash) values (p_code_id, p_hash)
    on conflict (qr_code_id) do update set hash = excluded.hash;
    update public.qr_codes set password_set_at = clock_timestamp() where id = p_code_id;
  end if;
  delete from public.scan_password_attempts where qr_code_id = p_code_id;
end
$$;

revoke all on function public.set_code_password(uuid, text) from public, anon;
grant execute on function public.set_code_password(uuid, text) to authenticated, service_role;

-- One password guess for a code: refused (retry_after > 0) past 5 guesses per visitor or 30 per code within 15
-- minutes; else the guess is counted and the hash returned for the redirect to compare (bcrypt, off the database).
-- A right guess is taken back with release_password_attempt, so only wrong guesses use up the budget.
create function public.claim_password_attempt(p_code_id uuid, p_visitor text)
returns table (attempt_id bigint, password_hash text, retry_after integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_visitor bytea;
  v_salt bytea;
  v_oldest timestamptz;
  v_window constant interval := interval '15 minutes';
  v_id bigint;
begin
  -- Guesses for one code are counted one at a time, so a burst cannot pass the limit together.
  perform pg_advisory_xact_lock(hashtextextended(p_code_id::text, 37));
  delete from public.scan_password_attempts where qr_code_id = p_code_id and attempted_at < now() - v_window;
  if p_visitor ~ '^[0-9a-f]{64}$' then
    v_salt := public.current_scan_salt();
    if v_salt is not null then
      v_visitor := sha256(v_salt || uuid_send(p_code_id) || decode(p_visitor, 'hex'));
    end if;
  end if;
  select min(a.attempted_at) into v_oldest
    from (select attempted_at from public.scan_password_attempts
           where qr_code_id = p_code_id order by attempted_at desc limit 30) a
   having count(*) >= 30;
  if v_oldest is null and v_visitor is not null then
    select min(a.attempted_at) into v_oldest
      from (select attempted_at from public.scan_password_attempts
             where qr_code_id = p_code_id and visitor = v_visitor order by attempted_at desc limit 5) a
     having count(*) >= 5;
  end if;
  if v_oldest is not null then
    return query select null::bigint, null::text,
      greatest(1, ceil(extract(epoch from (v_oldest + v_window - now()))))::integer;
    return;
  end if;
  insert into public.scan_password_attempts (qr_code_id, visitor) values (p_code_id, v_visitor)
  returning id into v_id;
  return query select v_id, p.hash, 0 from public.code_passwords p where p.qr_code_id = p_code_id;
end
$$;

create function public.release_password_attempt(p_attempt_id bigint)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.scan_password_attempts where id = p_attempt_id
$$;

revoke all on function public.claim_password_attempt(uuid, text) from public, anon, authenticated;
revoke all on function public.release_password_attempt(bigint) from public, anon, authenticated;
grant execute on function public.claim_password_attempt(uuid, text) to service_role;
grant execute on function public.release_password_attempt(bigint) to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- 3. The scan cap's counter (counted scans since the cap was first used), 4. what scans carry, stopped scans.

create table public.scan_cap_counters (
  qr_code_id uuid primary key references public.qr_codes (id) on delete cascade,
  used bigint not null default 0 check (used >= 0)
);

alter table public.scan_cap_counters enable row level security;
revoke all on public.scan_cap_counters from anon, authenticated, service_role;

alter table public.scan_events
  add column rule_index smallint check (rule_index between 0 and 19),
  add column variant smallint check (variant between 0 and 3);

comment on column public.scan_events.rule_index is 'The redirect rule that chose the target (0-based), or null.';
comment on column public.scan_events.variant is 'The A/B variant that chose the target (0-based), or null.';

create table public.scan_stops (
  id bigint generated always as identity primary key,
  qr_code_id uuid not null references public.qr_codes (id) on delete cascade,
  stopped_at timestamptz not null default now(),
  gate text not null check (gate in ('not_started', 'ended', 'cap_reached', 'password'))
);

comment on table public.scan_stops is
  'Counted scans a gate stopped (not yet started, ended, cap reached, password page shown); never in scan_events.';

create index scan_stops_code_time_idx on public.scan_stops (qr_code_id, stopped_at);

alter table public.scan_stops enable row level security;

create policy "owners read their codes' stopped scans" on public.scan_stops
  for select to authenticated
  using (exists (select 1 from public.qr_codes c where c.id = scan_stops.qr_code_id and c.user_id = (select auth.uid())));

revoke all on public.scan_stops from anon, authenticated, service_role;
grant select on public.scan_stops to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- 5. The redirect's functions.

-- A visitor's A/B bucket, 0 … 9,999: the first four bytes of the unique-scan hash (salted, per code, per UTC day).
create function public.scan_bucket(p_hash bytea)
returns integer
language sql
immutable
set search_path = ''
as $$
  select ((get_byte(p_hash, 0)::bigint << 24 | get_byte(p_hash, 1) << 16 | get_byte(p_hash, 2) << 8
          | get_byte(p_hash, 3)) % 10000)::integer
$$;

revoke all on function public.scan_bucket(bytea) from public, anon, authenticated;

-- The batch path: as before for plain codes; a code with settings or a password is returned, not stored.
drop function public.record_scans(text[], text[], text[], text[], text[], text[]);

create function public.record_scans(
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
  bucket integer
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
  scan as (
    select i.*, c.id as code_id, c.destination as target, c.scan_settings, c.password_set_at,
           (c.scan_settings is not null or c.password_set_at is not null) as ruled,
           case when v_salt is not null and i.visitor ~ '^[0-9a-f]{64}$'
                then sha256(v_salt || uuid_send(c.id) || decode(i.visitor, 'hex')) end as hash
      from input i
      join public.qr_codes c on c.slug = i.slug and c.is_dynamic and c.status = 'active'
     where c.destination is not null and public.is_redirectable_url(c.destination)
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
         case when s.ruled and s.hash is not null then public.scan_bucket(s.hash) end
    from scan s;
end
$$;

revoke all on function public.record_scans(text[], text[], text[], text[], text[], text[])
  from public, anon, authenticated;
grant execute on function public.record_scans(text[], text[], text[], text[], text[], text[]) to service_role;

-- The single-scan function of the first Edge Function: it no longer stores scans of codes with settings or a
-- password (their gates would be bypassed); the Edge Function calls record_scans since issue 37.
create or replace function public.record_scan(
  p_slug text,
  p_device_type text default null,
  p_os text default null,
  p_browser text default null,
  p_country text default null,
  p_visitor text default null
)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select r.destination
    from public.record_scans(array[p_slug], array[p_device_type], array[p_os], array[p_browser], array[p_country],
                             array[p_visitor]) r
   where r.settings is null
$$;

-- Everything the evaluator needs, without counting: HEAD requests, bots, prefetches and the password form.
create function public.scan_lookup(p_slug text, p_visitor text default null)
returns table (
  destination text,
  code_id uuid,
  settings jsonb,
  password_set_at timestamptz,
  cap_used bigint,
  bucket integer
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_salt bytea;
begin
  if p_slug is null or p_slug !~ '^[A-Za-z0-9_-]{4,64}$' then
    return;
  end if;
  if p_visitor ~ '^[0-9a-f]{64}$' then
    v_salt := public.current_scan_salt();
  end if;
  return query
  select c.destination, c.id,
         case when c.scan_settings is not null or c.password_set_at is not null
              then coalesce(c.scan_settings, '{"v":1}'::jsonb) end,
         c.password_set_at,
         case when c.scan_settings ? 'scanCap'
              then coalesce((select k.used from public.scan_cap_counters k where k.qr_code_id = c.id), 0) end,
         case when v_salt is not null
              then public.scan_bucket(sha256(v_salt || uuid_send(c.id) || decode(p_visitor, 'hex'))) end
    from public.qr_codes c
   where c.slug = p_slug and c.is_dynamic and c.status = 'active'
     and c.destination is not null and public.is_redirectable_url(c.destination);
end
$$;

revoke all on function public.scan_lookup(text, text) from public, anon, authenticated;
grant execute on function public.scan_lookup(text, text) to service_role;

-- Stores the scan of a code with settings that the evaluator redirected, with the rule or variant that chose its
-- target. With a scan cap (read from the code itself, not from the caller), the cap is claimed first, atomically:
-- false when it is used up, and then the scan is stored as stopped by the cap instead.
create function public.record_ruled_scan(
  p_code_id uuid,
  p_rule_index integer,
  p_variant integer,
  p_device_type text,
  p_os text,
  p_browser text,
  p_country text,
  p_visitor text
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cap bigint;
  v_salt bytea;
  v_unique boolean := false;
  inserted integer;
begin
  select (c.scan_settings ->> 'scanCap')::bigint into v_cap
    from public.qr_codes c
   where c.id = p_code_id and c.is_dynamic and c.status = 'active';
  if not found then
    return false;
  end if;
  if v_cap is not null then
    insert into public.scan_cap_counters as k (qr_code_id, used) values (p_code_id, 1)
    on conflict (qr_code_id) do update set used = k.used + 1 where k.used < v_cap;
    get diagnostics inserted = row_count;
    if inserted = 0 then
      insert into public.scan_stops (qr_code_id, gate) values (p_code_id, 'cap_reached');
      return false;
    end if;
  end if;
  if p_visitor ~ '^[0-9a-f]{64}$' then
    v_salt := public.current_scan_salt();
    if v_salt is not null then
      insert into public.scan_visitors (day, hash)
      values ((now() at time zone 'UTC')::date, sha256(v_salt || uuid_send(p_code_id) || decode(p_visitor, 'hex')))
      on conflict do nothing;
      get diagnostics inserted = row_count;
      v_unique := inserted = 1;
    end if;
  end if;
  insert into public.scan_events (qr_code_id, country, device_type, os, browser, is_unique, rule_index, variant)
  values (
    p_code_id,
    case when upper(p_country) ~ '^[A-Z]{2}$' then upper(p_country) end,
    case when p_device_type in ('mobile', 'tablet', 'desktop') then p_device_type else 'other' end,
    nullif(left(p_os, 64), ''),
    nullif(left(p_browser, 64), ''),
    v_unique,
    case when p_rule_index between 0 and 19 then p_rule_index end,
    case when p_variant between 0 and 3 then p_variant end
  );
  return true;
end
$$;

create function public.record_scan_stop(p_code_id uuid, p_gate text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.scan_stops (qr_code_id, gate)
  select c.id, p_gate from public.qr_codes c
   where c.id = p_code_id and p_gate in ('not_started', 'ended', 'cap_reached', 'password')
$$;

revoke all on function public.record_ruled_scan(uuid, integer, integer, text, text, text, text, text)
  from public, anon, authenticated;
revoke all on function public.record_scan_stop(uuid, text) from public, anon, authenticated;
grant execute on function public.record_ruled_scan(uuid, integer, integer, text, text, text, text, text) to service_role;
grant execute on function public.record_scan_stop(uuid, text) to service_role;
