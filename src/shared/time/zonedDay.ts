/**
 * Calendar days in an IANA time zone, with nothing but Intl: the day an instant falls on there, and the first
 * instant of a day there. Analytics periods are days in the user's time zone (Settings), and the breakdown RPCs
 * take the instants that bound them; `scans_per_day(…, p_tz)` cuts its days at the same instants. The API's scans
 * range (GET /codes/{id}/scans?tz=) uses the same instants, so the page and the API count the same days.
 */

const HOUR_MS = 3_600_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (creating them is the slow part), giving the wall clock as numeric parts. */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time at `ms` in the zone, as if it were a UTC time (so offset = wall - ms). */
function wallMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of wallClock(timeZone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  return date.getTime();
}

/** `YYYY-MM-DD` of the instant in the zone. */
export function dayIn(ms: number, timeZone: string): string {
  return new Date(wallMs(ms, timeZone)).toISOString().slice(0, 10);
}

/** Today in the zone. */
export function todayIn(now: Date, timeZone: string): string {
  return dayIn(now.getTime(), timeZone);
}

/**
 * The first instant of `day` in the zone. Usually its local midnight; when midnight is skipped by a clock change
 * (America/Santiago in September), the instant the day begins, as PostgreSQL's `day::timestamp at time zone tz`
 * gives. Offsets are within ±14 hours, so the offsets in force 14 hours either side of the UTC midnight are the
 * only candidates.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  if (!ISO_DAY.test(day)) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(utcMidnight)) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  const candidates = [-14 * HOUR_MS, 0, 14 * HOUR_MS].map((shift) => {
    const at = utcMidnight + shift;
    return utcMidnight - (wallMs(at, timeZone) - Math.floor(at / 1000) * 1000);
  });
  const inDay = candidates.filter((c) => dayIn(c, timeZone) === day);
  if (inDay.length === 0) throw new RangeError(`No start of ${day} found in ${timeZone}`);
  return new Date(Math.min(...inDay));
}
