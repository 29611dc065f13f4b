/**
 * The settings page's data: the account, through supabase-js auth (PUT /auth/v1/user: name, time zone, email,
 * password), and the API keys, through `api_keys` and the RPCs of supabase/migrations/20261124000600_api_keys.sql.
 * Every failure becomes a DataError (src/lib/supabaseCall.ts); the account calls keep the auth server's message.
 */
import type { User } from '@supabase/supabase-js';
import { authCall, dataCall, supabaseCall } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { serverUrl } from '../../lib/supabaseConfig.ts';
import { authLandingUrl } from '../auth/authRedirect.ts';
import { timeZonePatch } from './timeZone.ts';

/** An active key as the owner may read it (public.api_keys without its hash). */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** What create_api_key returns: the only moment the whole key exists outside the caller's hands. */
export interface CreatedApiKey {
  id: string;
  name: string;
  prefix: string;
  key: string;
}

/** Merges `data` into user_metadata (the server merges shallowly); the user as the server now has it. */
function updateMetadata(data: Record<string, unknown>): Promise<User | null> {
  return dataCall(async () => (await authCall(getSupabase().auth.updateUser({ data }))).user);
}

/** Saves the full name (user_metadata.full_name). */
export function saveFullName(fullName: string): Promise<User | null> {
  return updateMetadata({ full_name: fullName });
}

/** Saves a time-zone choice (user_metadata.time_zone; the device choice deletes it). */
export function saveTimeZone(choice: string): Promise<User | null> {
  return updateMetadata(timeZonePatch(choice));
}

/**
 * Asks for a new address. Nothing changes until it is confirmed by mail: the server sends a link to the current
 * and to the new address (secure email change, contract R8), and the links land on /auth.
 */
export function requestEmailChange(email: string): Promise<void> {
  return dataCall(async () => {
    await authCall(getSupabase().auth.updateUser({ email }, { emailRedirectTo: authLandingUrl() }));
  });
}

/** Sets a new password; the server signs out every other session of the user (contract §6.3). */
export function changePassword(password: string): Promise<void> {
  return dataCall(async () => {
    await authCall(getSupabase().auth.updateUser({ password }));
  });
}

/** The user's active keys, newest first. */
export function listApiKeys(): Promise<ApiKeyRow[]> {
  return dataCall(() =>
    supabaseCall<ApiKeyRow[]>(
      getSupabase()
        .from('api_keys')
        .select('id, name, prefix, created_at, last_used_at')
        .is('revoked_at', null)
        .order('created_at', { ascending: false }),
      { what: 'your API keys' },
    ),
  );
}

/** Makes a key named `name`; the whole key is in the answer and nowhere else, ever. */
export function createApiKey(name: string): Promise<CreatedApiKey | null> {
  return dataCall(async () => {
    const rows = await supabaseCall<CreatedApiKey[]>(getSupabase().rpc('create_api_key', { p_name: name }));
    return rows[0] ?? null;
  });
}

/** Revokes one of the user's keys: the next request made with it is refused. */
export function revokeApiKey(id: string): Promise<void> {
  return dataCall(async () => {
    await supabaseCall<boolean>(getSupabase().rpc('revoke_api_key', { p_id: id }));
  });
}

/** Where the public REST API a key opens is served (docs/api.md). */
export function apiBaseUrl(): string {
  return serverUrl('/api/v1');
}

export interface StorageUsage {
  used_bytes: number;
  quota_bytes: number;
  file_limit_bytes: number;
}

/** Bytes the user's files take and what their plan allows (public.storage_usage(), docs/storage.md). */
export function loadStorageUsage(): Promise<StorageUsage | null> {
  return dataCall(async () => {
    const rows = await supabaseCall<StorageUsage[]>(getSupabase().rpc('storage_usage'), {
      what: 'your storage use',
    });
    return rows[0] ?? null;
  });
}
