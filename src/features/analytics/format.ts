import { parseDay } from './dateRange.ts';

const countFormat = new Intl.NumberFormat('en-US');
const averageFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 4580 → "4,580". */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** One decimal at most: 50.888 → "50.9", 7 → "7". */
export function formatAverage(n: number): string {
  return averageFormat.format(Math.round(n * 10) / 10);
}

/** "2026-11-22" → "Nov 22" (axis ticks). */
export function formatDayShort(day: string): string {
  const ms = parseDay(day);
  return ms === null ? day : shortDay.format(ms);
}

/** "2026-11-22" → "Nov 22, 2026" (tables, totals). */
export function formatDayLong(day: string): string {
  const ms = parseDay(day);
  return ms === null ? day : longDay.format(ms);
}

export function formatRange({ from, to }: { from: string; to: string }): string {
  return from === to ? formatDayLong(from) : `${formatDayLong(from)} – ${formatDayLong(to)}`;
}

let regionNames: Intl.DisplayNames | null | undefined;
/** ISO 3166 alpha-2 → English name ("DE" → "Germany"); null (no address or a private one) → "Unknown". */
export function countryName(code: string | null): string {
  if (!code) return 'Unknown';
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const DEVICE_LABELS: Record<string, string> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  desktop: 'Desktop',
  other: 'Other',
};
export function deviceLabel(device: string | null): string {
  if (!device) return 'Unknown';
  return DEVICE_LABELS[device] ?? device;
}

export function orUnknown(value: string | null): string {
  return value && value.trim() ? value : 'Unknown';
}

/** Scans and unique scans (a visitor's first scan of a code in a UTC day) of one thing: a day, a country, a code. */
export interface ScanCounts {
  scans: number;
  uniqueScans: number;
}

export interface DayCount extends ScanCounts {
  day: string;
}

export interface PeriodTotals {
  total: number;
  uniqueTotal: number;
  days: number;
  averagePerDay: number;
  /** The first day with the most scans; null when there were none. */
  peak: DayCount | null;
}

export function summariseDays(days: readonly DayCount[]): PeriodTotals {
  let total = 0;
  let uniqueTotal = 0;
  let peak: DayCount | null = null;
  for (const d of days) {
    total += d.scans;
    uniqueTotal += d.uniqueScans;
    if (d.scans > 0 && (peak === null || d.scans > peak.scans)) peak = d;
  }
  return { total, uniqueTotal, days: days.length, averagePerDay: days.length ? total / days.length : 0, peak };
}

/** Share of a total as a whole percentage for tables ("37%"); 0 when the total is 0. */
export function percentOf(part: number, total: number): string {
  if (total <= 0) return '0%';
  return `${Math.round((part * 100) / total)}%`;
}

/** PostgREST may return bigint counts as numbers or strings; the charts need numbers. */
export function toCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}
