-- Deleting codes with many scans in parts (issue 36: no statement over ~100 ms on PGlite's request path).
-- Deleting a code deletes its scans by cascade: for the 4,580 sample scans one statement of 0.1–0.2 s on PGlite,
-- which runs one statement at a time for every user. The local server on PGlite now deletes such codes in steps
-- (server/rest/delete-in-parts.ts): it marks them here, deletes their scans a few hundred per transaction, then
-- deletes the codes as the caller asked. On PostgreSQL and on a Supabase project nothing calls this and nothing
-- changes.
--
-- While a code is marked, deleting its scans leaves its rollups and its owner's hour figures alone: they still
-- count those scans, and the code's own delete trigger (qr_codes_owner_hours_delete) takes the code's whole
-- figures out of the owner's hours when the code goes, as it does for a code deleted whole. A marked code that
-- was not deleted (the server stopped between two steps) is deleted when the local server next starts.

create table public.code_deletions (
  qr_code_id uuid primary key references public.qr_codes (id) on delete cascade,
  marked_at timestamptz not null default now()
);

alter table public.code_deletions enable row level security;
-- No policy: only the server (service_role, which bypasses RLS) marks codes.
revoke all on public.code_deletions from public, anon, authenticated;
grant select, insert, delete on public.code_deletions to service_role;

create or replace function public.scan_events_rollup_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.scan_rollups r
     set scans = r.scans - o.scans, unique_scans = r.unique_scans - o.unique_scans,
         s0 = r.s0 - o.s0, s1 = r.s1 - o.s1, s2 = r.s2 - o.s2, s3 = r.s3 - o.s3,
         u0 = r.u0 - o.u0, u1 = r.u1 - o.u1, u2 = r.u2 - o.u2, u3 = r.u3 - o.u3
    from (
      select n.qr_code_id, d.dim, g.grain, g.bucket, d.value,
             count(*) as scans, count(*) filter (where n.is_unique) as unique_scans,
             count(*) filter (where g.q = 0) as s0, count(*) filter (where g.q = 1) as s1,
             count(*) filter (where g.q = 2) as s2, count(*) filter (where g.q = 3) as s3,
             count(*) filter (where g.q = 0 and n.is_unique) as u0, count(*) filter (where g.q = 1 and n.is_unique) as u1,
             count(*) filter (where g.q = 2 and n.is_unique) as u2, count(*) filter (where g.q = 3 and n.is_unique) as u3
        from old_rows n
        cross join lateral public.scan_buckets(n.scanned_at) g
        cross join lateral (
          values ('all', ''),
                 ('browser', coalesce(n.browser, '')),
                 ('country', coalesce(n.country::text, '')),
                 ('device', n.device_type),
                 ('os', coalesce(n.os, ''))
        ) d (dim, value)
       where exists (select 1 from public.qr_codes c where c.id = n.qr_code_id)
         and not exists (select 1 from public.code_deletions x where x.qr_code_id = n.qr_code_id)
       group by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
       order by n.qr_code_id, d.dim, g.grain, g.bucket, d.value
    ) o
   where r.qr_code_id = o.qr_code_id and r.dim = o.dim and r.grain = o.grain and r.bucket = o.bucket
     and r.value = o.value;
  return null;
end
$$;

create or replace function public.scan_events_owner_hours_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute public.scan_owner_hours_apply_sql(
    '(select o.* from old_rows o where not exists '
      '(select 1 from public.code_deletions x where x.qr_code_id = o.qr_code_id))',
    -1);
  return null;
end
$$;

revoke all on function public.scan_events_rollup_delete() from public, anon, authenticated;
revoke all on function public.scan_events_owner_hours_delete() from public, anon, authenticated;
