-- The two heaviest requests a free account can make, cut into parts a server can run as separate short
-- transactions (issue 36, defect 1). On PostgreSQL and on a Supabase project nothing changes for the caller:
-- load_sample_data() and commit_code_batch() still do all of their work in one call and one transaction. The
-- local server on PGlite, which runs one statement at a time for everybody, calls the parts itself, one short
-- transaction each, so other users' requests run in between (server/rest/bulk-parts.ts, docs/security.md).
--
-- 1. Sample scans: public.sample_scans(codes, firsts, lasts, at) inserts the sample scans numbered first..last of
--    each code as of `at`, in one statement (the same rows load_sample_data always made). load_sample_data() calls it for its three
--    codes, unless the transaction set qrcraft.sample_scans = 'later': then it stores the codes only and leaves the
--    list of scans to make in qrcraft.sample_scans_pending, for the server to insert in parts as service_role.
-- 2. Batch commits: public.commit_code_batch_begin(batch) is commit_code_batch's first half (clear abandoned
--    rows and old records, record the batch: 409 when it was committed already, 404 when nothing is staged), and
--    public.commit_code_batch_part(batch, n) moves the next n staged rows of a recorded batch (all when n is null)
--    into qr_codes as the caller and deletes them from code_batch_rows, so no staged row is ever saved twice,
--    whoever calls the parts. commit_code_batch() is the two in one transaction, as before.

create function public.sample_scans(p_codes uuid[], p_firsts integer[], p_lasts integer[], p_at timestamptz)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  -- One statement for all the codes given (the rollup triggers run once per statement).
  insert into public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser, is_unique)
  select c.code,
         p_at - ((i * 7919) % (90 * 1440)) * interval '1 minute',
         (array['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'JP', 'CA'])[1 + (i * 31) % 8],
         (array['mobile', 'mobile', 'mobile', 'desktop', 'tablet'])[1 + (i * 17) % 5],
         (array['iOS', 'Android', 'Android', 'Windows', 'macOS', 'iOS'])[1 + (i * 13) % 6],
         (array['Mobile Safari', 'Chrome', 'Chrome Mobile', 'Edge', 'Firefox', 'Safari'])[1 + (i * 11) % 6],
         (i * 7) % 10 < 7
    from unnest(p_codes, p_firsts, p_lasts) as c (code, first, last)
   cross join lateral generate_series(greatest(c.first, 1), c.last) i
$$;

-- Scans are written by the redirect and by sample data only: not by users.
revoke all on function public.sample_scans(uuid[], integer[], integer[], timestamptz) from public, anon, authenticated;
grant execute on function public.sample_scans(uuid[], integer[], integer[], timestamptz) to service_role;

create or replace function public.load_sample_data()
returns setof public.qr_codes
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  menu_id uuid;
  card_id uuid;
  event_id uuid;
  plan jsonb;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in to load sample data';
  end if;
  if exists (select 1 from public.qr_codes where user_id = uid) then
    raise exception using errcode = 'P0001',
      message = 'Sample data can only be loaded into an account without QR codes',
      hint = 'Delete your QR codes first.';
  end if;

  insert into public.qr_codes (user_id, name, type, content, destination, is_dynamic, created_at)
  values (uid, 'Restaurant Menu', 'Menu', '', 'https://example.com/menu', true, now() - interval '60 days')
  returning id into menu_id;
  insert into public.qr_codes (user_id, name, type, content, destination, is_dynamic, created_at)
  values (uid, 'Business Card', 'vCard',
          E'BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane;;;\nFN:Jane Doe\nTEL:+15551234567\nEMAIL:jane@example.com\nEND:VCARD',
          null, false, now() - interval '65 days')
  returning id into card_id;
  insert into public.qr_codes (user_id, name, type, content, destination, is_dynamic, created_at)
  values (uid, 'Event Tickets', 'URL', '', 'https://example.com/tickets', true, now() - interval '70 days')
  returning id into event_id;

  -- The spec's scan counts: 1234, 456 and 2890.
  plan := jsonb_build_array(
    jsonb_build_object('code', menu_id, 'scans', 1234, 'at', now()),
    jsonb_build_object('code', card_id, 'scans', 456, 'at', now()),
    jsonb_build_object('code', event_id, 'scans', 2890, 'at', now())
  );
  if coalesce(current_setting('qrcraft.sample_scans', true), '') = 'later' then
    perform set_config('qrcraft.sample_scans_pending', plan::text, true);
  else
    perform public.sample_scans(array[menu_id, card_id, event_id], array[1, 1, 1], array[1234, 456, 2890], now());
  end if;

  return query select * from public.qr_codes where user_id = uid order by created_at desc;
end
$$;

revoke all on function public.load_sample_data() from public, anon;
grant execute on function public.load_sample_data() to authenticated, service_role;

create function public.commit_code_batch_begin(p_batch uuid)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  recorded integer;
  staged integer;
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

  select count(*) into staged
    from public.code_batch_rows
   where user_id = (select auth.uid()) and batch_id = p_batch;
  if staged = 0 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0002',
        'message', 'No staged rows for this batch',
        'details', null,
        'hint', 'Stage the rows in code_batch_rows with this batch_id first.'
      )::text,
      detail = '{"status": 404, "headers": {}}';
  end if;
  return staged;
end;
$$;

-- Row by row, so that each slug is known to belong to its row (RETURNING's order is not a documented guarantee).
create function public.commit_code_batch_part(p_batch uuid, p_rows integer)
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
  if not exists (select 1 from public.code_batch_commits
                  where user_id = (select auth.uid()) and batch_id = p_batch) then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0002',
        'message', 'This batch is not being committed',
        'details', null,
        'hint', 'Call commit_code_batch.'
      )::text,
      detail = '{"status": 404, "headers": {}}';
  end if;

  for staged in
    select position, name, type, content, destination, design, is_dynamic
      from public.code_batch_rows
     where user_id = (select auth.uid()) and batch_id = p_batch
     order by position
     limit p_rows
  loop
    insert into public.qr_codes (name, type, content, destination, design, is_dynamic)
    values (staged.name, staged.type, staged.content, staged.destination, staged.design, staged.is_dynamic)
    returning slug into new_slug;
    positions := positions || staged.position;
    slugs := slugs || new_slug;
  end loop;

  delete from public.code_batch_rows
   where user_id = (select auth.uid()) and batch_id = p_batch and position = any (positions);
  return coalesce((
    select jsonb_agg(jsonb_build_object('row', p, 'slug', s) order by p)
      from unnest(positions, slugs) as t (p, s)
  ), '[]'::jsonb);
end;
$$;

create or replace function public.commit_code_batch(p_batch uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  perform public.commit_code_batch_begin(p_batch);
  return public.commit_code_batch_part(p_batch, null);
end;
$$;

revoke all on function public.commit_code_batch_begin(uuid) from public, anon;
revoke all on function public.commit_code_batch_part(uuid, integer) from public, anon;
grant execute on function public.commit_code_batch_begin(uuid), public.commit_code_batch_part(uuid, integer)
  to authenticated, service_role;
