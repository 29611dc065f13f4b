-- Bulk creation (issue 16): a signed-in user saves a whole batch of codes, all or nothing, however many rows.
-- One request cannot carry a large batch (the API's 1 MiB body limit, and at most db-max-rows rows per insert),
-- so the rows are staged in chunks, then committed by commit_code_batch in ONE statement: the plan limit or any
-- refused row aborts it and no code of the batch is saved. Staged rows are the owner's alone (RLS); a commit
-- deletes its batch, and rows staged more than a day ago by the same user (an abandoned batch) go with it.

create table public.code_batch_rows (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  batch_id uuid not null,
  -- The row's number in the user's spreadsheet: the commit answers with it beside the new code's slug.
  position integer not null check (position between 1 and 1000000),
  name text not null check (char_length(name) between 1 and 200),
  type text not null check (char_length(type) between 1 and 40),
  content text not null default '' check (char_length(content) <= 7089),
  destination text check (destination ~* '^https?://[^[:space:]]+$' and char_length(destination) <= 2048),
  design jsonb not null default '{}'::jsonb check (jsonb_typeof(design) = 'object' and pg_column_size(design) <= 16384),
  is_dynamic boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (user_id, batch_id, position)
);

comment on table public.code_batch_rows is 'Rows of a bulk batch staged for commit_code_batch, then deleted.';

create index code_batch_rows_user_created_idx on public.code_batch_rows (user_id, created_at);

alter table public.code_batch_rows enable row level security;

create policy "owners read their staged rows" on public.code_batch_rows
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners stage rows" on public.code_batch_rows
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners delete their staged rows" on public.code_batch_rows
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.code_batch_rows from anon, authenticated;
grant select, insert, delete on public.code_batch_rows to authenticated;
grant all on public.code_batch_rows to service_role;

-- Moves a staged batch into qr_codes as the caller (security invoker: RLS, the column grants, which leave the
-- slug to the database, and the dynamic-code limit trigger all apply), in one transaction: any refused row aborts
-- the whole batch. Returns [{"row": position, "slug": slug}, …] in row order. Row by row, so that each slug is
-- known to belong to its row (RETURNING's order is not a documented guarantee). A batch with no staged rows is
-- refused (P0002), so a retried commit never reports an empty success.
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
begin
  delete from public.code_batch_rows
   where user_id = (select auth.uid()) and created_at < now() - interval '1 day' and batch_id <> p_batch;

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
    raise exception using
      errcode = 'P0002',
      message = 'No staged rows for this batch',
      hint = 'Stage the rows in code_batch_rows with this batch_id first.';
  end if;

  delete from public.code_batch_rows where user_id = (select auth.uid()) and batch_id = p_batch;
  return (
    select jsonb_agg(jsonb_build_object('row', p, 'slug', s) order by p)
      from unnest(positions, slugs) as t (p, s)
  );
end;
$$;

revoke all on function public.commit_code_batch(uuid) from public, anon;
grant execute on function public.commit_code_batch(uuid) to authenticated, service_role;
