// A business's "Open now / Closes at 18:00" at the request's instant, in its own zone (issue 33): periods, a lunch
// break, a night that runs past midnight, exceptions (a closed holiday, shorter hours), and the days around the
// change to summer time, when the same wall-clock hours are an hour apart in UTC.
import { describe, expect, it } from 'vitest';
import { localDay, openingLine, openingState } from '../../../src/shared/pages/opening-hours.ts';
import { businessPageSchema, type BusinessPage } from '../../../src/shared/pages/schema.ts';
import { SAMPLE_PAGES } from './samples.ts';

const shop = SAMPLE_PAGES.business as BusinessPage;
const at = (instant: string) => openingLine(openingState(shop, new Date(instant)));

describe('opening hours in the business zone', () => {
  it('reads the date, weekday and minute in the zone, on both sides of the clock change', () => {
    // 2026-03-29 01:00Z is 03:00 CEST (02:00 CET never happens in Berlin that night).
    expect(localDay(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-03-29',
      weekday: 6,
      minute: 119,
    });
    expect(localDay(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-03-29',
      weekday: 6,
      minute: 180,
    });
  });

  it('is open within a period and says when it closes; closed over lunch, it says when it opens', () => {
    // Monday 30 March (CEST, UTC+2): 09:00Z is 11:00.
    expect(at('2026-03-30T09:00:00Z')).toEqual({ status: 'Open now', detail: 'Closes at 13:00' });
    expect(at('2026-03-30T11:30:00Z')).toEqual({ status: 'Closed', detail: 'Opens at 14:00' });
    expect(at('2026-03-30T12:00:00Z')).toEqual({ status: 'Open now', detail: 'Closes at 18:00' });
    // 18:00 is closing time: closed, open again on Tuesday.
    expect(at('2026-03-30T16:00:00Z')).toEqual({ status: 'Closed', detail: 'Opens tomorrow at 07:00' });
    // The same wall-clock time a week earlier is an hour later in UTC (CET, UTC+1).
    expect(at('2026-03-23T10:00:00Z')).toEqual({ status: 'Open now', detail: 'Closes at 13:00' });
    expect(at('2026-03-23T12:30:00Z')).toEqual({ status: 'Closed', detail: 'Opens at 14:00' });
  });

  it('runs a Saturday night past midnight into Sunday, across the clock change', () => {
    // Saturday 28 March 21:00 (CET): open until 24:00, and on from 00:00 to 02:00 on Sunday.
    expect(at('2026-03-28T20:00:00Z')).toEqual({ status: 'Open now', detail: 'Closes at 02:00' });
    // Sunday 00:30 CET.
    expect(at('2026-03-28T23:30:00Z')).toEqual({ status: 'Open now', detail: 'Closes at 02:00' });
    // Sunday 03:00 CEST: closed until Monday.
    expect(at('2026-03-29T01:00:00Z')).toEqual({ status: 'Closed', detail: 'Opens tomorrow at 07:00' });
  });

  it('follows the exceptions: shorter hours on Christmas Eve, closed on Christmas Day', () => {
    // Thursday 24 December 10:00 CET.
    expect(at('2026-12-24T09:00:00Z')).toEqual({ status: 'Open now', detail: 'Closes at 12:00' });
    // Christmas Day is closed, so after 12:00 it opens again on Saturday.
    expect(at('2026-12-24T12:00:00Z')).toEqual({ status: 'Closed', detail: 'Opens Saturday at 08:00' });
    // Friday 25 December, a Friday (07:00-22:00 by the week), is closed all day.
    expect(at('2026-12-25T10:00:00Z')).toEqual({ status: 'Closed', detail: 'Opens tomorrow at 08:00' });
  });

  it('says closed, without a next time, for a business with no hours at all', () => {
    const closed: BusinessPage = { ...shop, hours: {}, exceptions: undefined };
    expect(openingLine(openingState(closed, new Date('2026-03-30T09:00:00Z')))).toEqual({
      status: 'Closed',
      detail: null,
    });
  });

  it('refuses periods that overlap, end before they start or repeat a date', () => {
    const bad = [
      { ...shop, hours: { mon: [{ opens: '09:00', closes: '08:00' }] } },
      {
        ...shop,
        hours: {
          mon: [
            { opens: '09:00', closes: '13:00' },
            { opens: '12:00', closes: '18:00' },
          ],
        },
      },
      { ...shop, hours: { mon: [{ opens: '24:00', closes: '24:00' }] } },
      { ...shop, hours: { mon: [{ opens: '9:00', closes: '18:00' }] } },
      { ...shop, hours: { someday: [] } },
      { ...shop, exceptions: [{ date: '2026-02-30', slots: [] }] },
      {
        ...shop,
        exceptions: [
          { date: '2026-12-24', slots: [] },
          { date: '2026-12-24', slots: [] },
        ],
      },
    ];
    for (const page of bad) expect(businessPageSchema.safeParse(page).success, JSON.stringify(page.hours)).toBe(false);
    expect(businessPageSchema.safeParse(shop).success).toBe(true);
  });
});
