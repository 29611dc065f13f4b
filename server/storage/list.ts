// Listing a bucket as Storage does, in one statement run as the caller (RLS hides what they may not see).
// v1 (storage.search): the entries one level below `prefix`, folders (id null) and files by their own name.
// v2 (list-v2): full names; with_delimiter folds deeper names into folders; cursor pagination.
import type { Queryable } from '../lib/db.ts';
import { invalidRequest } from './errors.ts';
import { iso } from './rows.ts';

const SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);

interface Entry extends Record<string, unknown> {
  entry: string;
  is_folder: boolean;
  id: string | null;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
  metadata: unknown;
}

function sortOf(body: Record<string, unknown>) {
  const s = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof s.column === 'string' && SORT_COLUMNS.has(s.column) ? s.column : 'name';
  const order = typeof s.order === 'string' && s.order.toLowerCase() === 'desc' ? 'DESC' : 'ASC';
  return { column, order };
}

function bounded(value: unknown, fallback: number, max: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isFinite(n) || n < 0) throw invalidRequest('limit and offset must be non-negative numbers');
  return Math.min(Math.floor(n), max);
}

/**
 * Entries under `dir` (a folder path ending in '/' or ''), names starting with dir+`start`. folded: deeper names
 * become one folder entry each. Sorted by column (folders, which have no dates, by name), then name.
 */
async function entries(
  tx: Queryable,
  bucketId: string,
  dir: string,
  start: string,
  folded: boolean,
  sort: { column: string; order: string },
  search: string,
  limit: number,
  offset: number,
): Promise<Entry[]> {
  const key = sort.column === 'name' ? 'entry' : `${sort.column}`;
  return tx.query<Entry>(
    `WITH o AS (
       SELECT substr(name, char_length($2) + 1) AS rest, id, created_at, updated_at, last_accessed_at, metadata
         FROM storage.objects
        WHERE bucket_id = $1 AND starts_with(name, $2 || $3)
     ), e AS (
       SELECT DISTINCT ON (entry) entry, is_folder,
              CASE WHEN is_folder THEN NULL ELSE id END AS id,
              CASE WHEN is_folder THEN NULL ELSE created_at END AS created_at,
              CASE WHEN is_folder THEN NULL ELSE updated_at END AS updated_at,
              CASE WHEN is_folder THEN NULL ELSE last_accessed_at END AS last_accessed_at,
              CASE WHEN is_folder THEN NULL ELSE metadata END AS metadata
         FROM (SELECT CASE WHEN $4 AND strpos(rest, '/') > 0 THEN split_part(rest, '/', 1) ELSE rest END AS entry,
                      $4 AND strpos(rest, '/') > 0 AS is_folder, id, created_at, updated_at, last_accessed_at, metadata
                 FROM o) s
        WHERE entry <> '' AND ($5 = '' OR entry ILIKE $5 || '%')
        ORDER BY entry, is_folder DESC
     )
     SELECT * FROM e ORDER BY ${key} ${sort.order} NULLS FIRST, entry COLLATE "C" ${sort.order}
     LIMIT $6 OFFSET $7`,
    [bucketId, dir, start, folded, search, limit, offset],
  );
}

export async function listV1(tx: Queryable, bucketId: string, body: Record<string, unknown>) {
  const raw = typeof body.prefix === 'string' ? body.prefix : '';
  const dir = raw === '' || raw.endsWith('/') ? raw : `${raw}/`;
  const rows = await entries(
    tx,
    bucketId,
    dir,
    '',
    true,
    sortOf(body),
    typeof body.search === 'string' ? body.search : '',
    bounded(body.limit, 100, 1000),
    bounded(body.offset, 0, Number.MAX_SAFE_INTEGER),
  );
  return rows.map((r) => ({
    name: r.entry,
    id: r.id,
    updated_at: iso(r.updated_at),
    created_at: iso(r.created_at),
    last_accessed_at: iso(r.last_accessed_at),
    metadata: r.metadata ?? null,
  }));
}

export async function listV2(tx: Queryable, bucketId: string, body: Record<string, unknown>) {
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const folded = body.with_delimiter === true;
  const cut = prefix.lastIndexOf('/') + 1;
  const dir = folded ? prefix.slice(0, cut) : '';
  const start = folded ? prefix.slice(cut) : prefix;
  const limit = Math.max(1, bounded(body.limit, 1000, 1000));
  let offset = 0;
  if (typeof body.cursor === 'string' && body.cursor) {
    offset = Number(Buffer.from(body.cursor, 'base64url').toString('utf8'));
    if (!Number.isSafeInteger(offset) || offset < 0) throw invalidRequest('The cursor is not valid');
  }
  const rows = await entries(tx, bucketId, dir, start, folded, sortOf(body), '', limit + 1, offset);
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  return {
    hasNext,
    ...(hasNext ? { nextCursor: Buffer.from(String(offset + limit)).toString('base64url') } : {}),
    folders: page.filter((r) => r.is_folder).map((r) => ({ key: dir + r.entry, name: `${dir}${r.entry}/` })),
    objects: page
      .filter((r) => !r.is_folder)
      .map((r) => ({
        id: r.id,
        key: dir + r.entry,
        name: dir + r.entry,
        updated_at: iso(r.updated_at),
        created_at: iso(r.created_at),
        last_accessed_at: iso(r.last_accessed_at),
        metadata: r.metadata ?? null,
      })),
  };
}
