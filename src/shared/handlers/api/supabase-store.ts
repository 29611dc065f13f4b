// The API's store over supabase-js, for the Edge Function (supabase/functions/api). The key lookup is the one
// call made with the service key (resolve_api_key: a hash in, an owner out); everything else goes through the
// project's Data API with a short-lived access token for the key's owner, so grants, row-level security and the
// plan-limit triggers decide exactly as for the app. Runtime-neutral: it is handed the clients.
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseExportSession, utcMicros } from '../scans-export/supabase-source.ts';
import type { CodeCreate, CodePatch } from './schemas.ts';
import { scanStatsFrom, type CountRow } from './scan-stats.ts';
import type { ApiStore, ScanRange, StoredCode, UserSession } from './store.ts';

const CODE_COLUMNS =
  'id, name, type, content, destination, design, is_dynamic, slug, status, scan_settings, page, created_at, updated_at';
const PATCHABLE = [
  'name',
  'type',
  'content',
  'destination',
  'design',
  'is_dynamic',
  'status',
  'scan_settings',
  'page',
] as const;

interface DataApiError {
  code?: string;
  message: string;
  hint?: string | null;
}

/** The Data API's refusal as an Error carrying its SQLSTATE, which the app maps to 4xx (plan limit, checks). */
function fail(error: DataApiError): never {
  throw Object.assign(new Error(error.message), { code: error.code, hint: error.hint ?? undefined });
}

function stored(row: Record<string, unknown>): StoredCode {
  return {
    ...(row as unknown as StoredCode),
    created_at: utcMicros(String(row.created_at)),
    updated_at: utcMicros(String(row.updated_at)),
  };
}

function userSession(client: SupabaseClient): UserSession {
  const codes = () => client.from('qr_codes');
  const rpc = async <T>(fn: string, args: Record<string, unknown>): Promise<T[]> => {
    const { data, error } = await client.rpc(fn, args);
    if (error) fail(error);
    return (data ?? []) as T[];
  };
  return {
    async listCodes(limit, offset) {
      const head = await codes().select('id', { count: 'exact', head: true });
      if (head.error) fail(head.error);
      const total = head.count ?? 0;
      // PostgREST refuses a range that starts past the end (416): there is nothing to read there anyway.
      if (offset >= total) return { codes: [], total };
      const { data, error } = await codes()
        .select(CODE_COLUMNS)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(offset, offset + limit - 1);
      if (error) fail(error);
      return { codes: (data ?? []).map(stored), total };
    },
    async getCode(id) {
      const { data, error } = await codes().select(CODE_COLUMNS).eq('id', id).maybeSingle();
      if (error) fail(error);
      return data ? stored(data) : null;
    },
    async createCode(input: CodeCreate) {
      const { data, error } = await codes()
        .insert({
          name: input.name,
          type: input.type,
          content: input.content,
          destination: input.destination ?? null,
          design: input.design,
          is_dynamic: input.is_dynamic,
          status: input.status,
          scan_settings: input.scan_settings ?? null,
          page: input.page ?? null,
        })
        .select(CODE_COLUMNS)
        .single();
      if (error) fail(error);
      return stored(data);
    },
    async updateCode(id, patch: CodePatch) {
      const fields = Object.fromEntries(
        PATCHABLE.filter((name) => patch[name] !== undefined).map((name) => [name, patch[name]]),
      );
      const { data, error } = await codes().update(fields).eq('id', id).select(CODE_COLUMNS).maybeSingle();
      if (error) fail(error);
      return data ? stored(data) : null;
    },
    async deleteCode(id) {
      const { data, error } = await codes().delete().eq('id', id).select('id');
      if (error) fail(error);
      return (data ?? []).length > 0;
    },
    async scanStats(id, range: ScanRange) {
      if (!(await this.getCode(id))) return null;
      const instants = { p_from: range.fromInstant, p_to: range.toInstant, p_code_id: id };
      const [perDay, country, device, os, browser] = await Promise.all([
        rpc<CountRow & { day: string }>('scans_per_day', {
          p_from: range.fromDay,
          p_to: range.toDay,
          p_code_id: id,
          p_tz: range.timeZone,
        }),
        rpc<CountRow & { country: string | null }>('scans_by_country', instants),
        rpc<CountRow & { device_type: string }>('scans_by_device', instants),
        rpc<CountRow & { os: string | null }>('scans_by_os', instants),
        rpc<CountRow & { browser: string | null }>('scans_by_browser', instants),
      ]);
      return scanStatsFrom({ perDay, country, device, os, browser });
    },
    exportSession: async () => supabaseExportSession(client),
  };
}

export interface SupabaseStoreDeps {
  /** A client with the service key: used for resolve_api_key only. */
  service: SupabaseClient;
  /** A client that reads as the user (an access token for them in Authorization). */
  asUser(userId: string): SupabaseClient;
}

export function createSupabaseApiStore(deps: SupabaseStoreDeps): ApiStore {
  return {
    async resolveKey(keyHash) {
      const { data, error } = await deps.service.rpc('resolve_api_key', { p_key_hash: keyHash });
      if (error) fail(error);
      return typeof data === 'string' ? data : null;
    },
    asUser: (userId) => userSession(deps.asUser(userId)),
  };
}
