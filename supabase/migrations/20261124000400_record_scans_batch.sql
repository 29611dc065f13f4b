-- Group commit for the redirect (issue 14): record_scans stores a batch of scans in one statement, so a busy
-- redirect commits once per batch instead of once per scan. Same rules as record_scan (one scan): only active
-- dynamic codes with a redirectable destination count, a scan is unique when its visitor hash is new for the
-- code today. The destination is read in the same statement that stores the scan, so a code paused or edited
-- a moment ago applies to the very next batch.
--
-- Input: parallel arrays, one element per scan (null where unknown). Output: one row per stored scan, with its
-- 1-based position in the input and the destination to redirect to; a position without a row was not stored
-- (unknown, paused or static code).
create function public.record_scans(
  p_slugs text[],
  p_device_types text[],
  p_oses text[],
  p_browsers text[],
  p_countries text[],
  p_visitors text[]
)
returns table (ord integer, destination text)
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
    select i.*, c.id as code_id, c.destination as target,
           case when v_salt is not null and i.visitor ~ '^[0-9a-f]{64}$'
                then sha256(v_salt || uuid_send(c.id) || decode(i.visitor, 'hex')) end as hash
      from input i
      join public.qr_codes c on c.slug = i.slug and c.is_dynamic and c.status = 'active'
     where c.destination is not null and public.is_redirectable_url(c.destination)
  ),
  -- Hashes seen for the first time today (not in an earlier batch); within this batch only the first scan of a
  -- hash (lowest position) is the unique one.
  fresh as (
    insert into public.scan_visitors (day, hash)
    select distinct v_day, s.hash from scan s where s.hash is not null
    on conflict do nothing
    returning hash
  ),
  first_of_hash as (
    select distinct on (s.hash) s.ord from scan s where s.hash is not null order by s.hash, s.ord
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
      from scan s
     order by s.ord
  )
  -- (A data-modifying WITH runs to completion whether or not the outer query reads it.)
  select s.ord, s.target from scan s;
end
$$;

revoke all on function public.record_scans(text[], text[], text[], text[], text[], text[])
  from public, anon, authenticated;
grant execute on function public.record_scans(text[], text[], text[], text[], text[], text[]) to service_role;
