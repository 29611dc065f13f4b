-- The Business plan's storage (issue 32): files up to 100 MB like Pro (the page-files bucket's own limit), 20 GB in
-- all. 20261129000300_storage_page_files.sql knew only Free and Pro; the plans are 'free', 'pro' and 'business'
-- since 20261129005000_scan_settings_plan_limits.sql. Sizes are decimal, as Storage parses file_size_limit.
create or replace function public.storage_plan_limits(plan text)
returns table (file_bytes bigint, total_bytes bigint)
language sql
immutable
set search_path = ''
as $$
  select case when plan in ('pro', 'business') then 100000000::bigint else 20000000::bigint end,
         case when plan = 'business' then 20000000000::bigint
              when plan = 'pro' then 5000000000::bigint
              else 100000000::bigint end
$$;
