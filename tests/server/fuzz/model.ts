// What a fuzzed request is: its route label, method, path with placeholders, credentials, headers and body.
// Live values (the user's ids, slugs, tokens, API key) are placeholders filled in at send time, so a seed
// replays the same sequence on every backend.
export const P = {
  email: '$EMAIL$',
  emailUpper: '$EMAIL_UPPER$',
  password: '$PASSWORD$',
  refresh: '$REFRESH$',
  userId: '$USER_ID$',
  id0: '$ID0$',
  id1: '$ID1$',
  slugDyn: '$SLUG_DYN$',
  slugStatic: '$SLUG_STATIC$',
  /** A user the admin API may change, ban and delete (put back by the reseed). */
  adminTarget: '$ADMIN_TARGET$',
  apiKey: '$API_KEY$',
} as const;

export type AuthKind =
  | 'none'
  | 'anon'
  | 'user'
  | 'service'
  | 'alg-none'
  | 'wrong-secret'
  | 'hs512'
  | 'expired'
  | 'tampered'
  | 'unknown-sub'
  | 'sub-not-uuid'
  | 'sub-number'
  | 'sub-nul'
  | 'role-postgres'
  | 'role-object'
  | 'no-role'
  | 'garbled'
  | 'truncated'
  | 'random'
  /** The user's /api/v1 key, and a revoked one. */
  | 'api-key'
  | 'api-key-revoked';

export interface AuthSpec {
  kind: AuthKind;
  scheme: string;
  /** The token for kind 'random'. */
  raw: string;
  apikey: 'anon' | 'none' | 'user' | 'garbage';
}

export type Body =
  | { k: 'none' }
  | { k: 'json'; v: unknown }
  | { k: 'text'; s: string }
  | { k: 'bytes'; b: number[] }
  | { k: 'truncated'; v: unknown; cut: number }
  /** `depth` nested arrays/objects, optionally never closed, placed at `key` of an object (or bare). */
  | { k: 'deep'; depth: number; shape: 'array' | 'object' | 'mixed'; key: string | null; closed: boolean }
  /** An array of `rows` objects with the same keys: thousands of rows, tens of thousands of bind values. */
  | { k: 'bulk'; rows: number; keys: string[]; value: 'null' | 'num' | 'str' | 'obj' | 'mixed' }
  /**
   * `{"<key>": <literal>}` with the value written as raw JSON text (1e999, -0, 123456789012345678901234567890) or
   * as raw bytes inside a string (a lone surrogate's WTF-8 bytes, invalid UTF-8): what JSON.stringify cannot make.
   */
  | { k: 'field'; key: string; literal: string | number[] }
  /** `fill` repeated `n` times inside a JSON string at `key`: bodies of about 1 MB. */
  | { k: 'big'; key: string; fill: string; n: number };

export interface FuzzRequest {
  /** Route family and template, for the per-route counts. */
  route: string;
  method: string;
  /** Path and query, with placeholders. */
  path: string;
  auth: AuthSpec;
  headers: [string, string][];
  body: Body;
}
