import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { authStorageKey, readSupabaseConfig } from './supabaseConfig.ts';
import { announceSupabaseClient } from './supabaseClientRegistry.ts';

let client: SupabaseClient | undefined;

/**
 * The app's one supabase-js client, created on first use so that a missing configuration becomes a clear
 * message in the auth UI instead of a blank page. Sessions persist in localStorage and refresh themselves.
 */
export function getSupabase(): SupabaseClient {
  if (!client) {
    const { url, anonKey } = readSupabaseConfig();
    client = createClient(url, anonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: authStorageKey(url) },
    });
    announceSupabaseClient(client);
  }
  return client;
}
