/**
 * Where dynamic codes point. A dynamic code encodes `${redirectBase}/${slug}`; the server behind it answers with a
 * 302 to the code's current destination, so the destination can change without reprinting.
 * - `VITE_REDIRECT_BASE_URL` when set (hosted Supabase: `https://<ref>.supabase.co/functions/v1/r`);
 * - otherwise `${VITE_SUPABASE_URL}/r`, the local server's redirect route.
 */
export class CodesConfigError extends Error {
  readonly code = 'codes_not_configured';
  constructor() {
    super('Saved codes are not configured: set VITE_SUPABASE_URL (and VITE_REDIRECT_BASE_URL on hosted Supabase).');
    this.name = 'CodesConfigError';
  }
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

export function readRedirectBaseUrl(env: Record<string, string | undefined> = import.meta.env): string {
  const explicit = env.VITE_REDIRECT_BASE_URL?.trim();
  if (explicit) return trimSlashes(explicit);
  const supabase = env.VITE_SUPABASE_URL?.trim();
  if (!supabase) throw new CodesConfigError();
  return `${trimSlashes(supabase)}/r`;
}

/** The address a dynamic code encodes (the thing that gets printed). */
export function shortUrl(slug: string, base: string = readRedirectBaseUrl()): string {
  return `${trimSlashes(base)}/${encodeURIComponent(slug)}`;
}

/** True when `url` is already one of our short URLs (saving it as a dynamic code would redirect to itself). */
export function isShortUrl(url: string, base: string = readRedirectBaseUrl()): boolean {
  return url.trim().startsWith(`${trimSlashes(base)}/`);
}
