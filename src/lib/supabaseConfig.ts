/**
 * Where accounts live. `VITE_SUPABASE_URL` / `VITE_SUPABASE_ANON_KEY` point at the local server
 * (`npm start` sets the Supabase CLI's local defaults) or at a real Supabase project, with no code change.
 */
export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

export class AuthConfigError extends Error {
  readonly code = 'auth_not_configured';
  constructor() {
    super('Accounts are not configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (see .env.example).');
    this.name = 'AuthConfigError';
  }
}

export function readSupabaseConfig(env: Record<string, string | undefined> = import.meta.env): SupabaseConfig {
  const url = env.VITE_SUPABASE_URL?.trim();
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!url || !anonKey) throw new AuthConfigError();
  return { url, anonKey };
}

/**
 * The localStorage key supabase-js keeps the session under: its own default (`sb-<first host label>-auth-token`),
 * passed explicitly so the app can tell a stored session exists without loading supabase-js.
 */
export function authStorageKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

/** `path` (`/api/v1`, `/functions/v1/scans-export`) on the app's server, whatever slashes its URL ends with. */
export function serverUrl(path: string, env: Record<string, string | undefined> = import.meta.env): string {
  return `${readSupabaseConfig(env).url.replace(/\/+$/, '')}${path}`;
}
