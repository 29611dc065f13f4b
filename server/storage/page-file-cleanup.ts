// The local server's worker for page files nobody shows (supabase/migrations/20261129006200_page_file_cleanup.sql):
// the shared drain (src/shared/handlers/page-files-cleanup.ts) over this server's own Storage module. Each file is
// removed as its owner, so the page-files RLS policy (a user deletes only under their own folder) holds here too,
// and its bytes are unlinked once the row's delete has committed (remove.ts), as a DELETE /storage/v1/object does.
// Uploads no page showed for a day are queued once an hour.
import { PAGE_FILES_BUCKET } from '../../src/shared/pages/schema.ts';
import {
  drainPageFileQueue,
  type DrainResult,
  type PageFileQueue,
} from '../../src/shared/handlers/page-files-cleanup.ts';
import type { Db, Queryable } from '../lib/db.ts';
import { runAs } from '../rest/as-role.ts';
import type { DiskStore } from './disk.ts';
import { removeObjects } from './remove.ts';

const ORPHAN_CHECK_MS = 3_600_000;

function localQueue(db: Db, disk: DiskStore): PageFileQueue {
  const service = <T>(fn: (tx: Queryable) => Promise<T>) =>
    runAs(db, 'service_role', { role: 'service_role' }, fn, 0, 'page-file-cleanup');
  return {
    async due(limit) {
      const rows = await service((tx) =>
        tx.query<{ name: string; owner_id: string }>('SELECT name, owner_id FROM public.page_file_deletions_due($1)', [
          limit,
        ]),
      );
      return rows.map((r) => ({ name: r.name, ownerId: r.owner_id }));
    },
    async remove(files) {
      const byOwner = new Map<string, string[]>();
      for (const f of files) byOwner.set(f.ownerId, [...(byOwner.get(f.ownerId) ?? []), f.name]);
      for (const [owner, names] of byOwner) {
        const claims = { sub: owner, role: 'authenticated' };
        await removeObjects((fn) => runAs(db, 'authenticated', claims, fn, 0, owner), disk, PAGE_FILES_BUCKET, names);
      }
    },
    async done(names) {
      await service((tx) => tx.query('SELECT public.page_file_deletions_done($1::text[])', [names]));
    },
    async failed(names, message) {
      await service((tx) => tx.query('SELECT public.page_file_deletions_failed($1::text[], $2)', [names, message]));
    },
  };
}

export interface PageFileCleanup {
  /** Queues orphans when an hour has passed since the last check, then drains. One run at a time. */
  run(): Promise<DrainResult>;
  /** Resolves when no run is in progress (before the database closes). */
  idle(): Promise<void>;
}

export function createPageFileCleanup(db: Db, disk: DiskStore, now: () => number): PageFileCleanup {
  const queue = localQueue(db, disk);
  let lastOrphanCheck = -Infinity;
  let running: Promise<DrainResult> | null = null;
  const once = async (): Promise<DrainResult> => {
    if (now() - lastOrphanCheck >= ORPHAN_CHECK_MS) {
      await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
        tx.query('SELECT public.queue_orphan_page_files()'),
      );
      lastOrphanCheck = now();
    }
    return drainPageFileQueue(queue);
  };
  return {
    run() {
      running ??= once().finally(() => {
        running = null;
      });
      return running;
    },
    async idle() {
      await running?.catch(() => undefined);
    },
  };
}
