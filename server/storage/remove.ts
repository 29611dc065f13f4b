// Removing objects, for the Storage API's DELETE routes and for the drain of page files nobody shows
// (page-file-cleanup.ts): the rows are deleted in one transaction run as the caller (so RLS decides which go),
// and their bytes are unlinked only after that commits. A crash in between leaves bytes no row names, which the
// sweep at the next start removes (disk.ts).
import type { Queryable } from '../lib/db.ts';
import type { DiskStore } from './disk.ts';
import { OBJECT_COLUMNS, type ObjectRow } from './rows.ts';

/** Runs fn in one transaction as some caller (objects.ts: the request's; the drain: the files' owner). */
export type RunAsCaller = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

/** Deletes the objects of `bucketId` named `names` that the caller may delete; returns the deleted rows. */
export async function removeObjects(
  run: RunAsCaller,
  disk: DiskStore,
  bucketId: string,
  names: readonly string[],
): Promise<ObjectRow[]> {
  const rows = await run((tx) =>
    tx.query<ObjectRow>(
      `DELETE FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2::text[]) RETURNING ${OBJECT_COLUMNS}`,
      [bucketId, names],
    ),
  );
  await disk.unlink(rows.map((r) => r.version));
  return rows;
}
