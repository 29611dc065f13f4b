import type { ScanCounts } from './codeModel.ts';

/** A row with the rollup RPCs' counts (bigints: numbers, or strings from some drivers). */
export interface ScanCountRow {
  scans: unknown;
  unique_scans: unknown;
}

function count(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function toScanCounts(row: ScanCountRow): ScanCounts {
  return { scans: count(row.scans), uniqueScans: count(row.unique_scans) };
}

/** `scan_window` rows (one per code and value) summed per code. */
export function countsByCode(rows: readonly (ScanCountRow & { qr_code_id: string })[]): Map<string, ScanCounts> {
  const byCode = new Map<string, ScanCounts>();
  for (const row of rows) {
    const add = toScanCounts(row);
    const had = byCode.get(row.qr_code_id);
    byCode.set(row.qr_code_id, {
      scans: (had?.scans ?? 0) + add.scans,
      uniqueScans: (had?.uniqueScans ?? 0) + add.uniqueScans,
    });
  }
  return byCode;
}
