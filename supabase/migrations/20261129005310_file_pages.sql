-- PDF and Images pages (issue 32): two more types in public.hosted_page_problem, the SQL twin of hostedPageSchema
-- (src/shared/pages/schema.ts), and a second check that every file a page shows lies in the code owner's own folder
-- of the page-files bucket, so an owner can never point a page at another user's file (the redirect signs these
-- paths with the service role, which RLS does not stop).
--
-- The types of 20261129004400_hosted_pages.sql keep their function: it is renamed, and the new
-- hosted_page_problem judges pdf and images pages itself and passes the others on. The table's CHECK is made again
-- so that it calls the new function (a constraint keeps the function it was made with, whatever its name).

alter function public.hosted_page_problem(jsonb) rename to hosted_page_problem_without_files;

-- An uploaded image: its path (the owner's folder, one plain .webp/.jpg/.png name) and its size in pixels.
create function public.page_image_ok(p jsonb, p_caption boolean default false)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p) = 'object'
     and public.scan_settings_keys_ok(p, case when p_caption then '{path,width,height,caption}'::text[]
                                             else '{path,width,height}'::text[] end)
     and jsonb_typeof(p -> 'path') = 'string'
     and (p ->> 'path') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_-]{1,100}\.(webp|jpg|png)$'
     and coalesce((select bool_and(case when jsonb_typeof(p -> k) = 'number'
                                        then (p ->> k)::numeric = trunc((p ->> k)::numeric)
                                             and (p ->> k)::numeric between 1 and 10000
                                        else false end)
                      from unnest(array['width', 'height']) k), false)
     and (not p ? 'caption' or public.page_text_ok(p -> 'caption', 140))
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
begin
  if t is null or t not in ('pdf', 'images') then
    if t is not null and t not in ('links', 'vcard', 'menu', 'coupon') then
      return 'type is links, vcard, menu, coupon, pdf or images';
    end if;
    return public.hosted_page_problem_without_files(p);
  end if;
  if p -> 'v' is distinct from '1'::jsonb then
    return 'v must be 1';
  end if;
  if p ? 'theme' and (
       not public.scan_settings_keys_ok(p -> 'theme', '{background,accent}')
       or coalesce(p #>> '{theme,background}', '') !~ '^#[0-9a-fA-F]{6}$'
       or coalesce(p #>> '{theme,accent}', '') !~ '^#[0-9a-fA-F]{6}$'
       or jsonb_typeof(p #> '{theme,background}') <> 'string' or jsonb_typeof(p #> '{theme,accent}') <> 'string') then
    return 'theme has a background and an accent colour such as #1a73e8';
  end if;

  if t = 'pdf' then
    if not public.scan_settings_keys_ok(p, '{v,theme,type,title,description,file,cover}') then
      return 'a PDF page has title, description, file and cover';
    end if;
    if not public.page_text_ok(p -> 'title', 80)
       or (p ? 'description' and not public.page_text_ok(p -> 'description', 500, 0, true)) then
      return 'title: 1 to 80 characters; description: at most 500';
    end if;
    if jsonb_typeof(p -> 'file') is distinct from 'string'
       or (p ->> 'file') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_-]{1,100}\.pdf$' then
      return 'file is a PDF in your folder of page-files';
    end if;
    if p ? 'cover' and not public.page_image_ok(p -> 'cover') then
      return 'cover is an image in your folder (.webp, .jpg or .png) with its width and height';
    end if;
    return null;
  end if;

  -- images
  if not public.scan_settings_keys_ok(p, '{v,theme,type,title,description,images}') then
    return 'an images page has title, description and images';
  end if;
  if not public.page_text_ok(p -> 'title', 80)
     or (p ? 'description' and not public.page_text_ok(p -> 'description', 300, 0, true)) then
    return 'title: 1 to 80 characters; description: at most 300';
  end if;
  if not public.page_list_ok(p -> 'images', 20) then
    return 'an images page has 1 to 20 images';
  end if;
  for e in select x from jsonb_array_elements(p -> 'images') x loop
    if not public.page_image_ok(e, true) then
      return 'an image is in your folder (.webp, .jpg or .png), with its width, height and a caption of 1 to 140 characters';
    end if;
  end loop;
  return null;
end
$$;

comment on function public.hosted_page_problem(jsonb) is
  'Why a hosted page is refused, or null: the SQL twin of hostedPageSchema (src/shared/pages/schema.ts).';
grant execute on function public.hosted_page_problem(jsonb) to anon, authenticated, service_role;

-- The page-files paths a page shows (whatever its shape: the validity check may not have run yet).
create function public.page_file_paths(p jsonb)
returns setof text
language sql
immutable
set search_path = ''
as $$
  select p ->> 'file' where p ->> 'type' = 'pdf' and jsonb_typeof(p -> 'file') = 'string'
  union all
  select p #>> '{cover,path}' where p ->> 'type' = 'pdf' and jsonb_typeof(p #> '{cover,path}') = 'string'
  union all
  select i ->> 'path'
    from jsonb_array_elements(case when p ->> 'type' = 'images' and jsonb_typeof(p -> 'images') = 'array'
                                   then p -> 'images' else '[]'::jsonb end) i
   where jsonb_typeof(i -> 'path') = 'string'
$$;

-- True when every file of the page is under the folder named by the owner's id.
create function public.page_files_owned(p jsonb, p_owner uuid)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select not exists (select 1 from public.page_file_paths(p) f where split_part(f, '/', 1) <> p_owner::text)
$$;

alter table public.qr_codes
  drop constraint qr_codes_page_valid,
  add constraint qr_codes_page_valid check (page is null or public.hosted_page_problem(page) is null),
  add constraint qr_codes_page_files_owned check (page is null or public.page_files_owned(page, user_id));
