/**
 * The contract between the page and the CSV worker (workers/csv.worker.ts), which parses a bulk-creation
 * spreadsheet with papaparse, streaming, off the main thread. Only plain data crosses it.
 */

/** The columns bulk creation reads (header names are matched case-insensitively, spaces and dashes as `_`). */
export const BULK_COLUMNS = [
  'name',
  'content',
  'type',
  'foreground',
  'background',
  'shape',
  'frame',
  'frame_text',
  'level',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** One data row as the spreadsheet has it: every known column as text ('' when absent or empty). */
export type BulkRawRow = Record<BulkColumn, string>;

/** The most rows one file may hold: more is refused as a whole, with that reason, before any work. */
export const MAX_BULK_ROWS = 10_000;

export interface CsvParseResult {
  rows: BulkRawRow[];
  /** Header names the file has that bulk creation does not use (said to the user, never silently ignored). */
  unusedColumns: string[];
  /** Why the file as a whole cannot be used (no content column, too many rows, unreadable); null when usable. */
  fileProblem: string | null;
  /** Malformed records (a quote left open, too many cells…): the spreadsheet row number and the reason. */
  rowProblems: { row: number; message: string }[];
}

export interface CsvWorkerApi {
  /** Parses an uploaded file or pasted text; the header row is required. */
  parse(input: Blob | string): Promise<CsvParseResult>;
}
