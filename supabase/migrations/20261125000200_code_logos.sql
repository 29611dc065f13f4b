-- A saved code's logo (issue 15: "saved codes remember the full design, the logo included"), so that downloads
-- from the dashboard match the original. One row per code, the image as base64 text: a table rather than
-- Supabase Storage, so the app has one code path on a Supabase project and on the local server, under the same
-- RLS as the codes; the app stores at most MAX_STORED_LOGO_BYTES (600 KiB, an image made smaller first), which
-- keeps a row within the API's 1 MiB request body. docs/features.md (saving a code).

create table public.code_logos (
  code_id uuid primary key references public.qr_codes (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  mime text not null check (mime in ('image/png', 'image/jpeg', 'image/svg+xml')),
  -- 600 KiB of bytes is at most 819,200 base64 characters.
  data text not null check (char_length(data) between 4 and 819200 and data ~ '^[A-Za-z0-9+/]+={0,2}$'),
  created_at timestamptz not null default now()
);

comment on table public.code_logos is 'The logo of a saved QR code (base64), drawn by the renderer on downloads.';

create index code_logos_user_idx on public.code_logos (user_id);

alter table public.code_logos enable row level security;

-- Owners only, and only on their own codes: nobody attaches a logo to, or reads the logo of, another user's code.
create policy "owners read their logos" on public.code_logos
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners add logos to their codes" on public.code_logos
  for insert to authenticated with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.qr_codes c where c.id = code_id and c.user_id = (select auth.uid()))
  );
create policy "owners delete their logos" on public.code_logos
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.code_logos from anon, authenticated;
grant select, delete on public.code_logos to authenticated;
grant insert (code_id, mime, data) on public.code_logos to authenticated;
grant all on public.code_logos to service_role;
