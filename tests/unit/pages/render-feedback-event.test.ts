// Feedback and Event pages (issue 33): what the form asks and how it posts without a script; the thank-you page;
// an event's times in its zone across a clock change, its map link and calendar links.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderFeedbackThanks, renderHostedPage } from '../../../src/shared/pages/render.ts';
import type { EventPage, FeedbackPage } from '../../../src/shared/pages/schema.ts';
import { feedbackPageSchema, hostedPageSchema } from '../../../src/shared/pages/schema.ts';
import { HOSTILE_STRINGS, SAMPLE_PAGES, withHostileText } from './samples.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, out);
  return out;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const feedback = SAMPLE_PAGES.feedback as FeedbackPage;
const event = SAMPLE_PAGES.event as EventPage;
const ctx = {
  now: new Date('2026-03-01T12:00:00Z'),
  feedbackAction: '/r/abcd1234/feedback',
  icsHref: '/r/abcd1234/event.ics',
};

describe('feedback page', () => {
  it('is a plain form posting to the page: five required stars, the choice, a comment, an email and a honeypot', async () => {
    const all = elements(parse(await renderHostedPage(feedback, ctx)));
    const form = all.filter((el) => el.tagName === 'form');
    expect(form.map((f) => [attr(f, 'method'), attr(f, 'action')])).toEqual([['post', '/r/abcd1234/feedback']]);
    const inputs = all.filter((el) => el.tagName === 'input' || el.tagName === 'textarea');
    const ratings = inputs.filter((el) => attr(el, 'name') === 'rating');
    expect(ratings.map((r) => [attr(r, 'type'), attr(r, 'value'), attr(r, 'required')])).toEqual(
      [5, 4, 3, 2, 1].map((n) => ['radio', String(n), '']),
    );
    // Each star is labelled by its value for screen readers.
    const labels = all.filter((el) => el.tagName === 'label' && attr(el, 'aria-label'));
    expect(labels.map((l) => attr(l, 'aria-label'))).toEqual(['5 stars', '4 stars', '3 stars', '2 stars', '1 star']);
    expect(inputs.filter((el) => attr(el, 'name') === 'choice').map((c) => attr(c, 'value'))).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    expect(inputs.find((el) => attr(el, 'name') === 'comment')?.tagName).toBe('textarea');
    expect(
      attr(
        inputs.find((el) => attr(el, 'name') === 'email')!,
        'type',
      ),
    ).toBe('email');
    const trap = inputs.find((el) => attr(el, 'name') === 'website')!;
    expect(attr(trap, 'tabindex')).toBe('-1');
    expect(all.filter((el) => el.tagName === 'button').map((b) => attr(b, 'type'))).toEqual(['submit']);
  });

  it('asks only what the owner chose', async () => {
    const plain: FeedbackPage = { v: 1, type: 'feedback', title: 'Rate us', ratingQuestion: 'How was it?' };
    expect(feedbackPageSchema.safeParse(plain).success).toBe(true);
    const names = elements(parse(await renderHostedPage(plain, ctx)))
      .filter((el) => el.tagName === 'input' || el.tagName === 'textarea')
      .map((el) => attr(el, 'name'));
    expect([...new Set(names)]).toEqual(['rating', 'website']);
  });

  it('refuses a choice question with fewer than 2 or more than 6 options', () => {
    for (const options of [['Only one'], ['1', '2', '3', '4', '5', '6', '7']]) {
      const page = { ...feedback, choice: { question: 'Q', options } };
      expect(feedbackPageSchema.safeParse(page).success, String(options.length)).toBe(false);
    }
  });

  it.each(HOSTILE_STRINGS.map((s) => [s]))(
    "thanks the visitor with the owner's message as text (%j)",
    async (hostile) => {
      const page = withHostileText(feedback, hostile) as FeedbackPage;
      const out = await renderFeedbackThanks(page, 'stored', '/r/abcd1234');
      const all = elements(parse(out));
      expect(all.filter((el) => ['script', 'img', 'svg', 'form'].includes(el.tagName))).toEqual([]);
      expect(out).toContain('Thank you!');
      const back = all.find((el) => el.tagName === 'a' && attr(el, 'href') === '/r/abcd1234');
      expect(back).toBeDefined();
    },
  );

  it('tells a limited visitor to try later', async () => {
    const out = await renderFeedbackThanks(feedback, 'limited', '/r/abcd1234');
    expect(out).toContain('You have sent several answers already.');
  });
});

describe('event page', () => {
  it('shows the times in the event zone across the clock change, and the zone', async () => {
    const out = await renderHostedPage(event, ctx);
    // 18:00Z is 19:00 in Berlin (CET); 01:30Z the next day is 03:30 (CEST, after the change at 02:00).
    const when = /<p class="when">([^<]*)<\/p>/.exec(out)![1]!;
    expect(when.replace(/\s+/gu, ' ')).toBe('Saturday, 28 March 2026 at 19:00 – Sunday, 29 March 2026 at 03:30');
    expect(out).toContain('Europe/Berlin');
  });

  it('links the place to a map search, and offers the .ics, Google and Outlook', async () => {
    const all = elements(parse(await renderHostedPage(event, ctx)));
    const links = all.filter((el) => el.tagName === 'a').map((a) => attr(a, 'href')!);
    const map = new URL(links.find((l) => l.startsWith('https://www.openstreetmap.org/'))!);
    expect(map.searchParams.get('query')).toBe(event.place);
    expect(links).toContain('/r/abcd1234/event.ics');
    const google = new URL(links.find((l) => l.startsWith('https://calendar.google.com/'))!);
    expect(google.searchParams.get('dates')).toBe('20260328T180000Z/20260329T013000Z');
    expect(google.searchParams.get('text')).toBe(event.title);
    const outlook = new URL(links.find((l) => l.startsWith('https://outlook.live.com/'))!);
    expect([outlook.searchParams.get('startdt'), outlook.searchParams.get('enddt')]).toEqual([event.start, event.end]);
    expect(outlook.searchParams.get('location')).toBe(event.place);
  });

  it("keeps hostile text out of the calendar links' structure", async () => {
    for (const hostile of HOSTILE_STRINGS) {
      const page = withHostileText(event, hostile) as EventPage;
      const all = elements(parse(await renderHostedPage(page, ctx)));
      const google = all.map((el) => attr(el, 'href') ?? '').find((h) => h.startsWith('https://calendar.google.com/'))!;
      expect(new URL(google).searchParams.get('text')).toBe(page.title);
    }
  });
});

describe('hostile input on the issue 33 types', () => {
  const huge = 'x'.repeat(100 * 1024);
  const FIELDS: Record<'feedback' | 'event' | 'business', string[]> = {
    feedback: ['title', 'intro', 'ratingQuestion', 'thanks'],
    event: ['title', 'place', 'description', 'organiser'],
    business: ['name', 'description'],
  };

  it('refuses a 100 KB string in every text field', () => {
    for (const [type, fields] of Object.entries(FIELDS)) {
      const sample = SAMPLE_PAGES[type as keyof typeof FIELDS];
      for (const field of fields) {
        expect(hostedPageSchema.safeParse({ ...sample, [field]: huge }).success, `${type}.${field}`).toBe(false);
      }
    }
    const feedbackHuge = { ...feedback, choice: { question: 'Q', options: ['a', huge] } };
    expect(hostedPageSchema.safeParse(feedbackHuge).success).toBe(false);
  });

  it('refuses links that are not http(s) wherever these pages link out', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'https://user:pw@bank.example/',
      'mailto:a@b.example',
    ]) {
      expect(hostedPageSchema.safeParse({ ...event, url }).success, url).toBe(false);
      expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.business, website: url }).success, url).toBe(false);
      const socials = [{ network: 'instagram', url }];
      expect(hostedPageSchema.safeParse({ ...SAMPLE_PAGES.business, socials }).success, url).toBe(false);
    }
  });

  it('keeps an RTL override and markup as text on the business page, in its status line and hours too', async () => {
    for (const hostile of HOSTILE_STRINGS) {
      const page = withHostileText(SAMPLE_PAGES.business, hostile);
      const out = await renderHostedPage(page, ctx);
      const all = elements(parse(out));
      expect(all.filter((el) => ['script', 'img', 'svg', 'iframe'].includes(el.tagName))).toEqual([]);
      // Markup is escaped; an RTL override has nothing to escape and stays the character it is, inside text.
      if (/[<>"'&]/.test(hostile)) expect(out).not.toContain(hostile);
    }
  });
});
