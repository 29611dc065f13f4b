-- Staged batch rows (issue 36): the database dates them, and one account stages a bounded amount.
--   * created_at (which decides when an abandoned row is cleared) and user_id are no longer client-writable:
--     inserts name their columns, and those two are left to their defaults. A row dated in the future would
--     otherwise never expire. Rows already dated ahead are brought back to now.
--   * At most 20,000 rows (two of the app's largest batches, 10,000 rows each) and 32 MiB per account, checked
--     after each insert statement: over it, 413 with code PT413 and the statement stores nothing. A legitimate
--     10,000-row batch takes a few MiB. Before counting, the account's rows staged more than a day ago
--     (abandoned batches) are cleared, so they never block a new batch.
--   * expire_staged_batches() clears every account's abandoned rows and old commit records; the local server runs
--     it hourly (on Supabase, schedule it with pg_cron).

update public.code_batch_rows set created_at = now() where created_at > now();

revoke insert on public.code_batch_rows from authenticated;
grant insert (batch_id, position, name, type, content, destination, design, is_dynamic)
  on public.code_batch_rows to authenticated;

create function public.enforce_staged_rows_budget()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner record;
  v_rows bigint;
  v_bytes bigint;
begin
  for owner in select distinct user_id from new_rows order by user_id loop
    delete from public.code_batch_rows
     where user_id = owner.user_id and created_at < now() - interval '1 day';
    select count(*), coalesce(sum(pg_column_size(r.*)), 0) into v_rows, v_bytes
      from public.code_batch_rows r
     where r.user_id = owner.user_id;
    if v_rows > 20000 or v_bytes > 32 * 1024 * 1024 then
      raise sqlstate 'PT413' using
        message = 'Too much staged for bulk saving: at most 20000 rows and 32 MiB per account at once',
        hint = 'Commit or delete your staged batches (code_batch_rows) first.';
    end if;
  end loop;
  return null;
end
$$;

revoke all on function public.enforce_staged_rows_budget() from public, anon, authenticated;

create trigger code_batch_rows_budget
after insert on public.code_batch_rows
referencing new table as new_rows
for each statement execute function public.enforce_staged_rows_budget();

create function public.expire_staged_batches()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.code_batch_rows where created_at < now() - interval '1 day';
  delete from public.code_batch_commits where committed_at < now() - interval '1 day';
$$;

revoke all on function public.expire_staged_batches() from public, anon, authenticated;
grant execute on function public.expire_staged_batches() to service_role;
