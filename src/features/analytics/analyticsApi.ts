import type { SupabaseClient } from '@supabase/supabase-js';
import { abortable, supabaseCall } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { serverUrl } from '../../lib/supabaseConfig.ts';
import { rangeToTimestamps, type DayRange } from './dateRange.ts';
import { toCount, type DayCount, type ScanCounts } from './format.ts';
import { scanOutcomes, targetsOf, type ScanOutcomes } from './scanOutcomes.ts';

export interface CodeOption {
  id: string;
  name: string;
}

export interface Slice extends ScanCounts {
  /** Raw key from the database (country code, device type, OS name); null when unknown. */
  key: string | null;
}

export interface TopCode extends ScanCounts {
  id: string;
  name: string;
}

export interface AnalyticsData {
  perDay: DayCount[];
  countries: Slice[];
  devices: Slice[];
  os: Slice[];
  topCodes: TopCode[];
  /** Every scan ever recorded (of the selected code, or of all codes), and how many of them were unique. */
  allTime: ScanCounts;
}

type Row = Record<string, unknown>;

/** The rows of one answer; a failure becomes a DataError reading "Could not load <what>: <server message>". */
function rowsOf(result: { data: unknown; error: unknown }, what: string): Promise<Row[]> {
  return supabaseCall<Row[]>(result, { what, ifNull: [] });
}

/** Every analytics RPC answers `scans` and `unique_scans` (bigints: numbers or strings). */
function countsOf(row: Row): ScanCounts {
  return { scans: toCount(row.scans), uniqueScans: toCount(row.unique_scans) };
}

function slices(rows: Row[], key: string): Slice[] {
  return rows.map((r) => ({ key: (r[key] as string | null) ?? null, ...countsOf(r) }));
}

function sum(items: readonly ScanCounts[]): ScanCounts {
  return items.reduce((a, b) => ({ scans: a.scans + b.scans, uniqueScans: a.uniqueScans + b.uniqueScans }), {
    scans: 0,
    uniqueScans: 0,
  });
}

/** The signed-in user's codes for the selector, newest first (RLS limits the rows to the user's own). */
export async function fetchCodeOptions(client: SupabaseClient, signal?: AbortSignal): Promise<CodeOption[]> {
  const request = client.from('qr_codes').select('id, name').order('created_at', { ascending: false });
  const rows = await rowsOf(await abortable(request, signal), 'your QR codes');
  return rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
}

/**
 * Everything the analytics page shows for one period (days in `timeZone`) and one code (null = all codes), in
 * parallel. The answers are read in a fixed order, so when several fail the page names the first of them.
 */
export async function fetchAnalytics(
  client: SupabaseClient,
  range: DayRange,
  codeId: string | null,
  timeZone: string,
  signal?: AbortSignal,
): Promise<AnalyticsData> {
  const ts = rangeToTimestamps(range, timeZone);
  const breakdownArgs = { p_from: ts.from, p_to: ts.to, p_code_id: codeId };
  const rpc = (fn: string, args: Record<string, unknown>) => abortable(client.rpc(fn, args), signal);
  // postgrest-js reports failures (network ones too) in each answer rather than rejecting.
  const [perDay, countries, devices, os, top, allTimeDevices] = await Promise.all([
    rpc('scans_per_day', { p_from: range.from, p_to: range.to, p_code_id: codeId, p_tz: timeZone }),
    rpc('scans_by_country', breakdownArgs),
    rpc('scans_by_device', breakdownArgs),
    rpc('scans_by_os', breakdownArgs),
    rpc('top_codes', { p_limit: 5, p_from: ts.from, p_to: ts.to }),
    rpc('scans_by_device', { p_from: null, p_to: null, p_code_id: codeId }),
  ]);
  return {
    perDay: (await rowsOf(perDay, 'scans per day')).map((r) => ({ day: String(r.day), ...countsOf(r) })),
    countries: slices(await rowsOf(countries, 'scans by country'), 'country'),
    devices: slices(await rowsOf(devices, 'scans by device'), 'device_type'),
    os: slices(await rowsOf(os, 'scans by operating system'), 'os'),
    topCodes: (await rowsOf(top, 'top codes')).map((r) => ({ id: String(r.id), name: String(r.name), ...countsOf(r) })),
    allTime: sum(slices(await rowsOf(allTimeDevices, 'all-time scans'), 'device_type')),
  };
}

/** A form POST to the scans export (docs/server.md, "Scans export"): where it goes and the fields it carries. */
export interface ScansExportForm {
  action: string;
  fields: Record<string, string>;
}

/**
 * The export of the period's scans (days in `timeZone`) of one code (null = all codes), as a form that carries
 * the access token (a download cannot set an Authorization header); null when no session is left to send.
 * getSession() refreshes an expired access token first, so the form carries a valid one.
 */
export async function scansExportForm(
  range: DayRange,
  codeId: string | null,
  timeZone: string,
): Promise<ScansExportForm | null> {
  const { data, error } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (error || !token) return null;
  const { from, to } = rangeToTimestamps(range, timeZone);
  const fields: Record<string, string> = { access_token: token, from, to, tz: timeZone };
  if (codeId) fields.code = codeId;
  return { action: serverUrl('/functions/v1/scans-export'), fields };
}

/**
 * Scans of one code by rule and by A/B variant, scans stopped by gate and a Links page's clicks per link, in the
 * period (days in `timeZone`): `scan_outcomes` for the figures and the code's settings and page for the labels, in
 * parallel.
 */
export async function fetchScanOutcomes(
  client: SupabaseClient,
  range: DayRange,
  codeId: string,
  timeZone: string,
  signal?: AbortSignal,
): Promise<ScanOutcomes> {
  const ts = rangeToTimestamps(range, timeZone);
  const [rows, code] = await Promise.all([
    abortable(client.rpc('scan_outcomes', { p_code_id: codeId, p_from: ts.from, p_to: ts.to }), signal),
    abortable(client.from('qr_codes').select('scan_settings, page').eq('id', codeId), signal),
  ]);
  const outcomes = await rowsOf(rows, 'scans by rule, variant and gate');
  const [row] = await rowsOf(code, 'the code’s scan rules');
  return scanOutcomes(outcomes, targetsOf(row?.scan_settings, row?.page));
}
