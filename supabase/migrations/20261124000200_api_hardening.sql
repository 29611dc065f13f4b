-- Data rules the database holds whatever a client sends (issue 11: server hardening).
-- Runs on a Supabase project (`supabase db push`) and on the local server, after 20261122000000_qr_codes.sql
-- and 20261124000100_destination_url.sql (public.is_redirectable_url).

-- ---------------------------------------------------------------------------------------------------
-- 1. Clients choose only the content of a code. The id, owner (user_id), slug and timestamps come from the
--    database: a client-chosen slug could take over an address like /r/login, a chosen user_id writes into
--    another account, a chosen created_at fakes history. Updates were already limited to these columns.
revoke insert on public.qr_codes from authenticated;
grant insert (name, type, content, destination, design, is_dynamic, status) on public.qr_codes to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- 2. The free-plan limit runs after row-level security. A BEFORE trigger ran before the policies' WITH
--    CHECK, so inserting a row in another user's name answered with that user's dynamic-code count instead
--    of a permission error. An AFTER … FOR EACH STATEMENT trigger only sees rows the policies let in, and
--    judges a bulk insert as a whole: "at most 3" holds for the batch, not row by row.
drop trigger if exists qr_codes_dynamic_limit on public.qr_codes;
drop function if exists public.enforce_dynamic_code_limit();

-- One owner's check: serialised per owner by an advisory lock, so two concurrent requests cannot both pass.
create function public.check_dynamic_code_limit(p_user_id uuid, p_added bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  total integer;
begin
  perform pg_advisory_xact_lock(hashtextextended(p_user_id::text, 7));
  select count(*) into total from public.qr_codes where user_id = p_user_id and is_dynamic;
  if total > 3 then
    raise exception using
      errcode = 'P0001',
      message = 'Free plan limit reached: at most 3 dynamic QR codes',
      detail = case when p_added = 1
                    then format('This account already has %s dynamic QR codes.', total - 1)
                    else format('This account has %s dynamic QR codes and this request adds %s.',
                                total - p_added, p_added) end,
      hint = 'Delete a dynamic code, make it static, or upgrade to Pro for unlimited dynamic codes.';
  end if;
end
$$;

-- Rows that became dynamic in this statement, per owner: inserted dynamic, or updated from static.
-- (Each branch names only the transition tables its event has.)
create function public.enforce_dynamic_code_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner record;
begin
  if tg_op = 'INSERT' then
    for owner in
      select user_id, count(*) as added from new_rows where is_dynamic group by user_id order by user_id
    loop
      perform public.check_dynamic_code_limit(owner.user_id, owner.added);
    end loop;
  else
    for owner in
      select n.user_id, count(*) as added
        from new_rows n join old_rows o on o.id = n.id
       where n.is_dynamic and not o.is_dynamic
       group by n.user_id
       order by n.user_id
    loop
      perform public.check_dynamic_code_limit(owner.user_id, owner.added);
    end loop;
  end if;
  return null;
end
$$;

revoke all on function public.enforce_dynamic_code_limit() from public, anon, authenticated;
revoke all on function public.check_dynamic_code_limit(uuid, bigint) from public, anon, authenticated;

create trigger qr_codes_dynamic_limit_insert
after insert on public.qr_codes
referencing new table as new_rows
for each statement execute function public.enforce_dynamic_code_limit();

create trigger qr_codes_dynamic_limit_update
after update on public.qr_codes
referencing old table as old_rows new table as new_rows
for each statement execute function public.enforce_dynamic_code_limit();

-- ---------------------------------------------------------------------------------------------------
-- 3. A design is a small JSON object (shape, colours, frame, level; logos are never stored). Capping it keeps
--    one row, and so one request, small. Not valid: rows saved before stay; new writes are checked.
alter table public.qr_codes
  add constraint qr_codes_design_size
  check (jsonb_typeof(design) = 'object' and octet_length(design::text) <= 16384) not valid;

-- ---------------------------------------------------------------------------------------------------
-- 4. Only the redirect records scans: the local server calls record_scan as service_role, the Edge Function
--    with the project's service key. With the anon key anyone could write any owner's analytics.
--    A destination the redirect could not follow (an old row from before the URL check) counts no scan.
--    (A scan racing a delete of its code fails its insert with 23503; the callers answer that with a 404. A row
--    lock here would do the same at the price of a tuple lock, and multixacts, on every scan of a busy code.)
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
  if code_id is null or target is null or not public.is_redirectable_url(target) then
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

revoke all on function public.record_scan(text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_scan(text, text, text, text, text) to service_role;
