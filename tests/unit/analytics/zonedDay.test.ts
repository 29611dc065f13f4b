import { describe, expect, it } from 'vitest';
import { dayIn, startOfDayIn, todayIn } from '../../../src/shared/time/zonedDay.ts';

const at = (iso: string) => Date.parse(iso);

describe('the day of an instant in a zone', () => {
  it('follows the zone’s offset, half and quarter hours included', () => {
    expect(dayIn(at('2026-11-22T04:30:00Z'), 'UTC')).toBe('2026-11-22');
    expect(dayIn(at('2026-11-22T04:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-21');
    expect(dayIn(at('2026-11-22T18:14:59Z'), 'Asia/Kathmandu')).toBe('2026-11-22');
    expect(dayIn(at('2026-11-22T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(dayIn(at('2026-11-22T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-22');
    expect(dayIn(at('2026-11-22T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-23');
    expect(todayIn(new Date('2026-12-31T23:00:00Z'), 'Europe/Berlin')).toBe('2027-01-01');
  });
});

describe('the first instant of a day in a zone', () => {
  it('is the local midnight, on either side of a DST change', () => {
    expect(startOfDayIn('2026-11-22', 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(startOfDayIn('2026-01-15', 'Europe/Berlin').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfDayIn('2026-07-15', 'Europe/Berlin').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // Berlin's clocks go forward at 02:00 on 29 March 2026 and back at 03:00 on 25 October: midnight is unaffected.
    expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('2026-10-26', 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(startOfDayIn('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayIn('2026-11-16', 'Asia/Kathmandu').toISOString()).toBe('2026-11-15T18:15:00.000Z');
    expect(startOfDayIn('2026-11-16', 'Pacific/Chatham').toISOString()).toBe('2026-11-15T10:15:00.000Z');
    expect(startOfDayIn('2026-11-16', 'Pacific/Kiritimati').toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });

  it('is the moment the day begins when a clock change skips midnight', () => {
    // America/Santiago springs forward from 00:00 (-04) to 01:00 (-03) on 6 September 2026: the day begins at
    // 04:00Z, as PostgreSQL's '2026-09-06'::timestamp at time zone 'America/Santiago' gives.
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dayIn(at('2026-09-06T03:59:59Z'), 'America/Santiago')).toBe('2026-09-05');
  });

  it('is the instant whose day it is, and the instant before is the day before', () => {
    for (const zone of ['Europe/Berlin', 'America/Los_Angeles', 'Asia/Kathmandu', 'Australia/Lord_Howe']) {
      for (const day of ['2026-01-01', '2026-04-05', '2026-10-04', '2026-12-31']) {
        const start = startOfDayIn(day, zone).getTime();
        expect(dayIn(start, zone), `${zone} ${day}`).toBe(day);
        expect(dayIn(start - 1000, zone), `${zone} ${day}`).not.toBe(day);
      }
    }
  });

  it('refuses what is not a day', () => {
    expect(() => startOfDayIn('2026-13-01', 'UTC')).toThrow(RangeError);
    expect(() => startOfDayIn('today', 'UTC')).toThrow(RangeError);
  });
});
