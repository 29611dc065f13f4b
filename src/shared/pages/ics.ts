// An event page's "Add to calendar" file: iCalendar (RFC 5545), one VEVENT with UTC times (DTSTART/DTEND in the
// form 19980119T070000Z, section 3.3.5, so no VTIMEZONE is needed and every calendar places the event at the same
// instant), a UID that stays the same for the code (an updated page replaces the event in the calendar instead of
// adding a second one), text escaped as section 3.3.11 asks (backslash, semicolon, comma, line breaks as \n: a
// line break in a field can never start a property of its own), CRLF line ends, lines folded at 75 octets.

import { foldLine } from './vcard.ts';
import type { EventPage } from './schema.ts';

/** RFC 5545 TEXT escaping (section 3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 2026-03-28T18:00:00Z → 20260328T180000Z (section 3.3.5, form #2: UTC). */
export function icsUtc(instant: string | Date): string {
  const iso = (typeof instant === 'string' ? new Date(instant) : instant).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** The description the calendar shows: the page's text, then who organises it. */
export function eventDetails(page: EventPage): string {
  return [page.description, page.organiser ? `Organised by ${page.organiser}` : ''].filter(Boolean).join('\n\n');
}

/**
 * The .ics text of an event page. `uid` is stable per code (the redirect passes `<code id>@<host>`); `stamp` is
 * when the file was made (DTSTAMP).
 */
export function icsOf(page: EventPage, uid: string, stamp: Date): string {
  const e = escapeIcsText;
  const details = eventDetails(page);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//QRCraft//Hosted event page//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e(uid)}`,
    `DTSTAMP:${icsUtc(stamp)}`,
    `DTSTART:${icsUtc(page.start)}`,
    `DTEND:${icsUtc(page.end)}`,
    `SUMMARY:${e(page.title)}`,
  ];
  if (page.place) lines.push(`LOCATION:${e(page.place)}`);
  if (details) lines.push(`DESCRIPTION:${e(details)}`);
  // URL is a URI value, not TEXT (section 3.8.4.6): not escaped; the schema allows only checked http(s) addresses.
  if (page.url) lines.push(`URL:${page.url}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Google Calendar's "add event" link (times in UTC, the event's zone as ctz). */
export function googleCalendarUrl(page: EventPage): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: page.title,
    dates: `${icsUtc(page.start)}/${icsUtc(page.end)}`,
    ctz: page.timeZone,
  });
  const details = eventDetails(page);
  if (details) q.set('details', details);
  if (page.place) q.set('location', page.place);
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** Outlook on the web's "add event" link (ISO 8601 UTC times). */
export function outlookCalendarUrl(page: EventPage): string {
  const q = new URLSearchParams({
    rru: 'addevent',
    subject: page.title,
    startdt: page.start,
    enddt: page.end,
  });
  const details = eventDetails(page);
  if (details) q.set('body', details);
  if (page.place) q.set('location', page.place);
  return `https://outlook.live.com/calendar/0/action/compose?${q.toString()}`;
}
