// Feedback, Event and Business pages (issue 33) through any runtime serving the redirect: the local server's /r/:slug
// (scan-rules.test.ts, both backends) and the Edge Function under Deno (edge-function.test.ts).
//   Feedback: a visitor's plain form post is stored and answered with a 303 to the thank-you page; the honeypot drops
//   an answer; sizes are capped; one visitor is limited to 5 answers an hour per code while another visitor still
//   gets through; a paused page takes no answers; the owner reads the answers and their figures, another user can
//   neither read nor delete them, and anonymous callers can neither read, write nor call the function directly.
//   Event: the page and its .ics (parsed by ical.js) with a stable UID, and no script but the one its CSP allows.
//   Business: "Open now" or "Closed" as the hours say at the time of the request, in the business's zone.
import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import { EVENT_SCRIPT_HASH } from '../../src/shared/pages/render-event.ts';
import { SAMPLE_PAGES } from '../unit/pages/samples.ts';
import { makeClient, setPlan, signedUpClient } from './helpers.ts';
import type { RedirectUnderTest } from './redirect-cases.ts';
import { ANDROID, IPHONE } from './user-agents.ts';

interface Code {
  id: string;
  slug: string;
}

export function feedbackEventBusinessCases(target: RedirectUnderTest) {
  const post = (slug: string, form: Record<string, string>, opts: { ua?: string; address?: string } = {}) =>
    fetch(`${target.urlOf(slug)}/feedback`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'User-Agent': opts.ua ?? IPHONE,
        'X-Forwarded-For': opts.address ?? '81.2.69.160',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
  const get = (path: string) =>
    fetch(target.urlOf(path), {
      redirect: 'manual',
      headers: { 'User-Agent': IPHONE, 'X-Forwarded-For': '81.2.69.160' },
    });

  const account = async () => {
    const { client, user } = await signedUpClient(target.srv.url);
    await setPlan(target.srv.server.db, user.id, 'pro');
    return { client, user };
  };
  const createPage = async (client: Awaited<ReturnType<typeof account>>['client'], page: unknown) => {
    const { data, error } = await client
      .from('qr_codes')
      .insert({ name: 'Page', is_dynamic: true, page })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    return data as Code;
  };
  const stored = (codeId: string) =>
    target.srv.server.db.query<{
      rating: number;
      choice_label: string | null;
      comment: string | null;
      email: string | null;
    }>('SELECT rating, choice_label, comment, email FROM public.feedback_responses WHERE qr_code_id = $1 ORDER BY id', [
      codeId,
    ]);

  it('a feedback page takes a plain form post, thanks the visitor, and the owner alone reads the answers', async () => {
    const { client } = await account();
    const code = await createPage(client, SAMPLE_PAGES.feedback);
    const base = new URL(target.urlOf(code.slug)).pathname;
    const page = await get(code.slug);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<form method="post" action="${base}/feedback">`);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('script-src');

    const sent = await post(code.slug, {
      rating: '4',
      choice: '1',
      comment: 'Lovely room;\nslow "breakfast", <b>sadly</b>.',
      email: 'guest@example.com',
      website: '',
    });
    expect([sent.status, sent.headers.get('location')]).toEqual([303, `${base}/thanks`]);
    const thanks = await get(`${code.slug}/thanks`);
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain('Thank you! We read every answer.');
    // Only a rating: the optional fields stay empty.
    expect((await post(code.slug, { rating: '5' }, { ua: ANDROID })).status).toBe(303);
    expect(await stored(code.id)).toEqual([
      {
        rating: 4,
        choice_label: 'Search engine',
        comment: 'Lovely room;\nslow "breakfast", <b>sadly</b>.',
        email: 'guest@example.com',
      },
      { rating: 5, choice_label: null, comment: null, email: null },
    ]);

    // The owner reads them, with the figures; another user reads nothing and deletes nothing.
    const mine = await client.from('feedback_responses').select('rating').eq('qr_code_id', code.id).order('id');
    expect(mine.data).toEqual([{ rating: 4 }, { rating: 5 }]);
    const summary = await client.rpc('feedback_summary', { p_code_id: code.id });
    expect(summary.error).toBeNull();
    const s = (summary.data as Record<string, unknown>[])[0]!;
    expect([Number(s.responses), Number(s.average_rating), Number(s.r4), Number(s.r5), Number(s.r1)]).toEqual([
      2, 4.5, 1, 1, 0,
    ]);
    const other = await account();
    const theirs = await other.client.from('feedback_responses').select('id').eq('qr_code_id', code.id);
    expect([theirs.error, theirs.data]).toEqual([null, []]);
    const theirSummary = await other.client.rpc('feedback_summary', { p_code_id: code.id });
    expect(Number((theirSummary.data as Record<string, unknown>[])[0]!.responses)).toBe(0);
    await other.client.from('feedback_responses').delete().eq('qr_code_id', code.id);
    expect(await stored(code.id)).toHaveLength(2);
    // Nor can anyone write the table or call the function without the redirect.
    const insert = await other.client.from('feedback_responses').insert({ qr_code_id: code.id, rating: 1 });
    expect(insert.error).not.toBeNull();
    const anon = makeClient(target.srv.url);
    expect((await anon.from('feedback_responses').select('id')).data ?? []).toEqual([]);
    const anonInsert = await anon.from('feedback_responses').insert({ qr_code_id: code.id, rating: 1 });
    expect(anonInsert.error).not.toBeNull();
    const call = await anon.rpc('submit_feedback', {
      p_code_id: code.id,
      p_visitor: null,
      p_rating: 1,
      p_choice: null,
      p_comment: null,
      p_email: null,
      p_honeypot: null,
    });
    expect(call.error).not.toBeNull();
    expect(await stored(code.id)).toHaveLength(2);
    // The owner may delete an answer.
    const removed = await client.from('feedback_responses').delete().eq('qr_code_id', code.id).eq('rating', 5);
    expect(removed.error).toBeNull();
    expect(await stored(code.id)).toHaveLength(1);
    expect(target.errors()).toEqual([]);
  });

  it('drops what fills the honeypot, refuses what is too large or not asked for, and takes no answers when paused', async () => {
    const { client } = await account();
    const code = await createPage(client, { ...SAMPLE_PAGES.feedback, askEmail: false });
    const base = new URL(target.urlOf(code.slug)).pathname;
    // A bot filling every field is thanked like anyone, and nothing is stored.
    const bot = await post(code.slug, { rating: '5', comment: 'Buy now', website: 'https://spam.example' });
    expect([bot.status, bot.headers.get('location')]).toEqual([303, `${base}/thanks`]);
    // No rating, a rating of 6, a choice the page does not offer, an email it does not ask for, a comment of 1,001
    // characters, a control character: 400, nothing stored.
    for (const form of [
      { comment: 'no rating' } as Record<string, string>,
      { rating: '6' },
      { rating: '0' },
      { rating: '3', choice: '4' },
      { rating: '3', email: 'a@b.example' },
      { rating: '3', comment: 'x'.repeat(1001) },
      { rating: '3', comment: 'bell \u0007' },
      { rating: '3', comment: 'nul \u0000' },
    ]) {
      const res = await post(code.slug, form);
      expect([JSON.stringify(form).slice(0, 40), res.status]).toEqual([JSON.stringify(form).slice(0, 40), 400]);
      expect(await res.text()).toContain('Please check your answer');
    }
    // A body past 16 KB is not read.
    expect((await post(code.slug, { rating: '3', comment: 'y'.repeat(20_000) })).status).toBe(400);
    // Exactly 1,000 characters (of 4 bytes each) is fine.
    expect((await post(code.slug, { rating: '3', comment: '😀'.repeat(1000) })).status).toBe(303);
    expect((await stored(code.id)).map((r) => [...(r.comment ?? '')].length)).toEqual([1000]);
    // A GET of the form's address, a form post to the page itself or to another type's page: nothing stored.
    expect((await get(`${code.slug}/feedback`)).status).toBe(404);
    const links = await createPage(client, SAMPLE_PAGES.links);
    expect((await post(links.slug, { rating: '5' })).status).toBe(404);
    expect((await get(`${links.slug}/thanks`)).status).toBe(404);
    // Paused: no form, no answers, no thank-you page.
    const paused = await client.from('qr_codes').update({ status: 'paused' }).eq('id', code.id);
    expect(paused.error).toBeNull();
    expect((await post(code.slug, { rating: '5' })).status).toBe(404);
    expect((await get(`${code.slug}/thanks`)).status).toBe(404);
    expect(await stored(code.id)).toHaveLength(1);
    expect(target.errors()).toEqual([]);
  });

  it('limits one visitor flooding a feedback form to 5 answers an hour, while other visitors still answer', async () => {
    const { client } = await account();
    const code = await createPage(client, SAMPLE_PAGES.feedback);
    const base = new URL(target.urlOf(code.slug)).pathname;
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(code.slug, { rating: '1' })));
    const locations = answers.map((r) => r.headers.get('location'));
    expect(locations.filter((l) => l === `${base}/thanks`)).toHaveLength(5);
    expect(locations.filter((l) => l === `${base}/thanks?limited`)).toHaveLength(25);
    const limited = await get(`${code.slug}/thanks?limited`);
    expect(await limited.text()).toContain('You have sent several answers already.');
    // Another visitor (another address) is not held back by the first one's flood.
    const next = await post(code.slug, { rating: '5' }, { address: '81.2.69.161' });
    expect(next.headers.get('location')).toBe(`${base}/thanks`);
    expect((await stored(code.id)).map((r) => r.rating)).toEqual([1, 1, 1, 1, 1, 5]);
    expect(target.errors()).toEqual([]);
  });

  it('an event page offers its .ics, with the right instants and a UID that stays the same', async () => {
    const { client } = await account();
    const code = await createPage(client, SAMPLE_PAGES.event);
    const base = new URL(target.urlOf(code.slug)).pathname;
    const page = await get(code.slug);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`script-src '${EVENT_SCRIPT_HASH}'`);
    const html = await page.text();
    expect(html).toContain(`href="${base}/event.ics"`);
    const ics = await get(`${code.slug}/event.ics`);
    expect([ics.status, ics.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8']);
    const read = async (res: Response) =>
      new ICAL.Event(new ICAL.Component(ICAL.parse(await res.text()) as unknown[]).getFirstSubcomponent('vevent')!);
    const event = await read(ics);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-28T18:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(event.uid).toMatch(new RegExp(`^${code.id}@`));
    // Edited, the same code's event keeps its UID (a calendar updates it instead of adding another).
    const edit = await client
      .from('qr_codes')
      .update({ page: { ...SAMPLE_PAGES.event, title: 'Spring concert (new date)' } })
      .eq('id', code.id);
    expect(edit.error).toBeNull();
    const again = await read(await get(`${code.slug}/event.ics`));
    expect([again.uid, again.summary]).toEqual([event.uid, 'Spring concert (new date)']);
    // Another type's page has no .ics; a POST is not a form here.
    const links = await createPage(client, SAMPLE_PAGES.links);
    expect((await get(`${links.slug}/event.ics`)).status).toBe(404);
    expect((await post(code.slug, { rating: '5' })).status).toBe(404);
    expect(target.errors()).toEqual([]);
  });

  it('a business page says whether it is open at the time of the request, in its zone', async () => {
    const { client } = await account();
    const always = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens: '00:00', closes: '24:00' }]]),
    );
    const code = await createPage(client, { ...SAMPLE_PAGES.business, hours: always, exceptions: undefined });
    const text = async () => (await (await get(code.slug)).text()).replace(/\s+/g, ' ');
    expect(await text()).toContain('<span class="open">Open now</span>');
    // Closed every day from now on: the same URL says so at the next request.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const closed = await client
      .from('qr_codes')
      .update({
        page: {
          ...SAMPLE_PAGES.business,
          timeZone: 'Pacific/Kiritimati',
          hours: {},
          exceptions: [{ date: today, note: 'Inventory', slots: [] }],
        },
      })
      .eq('id', code.id);
    expect(closed.error).toBeNull();
    const page = await text();
    expect(page).toContain('<span class="open">Closed</span>');
    expect(page).toContain('(Inventory): Closed');
    expect(target.errors()).toEqual([]);
  });
}
