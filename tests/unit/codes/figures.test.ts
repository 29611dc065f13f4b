import { describe, expect, it } from 'vitest';
import { dashboardSummarySchema, summaryCards } from '../../../src/features/codes/dashboardSummary.ts';
import { formatChange, formatCompact } from '../../../src/features/codes/formatFigures.ts';
import { scansLabel, uniqueScansLabel } from '../../../src/features/codes/codeModel.ts';
import { countsByCode, toScanCounts } from '../../../src/features/codes/scanCounts.ts';
import {
  ilikePattern,
  pageCount,
  pageRange,
  readListQuery,
  sortOrder,
  writeListQuery,
} from '../../../src/features/codes/listQuery.ts';

describe('figures', () => {
  it('formats like the spec (45.2K, 1.5K, 24)', () => {
    expect(formatCompact(45_200)).toBe('45.2K');
    expect(formatCompact(1_500)).toBe('1.5K');
    expect(formatCompact(24)).toBe('24');
    expect(formatCompact(4_580)).toBe('4.6K');
    expect(formatCompact(1_000)).toBe('1K');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(999.96)).toBe('1K');
    expect(formatCompact(50.9)).toBe('50.9');
    expect(formatCompact(2_345_678)).toBe('2.3M');
    expect(formatCompact(Number.NaN)).toBe('0');
  });
  it('formats the month-on-month change', () => {
    expect(formatChange(12)).toBe('+12% from last month');
    expect(formatChange(-3.26)).toBe('-3.3% from last month');
    expect(formatChange(0)).toBe('0% from last month');
    expect(formatChange(null)).toMatch(/No scans/);
  });
  it('turns dashboard_summary() into the four cards with the spec titles', () => {
    const s = dashboardSummarySchema.parse({
      total_codes: 3,
      codes_this_month: '1',
      total_scans: 4580,
      scans_last_30_days: 1527,
      scans_previous_30_days: 1500,
      scans_change_pct: 1.8,
      active_dynamic_codes: 2,
      avg_scans_per_day: 50.9,
      total_unique_scans: '3206',
      unique_scans_last_30_days: 1069,
      unique_scans_previous_30_days: 1050,
      time_zone: 'Europe/Berlin',
    });
    expect(summaryCards(s).map((c) => [c.title, c.value, c.unique, c.note])).toEqual([
      ['Total QR Codes', '3', undefined, '+1 this month'],
      ['Total Scans', '4.6K', 'Unique scans: 3.2K', '+1.8% from last month'],
      ['Active Campaigns', '2', undefined, 'Active dynamic codes'],
      ['Avg. Scans/Day', '50.9', 'Unique scans: 35.6', 'Average scans per day (30 days)'],
    ]);
  });
  it('reads a summary without the unique figures (an older server) as zero unique scans', () => {
    const s = dashboardSummarySchema.parse({ total_codes: 1, total_scans: 5 });
    expect(s.total_unique_scans).toBe(0);
    expect(summaryCards(s)[1]?.unique).toBe('Unique scans: 0');
  });
  it('labels and sums scans and unique scans per code', () => {
    expect(scansLabel(1)).toBe('1 scan');
    expect(scansLabel(1234)).toBe('1,234 scans');
    expect(uniqueScansLabel(1)).toBe('1 unique scan');
    expect(uniqueScansLabel(864)).toBe('864 unique scans');
    expect(toScanCounts({ scans: '12', unique_scans: null })).toEqual({ scans: 12, uniqueScans: 0 });
    const byCode = countsByCode([
      { qr_code_id: 'a', scans: 3, unique_scans: 2 },
      { qr_code_id: 'b', scans: '7', unique_scans: '5' },
      { qr_code_id: 'a', scans: 1, unique_scans: 1 },
    ]);
    expect(Object.fromEntries(byCode)).toEqual({
      a: { scans: 4, uniqueScans: 3 },
      b: { scans: 7, uniqueScans: 5 },
    });
  });
});

describe('list query', () => {
  it('reads and writes search, sort and page from the URL with safe defaults', () => {
    expect(readListQuery(new URLSearchParams('q=%20menu%20&sort=name_asc&page=3'))).toEqual({
      search: 'menu',
      sort: 'name_asc',
      page: 3,
      pageSize: 10,
    });
    expect(readListQuery(new URLSearchParams('sort=bogus&page=-2'))).toEqual({
      search: '',
      sort: 'created_desc',
      page: 1,
      pageSize: 10,
    });
    expect(writeListQuery({ search: 'a b', sort: 'scans_desc', page: 2 }).toString()).toBe(
      'q=a+b&sort=scans_desc&page=2',
    );
    expect(writeListQuery({ search: '', sort: 'created_desc', page: 1 }).toString()).toBe('');
  });
  it('maps sorts, ranges and page counts', () => {
    expect(sortOrder('created_desc')).toEqual({ column: 'created_at', ascending: false });
    expect(sortOrder('scans_asc')).toEqual({ column: 'scans', ascending: true });
    expect(pageRange(1, 10)).toEqual({ from: 0, to: 9 });
    expect(pageRange(3, 10)).toEqual({ from: 20, to: 29 });
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
  it('escapes LIKE wildcards typed by the user', () => {
    expect(ilikePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
