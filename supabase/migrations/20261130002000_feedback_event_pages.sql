-- Feedback and Event pages (issue 33, hosted pages part 2).
--
-- 1. public.hosted_page_problem, the SQL twin of hostedPageSchema (src/shared/pages/schema.ts), judges the two new
--    types and passes every other page to the function it was (renamed hosted_page_problem_before_feedback_event).
--    public.page_file_paths (the twin of pageFiles) lists an event's image before its logo.
-- 2. feedback_responses: what visitors answered on a feedback page. Written only by public.submit_feedback
--    (service_role: the redirect, which gets the visitor's form), which caps every size, allows 5 answers per visitor
--    and code an hour and 200 per code an hour, and drops an answer whose honeypot field is filled. Readable (and
--    deletable) by the code's owner only (RLS); public.feedback_summary gives the owner's figures.

alter function public.hosted_page_problem(jsonb) rename to hosted_page_problem_before_feedback_event;

create function public.hosted_page_problem(p jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  t text := case when jsonb_typeof(p) = 'object' then p ->> 'type' end;
begin
  if t is null or t not in ('feedback', 'event') then
    return public.hosted_page_problem_before_feedback_event(p);
  end if;
  if p -> 'v' is distinct from '1'::jsonb then
    return 'v must be 1';
  end if;
  if coalesce(p ? 'theme' and (
       not public.scan_settings_keys_ok(p -> 'theme', '{background,accent}')
       or coalesce(p #>> '{theme,background}', '') !~ '^#[0-9a-fA-F]{6}$'
       or coalesce(p #>> '{theme,accent}', '') !~ '^#[0-9a-fA-F]{6}$'
       or jsonb_typeof(p #> '{theme,background}') <> 'string' or jsonb_typeof(p #> '{theme,accent}') <> 'string'), true) then
    return 'theme has a background and an accent colour such as #1a73e8';
  end if;
  if coalesce(p ? 'logo' and not public.page_image_ok(p -> 'logo'), true) then
    return 'logo is an image in your folder (.webp, .jpg or .png) with its width and height';
  end if;

  if t = 'feedback' then
    if coalesce(not public.scan_settings_keys_ok(p,
         '{v,theme,logo,type,title,intro,ratingQuestion,askComment,askEmail,choice,thanks}'), true) then
      return 'a feedback page has title, intro, ratingQuestion, askComment, askEmail, choice and thanks';
    end if;
    if coalesce(not public.page_text_ok(p -> 'title', 80) or not public.page_text_ok(p -> 'ratingQuestion', 140)
       or (p ? 'intro' and not public.page_text_ok(p -> 'intro', 300, 0, true))
       or (p ? 'thanks' and not public.page_text_ok(p -> 'thanks', 300, 0, true)), true) then
      return 'title: 1 to 80 characters; ratingQuestion: 1 to 140; intro and thanks: at most 300';
    end if;
    if coalesce((p ? 'askComment' and jsonb_typeof(p -> 'askComment') <> 'boolean')
       or (p ? 'askEmail' and jsonb_typeof(p -> 'askEmail') <> 'boolean'), true) then
      return 'askComment and askEmail are true or false';
    end if;
    if coalesce(p ? 'choice' and (
         not public.scan_settings_keys_ok(p -> 'choice', '{question,options}')
         or not public.page_text_ok(p #> '{choice,question}', 140)
         or not public.page_list_ok(p #> '{choice,options}', 6, 2)
         or exists (select 1 from jsonb_array_elements(p #> '{choice,options}') o where not public.page_text_ok(o, 60))), true) then
      return 'choice has a question (1 to 140 characters) and 2 to 6 options (1 to 60 each)';
    end if;
    return null;
  end if;

  -- event
  if coalesce(not public.scan_settings_keys_ok(p,
       '{v,theme,logo,type,title,start,end,timeZone,place,description,organiser,image,url}'), true) then
    return 'an event page has title, start, end, timeZone, place, description, organiser, image and url';
  end if;
  if coalesce(not public.page_text_ok(p -> 'title', 120)
     or (p ? 'place' and not public.page_text_ok(p -> 'place', 200))
     or (p ? 'organiser' and not public.page_text_ok(p -> 'organiser', 120))
     or (p ? 'description' and not public.page_text_ok(p -> 'description', 2000, 0, true)), true) then
    return 'title: 1 to 120 characters; place: 1 to 200; organiser: 1 to 120; description: at most 2,000';
  end if;
  if coalesce(not public.scan_settings_instant_ok(p -> 'start') or not public.scan_settings_instant_ok(p -> 'end')
     or (p ->> 'start') collate "C" >= (p ->> 'end') collate "C", true) then
    return 'start and end are UTC instants, start first';
  end if;
  if coalesce(not public.scan_settings_zone_ok(p -> 'timeZone'), true) then
    return 'unknown time zone';
  end if;
  if coalesce(p ? 'image' and not public.page_image_ok(p -> 'image'), true) then
    return 'image is an image in your folder (.webp, .jpg or .png) with its width and height';
  end if;
  if coalesce(p ? 'url' and not public.page_link_ok(p -> 'url', true), true) then
    return 'url is a web address';
  end if;
  return null;
end
$$;

comment on function public.hosted_page_problem(jsonb) is
  'Why a hosted page is refused, or null: the SQL twin of hostedPageSchema (src/shared/pages/schema.ts).';
grant execute on function public.hosted_page_problem(jsonb) to anon, authenticated, service_role;

alter table public.qr_codes
  drop constraint qr_codes_page_valid,
  add constraint qr_codes_page_valid check (page is null or public.hosted_page_problem(page) is null);

-- An event's image comes before the logo, as in pageFiles(); every other type as before.
alter function public.page_file_paths(jsonb) rename to page_file_paths_before_event;

create function public.page_file_paths(p jsonb)
returns setof text
language sql
immutable
set search_path = ''
as $$
  select f from public.page_file_paths_before_event(p) f where p ->> 'type' is distinct from 'event'
  union all
  select p #>> '{image,path}' where p ->> 'type' = 'event' and jsonb_typeof(p #> '{image,path}') = 'string'
  union all
  select p #>> '{logo,path}' where p ->> 'type' = 'event' and jsonb_typeof(p #> '{logo,path}') = 'string'
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- 2. Feedback responses.

create table public.feedback_responses (
  id bigint generated always as identity primary key,
  qr_code_id uuid not null references public.qr_codes (id) on delete cascade,
  submitted_at timestamptz not null default now(),
  rating smallint not null check (rating between 1 and 5),
  -- The index of the chosen option of the page's choice question (its text is read from the page).
  choice smallint check (choice between 0 and 5),
  choice_label text check (char_length(choice_label) <= 60),
  comment text check (char_length(comment) between 1 and 1000),
  email text check (char_length(email) between 3 and 254),
  -- sha256(daily salt || code id || visitor digest): for the rate limit only; null without an address.
  visitor bytea
);

comment on table public.feedback_responses is
  'Answers to hosted feedback pages (issue 33); written only by submit_feedback, read by the code''s owner.';

create index feedback_responses_code_time_idx on public.feedback_responses (qr_code_id, submitted_at desc, id desc);
create index feedback_responses_visitor_idx on public.feedback_responses (qr_code_id, visitor, submitted_at)
  where visitor is not null;

alter table public.feedback_responses enable row level security;

create policy "owners read their pages' feedback" on public.feedback_responses
  for select to authenticated
  using (exists (select 1 from public.qr_codes c
                  where c.id = feedback_responses.qr_code_id and c.user_id = (select auth.uid())));

create policy "owners delete their pages' feedback" on public.feedback_responses
  for delete to authenticated
  using (exists (select 1 from public.qr_codes c
                  where c.id = feedback_responses.qr_code_id and c.user_id = (select auth.uid())));

revoke all on public.feedback_responses from anon, authenticated, service_role;
grant select, delete on public.feedback_responses to authenticated;
grant select on public.feedback_responses to service_role;

-- The redirect's call with a visitor's answer. Returns what happened:
--   stored   the answer is stored;
--   spam     the honeypot was filled: dropped, nothing stored (the visitor is thanked all the same);
--   limited  more than 5 answers from this visitor to this code, or 200 to this code, within the hour;
--   invalid  a rating outside 1-5, a choice the page does not offer, a field the page does not ask for, a comment
--            over 1,000 characters or with control characters, an email over 254 characters or not one;
--   gone     the code is not an active feedback page (any more).
create function public.submit_feedback(
  p_code_id uuid,
  p_visitor text,
  p_rating integer,
  p_choice integer,
  p_comment text,
  p_email text,
  p_honeypot text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_page jsonb;
  v_visitor bytea;
  v_salt bytea;
  v_comment text := nullif(btrim(coalesce(p_comment, ''), E' \t\r\n'), '');
  v_email text := nullif(btrim(coalesce(p_email, '')), '');
  v_window constant interval := interval '1 hour';
begin
  select c.page into v_page
    from public.qr_codes c
   where c.id = p_code_id and c.is_dynamic and c.status = 'active' and c.page ->> 'type' = 'feedback';
  if v_page is null then
    return 'gone';
  end if;
  if coalesce(p_honeypot, '') <> '' then
    return 'spam';
  end if;
  if p_rating is null or p_rating not between 1 and 5
     or (p_choice is not null and (not v_page ? 'choice'
         or p_choice not between 0 and jsonb_array_length(v_page #> '{choice,options}') - 1))
     or (v_comment is not null and (v_page -> 'askComment' is distinct from 'true'::jsonb
         or char_length(v_comment) > 1000
         or replace(replace(v_comment, E'\r\n', ' '), E'\n', ' ') ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f]'))
     or (v_email is not null and (v_page -> 'askEmail' is distinct from 'true'::jsonb
         or char_length(v_email) > 254 or v_email !~ '^[^\s@<>"''`]{1,64}@[^\s@<>"''`]{1,253}$')) then
    return 'invalid';
  end if;
  -- Answers to one code are counted one at a time, so a burst cannot pass the limits together; other codes wait
  -- for nothing.
  perform pg_advisory_xact_lock(hashtextextended(p_code_id::text, 41));
  if (select count(*) from (select 1 from public.feedback_responses r
                             where r.qr_code_id = p_code_id and r.submitted_at > now() - v_window limit 200) x) >= 200 then
    return 'limited';
  end if;
  if p_visitor ~ '^[0-9a-f]{64}$' then
    v_salt := public.current_scan_salt();
    if v_salt is not null then
      v_visitor := sha256(v_salt || uuid_send(p_code_id) || decode(p_visitor, 'hex'));
      if (select count(*) from (select 1 from public.feedback_responses r
                                 where r.qr_code_id = p_code_id and r.visitor = v_visitor
                                   and r.submitted_at > now() - v_window limit 5) x) >= 5 then
        return 'limited';
      end if;
    end if;
  end if;
  insert into public.feedback_responses (qr_code_id, rating, choice, choice_label, comment, email, visitor)
  values (p_code_id, p_rating, p_choice,
          case when p_choice is not null then v_page #>> array['choice', 'options', p_choice::text] end,
          v_comment, v_email, v_visitor);
  return 'stored';
end
$$;

revoke all on function public.submit_feedback(uuid, text, integer, integer, text, text, text)
  from public, anon, authenticated;
grant execute on function public.submit_feedback(uuid, text, integer, integer, text, text, text) to service_role;

-- The owner's figures for one code: answers, average rating and how many gave each rating. Security invoker: RLS
-- decides, so another user's code reads as no answers.
create function public.feedback_summary(p_code_id uuid)
returns table (responses bigint, average_rating numeric, r1 bigint, r2 bigint, r3 bigint, r4 bigint, r5 bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*), round(avg(rating), 2),
         count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
         count(*) filter (where rating = 4), count(*) filter (where rating = 5)
    from public.feedback_responses
   where qr_code_id = p_code_id
$$;

revoke all on function public.feedback_summary(uuid) from public, anon;
grant execute on function public.feedback_summary(uuid) to authenticated, service_role;
