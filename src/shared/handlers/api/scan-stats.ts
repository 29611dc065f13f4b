// The body of GET /codes/{id}/scans from the analytics RPCs' rows, the same for both stores (the local server's SQL
// and the Edge Function's supabase-js): counts arrive as numbers or numeric strings, days as dates or timestamps.
import type { UserSession } from './store.ts';

export interface CountRow {
  scans: number | string;
  unique_scans: number | string;
}

export interface ScanRows {
  perDay: Array<CountRow & { day: unknown }>;
  country: Array<CountRow & { country?: string | null }>;
  device: Array<CountRow & { device_type?: unknown }>;
  os: Array<CountRow & { os?: string | null }>;
  browser: Array<CountRow & { browser?: string | null }>;
}

const counts = (row: CountRow) => ({ scans: Number(row.scans), unique_scans: Number(row.unique_scans) });

export function scanStatsFrom(rows: ScanRows): NonNullable<Awaited<ReturnType<UserSession['scanStats']>>> {
  const perDay = rows.perDay.map((row) => ({ day: String(row.day).slice(0, 10), ...counts(row) }));
  return {
    totals: perDay.reduce(
      (sum, row) => ({ scans: sum.scans + row.scans, unique_scans: sum.unique_scans + row.unique_scans }),
      { scans: 0, unique_scans: 0 },
    ),
    per_day: perDay,
    by_country: rows.country.map((row) => ({ country: row.country ?? null, ...counts(row) })),
    by_device: rows.device.map((row) => ({ device_type: String(row.device_type), ...counts(row) })),
    by_os: rows.os.map((row) => ({ os: row.os ?? null, ...counts(row) })),
    by_browser: rows.browser.map((row) => ({ browser: row.browser ?? null, ...counts(row) })),
  };
}
