-- Saved design templates (docs/design-options.md): a signed-in user's named designs, applied in the generator.
-- Signed-out users keep theirs in the browser (localStorage); the built-in templates live in the app's code.
-- The design is the generator's design JSON without the error level, read by the app with the same lenient
-- parser as a saved code's design (unknown or missing fields fall back to their defaults).

create table public.design_templates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 60),
  design jsonb not null check (jsonb_typeof(design) = 'object' and pg_column_size(design) <= 16384),
  created_at timestamptz not null default now()
);

comment on table public.design_templates is 'Named generator designs saved by their owner.';

create index design_templates_user_created_idx on public.design_templates (user_id, created_at desc);

alter table public.design_templates enable row level security;

-- Owners only: nobody sees, adds to, renames or deletes another user's templates.
create policy "owners read their templates" on public.design_templates
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners add templates" on public.design_templates
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners update their templates" on public.design_templates
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners delete their templates" on public.design_templates
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.design_templates from anon, authenticated;
grant select, insert, update (name, design), delete on public.design_templates to authenticated;
grant all on public.design_templates to service_role;
