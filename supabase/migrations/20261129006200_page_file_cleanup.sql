-- Files a hosted page no longer shows are deleted (issue 32). A page's files used to stay in Storage, counting
-- against the owner's quota, when the page's file was replaced or removed, when a change (the app, the REST API's
-- PATCH) dropped it, or when the code was deleted (the app, DELETE /api/v1/codes/{id}, the in-parts deletion of
-- public.code_deletions, an account's deletion by cascade).
--
-- Supabase says never to delete storage.objects rows with SQL: the row would go and the bytes stay. So the
-- database only keeps a queue, and a worker deletes through the Storage API: the local server's drain
-- (server/storage/page-file-cleanup.ts, the same module that serves /storage/v1, which unlinks the bytes on disk),
-- or on a Supabase project the Edge Function page-files-cleanup (docs/storage.md, "Deleting files nobody shows").
--
--   * Triggers on qr_codes queue the paths that an UPDATE or DELETE stopped showing: only paths under the code
--     owner's own folder (the qr_codes_page_files_owned check already keeps pages there), and only when no other
--     code of the same owner still shows the path. Which paths a page shows is public.page_file_paths, the
--     function that check uses (the SQL twin of pageFiles() in src/shared/pages/schema.ts), so any file field a
--     page type gains there is covered here too.
--   * A path that a page shows again (an INSERT or UPDATE names it) leaves the queue.
--   * Uploads no page ever showed (the editor uploads a file when it is picked, before the page is saved; a second
--     pick leaves the first upload behind) are queued by queue_orphan_page_files once they are a day old.
--   * The worker takes due paths (page_file_deletions_due, which checks once more that no page shows them), removes
--     them through Storage, then marks them done; a worker killed in between leaves them queued and the next drain
--     removes them again (removing a missing object is not an error). A failure is retried with a back-off.

create table public.page_file_deletions (
  -- The object's name in the page-files bucket: <owner id>/<file>.
  name text primary key,
  owner_id uuid not null,
  -- dropped: a page stopped showing it; orphan: an upload no page showed for a day.
  reason text not null check (reason in ('dropped', 'orphan')),
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  retry_at timestamptz not null default now(),
  last_error text,
  constraint page_file_deletions_owner_folder check (split_part(name, '/', 1) = owner_id::text)
);

create index page_file_deletions_retry_idx on public.page_file_deletions (retry_at);

alter table public.page_file_deletions enable row level security;
-- No policy: only the triggers (security definer) and the worker (service_role) touch the queue.
revoke all on public.page_file_deletions from public, anon, authenticated;
grant select, insert, update, delete on public.page_file_deletions to service_role;

-- The owner a page-files path belongs to (its first segment), or null when that is not a user id.
create function public.page_file_owner(p_path text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case when split_part(p_path, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then split_part(p_path, '/', 1)::uuid end
$$;

-- True when a code of the path's owner shows it on its page (the only codes that may: qr_codes_page_files_owned).
create function public.page_file_shown(p_path text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1
      from public.qr_codes c
      cross join lateral public.page_file_paths(c.page) f (path)
     where c.user_id = public.page_file_owner(p_path)
       and c.page is not null
       and f.path = p_path)
$$;

revoke all on function public.page_file_owner(text) from public, anon, authenticated;
revoke all on function public.page_file_shown(text) from public, anon, authenticated;
grant execute on function public.page_file_owner(text), public.page_file_shown(text) to service_role;

-- AFTER DELETE and AFTER UPDATE, per statement (a bulk delete checks its paths once, not row by row): the paths of
-- the old pages that no page of their owner shows now.
create function public.qr_codes_queue_dropped_files()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    insert into public.page_file_deletions (name, owner_id, reason)
    select distinct f.path, o.user_id, 'dropped'
      from old_rows o
      cross join lateral public.page_file_paths(o.page) f (path)
     where o.page is not null
       and split_part(f.path, '/', 1) = o.user_id::text
       and not public.page_file_shown(f.path)
    on conflict (name) do nothing;
  else
    insert into public.page_file_deletions (name, owner_id, reason)
    select distinct f.path, o.user_id, 'dropped'
      from old_rows o
      join new_rows n on n.id = o.id
      cross join lateral public.page_file_paths(o.page) f (path)
     where o.page is not null
       and (o.page is distinct from n.page or o.user_id is distinct from n.user_id)
       and split_part(f.path, '/', 1) = o.user_id::text
       and not public.page_file_shown(f.path)
    on conflict (name) do nothing;
  end if;
  return null;
end
$$;

-- AFTER INSERT and AFTER UPDATE, per statement: a path a page shows (again) is not deleted.
create function public.qr_codes_keep_shown_files()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.page_file_deletions q
   using new_rows n
   cross join lateral public.page_file_paths(n.page) f (path)
   where n.page is not null
     and q.name = f.path
     and q.owner_id = n.user_id;
  return null;
end
$$;

revoke all on function public.qr_codes_queue_dropped_files() from public, anon, authenticated;
revoke all on function public.qr_codes_keep_shown_files() from public, anon, authenticated;

create trigger qr_codes_queue_dropped_files_delete
after delete on public.qr_codes
referencing old table as old_rows
for each statement execute function public.qr_codes_queue_dropped_files();

create trigger qr_codes_queue_dropped_files_update
after update on public.qr_codes
referencing old table as old_rows new table as new_rows
for each statement execute function public.qr_codes_queue_dropped_files();

create trigger qr_codes_keep_shown_files_insert
after insert on public.qr_codes
referencing new table as new_rows
for each statement execute function public.qr_codes_keep_shown_files();

create trigger qr_codes_keep_shown_files_update
after update on public.qr_codes
referencing new table as new_rows
for each statement execute function public.qr_codes_keep_shown_files();

-- Uploads no page shows, whose last write is older than p_min_age (default a day: the editor uploads a file when it
-- is picked and the page is saved later), are queued; returns how many. Run hourly by the worker.
create function public.queue_orphan_page_files(p_min_age interval default interval '24 hours',
                                               p_limit integer default 1000)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  with orphans as (
    select o.name, public.page_file_owner(o.name) as owner_id
      from storage.objects o
     where o.bucket_id = 'page-files'
       and public.page_file_owner(o.name) is not null
       and coalesce(o.updated_at, o.created_at) < now() - p_min_age
       and not exists (select 1 from public.page_file_deletions q where q.name = o.name)
       and not public.page_file_shown(o.name)
     order by o.name
     limit greatest(p_limit, 0)
  ), added as (
    insert into public.page_file_deletions (name, owner_id, reason)
    select name, owner_id, 'orphan' from orphans
    on conflict (name) do nothing
    returning 1
  )
  select count(*)::integer into queued from added;
  return queued;
end
$$;

-- The worker's batch: up to p_limit paths whose time has come, oldest first. A path that a page shows once more is
-- taken off the queue here instead (the last check before the Storage call).
create function public.page_file_deletions_due(p_limit integer default 100)
returns table (name text, owner_id uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select q.name, q.owner_id
      from public.page_file_deletions q
     where q.retry_at <= now()
     order by q.retry_at, q.name
     limit greatest(p_limit, 0)
  ), kept as (
    delete from public.page_file_deletions q
     using due d
     where q.name = d.name and public.page_file_shown(d.name)
    returning q.name
  )
  select d.name, d.owner_id from due d where d.name not in (select k.name from kept k);
end
$$;

-- Storage removed these (or they were gone already): off the queue.
create function public.page_file_deletions_done(p_names text[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.page_file_deletions where name = any (p_names)
$$;

-- Storage refused or failed: tried again after 1, 2, 4 … minutes, at most an hour apart.
create function public.page_file_deletions_failed(p_names text[], p_error text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.page_file_deletions
     set attempts = attempts + 1,
         last_error = left(p_error, 500),
         retry_at = now() + least(interval '1 hour', interval '1 minute' * power(2, least(attempts, 10)))
   where name = any (p_names)
$$;

revoke all on function public.queue_orphan_page_files(interval, integer) from public, anon, authenticated;
revoke all on function public.page_file_deletions_due(integer) from public, anon, authenticated;
revoke all on function public.page_file_deletions_done(text[]) from public, anon, authenticated;
revoke all on function public.page_file_deletions_failed(text[], text) from public, anon, authenticated;
grant execute on function public.queue_orphan_page_files(interval, integer), public.page_file_deletions_due(integer),
  public.page_file_deletions_done(text[]), public.page_file_deletions_failed(text[], text) to service_role;
