// /storage/v1/bucket: create, get, list, update, empty, delete, each run as the caller's role so RLS on
// storage.buckets decides (the service key bypasses it, as on Supabase).
import type { Hono } from 'hono';
import type { Deps } from '../lib/deps.ts';
import { runAs } from '../rest/as-role.ts';
import type { StorageCaller, StorageRoute } from './caller.ts';
import type { DiskStore } from './disk.ts';
import { bucketNotEmpty, bucketNotFound, invalidRequest } from './errors.ts';
import { BUCKET_COLUMNS, bucketJson, parseSizeLimit, type BucketRow } from './rows.ts';

const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/;
const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

function limits(body: Record<string, unknown>) {
  const size = parseSizeLimit(body.file_size_limit);
  if (Number.isNaN(size)) throw invalidRequest('file_size_limit must be a number or a size such as 20mb');
  const types = body.allowed_mime_types;
  if (types !== undefined && types !== null && (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))) {
    throw invalidRequest('allowed_mime_types must be an array of strings');
  }
  return { size, types: types as string[] | null | undefined };
}

export function registerBuckets(app: Hono, deps: Deps, disk: DiskStore, route: StorageRoute): void {
  const as = <T>(who: StorageCaller, fn: Parameters<typeof runAs<T>>[3]) =>
    runAs(deps.apiDb, who.role, who.claims, fn, 0, who.sub ?? who.role);

  app.get(
    '/bucket',
    route(async (c, who) => {
      const q = c.req.query();
      const column = SORT_COLUMNS.has(q.sortColumn ?? '') ? q.sortColumn! : 'name';
      const order = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
      const limit = Math.min(Math.max(Number(q.limit) || 1000, 1), 1000);
      const offset = Math.max(Number(q.offset) || 0, 0);
      const rows = await as(who, (tx) =>
        tx.query<BucketRow>(
          `SELECT ${BUCKET_COLUMNS} FROM storage.buckets WHERE ($1 = '' OR name ILIKE '%' || $1 || '%')
          ORDER BY ${column} ${order} LIMIT $2 OFFSET $3`,
          [q.search ?? '', limit, offset],
        ),
      );
      return c.json(rows.map(bucketJson));
    }),
  );

  app.get(
    '/bucket/:id',
    route(async (c, who) => {
      const [row] = await as(who, (tx) =>
        tx.query<BucketRow>(`SELECT ${BUCKET_COLUMNS} FROM storage.buckets WHERE id = $1`, [c.req.param('id')]),
      );
      if (!row) throw bucketNotFound();
      return c.json(bucketJson(row));
    }),
  );

  app.post(
    '/bucket',
    route(async (c, who, body) => {
      const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
      const id = typeof body.id === 'string' && body.id ? body.id : name;
      if (!BUCKET_NAME.test(name) || !BUCKET_NAME.test(id)) throw invalidRequest('Bucket name invalid');
      const { size, types } = limits(body);
      await as(who, (tx) =>
        tx.query(
          `INSERT INTO storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         VALUES ($1, $2, $3::uuid, $4, $5, $6, $7)`,
          [id, name, uuidOrNull(who.sub), who.sub, body.public === true, size ?? null, types ?? null],
        ),
      );
      return c.json({ name });
    }),
  );

  app.put(
    '/bucket/:id',
    route(async (c, who, body) => {
      const { size, types } = limits(body);
      const rows = await as(who, (tx) =>
        tx.query(
          `UPDATE storage.buckets SET
           public = coalesce($2, public),
           file_size_limit = CASE WHEN $3 THEN $4 ELSE file_size_limit END,
           allowed_mime_types = CASE WHEN $5 THEN $6::text[] ELSE allowed_mime_types END,
           updated_at = now()
         WHERE id = $1 RETURNING id`,
          [
            c.req.param('id'),
            typeof body.public === 'boolean' ? body.public : null,
            size !== undefined,
            size ?? null,
            types !== undefined,
            types ?? null,
          ],
        ),
      );
      if (rows.length === 0) throw bucketNotFound();
      return c.json({ message: 'Successfully updated' });
    }),
  );

  app.post(
    '/bucket/:id/empty',
    route(async (c, who) => {
      const id = c.req.param('id');
      const versions = await as(who, async (tx) => {
        const [bucket] = await tx.query('SELECT id FROM storage.buckets WHERE id = $1', [id]);
        if (!bucket) throw bucketNotFound();
        return tx.query<{ version: string | null }>(
          'DELETE FROM storage.objects WHERE bucket_id = $1 RETURNING version',
          [id],
        );
      });
      await disk.unlink(versions.map((r) => r.version));
      // Storage's words; here the bucket is already empty when this answer is sent.
      return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    }),
  );

  app.delete(
    '/bucket/:id',
    route(async (c, who) => {
      const id = c.req.param('id');
      // Every object counts, also those the caller cannot see: read outside the caller's transaction.
      const [left] = await deps.apiDb.query('SELECT 1 FROM storage.objects WHERE bucket_id = $1 LIMIT 1', [id]);
      await as(who, async (tx) => {
        const [bucket] = await tx.query('SELECT id FROM storage.buckets WHERE id = $1', [id]);
        if (!bucket) throw bucketNotFound();
        if (left) throw bucketNotEmpty();
        const gone = await tx.query('DELETE FROM storage.buckets WHERE id = $1 RETURNING id', [id]);
        if (gone.length === 0) throw bucketNotFound();
      });
      return c.json({ message: 'Successfully deleted' });
    }),
  );
}

export const uuidOrNull = (s: string | null): string | null =>
  s && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) ? s : null;
