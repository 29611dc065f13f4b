-- Pictures on hosted pages (issue 32): the owner's logo on any page type (`logo`), a vCard Plus photo (`photo`, a
-- JPEG: it is embedded in the .vcf), a Links avatar (`avatar`) and a photo per menu item (`photo`, at most 60 in a
-- menu, so that a page's files stay within …/file/0 to …/file/99). Each is an uploaded image like a PDF page's
-- cover: path, width and height (public.page_image_ok).
--
-- public.hosted_page_problem, the SQL twin of hostedPageSchema (src/shared/pages/schema.ts), judges the new fields
-- and passes the page without them to the function it was (renamed hosted_page_problem_without_pictures), which
-- judges the rest as before. The table's CHECK is made again so that it calls the new function (a constraint keeps
-- the function it was made with, whatever its name). public.page_file_paths lists the new paths too, so the
-- qr_codes_page_files_owned check (every file under the code owner's folder) covers them: it is the twin of
-- pageFiles() (tests/server/hosted-page-check.test.ts compares the two).

alter function public.hosted_page_problem(jsonb) rename to hosted_page_problem_without_pictures;

create function public.hosted_page_problem(p jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  t text := case when jsonb_typeof(p) = 'object' then p ->> 'type' end;
  -- The page without the fields judged here, for the older function.
  rest jsonb := p;
  sections jsonb := '[]'::jsonb;
  items jsonb;
  s jsonb;
  e jsonb;
  photos integer := 0;
begin
  if t is null then
    return public.hosted_page_problem_without_pictures(p);
  end if;
  if p ? 'logo' then
    if not public.page_image_ok(p -> 'logo') then
      return 'logo is an image in your folder (.webp, .jpg or .png) with its width and height';
    end if;
    rest := rest - 'logo';
  end if;

  if t = 'vcard' and p ? 'photo' then
    if not public.page_image_ok(p -> 'photo') or (p #>> '{photo,path}') !~ '\.jpg$' then
      return 'photo is a JPEG in your folder (.jpg) with its width and height';
    end if;
    rest := rest - 'photo';
  elsif t = 'links' and p ? 'avatar' then
    if not public.page_image_ok(p -> 'avatar') then
      return 'avatar is an image in your folder (.webp, .jpg or .png) with its width and height';
    end if;
    rest := rest - 'avatar';
  elsif t = 'menu' and jsonb_typeof(p -> 'sections') = 'array' then
    -- Each item's photo is judged and taken out; anything else about sections and items is left to the older check.
    for s in select x from jsonb_array_elements(p -> 'sections') x loop
      if jsonb_typeof(s) = 'object' and jsonb_typeof(s -> 'items') = 'array' then
        items := '[]'::jsonb;
        for e in select x from jsonb_array_elements(s -> 'items') x loop
          if jsonb_typeof(e) = 'object' and e ? 'photo' then
            if not public.page_image_ok(e -> 'photo') then
              return 'a menu item''s photo is an image in your folder (.webp, .jpg or .png) with its width and height';
            end if;
            photos := photos + 1;
            e := e - 'photo';
          end if;
          items := items || jsonb_build_array(e);
        end loop;
        s := jsonb_set(s, '{items}', items);
      end if;
      sections := sections || jsonb_build_array(s);
    end loop;
    if photos > 60 then
      return 'a menu shows up to 60 photos';
    end if;
    rest := jsonb_set(rest, '{sections}', sections);
  end if;
  return public.hosted_page_problem_without_pictures(rest);
end
$$;

comment on function public.hosted_page_problem(jsonb) is
  'Why a hosted page is refused, or null: the SQL twin of hostedPageSchema (src/shared/pages/schema.ts).';
grant execute on function public.hosted_page_problem(jsonb) to anon, authenticated, service_role;

-- The page-files paths a page shows (whatever its shape: the validity check may not have run yet), as pageFiles()
-- lists them: the type's own files, then the logo.
create or replace function public.page_file_paths(p jsonb)
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
  union all
  select p #>> '{photo,path}' where p ->> 'type' = 'vcard' and jsonb_typeof(p #> '{photo,path}') = 'string'
  union all
  select p #>> '{avatar,path}' where p ->> 'type' = 'links' and jsonb_typeof(p #> '{avatar,path}') = 'string'
  union all
  select i #>> '{photo,path}'
    from jsonb_array_elements(case when p ->> 'type' = 'menu' and jsonb_typeof(p -> 'sections') = 'array'
                                   then p -> 'sections' else '[]'::jsonb end) s,
         jsonb_array_elements(case when jsonb_typeof(s -> 'items') = 'array' then s -> 'items' else '[]'::jsonb end) i
   where jsonb_typeof(i #> '{photo,path}') = 'string'
  union all
  select p #>> '{logo,path}' where jsonb_typeof(p #> '{logo,path}') = 'string'
$$;

alter table public.qr_codes
  drop constraint qr_codes_page_valid,
  add constraint qr_codes_page_valid check (page is null or public.hosted_page_problem(page) is null);
