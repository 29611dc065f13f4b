/**
 * The app's only way to saved codes: supabase-js against `qr_codes` and the RPCs of
 * supabase/migrations/20261122000000_qr_codes.sql. RLS decides what a user sees; every failure becomes a
 * CodesError with a sentence for the user.
 */
import { normalizeDestination } from '../../../supabase/functions/_shared/destination.ts';
import { getSupabase } from '../auth/supabaseClient.ts';
import type { CodeDesign, CodeStatus, QrCodeRow, SavedCode } from './codeModel.ts';
import { toSavedCode } from './codeModel.ts';
import { CodesError, toCodesError } from './codesErrors.ts';
import { dashboardSummarySchema, type DashboardSummary } from './dashboardSummary.ts';
import { ilikePattern, pageCount, pageRange, sortOrder, type ListQuery } from './listQuery.ts';

const COLUMNS = 'id,name,type,content,destination,design,is_dynamic,slug,status,created_at,updated_at';

export interface CodePage {
  codes: SavedCode[];
  total: number;
  page: number;
  pageCount: number;
}

interface Result<T> {
  data: T | null;
  error: unknown;
}

function unwrap<T>({ data, error }: Result<T>): T {
  if (error) throw toCodesError(error);
  if (data === null) throw new CodesError('unknown', 'The server returned no data. Please try again.');
  return data;
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toCodesError(error);
  }
}

/** Exact scan count of one code (HEAD with `count=exact`: no rows travel). */
async function scanCount(id: string): Promise<number> {
  const { count, error } = await getSupabase().from('scan_events').select('id', { count: 'exact', head: true }).eq('qr_code_id', id);
  if (error) throw toCodesError(error);
  return count ?? 0;
}

async function withScans(rows: QrCodeRow[]): Promise<SavedCode[]> {
  const counts = await Promise.all(rows.map((r) => scanCount(r.id)));
  return rows.map((r, i) => toSavedCode(r, counts[i]));
}

/**
 * One page of the user's codes. Name and date sorts page the table itself; the scans sort pages
 * `top_codes()` (which ranks at most the user's 100 most scanned codes) and then reads those rows.
 */
export function listCodes(query: ListQuery): Promise<CodePage> {
  return guard(async () => {
    const supabase = getSupabase();
    const { from, to } = pageRange(query.page, query.pageSize);
    const { column, ascending } = sortOrder(query.sort);
    if (column === 'scans') {
      let ranked = supabase.rpc('top_codes', { p_limit: 100 }, { count: 'exact' }).select('id,scans');
      if (query.search) ranked = ranked.ilike('name', ilikePattern(query.search));
      const res = await ranked.order('scans', { ascending }).order('id').range(from, to);
      const ranks = unwrap(res as Result<{ id: string; scans: number }[]>);
      const total = res.count ?? 0;
      if (ranks.length === 0) return { codes: [], total, page: query.page, pageCount: pageCount(total, query.pageSize) };
      const rows = unwrap(
        (await supabase
          .from('qr_codes')
          .select(COLUMNS)
          .in(
            'id',
            ranks.map((r) => r.id),
          )) as Result<QrCodeRow[]>,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const codes = ranks.flatMap((r) => {
        const row = byId.get(r.id);
        return row ? [toSavedCode(row, Number(r.scans))] : [];
      });
      return { codes, total, page: query.page, pageCount: pageCount(total, query.pageSize) };
    }
    let request = supabase.from('qr_codes').select(COLUMNS, { count: 'exact' });
    if (query.search) request = request.ilike('name', ilikePattern(query.search));
    const res = await request.order(column, { ascending }).order('id').range(from, to);
    const rows = unwrap(res as Result<QrCodeRow[]>);
    const total = res.count ?? 0;
    return { codes: await withScans(rows), total, page: query.page, pageCount: pageCount(total, query.pageSize) };
  });
}

/** The newest codes for the overview's "Recent QR Codes". */
export function recentCodes(limit = 5): Promise<SavedCode[]> {
  return guard(async () => {
    const res = await getSupabase().from('qr_codes').select(COLUMNS).order('created_at', { ascending: false }).order('id').limit(limit);
    return withScans(unwrap(res as Result<QrCodeRow[]>));
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
}

/**
 * What a dynamic code's destination is stored as: the normalized URL (lower-case scheme and host, IDN hosts in
 * punycode, paths percent-encoded), which the database's check (public.is_redirectable_url) accepts.
 */
function storedDestination(destination: string | null): string {
  const normalized = normalizeDestination(destination ?? '');
  if (!normalized.ok) throw new CodesError('invalid', normalized.reason);
  return normalized.url;
}

export function createCode(code: NewCode): Promise<SavedCode> {
  return guard(async () => {
    const res = await getSupabase()
      .from('qr_codes')
      .insert({
        name: code.name,
        type: code.type,
        is_dynamic: code.isDynamic,
        content: code.isDynamic ? '' : code.content,
        destination: code.isDynamic ? storedDestination(code.destination) : null,
        design: code.design,
      })
      .select(COLUMNS)
      .single();
    return toSavedCode(unwrap(res as Result<QrCodeRow>));
  });
}

export interface CodePatch {
  name?: string;
  content?: string;
  /** Stored normalized (see storedDestination). */
  destination?: string;
  design?: CodeDesign;
  status?: CodeStatus;
}

export function updateCode(id: string, patch: CodePatch, scans = 0): Promise<SavedCode> {
  return guard(async () => {
    const body = patch.destination === undefined ? patch : { ...patch, destination: storedDestination(patch.destination) };
    const res = await getSupabase().from('qr_codes').update(body).eq('id', id).select(COLUMNS).single();
    return toSavedCode(unwrap(res as Result<QrCodeRow>), scans);
  });
}

export function deleteCode(id: string): Promise<void> {
  return guard(async () => {
    const res = await getSupabase().from('qr_codes').delete().eq('id', id).select('id');
    const rows = unwrap(res as Result<{ id: string }[]>);
    if (rows.length === 0) throw new CodesError('not_found', 'This QR code no longer exists. It may have been deleted.');
  });
}

/** The spec's three sample codes with their scans; only into an account without codes. */
export function loadSampleData(): Promise<void> {
  return guard(async () => {
    const { error } = await getSupabase().rpc('load_sample_data');
    if (error) throw toCodesError(error);
  });
}

export function dashboardSummary(): Promise<DashboardSummary> {
  return guard(async () => {
    const res = await getSupabase().rpc('dashboard_summary');
    return dashboardSummarySchema.parse(unwrap(res as Result<unknown>));
  });
}
