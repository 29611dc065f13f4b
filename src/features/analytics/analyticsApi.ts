import type { SupabaseClient } from '@supabase/supabase-js';
import { rangeToTimestamps, type DayRange } from './dateRange.ts';
import { toCount, type DayCount } from './format.ts';

export interface CodeOption {
  id: string;
  name: string;
}

export interface Slice {
  /** Raw key from the database (country code, device type, OS name); null when unknown. */
  key: string | null;
  scans: number;
}

export interface TopCode {
  id: string;
  name: string;
  scans: number;
}

export interface AnalyticsData {
  perDay: DayCount[];
  countries: Slice[];
  devices: Slice[];
  os: Slice[];
  topCodes: TopCode[];
  /** Every scan ever recorded (of the selected code, or of all codes). */
  allTime: number;
}

/** A supabase-js / PostgREST error as a sentence the page can show. */
export class AnalyticsError extends Error {}

function unwrap<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new AnalyticsError(`Could not load ${what}: ${result.error.message}`);
  return (result.data ?? []) as T;
}

type Row = Record<string, unknown>;

function slices(rows: Row[], key: string): Slice[] {
  return rows.map((r) => ({ key: (r[key] as string | null) ?? null, scans: toCount(r.scans) }));
}

/** The signed-in user's codes for the selector, newest first (RLS limits the rows to the user's own). */
export async function fetchCodeOptions(client: SupabaseClient): Promise<CodeOption[]> {
  const result = await client.from('qr_codes').select('id, name').order('created_at', { ascending: false });
  return unwrap<Row[]>(result, 'your QR codes').map((r) => ({ id: String(r.id), name: String(r.name) }));
}

/** Everything the analytics page shows for one period and one code (null = all codes), in parallel. */
export async function fetchAnalytics(client: SupabaseClient, range: DayRange, codeId: string | null): Promise<AnalyticsData> {
  const ts = rangeToTimestamps(range);
  const breakdownArgs = { p_from: ts.from, p_to: ts.to, p_code_id: codeId };
  const [perDay, countries, devices, os, top, allTimeDevices] = await Promise.all([
    client.rpc('scans_per_day', { p_from: range.from, p_to: range.to, p_code_id: codeId }),
    client.rpc('scans_by_country', breakdownArgs),
    client.rpc('scans_by_device', breakdownArgs),
    client.rpc('scans_by_os', breakdownArgs),
    client.rpc('top_codes', { p_limit: 5, p_from: ts.from, p_to: ts.to }),
    client.rpc('scans_by_device', { p_from: null, p_to: null, p_code_id: codeId }),
  ]);
  return {
    perDay: unwrap<Row[]>(perDay, 'scans per day').map((r) => ({ day: String(r.day), scans: toCount(r.scans) })),
    countries: slices(unwrap<Row[]>(countries, 'scans by country'), 'country'),
    devices: slices(unwrap<Row[]>(devices, 'scans by device'), 'device_type'),
    os: slices(unwrap<Row[]>(os, 'scans by operating system'), 'os'),
    topCodes: unwrap<Row[]>(top, 'top codes').map((r) => ({ id: String(r.id), name: String(r.name), scans: toCount(r.scans) })),
    allTime: slices(unwrap<Row[]>(allTimeDevices, 'all-time scans'), 'device_type').reduce((sum, s) => sum + s.scans, 0),
  };
}
