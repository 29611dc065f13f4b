-- Scan outcomes (issue 37, second part): paused codes as the first gate, the App-store preset's badge page, and
-- ruled scans stored in batches.
--
-- 1. A paused code is a gate like the others: its counted scans are stored in scan_stops (gate 'paused') and the
--    visitor gets the owner's fallback address for it (scan_settings.fallbacks.paused) or our page. record_scans and
--    scan_lookup therefore return paused dynamic codes too (paused = true), unstored, for the evaluator.
-- 2. scan_settings gains fallbacks.paused and appPage {appStore, googlePlay}: scan_settings_problem, the SQL twin of
--    src/shared/rules/schema.ts, is replaced (same function, so the table's check uses it at once).
-- 3. record_scan_outcomes stores many outcomes of codes with settings in one statement: the redirect groups them
--    like plain scans (server/redirect/local.ts), so a busy ruled code commits once per batch rather than once per
--    scan. Scan caps are claimed per code for the whole batch, counter rows locked in code order (concurrent batches
--    queue, never deadlock), and exactly as many scans as the cap has left are stored; the rest are stored as
--    stopped by the cap. It replaces record_ruled_scan and record_scan_stop (one scan per transaction).
-- 4. One database call per scan for a busy code with settings too: the lookups return the code's row version
--    (xmin: any change to the row, its settings, password or status included, gives a new one), the redirect keeps
--    the code it last looked up, decides a scan on it and sends the outcome with that version. The outcome is
--    stored only if the code is unchanged; otherwise nothing is stored ("stale") and the redirect looks the code
--    up again as before. A split's variant is then chosen here, from the visitor's salted daily bucket, because
--    the salt never leaves the database (scan_split_variant, the SQL twin of variantOf in evaluate.ts).

alter table public.scan_stops drop constraint scan_stops_gate_check;
alter table public.scan_stops add constraint scan_stops_gate_check
  check (gate in ('paused', 'not_started', 'ended', 'cap_reached', 'password'));

comment on table public.scan_stops is
  'Counted scans a gate stopped (paused, not yet started, ended, cap reached, password page shown); never in scan_events.';

-- ---------------------------------------------------------------------------------------------------------------
-- 2. The settings check, with fallbacks.paused and appPage.

-- Why a code's scan settings are refused (the first problem found), or null when they are valid.
create or replace function public.scan_settings_problem(s jsonb)
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
       '{v,startsAt,endsAt,scanCap,fallbacks,timeZone,rules,split,utm,forwardQuery,appPage}') then
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
       not public.scan_settings_keys_ok(s -> 'fallbacks', '{paused,notStarted,ended,capReached}')
       or exists (select 1 from jsonb_each(s -> 'fallbacks') f where not public.scan_settings_url_ok(f.value))) then
    return 'fallbacks are web addresses for paused, notStarted, ended and capReached';
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
  if s ? 'appPage' and (
       not public.scan_settings_keys_ok(s -> 'appPage', '{appStore,googlePlay}')
       or not public.scan_settings_url_ok(s -> 'appPage' -> 'appStore')
       or not public.scan_settings_url_ok(s -> 'appPage' -> 'googlePlay')) then
    return 'appPage has the web addresses appStore and googlePlay';
  end if;
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- 1. The lookups return paused dynamic codes (unstored) for the evaluator's paused gate.

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
  bucket integer,
  paused boolean,
  version text
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
           c.status <> 'active' as paused, c.xmin::text as version,
           (c.scan_settings is not null or c.password_set_at is not null or c.status <> 'active') as ruled,
           case when v_salt is not null and i.visitor ~ '^[0-9a-f]{64}$'
                then sha256(v_salt || uuid_send(c.id) || decode(i.visitor, 'hex')) end as hash
      from input i
      join public.qr_codes c on c.slug = i.slug and c.is_dynamic
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
         case when s.ruled and s.hash is not null then public.scan_bucket(s.hash) end,
         s.paused,
         case when s.ruled then s.version end
    from scan s;
end
$$;

revoke all on function public.record_scans(text[], text[], text[], text[], text[], text[])
  from public, anon, authenticated;
grant execute on function public.record_scans(text[], text[], text[], text[], text[], text[]) to service_role;

-- The single-scan function of the first Edge Function (redefined: record_scans was recreated).
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

drop function public.scan_lookup(text, text);

create function public.scan_lookup(p_slug text, p_visitor text default null)
returns table (
  destination text,
  code_id uuid,
  settings jsonb,
  password_set_at timestamptz,
  cap_used bigint,
  bucket integer,
  paused boolean,
  version text
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
         case when c.scan_settings is not null or c.password_set_at is not null or c.status <> 'active'
              then coalesce(c.scan_settings, '{"v":1}'::jsonb) end,
         c.password_set_at,
         case when c.scan_settings ? 'scanCap'
              then coalesce((select k.used from public.scan_cap_counters k where k.qr_code_id = c.id), 0) end,
         case when v_salt is not null
              then public.scan_bucket(sha256(v_salt || uuid_send(c.id) || decode(p_visitor, 'hex'))) end,
         c.status <> 'active',
         c.xmin::text
    from public.qr_codes c
   where c.slug = p_slug and c.is_dynamic
     and c.destination is not null and public.is_redirectable_url(c.destination);
end
$$;

revoke all on function public.scan_lookup(text, text) from public, anon, authenticated;
grant execute on function public.scan_lookup(text, text) to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- 3. Outcomes in batches.

drop function public.record_ruled_scan(uuid, integer, integer, text, text, text, text, text);
drop function public.record_scan_stop(uuid, text);

-- The variant of a split (2-4 weighted variants, weights in percent adding up to 100) that a bucket 0 … 9,999
-- falls in: variant i holds the buckets below the running total of weights × 100 (variantOf in evaluate.ts).
create function public.scan_split_variant(p_split jsonb, p_bucket integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select coalesce(min(v.i) filter (where p_bucket < v.upto), max(v.i))
    from (select (e.i - 1)::integer as i,
                 sum((e.value ->> 'weight')::integer * 100) over (order by e.i) as upto
            from jsonb_array_elements(p_split -> 'variants') with ordinality as e(value, i)) v
$$;

revoke all on function public.scan_split_variant(jsonb, integer) from public, anon, authenticated;

-- One element per counted outcome of a code with settings (or paused): p_gates[i] null for a redirected scan
-- (stored in scan_events with the rule or variant that chose its target), else the gate that stopped it (stored in
-- scan_stops). p_versions[i], when not null, is the code's version the outcome was decided on: a code changed since
-- gets stale = true and nothing stored. p_splits[i] true: the split chose the target, and its variant is chosen
-- here from the visitor's bucket (p_variants[i] is used otherwise). Returns (ord, stored, variant, stale): stored
-- is false for a redirected scan whose cap was used up (stored as stopped by the cap instead) or whose code is no
-- longer active; no row for a code that no longer exists.
create function public.record_scan_outcomes(
  p_code_ids uuid[],
  p_versions text[],
  p_gates text[],
  p_rule_indexes integer[],
  p_variants integer[],
  p_splits boolean[],
  p_device_types text[],
  p_oses text[],
  p_browsers text[],
  p_countries text[],
  p_visitors text[]
)
returns table (ord integer, stored boolean, variant integer, stale boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_salt bytea;
  v_day date := (now() at time zone 'UTC')::date;
  -- Code id → how many of the batch's redirected scans its cap lets through.
  v_granted jsonb := '{}'::jsonb;
  v_code record;
  v_used bigint;
  v_grant bigint;
  n integer := cardinality(p_code_ids);
begin
  if n is distinct from cardinality(p_versions) or n is distinct from cardinality(p_splits)
     or n is distinct from cardinality(p_gates) or n is distinct from cardinality(p_rule_indexes)
     or n is distinct from cardinality(p_variants) or n is distinct from cardinality(p_device_types)
     or n is distinct from cardinality(p_oses) or n is distinct from cardinality(p_browsers)
     or n is distinct from cardinality(p_countries) or n is distinct from cardinality(p_visitors) then
    raise exception using errcode = '22023', message = 'record_scan_outcomes: the input arrays differ in length';
  end if;
  if exists (select 1 from unnest(p_visitors) v where v ~ '^[0-9a-f]{64}$') then
    v_salt := public.current_scan_salt();
  end if;

  -- The caps, claimed for the whole batch: one counter row per capped code, locked in code order.
  for v_code in
    select i.code_id, count(*) as wanted, max((c.scan_settings ->> 'scanCap')::bigint) as cap
      from unnest(p_code_ids, p_gates, p_versions) as i(code_id, gate, version)
      join public.qr_codes c on c.id = i.code_id and c.is_dynamic and c.status = 'active'
     where i.gate is null and c.scan_settings ? 'scanCap' and (i.version is null or i.version = c.xmin::text)
     group by i.code_id
     order by i.code_id
  loop
    insert into public.scan_cap_counters (qr_code_id, used) values (v_code.code_id, 0)
    on conflict (qr_code_id) do nothing;
    select k.used into v_used from public.scan_cap_counters k where k.qr_code_id = v_code.code_id for update;
    v_grant := greatest(0, least(v_code.wanted, v_code.cap - v_used));
    if v_grant > 0 then
      update public.scan_cap_counters k set used = k.used + v_grant where k.qr_code_id = v_code.code_id;
    end if;
    v_granted := v_granted || jsonb_build_object(v_code.code_id::text, v_grant);
  end loop;

  return query
  with input as (
    select s.ord::integer as ord, s.code_id, s.version, s.gate, s.rule_index, s.variant, s.split, s.device_type,
           s.os, s.browser, s.country, s.visitor
      from unnest(p_code_ids, p_versions, p_gates, p_rule_indexes, p_variants, p_splits, p_device_types, p_oses,
                  p_browsers, p_countries, p_visitors)
           with ordinality as s(code_id, version, gate, rule_index, variant, split, device_type, os, browser, country,
                                visitor, ord)
  ),
  current as (
    select i.*, c.status = 'active' as active, c.scan_settings ? 'scanCap' as capped, c.scan_settings -> 'split' as splits,
           i.version is not null and i.version <> c.xmin::text as stale,
           case when v_salt is not null and i.visitor ~ '^[0-9a-f]{64}$'
                then sha256(v_salt || uuid_send(i.code_id) || decode(i.visitor, 'hex')) end as hash
      from input i
      join public.qr_codes c on c.id = i.code_id and c.is_dynamic
  ),
  known as (
    select k.code_id, k.ord, k.active, k.capped, k.hash, k.device_type, k.os, k.browser, k.country, k.rule_index,
           case when k.split and k.splits is not null and k.hash is not null
                then public.scan_split_variant(k.splits, public.scan_bucket(k.hash)) else k.variant end as variant,
           case when k.stale then null else k.gate end as gate,
           k.stale,
           row_number() over (partition by k.code_id, k.gate is null and not k.stale order by k.ord) as nth
      from current k
  ),
  decided as (
    select k.*,
           case when k.stale then null
                when k.gate is not null
                  then case when k.gate in ('paused', 'not_started', 'ended', 'cap_reached', 'password') then k.gate end
                when k.active and k.capped and k.nth > coalesce((v_granted ->> k.code_id::text)::bigint, 0)
                  then 'cap_reached'
           end as stop,
           not k.stale and k.gate is null and k.active
             and not (k.capped and k.nth > coalesce((v_granted ->> k.code_id::text)::bigint, 0)) as redirected
      from known k
  ),
  stops as (
    insert into public.scan_stops (qr_code_id, gate)
    select d.code_id, d.stop from decided d where d.stop is not null order by d.ord
  ),
  fresh as (
    insert into public.scan_visitors (day, hash)
    select distinct v_day, d.hash from decided d where d.redirected and d.hash is not null
    on conflict do nothing
    returning hash
  ),
  first_of_hash as (
    select distinct on (d.hash) d.ord from decided d where d.redirected and d.hash is not null order by d.hash, d.ord
  ),
  events as (
    insert into public.scan_events (qr_code_id, country, device_type, os, browser, is_unique, rule_index, variant)
    select d.code_id,
           case when upper(d.country) ~ '^[A-Z]{2}$' then upper(d.country) end,
           case when d.device_type in ('mobile', 'tablet', 'desktop') then d.device_type else 'other' end,
           nullif(left(d.os, 64), ''),
           nullif(left(d.browser, 64), ''),
           d.hash is not null
             and d.hash in (select f.hash from fresh f)
             and d.ord in (select o.ord from first_of_hash o),
           case when d.rule_index between 0 and 19 then d.rule_index end,
           case when d.variant between 0 and 3 then d.variant end
      from decided d
     where d.redirected
     order by d.ord
  )
  select d.ord, d.redirected or d.gate is not null, d.variant, d.stale from decided d;
end
$$;

revoke all on function public.record_scan_outcomes(uuid[], text[], text[], integer[], integer[], boolean[], text[], text[],
                                                   text[], text[], text[])
  from public, anon, authenticated;
grant execute on function public.record_scan_outcomes(uuid[], text[], text[], integer[], integer[], boolean[], text[], text[],
                                                      text[], text[], text[])
  to service_role;
