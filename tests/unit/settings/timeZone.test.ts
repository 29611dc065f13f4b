import { describe, expect, it } from 'vitest';
import { timeZoneSchema } from '../../../src/features/settings/settingsSchemas.ts';
import {
  DEVICE_CHOICE,
  deviceTimeZone,
  effectiveTimeZone,
  isTimeZone,
  storedTimeZone,
  timeZoneChoices,
  timeZoneLabel,
  timeZoneNames,
  timeZonePatch,
} from '../../../src/features/settings/timeZone.ts';

const WINTER = new Date('2026-01-15T12:00:00Z');

describe('time zone names', () => {
  it('accepts IANA names the database takes, and nothing else', () => {
    for (const ok of ['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'Asia/Kathmandu']) {
      expect(isTimeZone(ok), ok).toBe(true);
    }
    for (const bad of ['', 'Mars/Olympus_Mons', '+01:00', 'Europe/Berlin; drop table', 'a/b/c/d', 42, null]) {
      expect(isTimeZone(bad), String(bad)).toBe(false);
    }
  });

  it('lists UTC first, then every zone A–Z, each once', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('Europe/Berlin');
    expect(names).toContain('America/New_York');
    expect(new Set(names).size).toBe(names.length);
    const rest = names.slice(1);
    expect(rest).toEqual([...rest].sort());
  });

  it('labels a zone with its offset at that moment', () => {
    expect(timeZoneLabel('Europe/Berlin', WINTER)).toBe('Europe/Berlin (UTC+01:00)');
    expect(timeZoneLabel('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe('Europe/Berlin (UTC+02:00)');
    expect(timeZoneLabel('Asia/Kathmandu', WINTER)).toBe('Asia/Kathmandu (UTC+05:45)');
    expect(timeZoneLabel('America/New_York', WINTER)).toBe('America/New_York (UTC-05:00)');
    expect(timeZoneLabel('Africa/Abidjan', WINTER)).toBe('Africa/Abidjan (UTC+00:00)');
    expect(timeZoneLabel('UTC', WINTER)).toBe('UTC');
  });
});

describe('the zone of the account', () => {
  it('uses the saved zone, else the device’s', () => {
    expect(storedTimeZone({ time_zone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(storedTimeZone({ time_zone: 'Nowhere/Land' })).toBeNull();
    expect(storedTimeZone({ time_zone: 9 })).toBeNull();
    expect(storedTimeZone(undefined)).toBeNull();
    expect(effectiveTimeZone({ time_zone: 'Asia/Tokyo' }, 'Europe/Berlin')).toBe('Asia/Tokyo');
    expect(effectiveTimeZone({ full_name: 'Ada' }, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(isTimeZone(deviceTimeZone())).toBe(true);
  });

  it('offers the device’s zone first, and keeps a saved zone this browser does not list', () => {
    const choices = timeZoneChoices('Europe/Berlin', WINTER);
    expect(choices[0]).toEqual({ value: DEVICE_CHOICE, label: "Use this device's time zone (Europe/Berlin)" });
    expect(choices[1]).toEqual({ value: 'UTC', label: 'UTC' });
    expect(choices).toContainEqual({ value: 'Europe/Berlin', label: 'Europe/Berlin (UTC+01:00)' });
    expect(choices).toHaveLength(timeZoneNames().length + 1);
    // A link name Intl accepts but does not list.
    const alias = 'US/Eastern';
    expect(timeZoneChoices('UTC', WINTER).some((c) => c.value === alias)).toBe(false);
    const withAlias = timeZoneChoices('UTC', WINTER, alias);
    expect(withAlias.filter((c) => c.value === alias)).toHaveLength(1);
  });

  it('saves a zone, or removes it for "this device"', () => {
    expect(timeZonePatch('Europe/Berlin')).toEqual({ time_zone: 'Europe/Berlin' });
    expect(timeZonePatch(DEVICE_CHOICE)).toEqual({ time_zone: null });
    expect(timeZoneSchema.safeParse({ timeZone: 'Europe/Berlin' }).success).toBe(true);
    expect(timeZoneSchema.safeParse({ timeZone: DEVICE_CHOICE }).success).toBe(true);
    expect(timeZoneSchema.safeParse({ timeZone: 'Berlin' }).error?.issues[0]?.message).toBe(
      'Choose a time zone from the list',
    );
  });
});
