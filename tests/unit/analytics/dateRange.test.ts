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
  todayUtc,
} from '../../../src/features/analytics/dateRange.ts';

// 23:30 in UTC-5 on Nov 21 is already Nov 22 in UTC: periods are UTC days, like the database's scans_per_day.
const NOW = new Date('2026-11-22T04:30:00.000Z');

function firstError(from: string, to: string, now = NOW) {
  const result = customRangeSchema(now).safeParse({ from, to });
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

  it('takes today from the UTC date, not the local one', () => {
    expect(todayUtc(NOW)).toBe('2026-11-22');
    expect(todayUtc(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(todayUtc(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
  });

  it('counts inclusive days', () => {
    expect(rangeLength({ from: '2026-11-22', to: '2026-11-22' })).toBe(1);
    expect(rangeLength({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
    expect(rangeLength({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
  });
});

describe('presets', () => {
  it('"Last N days" ends today and includes it', () => {
    expect(presetRange(7, NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange(30, NOW)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetRange(90, NOW)).toEqual({ from: '2026-08-25', to: '2026-11-22' });
    for (const days of [7, 30, 90] as const) expect(rangeLength(presetRange(days, NOW))).toBe(days);
  });

  it('turns a day range into the half-open timestamps the breakdown RPCs take', () => {
    expect(rangeToTimestamps({ from: '2026-11-16', to: '2026-11-22' })).toEqual({
      from: '2026-11-16T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    expect(rangeToTimestamps({ from: '2026-12-31', to: '2026-12-31' })).toEqual({
      from: '2026-12-31T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
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
    expect(firstError(addDays('2026-11-22', -MAX_RANGE_DAYS), '2026-11-22')).toBe(
      `Choose at most ${MAX_RANGE_DAYS} days`,
    );
  });
});

describe('the period in the URL', () => {
  const parse = (query: string) => rangeFromParams(new URLSearchParams(query), NOW);

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
    expect(rangeFromParams(custom, NOW)).toEqual({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' });
    expect(resolveRange(rangeFromParams(custom, NOW), NOW)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(resolveRange({ kind: 'preset', days: 7 }, NOW)).toEqual(presetRange(7, NOW));
  });
});
