// An ExportSession over supabase-js with the caller's JWT: the Edge Function's way to read as the user, through
// the project's Data API, so row-level security applies exactly as in the app. Runtime-neutral (it is handed a
// client), so the same code also runs in Node against the local server.
//
// The keyset step uses only plain filters (eq, gt, gte, lt, order, limit), no `or=` tree: the scans at the
// cursor's instant with a larger id first, then the scans after that instant. Both are index range scans on
// (qr_code_id, scanned_at).
import type { SupabaseClient } from '@supabase/supabase-js';
import { ExportError } from './exportError.ts';
import type { ExportCode, ExportFeedback, ExportScan, ExportSession } from '../../scans/exportSource.ts';

interface ScanJson {
  id: number | string;
  scanned_at: string;
  country: string | null;
  device_type: string;
  os: string | null;
  browser: string | null;
  is_unique: boolean;
}

interface FeedbackJson {
  id: number | string;
  submitted_at: string;
  rating: number;
  choice_label: string | null;
  comment: string | null;
  email: string | null;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * A timestamptz as PostgREST writes it (`2026-03-01T10:00:00.12+00:00`, in the database session's zone) as the
 * CSV's exact UTC form `2026-03-01T10:00:00.120000Z`. The fraction is kept as digits: a Date would drop microseconds.
 */
export function utcMicros(text: string): string {
  const m = TIMESTAMP.exec(text);
  if (!m) throw new Error(`unexpected timestamp from the Data API: ${text.slice(0, 40)}`);
  const [, day, time, fraction = '', zone = 'Z'] = m;
  const offset = zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const whole = new Date(Date.parse(`${day}T${time}${offset}`)).toISOString().slice(0, 19);
  return `${whole}.${fraction.padEnd(6, '0')}Z`;
}

const COLUMNS = 'id, scanned_at, country, device_type, os, browser, is_unique';

function toScan(row: ScanJson): ExportScan {
  return {
    id: String(row.id),
    scannedAt: utcMicros(row.scanned_at),
    country: row.country,
    deviceType: row.device_type,
    os: row.os,
    browser: row.browser,
    isUnique: row.is_unique,
  };
}

/** An error of the Data API: an expired or bad token is the caller's 401, anything else unexpected. */
function failure(error: { code?: string; message: string }): Error {
  if (error.code === 'PGRST301' || error.code === 'PGRST303') {
    return new ExportError(401, 'bad_jwt', 'The access token is invalid or expired: sign in again');
  }
  return new Error(`Data API: ${error.code ?? ''} ${error.message}`);
}

export function supabaseExportSession(client: SupabaseClient): ExportSession {
  const scansOf = (codeId: string, to: string) =>
    client.from('scan_events').select(COLUMNS).eq('qr_code_id', codeId).lt('scanned_at', to);

  return {
    async codes(codeId) {
      let query = client.from('qr_codes').select('id, name, slug');
      if (codeId !== null) query = query.eq('id', codeId);
      const { data, error } = await query.order('created_at').order('id');
      if (error) throw failure(error);
      return (data ?? []) as ExportCode[];
    },

    async scans(codeId, range, after, limit) {
      const rows: ExportScan[] = [];
      if (after !== null) {
        const ties = await scansOf(codeId, range.to)
          .eq('scanned_at', after.scannedAt)
          .gt('id', after.id)
          .order('id')
          .limit(limit);
        if (ties.error) throw failure(ties.error);
        rows.push(...(ties.data as ScanJson[]).map(toScan));
        if (rows.length >= limit) return rows;
      }
      const query =
        after === null
          ? scansOf(codeId, range.to).gte('scanned_at', range.from)
          : scansOf(codeId, range.to).gt('scanned_at', after.scannedAt);
      const next = await query
        .order('scanned_at')
        .order('id')
        .limit(limit - rows.length);
      if (next.error) throw failure(next.error);
      rows.push(...(next.data as ScanJson[]).map(toScan));
      return rows;
    },

    async feedback(codeId, beforeId, limit) {
      let query = client
        .from('feedback_responses')
        .select('id, submitted_at, rating, choice_label, comment, email')
        .eq('qr_code_id', codeId);
      if (beforeId !== null) query = query.lt('id', beforeId);
      const { data, error } = await query.order('id', { ascending: false }).limit(limit);
      if (error) throw failure(error);
      return (data as FeedbackJson[]).map((r): ExportFeedback => ({
        id: String(r.id),
        submittedAt: utcMicros(r.submitted_at),
        rating: r.rating,
        choice: r.choice_label,
        comment: r.comment,
        email: r.email,
      }));
    },
  };
}
