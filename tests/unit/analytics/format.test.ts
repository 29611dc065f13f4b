import { describe, expect, it } from 'vitest';
import {
  countryName,
  deviceLabel,
  formatAverage,
  formatCount,
  formatDayLong,
  formatDayShort,
  formatRange,
  orUnknown,
  percentOf,
  summariseDays,
  toCount,
} from '../../../src/features/analytics/format.ts';

describe('numbers', () => {
  it('groups thousands and keeps at most one decimal', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(4580)).toBe('4,580');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatAverage(50.888)).toBe('50.9');
    expect(formatAverage(7)).toBe('7');
    expect(formatAverage(0.04)).toBe('0');
    expect(formatAverage(1234.55)).toBe('1,234.6');
  });

  it('gives shares as whole percentages and survives an empty total', () => {
    expect(percentOf(1, 3)).toBe('33%');
    expect(percentOf(2, 3)).toBe('67%');
    expect(percentOf(5, 5)).toBe('100%');
    expect(percentOf(0, 0)).toBe('0%');
  });

  it('reads counts that PostgREST may send as strings', () => {
    expect(toCount(12)).toBe(12);
    expect(toCount('4580')).toBe(4580);
    expect(toCount(null)).toBe(0);
    expect(toCount('x')).toBe(0);
  });
});

describe('days', () => {
  it('formats UTC days whatever the local time zone', () => {
    expect(formatDayShort('2026-11-22')).toBe('Nov 22');
    expect(formatDayLong('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDayLong('not a day')).toBe('not a day');
    expect(formatRange({ from: '2026-11-16', to: '2026-11-22' })).toBe('Nov 16, 2026 – Nov 22, 2026');
    expect(formatRange({ from: '2026-11-22', to: '2026-11-22' })).toBe('Nov 22, 2026');
  });

  it('sums a period, averages over every day (zeros too) and finds the first busiest day', () => {
    const days = [
      { day: '2026-11-20', scans: 0, uniqueScans: 0 },
      { day: '2026-11-21', scans: 5, uniqueScans: 3 },
      { day: '2026-11-22', scans: 5, uniqueScans: 4 },
      { day: '2026-11-23', scans: 2, uniqueScans: 2 },
    ];
    expect(summariseDays(days)).toEqual({
      total: 12,
      uniqueTotal: 9,
      days: 4,
      averagePerDay: 3,
      peak: { day: '2026-11-21', scans: 5, uniqueScans: 3 },
    });
    expect(summariseDays([{ day: '2026-11-20', scans: 0, uniqueScans: 0 }])).toEqual({
      total: 0,
      uniqueTotal: 0,
      days: 1,
      averagePerDay: 0,
      peak: null,
    });
    expect(summariseDays([])).toEqual({ total: 0, uniqueTotal: 0, days: 0, averagePerDay: 0, peak: null });
  });
});

describe('labels', () => {
  it('names countries, and says Unknown for scans without one', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('us')).toBe('United States');
    expect(countryName(null)).toBe('Unknown');
    expect(countryName('')).toBe('Unknown');
  });

  it('names device types and empty values', () => {
    expect(deviceLabel('mobile')).toBe('Mobile');
    expect(deviceLabel('desktop')).toBe('Desktop');
    expect(deviceLabel('other')).toBe('Other');
    expect(deviceLabel(null)).toBe('Unknown');
    expect(orUnknown('iOS')).toBe('iOS');
    expect(orUnknown(null)).toBe('Unknown');
    expect(orUnknown('  ')).toBe('Unknown');
  });
});
