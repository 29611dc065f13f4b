// Rows of storage.objects and storage.buckets as the Storage API returns them (timestamps as ISO strings).
import type { Row } from '../lib/db.ts';

export const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString();

export interface ObjectRow extends Row {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';

export function objectJson(r: ObjectRow) {
  return {
    name: r.name,
    bucket_id: r.bucket_id,
    owner: r.owner,
    owner_id: r.owner_id,
    version: r.version,
    id: r.id,
    updated_at: iso(r.updated_at),
    created_at: iso(r.created_at),
    last_accessed_at: iso(r.last_accessed_at),
    metadata: r.metadata,
    user_metadata: r.user_metadata,
  };
}

export interface BucketRow extends Row {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: unknown;
  updated_at: unknown;
}

export const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

export function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner,
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: iso(b.created_at),
    updated_at: iso(b.updated_at),
  };
}

/** '20mb' → 20000000, as Storage parses file_size_limit (decimal units); a number stays a number. */
export function parseSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(value) : null;
  if (!m) return Number.NaN;
  const unit = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(m[1]) * unit);
}
