// An event page's .ics, read back by ical.js (Mozilla's iCalendar parser, which nobody here wrote): the right
// instants across a clock change, every text field as typed (commas, semicolons, backslashes, line breaks, long and
// non-Latin text), a stable UID, CRLF lines of at most 75 octets, and no property injected through a line break.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icsOf } from '../../../src/shared/pages/ics.ts';
import type { EventPage } from '../../../src/shared/pages/schema.ts';
import { HOSTILE_STRINGS, SAMPLE_PAGES, withHostileText } from './samples.ts';

const event = SAMPLE_PAGES.event as EventPage;
const stamp = new Date('2026-03-01T09:30:00Z');

function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return { calendar, vevent: vevents[0]!, e: new ICAL.Event(vevents[0]!) };
}

describe('iCalendar file of an event page', () => {
  it('holds the event at the right instants across the change to summer time', () => {
    const { calendar, e } = read(icsOf(event, 'code-1@qr.example', stamp));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-03-28T18:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // In Berlin: 19:00 CET to 03:30 CEST, 8.5 hours by the wall clock but 7.5 long (the clock skips an hour).
    expect((e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime()) / 3_600_000).toBe(7.5);
    expect(e.uid).toBe('code-1@qr.example');
    expect(e.summary).toBe(event.title);
    expect(e.location).toBe(event.place);
    expect(e.description).toBe(`${event.description}\n\nOrganised by ${event.organiser}`);
  });

  it('keeps the UID for the same code, whatever changes', () => {
    const a = read(icsOf(event, 'code-1@qr.example', stamp)).e.uid;
    const b = read(icsOf({ ...event, title: 'Moved' }, 'code-1@qr.example', new Date())).e.uid;
    expect(a).toBe(b);
  });

  it('ends lines in CRLF, folds them at 75 octets, and reads long text back as typed', () => {
    const long = 'Ein Abend, drei Stücke; ein \\ Backslash. 東京 😀\n'.repeat(30).slice(0, 1990);
    const ics = icsOf({ ...event, description: long }, 'code-1@qr.example', stamp);
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(read(ics).e.description).toBe(`${long}\n\nOrganised by ${event.organiser}`);
  });

  it('cannot be given a property through a line break or a hostile string in any field', () => {
    const injected = 'Concert\r\nATTENDEE:mailto:evil@example.com\nBEGIN:VALARM';
    for (const text of [injected, ...HOSTILE_STRINGS]) {
      const page = {
        ...(withHostileText(event, text) as EventPage),
        title: text.replace(/\r\n|\r/g, ' ').slice(0, 120),
      };
      const { vevent, e } = read(icsOf(page, 'code-1@qr.example', stamp));
      expect(vevent.getAllProperties().map((p) => p.name)).toEqual([
        'uid',
        'dtstamp',
        'dtstart',
        'dtend',
        'summary',
        'location',
        'description',
        'url',
      ]);
      expect(vevent.getAllSubcomponents()).toEqual([]);
      expect(e.summary).toBe(page.title);
      // A CR LF typed in a field comes back as the line break it was (\n), never as a new line of the file.
      expect(e.location).toBe(page.place!.replace(/\r\n|\r/g, '\n'));
    }
  });
});
