-- Hosted pages (issue 32, the page engine): a dynamic code can show a page of ours instead of redirecting.
-- qr_codes.page (jsonb, null = none) holds the page; public.hosted_page_problem is the SQL twin of hostedPageSchema
-- (src/shared/pages/schema.ts): tests/server/hosted-page-check.test.ts feeds both the same thousands of valid and
-- broken pages. A CHECK, like scan_settings: no writer (the app, the REST API, an SQL console) can store a page
-- the renderer would not accept. The redirect's lookups return the page (20261129004500_scan_outcomes.sql).

-- Printable text of p_min to p_max characters; with p_lines, line breaks (LF, CRLF) are allowed too.
create function public.page_text_ok(p jsonb, p_max integer, p_min integer default 1, p_lines boolean default false)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'string'
     and char_length(p #>> '{}') between p_min and p_max
     and (case when p_lines then replace(replace(p #>> '{}', E'\r\n', ' '), E'\n', ' ') else p #>> '{}' end)
         !~ '[\x01-\x1f\x7f-\x9f]'
$$;

-- A link a page may show: an http(s) address a code may redirect to, one mailto: address or a tel: number
-- (isPageLink in schema.ts).
create function public.page_link_ok(p jsonb, p_web_only boolean default false)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'string' and char_length(p #>> '{}') <= 2048 and case
    when (p #>> '{}') ~* '^mailto:' then not p_web_only and (p #>> '{}') ~* '^mailto:[^\s@<>"''`]{1,64}@[^\s@<>"''`]{1,253}$'
    when (p #>> '{}') ~* '^tel:' then not p_web_only and (p #>> '{}') ~ '^tel:\+?[0-9][0-9 ().-]{2,30}$'
    else (p #>> '{}') ~* '^https?://' and coalesce(public.is_redirectable_url(p #>> '{}'), false)
  end
$$;

-- A list of 1 (or 0) to p_max elements.
create function public.page_list_ok(p jsonb, p_max integer, p_min integer default 1)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'array' and jsonb_array_length(p) between p_min and p_max
$$;

-- Why a hosted page is refused (the first problem found), or null when it is valid.
create function public.hosted_page_problem(p jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  t text;
  e jsonb;
  s jsonb;
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return 'a page is an object';
  end if;
  if p -> 'v' is distinct from '1'::jsonb then
    return 'v must be 1';
  end if;
  t := p ->> 'type';
  if p ? 'theme' and (
       not public.scan_settings_keys_ok(p -> 'theme', '{background,accent}')
       or coalesce(p #>> '{theme,background}', '') !~ '^#[0-9a-fA-F]{6}$'
       or coalesce(p #>> '{theme,accent}', '') !~ '^#[0-9a-fA-F]{6}$'
       or jsonb_typeof(p #> '{theme,background}') <> 'string' or jsonb_typeof(p #> '{theme,accent}') <> 'string') then
    return 'theme has a background and an accent colour such as #1a73e8';
  end if;

  if t = 'links' then
    if not public.scan_settings_keys_ok(p, '{v,theme,type,title,bio,links}') then
      return 'a links page has title, bio and links';
    end if;
    if not public.page_text_ok(p -> 'title', 80) or (p ? 'bio' and not public.page_text_ok(p -> 'bio', 300, 0, true)) then
      return 'title: 1 to 80 characters; bio: at most 300';
    end if;
    if not public.page_list_ok(p -> 'links', 20) then
      return 'a links page has 1 to 20 links';
    end if;
    for e in select x from jsonb_array_elements(p -> 'links') x loop
      if not public.scan_settings_keys_ok(e, '{label,url}') or not public.page_text_ok(e -> 'label', 60)
         or not public.page_link_ok(e -> 'url') then
        return 'a link has a label (1 to 60 characters) and a web, mailto: or tel: address';
      end if;
    end loop;
    return null;
  end if;

  if t = 'vcard' then
    if not public.scan_settings_keys_ok(p,
         '{v,theme,type,firstName,lastName,role,company,phones,emails,website,address,note}') then
      return 'a vCard page has name, role, company, phones, emails, website, address and note';
    end if;
    if (p ? 'firstName' and not public.page_text_ok(p -> 'firstName', 60, 0))
       or (p ? 'lastName' and not public.page_text_ok(p -> 'lastName', 60, 0))
       or (p ? 'role' and not public.page_text_ok(p -> 'role', 80))
       or (p ? 'company' and not public.page_text_ok(p -> 'company', 80))
       or (p ? 'note' and not public.page_text_ok(p -> 'note', 500, 0, true)) then
      return 'names: at most 60 characters; role and company: 1 to 80; note: at most 500';
    end if;
    if p ? 'phones' then
      if not public.page_list_ok(p -> 'phones', 5, 0) then
        return 'at most 5 phones';
      end if;
      for e in select x from jsonb_array_elements(p -> 'phones') x loop
        if not public.scan_settings_keys_ok(e, '{label,number}')
           or (e ? 'label' and not public.page_text_ok(e -> 'label', 20))
           or jsonb_typeof(e -> 'number') is distinct from 'string'
           or (e ->> 'number') !~ '^\+?[0-9][0-9 ().-]{2,30}$' then
          return 'a phone has a number (digits, spaces, ( ) . - and a leading +) and an optional label';
        end if;
      end loop;
    end if;
    if p ? 'emails' and (not public.page_list_ok(p -> 'emails', 5, 0) or exists (
         select 1 from jsonb_array_elements(p -> 'emails') x
          where jsonb_typeof(x) <> 'string' or (x #>> '{}') !~ '^[^\s@<>"''`]{1,64}@[^\s@<>"''`]{1,253}$')) then
      return 'at most 5 email addresses';
    end if;
    if p ? 'website' and not public.page_link_ok(p -> 'website', true) then
      return 'website is a web address';
    end if;
    if p ? 'address' and (
         not public.scan_settings_keys_ok(p -> 'address', '{street,city,region,postcode,country}')
         or (p #> '{address}' ? 'street' and not public.page_text_ok(p #> '{address,street}', 120))
         or (p #> '{address}' ? 'city' and not public.page_text_ok(p #> '{address,city}', 80))
         or (p #> '{address}' ? 'region' and not public.page_text_ok(p #> '{address,region}', 80))
         or (p #> '{address}' ? 'postcode' and not public.page_text_ok(p #> '{address,postcode}', 20))
         or (p #> '{address}' ? 'country' and not public.page_text_ok(p #> '{address,country}', 80))) then
      return 'address has street, city, region, postcode and country';
    end if;
    return null;
  end if;

  if t = 'menu' then
    if not public.scan_settings_keys_ok(p, '{v,theme,type,title,currency,locale,hours,sections}') then
      return 'a menu page has title, currency, locale, hours and sections';
    end if;
    if not public.page_text_ok(p -> 'title', 80) or (p ? 'hours' and not public.page_text_ok(p -> 'hours', 120)) then
      return 'title: 1 to 80 characters; hours: 1 to 120';
    end if;
    if jsonb_typeof(p -> 'currency') is distinct from 'string' or (p ->> 'currency') !~ '^[A-Z]{3}$' then
      return 'currency is a code such as EUR';
    end if;
    if p ? 'locale' and (jsonb_typeof(p -> 'locale') <> 'string' or (p ->> 'locale') !~ '^[a-z]{2,3}(-[A-Z]{2})?$') then
      return 'locale is such as en-GB';
    end if;
    if not public.page_list_ok(p -> 'sections', 20) then
      return 'a menu has 1 to 20 sections';
    end if;
    for s in select x from jsonb_array_elements(p -> 'sections') x loop
      if not public.scan_settings_keys_ok(s, '{name,items}') or not public.page_text_ok(s -> 'name', 60)
         or not public.page_list_ok(s -> 'items', 50) then
        return 'a section has a name (1 to 60 characters) and 1 to 50 items';
      end if;
      for e in select x from jsonb_array_elements(s -> 'items') x loop
        if not public.scan_settings_keys_ok(e, '{name,description,price,tags}')
           or not public.page_text_ok(e -> 'name', 80)
           or (e ? 'description' and not public.page_text_ok(e -> 'description', 300, 0, true))
           or jsonb_typeof(e -> 'price') is distinct from 'number'
           or (e ->> 'price')::numeric not between 0 and 1000000
           or (e ->> 'price')::numeric * 100 <> trunc((e ->> 'price')::numeric * 100) then
          return 'an item has a name (1 to 80 characters), a description and a price from 0 with at most two decimals';
        end if;
        if e ? 'tags' and (not public.page_list_ok(e -> 'tags', 6, 0) or exists (
             select 1 from jsonb_array_elements(e -> 'tags') g
              where jsonb_typeof(g) <> 'string'
                 or (g #>> '{}') not in ('vegan', 'vegetarian', 'gluten-free', 'dairy-free', 'spicy', 'contains-nuts'))) then
          return 'tags are vegan, vegetarian, gluten-free, dairy-free, spicy and contains-nuts';
        end if;
      end loop;
    end loop;
    return null;
  end if;

  if t = 'coupon' then
    if not public.scan_settings_keys_ok(p,
         '{v,theme,type,headline,offer,code,validFrom,validUntil,timeZone,terms,redeemUrl}') then
      return 'a coupon page has headline, offer, code, validity, time zone, terms and a redeem link';
    end if;
    if not public.page_text_ok(p -> 'headline', 80) or (p ? 'offer' and not public.page_text_ok(p -> 'offer', 200, 0, true))
       or (p ? 'terms' and not public.page_text_ok(p -> 'terms', 1000, 0, true)) then
      return 'headline: 1 to 80 characters; offer: at most 200; terms: at most 1,000';
    end if;
    if p ? 'code' and (jsonb_typeof(p -> 'code') <> 'string' or (p ->> 'code') !~ '^[A-Za-z0-9_-]{1,40}$') then
      return 'code: letters, digits, - and _ (at most 40)';
    end if;
    if (p ? 'validFrom' and not public.scan_settings_instant_ok(p -> 'validFrom'))
       or (p ? 'validUntil' and not public.scan_settings_instant_ok(p -> 'validUntil'))
       or (p ? 'validFrom' and p ? 'validUntil' and (p ->> 'validFrom') >= (p ->> 'validUntil')) then
      return 'validFrom and validUntil are UTC instants, validFrom first';
    end if;
    if not public.scan_settings_zone_ok(p -> 'timeZone') then
      return 'unknown time zone';
    end if;
    if p ? 'redeemUrl' and not public.page_link_ok(p -> 'redeemUrl', true) then
      return 'redeemUrl is a web address';
    end if;
    return null;
  end if;

  return 'type is links, vcard, menu or coupon';
end
$$;

comment on function public.hosted_page_problem(jsonb) is
  'Why a hosted page is refused, or null: the SQL twin of hostedPageSchema (src/shared/pages/schema.ts).';

grant execute on function public.hosted_page_problem(jsonb) to anon, authenticated, service_role;

-- A dynamic code needs somewhere to send a scan: a destination, or now a page of its own.
alter table public.qr_codes
  add column page jsonb,
  add constraint qr_codes_page_valid check (page is null or public.hosted_page_problem(page) is null),
  add constraint qr_codes_page_dynamic check (page is null or is_dynamic),
  drop constraint qr_codes_dynamic_destination,
  add constraint qr_codes_dynamic_destination check (not is_dynamic or destination is not null or page is not null);

comment on column public.qr_codes.page is
  'The hosted page a scan of this dynamic code shows (src/shared/pages/schema.ts); null = it redirects.';

grant insert (page), update (page) on public.qr_codes to authenticated;
