-- Files of hosted pages (issue 32): one private bucket, `page-files`, where a user writes only under the folder
-- named by their id (`<user id>/…`), and a per-user quota by plan. On a Supabase project the storage schema
-- exists already (Storage owns it): this migration only adds the bucket and the policies. The local server
-- creates the same schema itself (server/migrations/0006_storage_schema.sql) and enforces these same policies.
--
-- Sizes are decimal, as Storage parses file_size_limit ('100mb' = 100,000,000 bytes):
--   Free: a file ≤ 20 MB, all files together ≤ 100 MB.   Pro: a file ≤ 100 MB, all together ≤ 5 GB.
-- The plan is auth.users.raw_app_meta_data->>'plan' ('pro'; anything else is Free): app metadata, which only
-- the service role can change, never user metadata.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('page-files', 'page-files', false, 100000000,
        array['application/pdf', 'image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The limits of a plan, one place for the policy, the usage function and the app.
create or replace function public.storage_plan_limits(plan text)
returns table (file_bytes bigint, total_bytes bigint)
language sql
immutable
set search_path = ''
as $$
  select case when plan = 'pro' then 100000000::bigint else 20000000::bigint end,
         case when plan = 'pro' then 5000000000::bigint else 100000000::bigint end
$$;

-- Called by the insert and update policies of page-files with the row's name and size. Raises QT413 (the local
-- server answers 413) when the file or the owner's total would pass the plan's limit; true otherwise.
-- Security definer: it sums every object of the owner, whatever the caller may see, and reads the plan.
-- Serialised per owner by an advisory lock, so two uploads at once cannot both pass.
create or replace function public.storage_quota_allows(owner_id text, bucket text, object_name text, size bigint)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  plan text;
  lim record;
  used bigint;
begin
  if owner_id is null then
    return true;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('storage:' || owner_id, 11));
  select u.raw_app_meta_data ->> 'plan' into plan from auth.users u where u.id::text = owner_id;
  select * into lim from public.storage_plan_limits(plan);
  if coalesce(size, 0) > lim.file_bytes then
    raise exception using
      errcode = 'QT413',
      message = format('The file is larger than your plan allows (%s bytes)', lim.file_bytes);
  end if;
  select coalesce(sum((o.metadata ->> 'size')::bigint), 0) into used
    from storage.objects o
   where o.owner_id = storage_quota_allows.owner_id
     and o.bucket_id = 'page-files'
     and not (o.bucket_id = bucket and o.name = object_name);
  if used + coalesce(size, 0) > lim.total_bytes then
    raise exception using
      errcode = 'QT413',
      message = format('Storage quota exceeded: %s of %s bytes used', used, lim.total_bytes);
  end if;
  return true;
end
$$;

revoke all on function public.storage_quota_allows(text, text, text, bigint) from public, anon;
grant execute on function public.storage_quota_allows(text, text, text, bigint) to authenticated, service_role;

-- What Settings shows: "Storage: X of Y used" for the signed-in user.
create or replace function public.storage_usage()
returns table (used_bytes bigint, quota_bytes bigint, file_limit_bytes bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select sum((o.metadata ->> 'size')::bigint)
                     from storage.objects o
                    where o.owner_id = (select auth.uid()::text) and o.bucket_id = 'page-files'), 0)::bigint,
         l.total_bytes,
         l.file_bytes
    from public.storage_plan_limits(
           (select u.raw_app_meta_data ->> 'plan' from auth.users u where u.id = (select auth.uid()))) l
$$;

revoke all on function public.storage_usage() from public, anon;
grant execute on function public.storage_usage() to authenticated;

create policy "page-files: owners read their folder"
on storage.objects for select to authenticated
using (bucket_id = 'page-files' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "page-files: owners write their folder within quota"
on storage.objects for insert to authenticated
with check (
  bucket_id = 'page-files'
  and (storage.foldername(name))[1] = (select auth.uid()::text)
  and owner_id = (select auth.uid()::text)
  and public.storage_quota_allows(owner_id, bucket_id, name, (metadata ->> 'size')::bigint)
);

create policy "page-files: owners replace their files within quota"
on storage.objects for update to authenticated
using (bucket_id = 'page-files' and (storage.foldername(name))[1] = (select auth.uid()::text))
with check (
  bucket_id = 'page-files'
  and (storage.foldername(name))[1] = (select auth.uid()::text)
  and public.storage_quota_allows(owner_id, bucket_id, name, (metadata ->> 'size')::bigint)
);

create policy "page-files: owners delete their files"
on storage.objects for delete to authenticated
using (bucket_id = 'page-files' and (storage.foldername(name))[1] = (select auth.uid()::text));
