-- Business pages (issue 33): public.hosted_page_problem, the SQL twin of hostedPageSchema (src/shared/pages/schema.ts),
-- judges the business type and passes every other page to the function it was (renamed
-- hosted_page_problem_before_business). public.page_file_paths (the twin of pageFiles) lists a business's cover
-- before its logo.

alter function public.hosted_page_problem(jsonb) rename to hosted_page_problem_before_business;

-- A day's opening periods: at most 3 of {opens, closes}, 24-hour times (24:00 only as a closing time), each opening
-- before it closes and after the one before has closed.
create function public.opening_slots_ok(p jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  e jsonb;
  last_close text := '';
begin
  if coalesce(not public.page_list_ok(p, 3, 0), true) then
    return false;
  end if;
  for e in select x from jsonb_array_elements(p) x loop
    if coalesce(not public.scan_settings_keys_ok(e, '{opens,closes}')
       or jsonb_typeof(e -> 'opens') is distinct from 'string' or jsonb_typeof(e -> 'closes') is distinct from 'string'
       or (e ->> 'opens') !~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'
       or (e ->> 'closes') !~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'
       or (e ->> 'opens') collate "C" >= (e ->> 'closes') collate "C"
       or (e ->> 'opens') collate "C" < last_close collate "C", true) then
      return false;
    end if;
    last_close := e ->> 'closes';
  end loop;
  return true;
end
$$;

-- A calendar date YYYY-MM-DD in 2000-2099 that exists (calendarDate in schema.ts).
create function public.page_date_ok(p jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p) is distinct from 'string' or (p #>> '{}') !~ '^20[0-9]{2}-[0-9]{2}-[0-9]{2}$' then
    return false;
  end if;
  return to_char(make_date(substr(p #>> '{}', 1, 4)::integer, substr(p #>> '{}', 6, 2)::integer,
                           substr(p #>> '{}', 9, 2)::integer), 'YYYY-MM-DD') = (p #>> '{}');
exception when others then
  return false;
end
$$;

create function public.hosted_page_problem(p jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  t text := case when jsonb_typeof(p) = 'object' then p ->> 'type' end;
  e jsonb;
  d text;
begin
  if t is distinct from 'business' then
    return public.hosted_page_problem_before_business(p);
  end if;
  if p -> 'v' is distinct from '1'::jsonb then
    return 'v must be 1';
  end if;
  if coalesce(p ? 'theme' and (
       not public.scan_settings_keys_ok(p -> 'theme', '{background,accent}')
       or coalesce(p #>> '{theme,background}', '') !~ '^#[0-9a-fA-F]{6}$'
       or coalesce(p #>> '{theme,accent}', '') !~ '^#[0-9a-fA-F]{6}$'
       or jsonb_typeof(p #> '{theme,background}') <> 'string' or jsonb_typeof(p #> '{theme,accent}') <> 'string'), true) then
    return 'theme has a background and an accent colour such as #1a73e8';
  end if;
  if coalesce((p ? 'logo' and not public.page_image_ok(p -> 'logo')) or (p ? 'cover' and not public.page_image_ok(p -> 'cover')), true) then
    return 'logo and cover are images in your folder (.webp, .jpg or .png) with their width and height';
  end if;
  if coalesce(not public.scan_settings_keys_ok(p,
       '{v,theme,logo,type,name,cover,description,timeZone,hours,exceptions,address,phone,email,website,socials}'), true) then
    return 'a business page has name, cover, description, timeZone, hours, exceptions, address, phone, email, website and socials';
  end if;
  if coalesce(not public.page_text_ok(p -> 'name', 80)
     or (p ? 'description' and not public.page_text_ok(p -> 'description', 1000, 0, true)), true) then
    return 'name: 1 to 80 characters; description: at most 1,000';
  end if;
  if coalesce(not public.scan_settings_zone_ok(p -> 'timeZone'), true) then
    return 'unknown time zone';
  end if;
  if coalesce(not public.scan_settings_keys_ok(p -> 'hours', '{mon,tue,wed,thu,fri,sat,sun}'), true) then
    return 'hours has the days mon to sun';
  end if;
  for d in select k from jsonb_object_keys(p -> 'hours') k loop
    if coalesce(not public.opening_slots_ok(p #> array['hours', d]), true) then
      return 'a day has up to 3 periods of 24-hour times, in order, each opening before it closes';
    end if;
  end loop;
  if p ? 'exceptions' then
    if coalesce(not public.page_list_ok(p -> 'exceptions', 30, 0), true) then
      return 'at most 30 exceptions';
    end if;
    for e in select x from jsonb_array_elements(p -> 'exceptions') x loop
      if coalesce(not public.scan_settings_keys_ok(e, '{date,note,slots}') or not public.page_date_ok(e -> 'date')
         or (e ? 'note' and not public.page_text_ok(e -> 'note', 60)) or not public.opening_slots_ok(e -> 'slots'), true) then
        return 'an exception has a date such as 2026-12-24, a note (1 to 60 characters) and its periods';
      end if;
    end loop;
    if (select count(distinct x ->> 'date') from jsonb_array_elements(p -> 'exceptions') x)
       <> jsonb_array_length(p -> 'exceptions') then
      return 'one exception per date';
    end if;
  end if;
  if coalesce(p ? 'address' and (
       not public.scan_settings_keys_ok(p -> 'address', '{street,city,region,postcode,country}')
       or (p #> '{address}' ? 'street' and not public.page_text_ok(p #> '{address,street}', 120))
       or (p #> '{address}' ? 'city' and not public.page_text_ok(p #> '{address,city}', 80))
       or (p #> '{address}' ? 'region' and not public.page_text_ok(p #> '{address,region}', 80))
       or (p #> '{address}' ? 'postcode' and not public.page_text_ok(p #> '{address,postcode}', 20))
       or (p #> '{address}' ? 'country' and not public.page_text_ok(p #> '{address,country}', 80))), true) then
    return 'address has street, city, region, postcode and country';
  end if;
  if coalesce(p ? 'phone' and (jsonb_typeof(p -> 'phone') <> 'string' or (p ->> 'phone') !~ '^\+?[0-9][0-9 ().-]{2,30}$'), true) then
    return 'phone: digits, spaces, ( ) . - and a leading +';
  end if;
  if coalesce(p ? 'email' and (jsonb_typeof(p -> 'email') <> 'string'
       or (p ->> 'email') !~ '^[^\s@<>"''`]{1,64}@[^\s@<>"''`]{1,253}$'), true) then
    return 'email is an email address';
  end if;
  if coalesce(p ? 'website' and not public.page_link_ok(p -> 'website', true), true) then
    return 'website is a web address';
  end if;
  if p ? 'socials' then
    if coalesce(not public.page_list_ok(p -> 'socials', 12, 0), true) then
      return 'at most 12 social links';
    end if;
    for e in select x from jsonb_array_elements(p -> 'socials') x loop
      if coalesce(not public.scan_settings_keys_ok(e, '{network,url}') or jsonb_typeof(e -> 'network') is distinct from 'string'
         or (e ->> 'network') not in ('instagram', 'facebook', 'x', 'linkedin', 'tiktok', 'youtube', 'whatsapp',
                                      'telegram', 'pinterest', 'snapchat', 'github', 'other')
         or not public.page_link_ok(e -> 'url', true), true) then
        return 'a social link has a known network and a web address';
      end if;
    end loop;
  end if;
  return null;
end
$$;

comment on function public.hosted_page_problem(jsonb) is
  'Why a hosted page is refused, or null: the SQL twin of hostedPageSchema (src/shared/pages/schema.ts).';
grant execute on function public.hosted_page_problem(jsonb) to anon, authenticated, service_role;

alter table public.qr_codes
  drop constraint qr_codes_page_valid,
  add constraint qr_codes_page_valid check (page is null or public.hosted_page_problem(page) is null);

alter function public.page_file_paths(jsonb) rename to page_file_paths_before_business;

create function public.page_file_paths(p jsonb)
returns setof text
language sql
immutable
set search_path = ''
as $$
  select f from public.page_file_paths_before_business(p) f where p ->> 'type' is distinct from 'business'
  union all
  select p #>> '{cover,path}' where p ->> 'type' = 'business' and jsonb_typeof(p #> '{cover,path}') = 'string'
  union all
  select p #>> '{logo,path}' where p ->> 'type' = 'business' and jsonb_typeof(p #> '{logo,path}') = 'string'
$$;
