// The wall clock in the time zone a code's owner picked, for time-window rules: minutes since local midnight and
// the local weekday. Intl only (every runtime has the IANA database), so a window follows the zone's clock across
// daylight-saving changes: "09:00-17:00 Europe/Berlin" is 08:00-16:00 UTC in winter and 07:00-15:00 in summer.

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

export interface LocalTime {
  /** 0 … 1439. */
  minutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export function localTime(ms: number, timeZone: string): LocalTime {
  let hour = 0;
  let minute = 0;
  let weekday = 0;
  for (const part of format(timeZone).formatToParts(ms)) {
    if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'weekday') weekday = WEEKDAYS[part.value] ?? 0;
  }
  return { minutes: hour * 60 + minute, weekday };
}

/** "HH:MM" → minutes since midnight. */
export function clockMinutes(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}
