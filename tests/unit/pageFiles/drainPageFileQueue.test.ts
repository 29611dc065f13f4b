// The drain of page files nobody shows (src/shared/handlers/page-files-cleanup.ts), over a queue kept in memory:
// a path leaves the queue only after Storage removed it; a failed batch goes back for later and ends the call; full
// batches go on up to the call's limit. The real queue and Storage, on both backends and under Deno:
// tests/server/page-file-cleanup.test.ts.
import { describe, expect, it } from 'vitest';
import { drainPageFileQueue, type PageFileQueue } from '../../../src/shared/handlers/page-files-cleanup.ts';

function memoryQueue(names: string[], failOn: ReadonlySet<string> = new Set()) {
  const queued = [...names];
  const removed: string[] = [];
  const failed: string[] = [];
  const queue: PageFileQueue = {
    due: (limit) =>
      Promise.resolve(
        queued
          .filter((n) => !failed.includes(n))
          .slice(0, limit)
          .map((name) => ({ name, ownerId: 'o' })),
      ),
    remove: (files) => {
      if (files.some((f) => failOn.has(f.name))) return Promise.reject(new Error('Storage unavailable'));
      removed.push(...files.map((f) => f.name));
      return Promise.resolve();
    },
    done: (done) => {
      for (const n of done) queued.splice(queued.indexOf(n), 1);
      return Promise.resolve();
    },
    failed: (names) => {
      failed.push(...names);
      return Promise.resolve();
    },
  };
  return { queue, queued, removed, failed };
}

describe('drainPageFileQueue', () => {
  it('removes every due path in batches, then stops', async () => {
    const q = memoryQueue(['a', 'b', 'c', 'd', 'e']);
    expect(await drainPageFileQueue(q.queue, { batch: 2 })).toEqual({ removed: 5, failed: 0 });
    expect([q.removed, q.queued]).toEqual([['a', 'b', 'c', 'd', 'e'], []]);
  });

  it('stops after maxBatches; the next call goes on', async () => {
    const q = memoryQueue(['a', 'b', 'c', 'd', 'e']);
    expect(await drainPageFileQueue(q.queue, { batch: 2, maxBatches: 1 })).toEqual({ removed: 2, failed: 0 });
    expect(q.queued).toEqual(['c', 'd', 'e']);
  });

  it('keeps a batch Storage failed on the queue, marked for later, and ends the call', async () => {
    const q = memoryQueue(['a', 'b', 'c', 'd'], new Set(['c']));
    expect(await drainPageFileQueue(q.queue, { batch: 2 })).toEqual({ removed: 2, failed: 2 });
    expect([q.removed, q.queued, q.failed]).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ]);
  });
});
