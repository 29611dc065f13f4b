// The Storage API at /storage/v1 (what storage-js calls): buckets.ts and objects.ts, every error in Storage's
// shape (errors.ts). Metadata lives in the storage schema of the same Postgres, decided by RLS; bytes on disk.
import { Hono, type Context } from 'hono';
import type { Deps } from '../lib/deps.ts';
import { DbUnavailableError } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import { readBodyText } from '../lib/http.ts';
import { storageCaller, type StorageCaller, type StorageRoute } from './caller.ts';
import type { DiskStore } from './disk.ts';
import { fromDatabase, invalidRequest, StorageApiError } from './errors.ts';
import { registerBuckets } from './buckets.ts';
import { registerObjects } from './objects.ts';
import { hasUnstorableCharacter } from './names.ts';

/** The answer for a failure: Storage's shape, HEAD without a body. */
export function storageFailure(err: unknown, c: Context, log: (line: string) => void): Response {
  const head = c.req.method === 'HEAD';
  if (err instanceof StorageApiError) return err.response(head);
  const mapped = fromDatabase(err);
  if (mapped) return mapped.response(head);
  if (err instanceof ApiError) {
    return new StorageApiError(err.status === 413 ? 413 : 400, String(err.status), err.code, err.message).response(
      head,
    );
  }
  if (err instanceof DbUnavailableError) {
    return new StorageApiError(503, '503', 'DatabaseError', 'Database unavailable').response(head);
  }
  log(`storage ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return new StorageApiError(500, '500', 'internal', 'Internal Server Error').response(head);
}

/**
 * Refuses a path whose segments do not decode ("%0%27") or decode to what no text column holds or a name should
 * not (NUL and other control characters, lone surrogates): a bucket id or object key made of them is a 400, never
 * a database error.
 */
function assertStorablePath(c: Context): void {
  for (const segment of new URL(c.req.url).pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw invalidRequest('The path is not valid');
    }
    if (hasUnstorableCharacter(decoded)) throw invalidRequest('The path is not valid');
  }
}

export function storageRoutes(deps: Deps, disk: DiskStore): Hono {
  const app = new Hono();
  const route: StorageRoute =
    (fn, opts = {}) =>
    async (c) => {
      try {
        assertStorablePath(c);
        const who: StorageCaller = opts.anonymous
          ? { role: 'service_role', claims: {}, sub: null }
          : await storageCaller(deps, c);
        let body: Record<string, unknown> = {};
        if (opts.json !== false && (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'DELETE')) {
          const text = await readBodyText(c);
          if (text.trim()) {
            let parsed: unknown;
            try {
              parsed = JSON.parse(text);
            } catch {
              throw invalidRequest('Body is not valid JSON');
            }
            if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
              throw invalidRequest('Body must be a JSON object');
            }
            body = parsed as Record<string, unknown>;
          }
        }
        return await fn(c, who, body);
      } catch (err) {
        return storageFailure(err, c, deps.config.log);
      }
    };
  registerBuckets(app, deps, disk, route);
  registerObjects(app, deps, disk, route);
  return app;
}
