import { describe, expect, it } from 'vitest';
import {
  addDays,
  customRangeSchema,
  MAX_RANGE_DAYS,
  parseDay,
  presetRange,
  rangeFromParams,
  rangeLength,
  rangeToParams,
  rangeToTimestamps,
  resolveRange,
} from '../../../src/features/analytics/dateRange.ts';
import { todayIn } from '../../../src/shared/time/zonedDay.ts';

// 23:30 in UTC-5 on Nov 21 is already Nov 22 in UTC: periods are days in the chosen zone, like scans_per_day(p_tz).
const NOW = new Date('2026-11-22T04:30:00.000Z');
const UTC = 'UTC';
const NEW_YORK = 'America/New_York';

function firstError(from: string, to: string, now = NOW, timeZone = UTC) {
  const result = customRangeSchema(now, timeZone).safeParse({ from, to });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('days', () => {
  it('parses only real YYYY-MM-DD days', () => {
    expect(parseDay('2026-11-22')).toBe(Date.UTC(2026, 10, 22));
    expect(parseDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const bad of ['2025-02-29', '2026-13-01', '2026-11-31', '2026-1-5', '', 'today', '2026-11-22T00:00:00Z']) {
      expect(parseDay(bad), bad).toBeNull();
    }
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('takes today from the date in the chosen zone, not the device’s', () => {
    expect(todayIn(NOW, UTC)).toBe('2026-11-22');
    expect(todayIn(NOW, NEW_YORK)).toBe('2026-11-21');
    expect(todayIn(NOW, 'Asia/Tokyo')).toBe('2026-11-22');
    expect(todayIn(new Date('2026-11-22T23:59:59.999Z'), UTC)).toBe('2026-11-22');
    expect(todayIn(new Date('2026-11-22T23:59:59.999Z'), 'Asia/Kathmandu')).toBe('2026-11-23');
  });

  it('counts inclusive days', () => {
    expect(rangeLength({ from: '2026-11-22', to: '2026-11-22' })).toBe(1);
    expect(rangeLength({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
    expect(rangeLength({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
  });
});

describe('presets', () => {
  it('"Last N days" ends today and includes it', () => {
    expect(presetRange(7, NOW, UTC)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange(30, NOW, UTC)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetRange(90, NOW, UTC)).toEqual({ from: '2026-08-25', to: '2026-11-22' });
    for (const days of [7, 30, 90] as const) expect(rangeLength(presetRange(days, NOW, UTC))).toBe(days);
  });

  it('ends "Last N days" on today in the chosen zone', () => {
    expect(presetRange(7, NOW, NEW_YORK)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(presetRange(30, NOW, 'Pacific/Kiritimati')).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });

  it('turns a day range into the half-open instants the breakdown RPCs take', () => {
    expect(rangeToTimestamps({ from: '2026-11-16', to: '2026-11-22' }, UTC)).toEqual({
      from: '2026-11-16T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    expect(rangeToTimestamps({ from: '2026-12-31', to: '2026-12-31' }, UTC)).toEqual({
      from: '2026-12-31T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
    // Local midnights: New York is at UTC-5 in November; Kathmandu at +05:45.
    expect(rangeToTimestamps({ from: '2026-11-16', to: '2026-11-22' }, NEW_YORK)).toEqual({
      from: '2026-11-16T05:00:00.000Z',
      to: '2026-11-23T05:00:00.000Z',
    });
    expect(rangeToTimestamps({ from: '2026-11-16', to: '2026-11-16' }, 'Asia/Kathmandu')).toEqual({
      from: '2026-11-15T18:15:00.000Z',
      to: '2026-11-16T18:15:00.000Z',
    });
  });
});

describe('custom range validation', () => {
  it('accepts a range up to today, one day long or the maximum length', () => {
    expect(firstError('2026-11-22', '2026-11-22')).toBeUndefined();
    expect(firstError('2026-01-01', '2026-03-31')).toBeUndefined();
    expect(firstError(addDays('2026-11-22', -(MAX_RANGE_DAYS - 1)), '2026-11-22')).toBeUndefined();
  });

  it('rejects missing, invalid, reversed, future and too long ranges with a message', () => {
    expect(firstError('', '2026-11-01')).toBe('Choose a start date');
    expect(firstError('2026-11-01', '')).toBe('Choose an end date');
    expect(firstError('2026-02-30', '2026-03-01')).toBe('Enter a valid start date');
    expect(firstError('2026-11-10', '2026-11-09')).toBe('The start date must be on or before the end date');
    expect(firstError('2026-11-10', '2026-11-23')).toBe('The end date cannot be in the future');
    // Still Nov 21 in New York: Nov 22 is tomorrow there.
    expect(firstError('2026-11-10', '2026-11-22', NOW, NEW_YORK)).toBe('The end date cannot be in the future');
    expect(firstError('2026-11-10', '2026-11-21', NOW, NEW_YORK)).toBeUndefined();
    expect(firstError(addDays('2026-11-22', -MAX_RANGE_DAYS), '2026-11-22')).toBe(
      `Choose at most ${MAX_RANGE_DAYS} days`,
    );
  });
});

describe('the period in the URL', () => {
  const parse = (query: string) => rangeFromParams(new URLSearchParams(query), NOW, UTC);

  it('reads presets, custom ranges, and falls back to 30 days', () => {
    expect(parse('')).toEqual({ kind: 'preset', days: 30 });
    expect(parse('range=7')).toEqual({ kind: 'preset', days: 7 });
    expect(parse('range=90&code=abc')).toEqual({ kind: 'preset', days: 90 });
    expect(parse('range=14')).toEqual({ kind: 'preset', days: 30 });
    expect(parse('from=2026-10-01&to=2026-10-31')).toEqual({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' });
    // An invalid custom range in a hand-edited link is ignored rather than sent to the database.
    expect(parse('from=2026-10-31&to=2026-10-01&range=7')).toEqual({ kind: 'preset', days: 7 });
    expect(parse('from=2026-10-01&to=2027-01-01')).toEqual({ kind: 'preset', days: 30 });
  });

  it('writes the choice back, keeping other parameters, and round-trips', () => {
    const base = new URLSearchParams('code=abc&range=7');
    expect(rangeToParams({ kind: 'preset', days: 90 }, base).toString()).toBe('code=abc&range=90');
    expect(rangeToParams({ kind: 'preset', days: 30 }, base).toString()).toBe('code=abc');
    const custom = rangeToParams({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, base);
    expect(custom.toString()).toBe('code=abc&from=2026-10-01&to=2026-10-31');
    expect(rangeFromParams(custom, NOW, UTC)).toEqual({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' });
    expect(resolveRange(rangeFromParams(custom, NOW, UTC), NOW, UTC)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(resolveRange({ kind: 'preset', days: 7 }, NOW, NEW_YORK)).toEqual(presetRange(7, NOW, NEW_YORK));
  });
});
