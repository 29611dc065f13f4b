-- API keys for the public REST API (/api/v1, docs/api.md).
-- A key is `qrc_` + 43 base64url characters (244 random bits: the random part of two v4 UUIDs, no pgcrypto
-- needed). Only its sha256 is stored: the key itself is returned once, by create_api_key, and never again.
-- A key authenticates as its owner and nothing more: the API resolves it to the owner's id (resolve_api_key,
-- service role only) and runs every query as that user (role authenticated, RLS), never as the service role.

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  -- The first characters of the key, shown in Settings so the owner can tell keys apart.
  prefix text not null check (prefix ~ '^qrc_[A-Za-z0-9_-]{8}$'),
  -- Lowercase hex sha256 of the whole key.
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);

comment on table public.api_keys is 'Keys for the public REST API; only the sha256 of each key is stored.';

create index api_keys_user_created_idx on public.api_keys (user_id, created_at desc);

alter table public.api_keys enable row level security;

create policy "owners read their api keys" on public.api_keys
  for select to authenticated using (user_id = (select auth.uid()));

-- Owners read everything but the hash; keys are made and revoked only through the functions below, so a
-- client can neither choose a hash nor bring a revoked key back.
revoke all on public.api_keys from anon, authenticated;
grant select (id, user_id, name, prefix, created_at, last_used_at, revoked_at) on public.api_keys to authenticated;
grant all on public.api_keys to service_role;

-- ---------------------------------------------------------------------------------------------------
-- At most this many active keys per user: enough for every script, few enough that a leaked session cannot
-- mint keys without end.
create function public.create_api_key(p_name text)
returns table (id uuid, name text, prefix text, created_at timestamptz, key text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_name text := btrim(coalesce(p_name, ''));
  v_key text;
begin
  if v_user is null then
    raise exception using errcode = '42501', message = 'Sign in to create an API key';
  end if;
  if char_length(v_name) not between 1 and 100 then
    raise exception using errcode = '22023', message = 'The key name must be 1 to 100 characters';
  end if;
  -- One key at a time per user, so two concurrent calls cannot both pass the count.
  perform pg_advisory_xact_lock(hashtextextended(v_user::text, 11));
  if (select count(*) from public.api_keys k where k.user_id = v_user and k.revoked_at is null) >= 20 then
    raise exception using
      errcode = 'P0001',
      message = 'At most 20 active API keys: revoke one first';
  end if;
  v_key := 'qrc_' || rtrim(translate(encode(
    substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 10 for 7)
    || substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 10 for 7)
    || substring(uuid_send(gen_random_uuid()) from 1 for 6),
    'base64'), '+/', '-_'), '=');
  return query
    insert into public.api_keys as k (user_id, name, prefix, key_hash)
    values (v_user, v_name, substring(v_key from 1 for 12), encode(sha256(convert_to(v_key, 'UTF8')), 'hex'))
    returning k.id, k.name, k.prefix, k.created_at, v_key;
end
$$;

-- Revokes one of the caller's keys; true when it was active.
create function public.revoke_api_key(p_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
begin
  update public.api_keys k set revoked_at = now()
   where k.id = p_id and k.user_id = auth.uid() and k.revoked_at is null;
  get diagnostics v_found = row_count;
  return v_found;
end
$$;

-- The owner of an active key given its hash, or null (unknown, revoked, or the owner is banned or deleted).
-- Notes the use at most once a minute, so a busy key does not write on every request.
create function public.resolve_api_key(p_key_hash text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_user uuid;
  v_last timestamptz;
begin
  select k.id, k.user_id, k.last_used_at into v_id, v_user, v_last
    from public.api_keys k
    join auth.users u on u.id = k.user_id
   where k.key_hash = p_key_hash and k.revoked_at is null
     and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now());
  if v_id is null then
    return null;
  end if;
  if v_last is null or v_last < now() - interval '1 minute' then
    update public.api_keys k set last_used_at = now() where k.id = v_id;
  end if;
  return v_user;
end
$$;

revoke all on function public.create_api_key(text) from public, anon;
revoke all on function public.revoke_api_key(uuid) from public, anon;
grant execute on function public.create_api_key(text) to authenticated;
grant execute on function public.revoke_api_key(uuid) to authenticated;
revoke all on function public.resolve_api_key(text) from public, anon, authenticated;
grant execute on function public.resolve_api_key(text) to service_role;
