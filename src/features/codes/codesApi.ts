/**
 * The app's only way to saved codes: supabase-js against `qr_codes` and the RPCs of
 * supabase/migrations/20261122000000_qr_codes.sql. RLS decides what a user sees; every failure becomes a
 * DataError with a sentence for the user (src/lib/supabaseCall.ts).
 */
import { normalizeDestination } from '../../shared/destination.ts';
import type { HostedPage } from '../../shared/pages/schema.ts';
import { DataError, NOT_FOUND_MESSAGE } from '../../lib/dataError.ts';
import { abortable, dataCall, supabaseCall, supabasePage } from '../../lib/supabaseCall.ts';
import { countsByCode, toScanCounts, type ScanCountRow } from './scanCounts.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import type { CodeDesign, CodeStatus, QrCodeRow, SavedCode, ScanCounts } from './codeModel.ts';
import { NO_SCANS, toSavedCode } from './codeModel.ts';
import { dashboardSummarySchema, type DashboardSummary } from './dashboardSummary.ts';
import { ilikePattern, pageCount, pageRange, sortOrder, type ListQuery } from './listQuery.ts';

const COLUMNS = 'id,name,type,content,destination,design,is_dynamic,slug,status,created_at,updated_at,page';

export interface CodePage {
  codes: SavedCode[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * All-time scans and unique scans of the listed codes in one request: `scan_window('all')` unbounded reads the
 * rollups' month rows (one row per code comes back, so PostgREST's row cap never cuts it), not the raw scans.
 */
async function withScans(rows: QrCodeRow[], signal?: AbortSignal): Promise<SavedCode[]> {
  if (rows.length === 0) return [];
  const counts = await supabaseCall<(ScanCountRow & { qr_code_id: string })[]>(
    abortable(
      getSupabase()
        .rpc('scan_window', { p_dim: 'all', p_from: null, p_to: null, p_code_id: null })
        .select('qr_code_id,scans,unique_scans')
        .in(
          'qr_code_id',
          rows.map((r) => r.id),
        ),
      signal,
    ),
    { ifNull: [] },
  );
  const byCode = countsByCode(counts);
  return rows.map((r) => toSavedCode(r, byCode.get(r.id) ?? NO_SCANS));
}

/**
 * One page of the user's codes. Name and date sorts page the table itself; the scans sort pages
 * `top_codes()` (which ranks at most the user's 100 most scanned codes) and then reads those rows. `signal` cancels
 * the requests of a page nobody waits for any more.
 */
export function listCodes(query: ListQuery, signal?: AbortSignal): Promise<CodePage> {
  return dataCall(async () => {
    const supabase = getSupabase();
    const { from, to } = pageRange(query.page, query.pageSize);
    const { column, ascending } = sortOrder(query.sort);
    if (column === 'scans') {
      // `name` is selected because it is filtered on: PostgREST before the fix of its issue #3965 (12.0.2, the
      // npm build the differential test runs) cannot filter a function's result on a column it does not return.
      const ranking = (head: boolean) => {
        const ranked = supabase
          .rpc('top_codes', { p_limit: 100 }, { count: 'exact', head })
          .select('id,scans,unique_scans,name');
        return abortable(query.search ? ranked.ilike('name', ilikePattern(query.search)) : ranked, signal);
      };
      const { rows: ranks, total } = await supabasePage<(ScanCountRow & { id: string })[]>(
        ranking(false).order('scans', { ascending }).order('id').range(from, to),
        () => ranking(true),
      );
      if (ranks.length === 0)
        return { codes: [], total, page: query.page, pageCount: pageCount(total, query.pageSize) };
      const rows = await supabaseCall<QrCodeRow[]>(
        abortable(
          supabase
            .from('qr_codes')
            .select(COLUMNS)
            .in(
              'id',
              ranks.map((r) => r.id),
            ),
          signal,
        ),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const codes = ranks.flatMap((r) => {
        const row = byId.get(r.id);
        return row ? [toSavedCode(row, toScanCounts(r))] : [];
      });
      return { codes, total, page: query.page, pageCount: pageCount(total, query.pageSize) };
    }
    const codes = (head: boolean) => {
      const all = supabase.from('qr_codes').select(head ? 'id' : COLUMNS, { count: 'exact', head });
      return abortable(query.search ? all.ilike('name', ilikePattern(query.search)) : all, signal);
    };
    const { rows, total } = await supabasePage<QrCodeRow[]>(
      codes(false).order(column, { ascending }).order('id').range(from, to),
      () => codes(true),
    );
    return {
      codes: await withScans(rows, signal),
      total,
      page: query.page,
      pageCount: pageCount(total, query.pageSize),
    };
  });
}

/** The newest codes for the overview's "Recent QR Codes". */
export function recentCodes(limit = 5): Promise<SavedCode[]> {
  return dataCall(async () => {
    const rows = await supabaseCall<QrCodeRow[]>(
      getSupabase().from('qr_codes').select(COLUMNS).order('created_at', { ascending: false }).order('id').limit(limit),
    );
    return withScans(rows);
  });
}

export interface NewCode {
  name: string;
  /** Generator type id (website, vcard …). */
  type: string;
  isDynamic: boolean;
  /** Static: the payload the code encodes. */
  content: string;
  /** Dynamic: where the short URL redirects. */
  destination: string | null;
  design: CodeDesign;
  /** Dynamic: the hosted page a scan shows instead of a redirect (checked against hostedPageSchema). */
  page?: HostedPage;
}

/**
 * What a dynamic code's destination is stored as: the normalized URL (lower-case scheme and host, IDN hosts in
 * punycode, paths percent-encoded), which the database's check (public.is_redirectable_url) accepts.
 */
function storedDestination(destination: string | null): string {
  const normalized = normalizeDestination(destination ?? '');
  if (!normalized.ok) throw new DataError('invalid', normalized.reason);
  return normalized.url;
}

export function createCode(code: NewCode): Promise<SavedCode> {
  return dataCall(async () => {
    const row = await supabaseCall<QrCodeRow>(
      getSupabase()
        .from('qr_codes')
        .insert({
          name: code.name,
          type: code.type,
          is_dynamic: code.isDynamic,
          content: code.isDynamic ? '' : code.content,
          // A hosted page answers the scan itself: the code needs no destination (the database's check agrees).
          destination: code.isDynamic && !code.page ? storedDestination(code.destination) : null,
          design: code.design,
          ...(code.page ? { page: code.page } : {}),
        })
        .select(COLUMNS)
        .single(),
    );
    return toSavedCode(row);
  });
}

export interface CodePatch {
  name?: string;
  content?: string;
  /** Stored normalized (see storedDestination). */
  destination?: string;
  design?: CodeDesign;
  status?: CodeStatus;
  /** A hosted page's new content: the same short URL shows it at the next scan. */
  page?: HostedPage;
}

export function updateCode(id: string, patch: CodePatch, counts: ScanCounts = NO_SCANS): Promise<SavedCode> {
  return dataCall(async () => {
    const body =
      patch.destination === undefined ? patch : { ...patch, destination: storedDestination(patch.destination) };
    const row = await supabaseCall<QrCodeRow>(
      getSupabase().from('qr_codes').update(body).eq('id', id).select(COLUMNS).single(),
    );
    return toSavedCode(row, counts);
  });
}

/** One of the user's codes (RLS: another user's is not found). */
export function getCode(id: string, signal?: AbortSignal): Promise<SavedCode> {
  return dataCall(async () => {
    const rows = await supabaseCall<QrCodeRow[]>(
      abortable(getSupabase().from('qr_codes').select(COLUMNS).eq('id', id).limit(1), signal),
    );
    const row = rows[0];
    if (!row) throw new DataError('not_found', NOT_FOUND_MESSAGE);
    return (await withScans([row], signal))[0]!;
  });
}

export function deleteCode(id: string): Promise<void> {
  return dataCall(async () => {
    const rows = await supabaseCall<{ id: string }[]>(
      getSupabase().from('qr_codes').delete().eq('id', id).select('id'),
    );
    if (rows.length === 0) throw new DataError('not_found', NOT_FOUND_MESSAGE);
  });
}

/** The spec's three sample codes with their scans; only into an account without codes. */
export function loadSampleData(): Promise<void> {
  return dataCall(async () => {
    await supabaseCall(getSupabase().rpc('load_sample_data'), { ifNull: null });
  });
}

/** The overview's figures; "this month" is the month in `timeZone` (an IANA name). */
export function dashboardSummary(timeZone: string): Promise<DashboardSummary> {
  return dataCall(async () => {
    return dashboardSummarySchema.parse(
      await supabaseCall<unknown>(getSupabase().rpc('dashboard_summary', { p_tz: timeZone })),
    );
  });
}
