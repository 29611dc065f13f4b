// API keys as the database makes them (supabase/migrations/20261124000600_api_keys.sql): `qrc_` and 43
// base64url characters. Only the sha256 is stored, so a request's key is hashed here and looked up by hash.
import { ApiV1Error } from './errors.ts';

export const API_KEY_PATTERN = /^qrc_[A-Za-z0-9_-]{43}$/;

/** Lowercase hex sha256 of the key's UTF-8 bytes (Web Crypto: Node, Deno and Workers alike). */
export async function hashApiKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key from `Authorization: Bearer <key>` or `X-API-Key: <key>`; 401 when neither is there or the value
 * cannot be a key (a Supabase JWT, say), so no lookup is spent on it.
 */
export function apiKeyFrom(headers: Headers): string {
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  const key = bearer ?? headers.get('x-api-key')?.trim() ?? '';
  if (key === '') {
    throw new ApiV1Error(
      401,
      'missing_api_key',
      'Send your API key in the Authorization header (Bearer <key>) or in X-API-Key. Create one in Settings.',
      { 'WWW-Authenticate': 'Bearer realm="api"' },
    );
  }
  if (!API_KEY_PATTERN.test(key)) {
    throw new ApiV1Error(401, 'invalid_api_key', 'That is not a QRCraft API key: keys start with "qrc_"', {
      'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"',
    });
  }
  return key;
}
