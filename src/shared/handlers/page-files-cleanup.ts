// Deleting the page files nobody shows any more (issue 32; supabase/migrations/20261129006200_page_file_cleanup.sql
// queues them): one drain for both backends. The local server drains every minute through its own Storage module
// (server/storage/page-file-cleanup.ts); on a Supabase project the Edge Function page-files-cleanup does, through
// supabase-js's Storage client, called by a cron job (docs/storage.md). Storage must delete the object itself:
// deleting its row with SQL would leave the bytes behind.
//
// A path is taken off the queue only after Storage removed it, so a worker killed between the two leaves it queued
// and the next drain removes it again (Storage treats a missing object as removed).
import type { SupabaseClient } from '@supabase/supabase-js';
import { PAGE_FILES_BUCKET } from '../pages/schema.ts';

/** A queued path in the page-files bucket and the owner whose folder it is in. */
export interface QueuedFile {
  name: string;
  ownerId: string;
}

export interface PageFileQueue {
  /** Up to `limit` paths due now (public.page_file_deletions_due: none that a page shows again). */
  due(limit: number): Promise<QueuedFile[]>;
  /** Removes them through Storage; throws when Storage fails. */
  remove(files: readonly QueuedFile[]): Promise<void>;
  /** Off the queue. */
  done(names: readonly string[]): Promise<void>;
  /** Tried again later (the queue backs off). */
  failed(names: readonly string[], message: string): Promise<void>;
}

export interface DrainResult {
  /** Paths taken off the queue: Storage removed them, or they were gone already. */
  removed: number;
  /** Paths Storage failed on, queued again for later. */
  failed: number;
}

/**
 * Removes due paths `batch` at a time, at most `maxBatches` batches per call (the next call goes on). A failed
 * batch is put back for later and ends this call: when Storage is down, one attempt per drain is enough.
 */
export async function drainPageFileQueue(
  queue: PageFileQueue,
  { batch = 100, maxBatches = 10 }: { batch?: number; maxBatches?: number } = {},
): Promise<DrainResult> {
  const result: DrainResult = { removed: 0, failed: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const files = await queue.due(batch);
    if (files.length === 0) break;
    const names = files.map((f) => f.name);
    try {
      await queue.remove(files);
    } catch (err) {
      await queue.failed(names, err instanceof Error ? err.message : String(err));
      result.failed += files.length;
      break;
    }
    await queue.done(names);
    result.removed += files.length;
    if (files.length < batch) break;
  }
  return result;
}

function check(error: { message: string } | null): void {
  if (error) throw new Error(error.message);
}

/** The queue over supabase-js with the project's service key (the Edge Function's; tests run it in Node too). */
export function supabasePageFileQueue(supabase: SupabaseClient): PageFileQueue {
  return {
    async due(limit) {
      const { data, error } = await supabase.rpc('page_file_deletions_due', { p_limit: limit });
      check(error);
      return ((data ?? []) as { name: string; owner_id: string }[]).map((r) => ({ name: r.name, ownerId: r.owner_id }));
    },
    async remove(files) {
      const { error } = await supabase.storage.from(PAGE_FILES_BUCKET).remove(files.map((f) => f.name));
      check(error);
    },
    async done(names) {
      check((await supabase.rpc('page_file_deletions_done', { p_names: names })).error);
    },
    async failed(names, message) {
      check((await supabase.rpc('page_file_deletions_failed', { p_names: names, p_error: message })).error);
    },
  };
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * The Edge Function's handler: `POST` with `Authorization: Bearer <service key>` drains the queue and answers
 * `{ removed, failed }`. Anyone else gets 401: the gateway lets any project JWT through, the anon key included.
 */
export function createPageFilesCleanupHandler(opts: {
  queue: PageFileQueue;
  serviceKey: string;
  onError: (err: unknown) => void;
}): (request: Request) => Promise<Response> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'Use POST' });
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
    if (!opts.serviceKey || !sameSecret(token, opts.serviceKey)) return json(401, { error: 'Service key required' });
    try {
      return json(200, await drainPageFileQueue(opts.queue));
    } catch (err) {
      opts.onError(err);
      return json(500, { error: 'The drain failed; the queue is kept for the next call' });
    }
  };
}
