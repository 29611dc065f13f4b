// A business's opening hours at a given instant, in its own time zone (issue 33: "Open now / Closes at 18:00",
// computed at request time). The day's periods are its exception's when the date has one (a holiday: none, so
// closed), else its weekday's. Wall-clock dates and times throughout: the instant is turned into the business's
// date, weekday and minute once (Intl), and the days after it are counted on the calendar, so a clock change
// never shifts an opening time.

import { WEEKDAYS, type BusinessPage, type OpeningSlot } from './schema.ts';

export type OpeningState =
  { open: true; closes: string } | { open: false; opens: { day: 'today' | 'tomorrow' | string; time: string } | null };

interface LocalDay {
  /** YYYY-MM-DD in the business's zone. */
  date: string;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** Minutes since the day's midnight. */
  minute: number;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The business's date, weekday and minute at `now`. */
export function localDay(now: Date, timeZone: string): LocalDay {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** YYYY-MM-DD plus `days` on the calendar. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The periods of a date: its exception's, else its weekday's (none: closed). */
export function slotsOn(page: BusinessPage, date: string, weekday: number): OpeningSlot[] {
  const exception = page.exceptions?.find((e) => e.date === date);
  return exception ? exception.slots : (page.hours[WEEKDAYS[weekday]!] ?? []);
}

/**
 * Open (and until when: a period ending at 24:00 that the next day continues from 00:00 closes later), or closed
 * and when it opens next (within a week; null when it does not).
 */
export function openingState(page: BusinessPage, now: Date): OpeningState {
  const today = localDay(now, page.timeZone);
  const current = slotsOn(page, today.date, today.weekday).find(
    (s) => minutes(s.opens) <= today.minute && today.minute < minutes(s.closes),
  );
  if (current) {
    let closes = current.closes;
    // Open until midnight and again from midnight: it closes when the next day's first period ends.
    for (let d = 1; closes === '24:00' && d <= 7; d++) {
      const next = slotsOn(page, addDays(today.date, d), (today.weekday + d) % 7)[0];
      if (!next || next.opens !== '00:00') break;
      closes = next.closes;
    }
    return { open: true, closes };
  }
  const later = slotsOn(page, today.date, today.weekday).find((s) => minutes(s.opens) > today.minute);
  if (later) return { open: false, opens: { day: 'today', time: later.opens } };
  for (let d = 1; d <= 7; d++) {
    const first = slotsOn(page, addDays(today.date, d), (today.weekday + d) % 7)[0];
    if (first) {
      return {
        open: false,
        opens: { day: d === 1 ? 'tomorrow' : WEEKDAY_NAMES[(today.weekday + d) % 7]!, time: first.opens },
      };
    }
  }
  return { open: false, opens: null };
}

/** "Open now · Closes at 18:00", "Closed · Opens tomorrow at 09:00", as the page says it. */
export function openingLine(state: OpeningState): { status: string; detail: string | null } {
  if (state.open) {
    return {
      status: 'Open now',
      detail: state.closes === '24:00' ? 'Closes at midnight' : `Closes at ${state.closes}`,
    };
  }
  if (!state.opens) return { status: 'Closed', detail: null };
  const when = state.opens.day === 'today' ? '' : state.opens.day === 'tomorrow' ? 'tomorrow ' : `${state.opens.day} `;
  return { status: 'Closed', detail: `Opens ${when}at ${state.opens.time}` };
}

export { WEEKDAY_NAMES };
