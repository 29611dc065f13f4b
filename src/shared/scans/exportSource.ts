// What the scans export reads, whichever runtime serves it: the local server (SQL as the user, server/export/)
// or a Supabase Edge Function (supabase-js with the user's JWT, src/shared/handlers/scans-export/supabase-source.ts).
// Row-level security decides what a user sees in both: a source never reads as anyone but the caller.

/** A code whose scans are exported. */
export interface ExportCode {
  id: string;
  name: string;
  slug: string;
}

/** One scan as the CSV shows it. */
export interface ExportScan {
  /** bigint as text. */
  id: string;
  /** The exact instant in UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (microseconds, as stored). */
  scannedAt: string;
  country: string | null;
  deviceType: string;
  os: string | null;
  browser: string | null;
  isUnique: boolean;
}

/** Keyset position: the last row read, in (scanned_at, id) order. */
export interface ScanCursor {
  scannedAt: string;
  id: string;
}

/** Half-open `[from, to)`, ISO instants as the caller sent them. */
export interface InstantRange {
  from: string;
  to: string;
}

/** One answer to a feedback page as the CSV shows it (issue 33). */
export interface ExportFeedback {
  /** bigint as text: the keyset position (newest first, by id). */
  id: string;
  /** UTC with microseconds, like a scan's. */
  submittedAt: string;
  rating: number;
  /** The chosen option's text as it was when answered, or null. */
  choice: string | null;
  comment: string | null;
  email: string | null;
}

/** Reads as one authenticated user. */
export interface ExportSession {
  /** The caller's codes (only `codeId` when given; empty when the caller cannot see it), oldest first. */
  codes(codeId: string | null): Promise<ExportCode[]>;
  /** At most `limit` scans of one code in the range after `after`, in (scanned_at, id) order. */
  scans(codeId: string, range: InstantRange, after: ScanCursor | null, limit: number): Promise<ExportScan[]>;
  /** At most `limit` answers to a feedback page, newest first, with ids below `beforeId` (null: from the newest). */
  feedback(codeId: string, beforeId: string | null, limit: number): Promise<ExportFeedback[]>;
  /**
   * Called once when the export is over (finished, failed, or the client went away): a source that holds a place
   * in the caller's budget of heavy work gives it back here. Extra calls must be harmless.
   */
  release?(): void;
}
