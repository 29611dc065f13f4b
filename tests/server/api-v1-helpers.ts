// Calls to the public API (/api/v1) over real HTTP, and API keys made through supabase-js as Settings makes them.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

export interface ApiCallInit {
  method?: string;
  /** Sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** Sent as `X-API-Key: <key>`. */
  xApiKey?: string;
  /** Any other bearer value (an access token). */
  bearer?: string;
  /** A JSON body (Content-Type application/json). */
  json?: unknown;
  /** A raw body with its own headers. */
  body?: string;
  headers?: Record<string, string>;
}

export async function apiCall(baseUrl: string, path: string, init: ApiCallInit = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  const bearer = init.key ?? init.bearer;
  if (bearer !== undefined) headers.Authorization = `Bearer ${bearer}`;
  if (init.xApiKey !== undefined) headers['X-API-Key'] = init.xApiKey;
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** A new key for the client's user, through the create_api_key RPC (the key is in this answer only). */
export async function createApiKey(client: SupabaseClient, name: string): Promise<{ id: string; key: string }> {
  const { data, error } = await client.rpc('create_api_key', { p_name: name });
  if (error) throw new Error(`create_api_key failed: ${error.message}`);
  const row = (data as Array<{ id: string; key: string }>)[0];
  if (!row) throw new Error('create_api_key returned no row');
  return { id: row.id, key: row.key };
}
