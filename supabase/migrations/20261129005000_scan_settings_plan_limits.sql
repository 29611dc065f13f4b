-- Plan limits of scan settings (issue 37). The plan is auth.users.raw_app_meta_data->>'plan': 'pro' or 'business'
-- (app metadata, which only the service role can change); anything else is Free.
--   Free:            the gates (starts at, ends at, scan cap, fallbacks, password) and at most 2 rules (the
--                    app-store preset).
--   Pro, Business:   up to 20 rules (the schema's bound), the A/B split, the UTM template and query forwarding.
-- A trigger, not an RPC, so every writer (the app through the data API, the REST API /api/v1, an SQL console as a
-- user) is held to it. Its SQLSTATE is PT403: PostgREST (and the local server) answer 403 with the message, and
-- /api/v1 answers 403 plan_limit_reached. The TypeScript twin, for the panel, is src/shared/rules/plan.ts; same
-- checks, same order, same messages.
--
-- A code whose owner moved down to Free keeps working exactly as stored (the redirect never looks at the plan), and
-- its settings can be saved unchanged or trimmed; they cannot be extended: no more rules than it had (or 2), no new
-- or changed split or UTM template, forwarding not turned on.

-- The plan of a user: 'pro', 'business' or 'free'.
create function public.plan_of_user(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when u.raw_app_meta_data ->> 'plan' in ('pro', 'business') then u.raw_app_meta_data ->> 'plan'
              else 'free' end
    from (select 1) one
    left join auth.users u on u.id = p_user_id
$$;

revoke all on function public.plan_of_user(uuid) from public, anon, authenticated;

-- The caller's own plan, for the app (the Scan rules panel shows what Free cannot use before a save is refused).
create function public.account_plan()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select public.plan_of_user((select auth.uid()))
$$;

revoke all on function public.account_plan() from public, anon;
grant execute on function public.account_plan() to authenticated;

-- Why settings `p_new` are more than `p_plan` allows, given the stored `p_old` (null for a new code), or null.
create function public.scan_settings_plan_problem(p_new jsonb, p_plan text, p_old jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_plan in ('pro', 'business') or p_new is null then null
    when (case when jsonb_typeof(p_new -> 'rules') = 'array' then jsonb_array_length(p_new -> 'rules') else 0 end)
         > greatest(2, case when jsonb_typeof(p_old -> 'rules') = 'array'
                            then jsonb_array_length(p_old -> 'rules') else 0 end)
      then 'Free plan limit reached: at most 2 scan rules per code'
    when p_new ? 'split' and (p_new -> 'split') is distinct from (p_old -> 'split')
      then 'Free plan limit reached: the A/B split is a Pro feature'
    when p_new ? 'utm' and (p_new -> 'utm') is distinct from (p_old -> 'utm')
      then 'Free plan limit reached: UTM tags are a Pro feature'
    when (p_new -> 'forwardQuery') = 'true'::jsonb and (p_old -> 'forwardQuery') is distinct from 'true'::jsonb
      then 'Free plan limit reached: query forwarding is a Pro feature'
  end
$$;

create function public.enforce_scan_settings_plan()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op = 'UPDATE' then old.scan_settings end;
  v_problem text;
begin
  if new.scan_settings is null or new.scan_settings is not distinct from v_old then
    return new;
  end if;
  -- Malformed settings are the CHECK's to refuse (400, with the schema's reason), not the plan's.
  if public.scan_settings_problem(new.scan_settings) is not null then
    return new;
  end if;
  v_problem := public.scan_settings_plan_problem(new.scan_settings, public.plan_of_user(new.user_id), v_old);
  if v_problem is null then
    return new;
  end if;
  if v_problem like '%rules%' then
    raise exception using
      errcode = 'PT403',
      message = v_problem,
      detail = format('These settings have %s rules.', jsonb_array_length(new.scan_settings -> 'rules')),
      hint = 'Upgrade to Pro or Business for up to 20 rules, the A/B split, UTM tags and query forwarding.';
  end if;
  raise exception using
    errcode = 'PT403',
    message = v_problem,
    hint = 'Upgrade to Pro or Business for up to 20 rules, the A/B split, UTM tags and query forwarding.';
end
$$;

create trigger qr_codes_scan_settings_plan
before insert or update of scan_settings on public.qr_codes
for each row execute function public.enforce_scan_settings_plan();
