/**
 * The user's time zone for analytics: an IANA name kept in user_metadata.time_zone (so it follows the account
 * across devices), or, when none is stored, this device's zone.
 */

export const TIME_ZONE_KEY = 'time_zone';

/**
 * The shape PostgreSQL's public.check_time_zone() accepts (Area/Location, up to three parts, or UTC). Intl accepts
 * more (offsets such as "+01:00"), which the database would refuse.
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** A zone both this browser and the database know by that name. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** This device's zone; UTC when the browser does not say (or says something the database cannot use). */
export function deviceTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}

/** The zone saved with the account, or null (none saved, or not a zone this browser knows). */
export function storedTimeZone(metadata: Record<string, unknown> | undefined): string | null {
  const value = metadata?.[TIME_ZONE_KEY];
  return isTimeZone(value) ? value : null;
}

/** The zone analytics are shown in. */
export function effectiveTimeZone(metadata: Record<string, unknown> | undefined, device = deviceTimeZone()): string {
  return storedTimeZone(metadata) ?? device;
}

/** Every zone this browser knows, UTC first, then A–Z (Intl.supportedValuesOf leaves UTC out). */
export function timeZoneNames(): string[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC' && isTimeZone(z));
  return ['UTC', ...zones.sort()];
}

/** `Europe/Berlin` → `Europe/Berlin (UTC+01:00)` at `now`, so people can find their zone by offset too. */
export function timeZoneLabel(zone: string, now: Date): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName')?.value;
  // ICU writes a zero offset as "GMT" or "GMT+00:00", depending on its version.
  const utc = !offset || offset === 'GMT' ? 'UTC+00:00' : offset.replace('GMT', 'UTC');
  return zone === 'UTC' ? 'UTC' : `${zone} (${utc})`;
}

/** The choice that stores no zone, so the account follows whichever device it is used on. */
export const DEVICE_CHOICE = 'device';

export interface TimeZoneChoice {
  value: string;
  label: string;
}

/**
 * What the Settings control offers: "Use this device's time zone (X)" first, then every zone with its offset now.
 * A saved zone this browser does not list (an alias saved elsewhere) is offered too, so it stays selectable.
 */
export function timeZoneChoices(device: string, now: Date, saved: string | null = null): TimeZoneChoice[] {
  const names = timeZoneNames();
  if (saved && !names.includes(saved)) names.push(saved);
  return [
    { value: DEVICE_CHOICE, label: `Use this device's time zone (${device})` },
    ...names.map((zone) => ({ value: zone, label: timeZoneLabel(zone, now) })),
  ];
}

/** The metadata patch a choice saves: null deletes the key (contract: PUT /user merges `data` shallowly). */
export function timeZonePatch(choice: string): { [TIME_ZONE_KEY]: string | null } {
  return { [TIME_ZONE_KEY]: choice === DEVICE_CHOICE ? null : choice };
}
