-- A commit_code_batch that cannot commit answers a 4xx the caller can act on (issue 36), through PostgREST's
-- documented ways to choose a status (docs.postgrest.org, "Errors": RAISE sqlstate 'PGRST' and 'PTxyz'), instead
-- of P0002, which PostgREST answers with 500:
--   * nothing staged under this id for the caller (never staged, another user's, or abandoned and cleared):
--     404, code P0002 "No staged rows for this batch";
--   * the caller committed this batch already (a retry whose answer was lost, a stale tab): 409, code PT409
--     "This batch was already committed".
-- A commit records its batch id first, so of two commits of one batch at once the second waits for the first and
-- then finds the record. Records go after a day, with the caller's abandoned staged rows.

create table public.code_batch_commits (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  batch_id uuid not null,
  committed_at timestamptz not null default now(),
  primary key (user_id, batch_id)
);

comment on table public.code_batch_commits is 'Batches commit_code_batch has committed in the last day, per user.';

create index code_batch_commits_user_committed_idx on public.code_batch_commits (user_id, committed_at);

alter table public.code_batch_commits enable row level security;

create policy "owners read their commits" on public.code_batch_commits
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners record their commits" on public.code_batch_commits
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners clear their old commits" on public.code_batch_commits
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.code_batch_commits from anon, authenticated;
-- commit_code_batch runs as the caller; the owner and the time come from the database.
grant select, delete on public.code_batch_commits to authenticated;
grant insert (batch_id) on public.code_batch_commits to authenticated;
grant all on public.code_batch_commits to service_role;

create or replace function public.commit_code_batch(p_batch uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  staged record;
  positions integer[] := '{}';
  slugs text[] := '{}';
  new_slug text;
  recorded integer;
begin
  delete from public.code_batch_rows
   where user_id = (select auth.uid()) and created_at < now() - interval '1 day' and batch_id <> p_batch;
  delete from public.code_batch_commits
   where user_id = (select auth.uid()) and committed_at < now() - interval '1 day';

  insert into public.code_batch_commits (batch_id) values (p_batch) on conflict do nothing;
  get diagnostics recorded = row_count;
  if recorded = 0 then
    raise sqlstate 'PT409' using
      message = 'This batch was already committed',
      hint = 'Its codes are saved: reload your codes instead of committing it again.';
  end if;

  for staged in
    select position, name, type, content, destination, design, is_dynamic
      from public.code_batch_rows
     where user_id = (select auth.uid()) and batch_id = p_batch
     order by position
  loop
    insert into public.qr_codes (name, type, content, destination, design, is_dynamic)
    values (staged.name, staged.type, staged.content, staged.destination, staged.design, staged.is_dynamic)
    returning slug into new_slug;
    positions := positions || staged.position;
    slugs := slugs || new_slug;
  end loop;

  if cardinality(positions) = 0 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0002',
        'message', 'No staged rows for this batch',
        'details', null,
        'hint', 'Stage the rows in code_batch_rows with this batch_id first.'
      )::text,
      detail = '{"status": 404, "headers": {}}';
  end if;

  delete from public.code_batch_rows where user_id = (select auth.uid()) and batch_id = p_batch;
  return (
    select jsonb_agg(jsonb_build_object('row', p, 'slug', s) order by p)
      from unnest(positions, slugs) as t (p, s)
  );
end;
$$;
