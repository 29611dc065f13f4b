-- Clicks on a Links page's links (issue 32: "each link's clicks counted, through our own redirect, so they show in
-- analytics"). A Links page's http(s) links point at …/r/<slug>/l/<index>; the redirect records the click and
-- answers 302 to the link. A click is not a scan: it never enters scan_events, the cap or the unique count.
--
-- 1. page_link_clicks: one row per counted click (bots, previews, HEAD and prefetches are not counted), readable
--    by the code's owner (RLS), written only by record_link_click (service_role: the redirect).
-- 2. Rolled up like stopped scans: scan_rollups gains dimension 'link' (value: the link's index), kept by a
--    statement trigger; scan_window_raw reads the partial quarter-hours of 'link' from page_link_clicks.
-- 3. scan_outcomes gains kind 'link': clicks per link index in [from, to).

create table public.page_link_clicks (
  id bigint generated always as identity primary key,
  qr_code_id uuid not null references public.qr_codes (id) on delete cascade,
  clicked_at timestamptz not null default now(),
  link_index smallint not null check (link_index between 0 and 99)
);

comment on table public.page_link_clicks is
  'Counted clicks on the links of a hosted Links page (…/r/<slug>/l/<index>); not scans.';

create index page_link_clicks_code_time_idx on public.page_link_clicks (qr_code_id, clicked_at);

alter table public.page_link_clicks enable row level security;

create policy "owners read their pages' link clicks" on public.page_link_clicks
  for select to authenticated
  using (exists (select 1 from public.qr_codes c
                  where c.id = page_link_clicks.qr_code_id and c.user_id = (select auth.uid())));

revoke all on public.page_link_clicks from anon, authenticated, service_role;
grant select on public.page_link_clicks to authenticated, service_role;

-- The redirect's call: stores a click of link p_index of code p_code_id if the code still has a Links page with
-- that many links; returns whether it stored one.
create function public.record_link_click(p_code_id uuid, p_index integer)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_links integer;
begin
  select jsonb_array_length(c.page -> 'links') into v_links
    from public.qr_codes c
   where c.id = p_code_id and c.is_dynamic and c.status = 'active' and c.page ->> 'type' = 'links';
  if v_links is null or p_index is null or p_index < 0 or p_index >= v_links then
    return false;
  end if;
  insert into public.page_link_clicks (qr_code_id, link_index) values (p_code_id, p_index);
  return true;
end
$$;

revoke all on function public.record_link_click(uuid, integer) from public, anon, authenticated;
grant execute on function public.record_link_click(uuid, integer) to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- 2. Rollups.

alter table public.scan_rollups drop constraint scan_rollups_dim_check;
alter table public.scan_rollups add constraint scan_rollups_dim_check
  check (dim in ('all', 'country', 'device', 'os', 'browser', 'rule', 'variant', 'gate', 'link'));

create function public.page_link_clicks_rollup_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.scan_rollups as r
    (qr_code_id, user_id, dim, grain, bucket, value, scans, unique_scans, s0, s1, s2, s3, u0, u1, u2, u3)
  select n.qr_code_id, c.user_id, 'link', g.grain, g.bucket, n.link_index::text,
         count(*), 0,
         count(*) filter (where g.q = 0), count(*) filter (where g.q = 1),
         count(*) filter (where g.q = 2), count(*) filter (where g.q = 3),
         0, 0, 0, 0
    from new_rows n
    join public.qr_codes c on c.id = n.qr_code_id
    cross join lateral public.scan_buckets(n.clicked_at) g
   group by n.qr_code_id, c.user_id, g.grain, g.bucket, n.link_index
   order by n.qr_code_id, g.grain, g.bucket, n.link_index::text
  on conflict (qr_code_id, dim, grain, bucket, value) do update
     set scans = r.scans + excluded.scans,
         s0 = r.s0 + excluded.s0, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3;
  return null;
end
$$;

revoke all on function public.page_link_clicks_rollup_insert() from public, anon, authenticated;

create trigger page_link_clicks_rollup_insert
after insert on public.page_link_clicks
referencing new table as new_rows
for each statement execute function public.page_link_clicks_rollup_insert();

-- scan_window_raw (as in 20261129004600_scan_outcome_rollups.sql) with the 'link' dimension.
create or replace function public.scan_window_raw(p_dim text, p_uid uuid, p_code_id uuid, p_from timestamptz, p_to timestamptz)
returns table (qr_code_id uuid, value text, unique_scan boolean)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  if p_from >= p_to then
    return;
  end if;
  if p_dim = 'link' then
    return query
      select k.qr_code_id, k.link_index::text, false
        from public.page_link_clicks k
        join public.qr_codes c on c.id = k.qr_code_id
       where c.user_id = p_uid and (p_code_id is null or k.qr_code_id = p_code_id)
         and k.clicked_at >= p_from and k.clicked_at < p_to;
    return;
  end if;
  if p_dim = 'gate' then
    return query
      select s.qr_code_id, s.gate, false
        from public.scan_stops s
        join public.qr_codes c on c.id = s.qr_code_id
       where c.user_id = p_uid and (p_code_id is null or s.qr_code_id = p_code_id)
         and s.stopped_at >= p_from and s.stopped_at < p_to;
    return;
  end if;
  return query
    select x.qr_code_id, x.value, x.is_unique
      from (
        select e.qr_code_id, e.is_unique,
               case p_dim when 'country' then coalesce(e.country::text, '') when 'device' then e.device_type
                          when 'os' then coalesce(e.os, '') when 'browser' then coalesce(e.browser, '')
                          when 'rule' then e.rule_index::text when 'variant' then e.variant::text else '' end as value
          from public.scan_events e
          join public.qr_codes c on c.id = e.qr_code_id
         where c.user_id = p_uid and (p_code_id is null or e.qr_code_id = p_code_id)
           and e.scanned_at >= p_from and e.scanned_at < p_to
      ) x
     where x.value is not null;
end
$$;

-- scan_outcomes (as in 20261129004600_scan_outcome_rollups.sql) with kind 'link'.
create or replace function public.scan_outcomes(p_code_id uuid, p_from timestamptz default null, p_to timestamptz default null)
returns table (kind text, value text, scans bigint, unique_scans bigint)
language sql
stable
security invoker
set search_path = ''
set jit = off
as $$
  with by_rule as (
    select w.value, sum(w.scans)::bigint as scans, sum(w.unique_scans)::bigint as unique_scans
      from public.scan_window('rule', p_from, p_to, p_code_id) w group by w.value
  ),
  total as (
    select coalesce(sum(w.scans), 0)::bigint as scans, coalesce(sum(w.unique_scans), 0)::bigint as unique_scans
      from public.scan_window('all', p_from, p_to, p_code_id) w
  )
  select 'rule', r.value, r.scans, r.unique_scans from by_rule r where r.scans > 0
  union all
  select 'rule', '', t.scans - coalesce((select sum(r.scans) from by_rule r), 0),
         t.unique_scans - coalesce((select sum(r.unique_scans) from by_rule r), 0)
    from total t
   where t.scans - coalesce((select sum(r.scans) from by_rule r), 0) > 0
  union all
  select 'variant', w.value, sum(w.scans)::bigint, sum(w.unique_scans)::bigint
    from public.scan_window('variant', p_from, p_to, p_code_id) w group by w.value having sum(w.scans) > 0
  union all
  select 'gate', w.value, sum(w.scans)::bigint, 0::bigint
    from public.scan_window('gate', p_from, p_to, p_code_id) w group by w.value having sum(w.scans) > 0
  union all
  select 'link', w.value, sum(w.scans)::bigint, 0::bigint
    from public.scan_window('link', p_from, p_to, p_code_id) w group by w.value having sum(w.scans) > 0
  order by 1, 2
$$;
