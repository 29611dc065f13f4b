// A coupon's validity is entered as a wall-clock time in the owner's zone (a datetime-local field) and stored as a
// UTC instant (`YYYY-MM-DDTHH:MM:SSZ`, src/shared/pages/schema.ts). Intl gives a zone's offset at an instant; two
// passes find the instant whose wall time is the one entered (a time skipped by a clock change moves forward).

const parts = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The zone's wall clock at `ms`, read as if it were UTC, minus `ms`: the offset in force then. */
function offsetAt(ms: number, timeZone: string): number {
  const p = Object.fromEntries(
    parts(timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return wall - Math.floor(ms / 60_000) * 60_000;
}

/** `2026-12-31T18:00` in `timeZone` → `2026-12-31T17:00:00Z`; null for an empty or malformed value. */
export function wallTimeToInstant(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const wall = Date.parse(`${local}:00Z`);
  if (Number.isNaN(wall)) return null;
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The inverse, for the field: `2026-12-31T17:00:00Z` → `2026-12-31T18:00` in Europe/Paris. */
export function instantToWallTime(instant: string, timeZone: string): string {
  const ms = Date.parse(instant);
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 16);
}
