// The fair queue behind GET /api/v1/qr (server/api/render-queue.ts), with jobs the test finishes by hand: turns by
// principal, the caps on running and in-flight jobs, and the budget on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { createFairQueue, QueueRefusal, type FairQueue } from '../../../server/api/render-queue.ts';

/** Jobs that start when the queue runs them and end when the test says so; `started` lists them in order. */
function harness(queue: FairQueue) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const done: string[] = [];
  const submit = (principal: string, name: string, cost = 1) =>
    queue
      .run(principal, cost, () => {
        started.push(name);
        return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
      })
      .then((value) => {
        done.push(value);
        return value;
      });
  const finish = async (name: string) => {
    const end = finishers.get(name);
    if (!end) throw new Error(`${name} has not started`);
    end();
    // Let the job's promise settle and the queue hand the slot on.
    await new Promise((r) => setImmediate(r));
  };
  return { started, done, submit, finish };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('fair queue', () => {
  it('hands free slots to principals in turn, not to the oldest job', async () => {
    const queue = createFairQueue({ slots: 1, runningPerPrincipal: 1, inFlightPerPrincipal: 100 });
    const h = harness(queue);
    for (let i = 1; i <= 5; i++) void h.submit('a', `a${i}`);
    void h.submit('b', 'b1');
    void h.submit('c', 'c1');
    void h.submit('b', 'b2');
    await tick();
    expect(h.started).toEqual(['a1']);
    for (const name of ['a1', 'a2', 'b1', 'c1', 'a3', 'b2']) await h.finish(name);
    // After a1: b (waiting since before c), c, then a again, b again, then a's remainder.
    expect(h.started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']);
    expect(queue.stats()).toEqual({ running: 1, waiting: 1, principals: 1 });
  });

  it('keeps one principal to its running share, so another finds a slot at once', async () => {
    const queue = createFairQueue({ slots: 2, runningPerPrincipal: 1, inFlightPerPrincipal: 100 });
    const h = harness(queue);
    for (let i = 1; i <= 30; i++) void h.submit('a', `a${i}`);
    await tick();
    expect(h.started).toEqual(['a1']);
    void h.submit('b', 'b1');
    await tick();
    expect(h.started).toEqual(['a1', 'b1']);
    await h.finish('b1');
    expect(h.done).toEqual(['b1']);
    expect(queue.stats()).toEqual({ running: 1, waiting: 29, principals: 1 });
  });

  it('refuses a job beyond the in-flight cap without running it, and admits again once one ends', async () => {
    const queue = createFairQueue({ slots: 1, runningPerPrincipal: 1, inFlightPerPrincipal: 3 });
    const h = harness(queue);
    const admitted = [h.submit('a', 'a1'), h.submit('a', 'a2'), h.submit('a', 'a3')];
    const refused = h.submit('a', 'a4');
    await expect(refused).rejects.toBeInstanceOf(QueueRefusal);
    await expect(refused).rejects.toMatchObject({ code: 'queue_full', retryAfterSec: 1 });
    // Another principal is not affected.
    void h.submit('b', 'b1');
    await h.finish('a1');
    void h.submit('a', 'a5');
    for (const name of ['a2', 'b1', 'a3', 'a5']) await h.finish(name);
    await Promise.all(admitted);
    // a2 was waiting before b1 arrived: a's turn came first.
    expect(h.started).toEqual(['a1', 'a2', 'b1', 'a3', 'a5']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, principals: 0 });
  });

  it('charges costs to a per-principal budget that refills per minute', async () => {
    let now = 0;
    const queue = createFairQueue({
      slots: 4,
      runningPerPrincipal: 4,
      inFlightPerPrincipal: 100,
      budget: { burst: 20, perMinute: 10, now: () => now },
    });
    const run = (principal: string, cost: number) => queue.run(principal, cost, async () => cost);
    expect(await run('a', 16.8)).toBe(16.8);
    const spent = run('a', 16.8);
    await expect(spent).rejects.toMatchObject({ code: 'budget_spent' });
    // 13.6 units missing at 10 a minute: 82 s.
    await expect(spent).rejects.toMatchObject({ retryAfterSec: 82 });
    expect(await run('b', 16.8)).toBe(16.8);
    now += 81_000;
    await expect(run('a', 16.8)).rejects.toMatchObject({ code: 'budget_spent', retryAfterSec: 1 });
    now += 1_000;
    expect(await run('a', 16.8)).toBe(16.8);
    // A job dearer than the whole bucket runs once the bucket is full, for the bucket.
    now += 120_000;
    expect(await run('a', 50)).toBe(50);
    await expect(run('a', 1)).rejects.toMatchObject({ code: 'budget_spent' });
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createFairQueue({ slots: 1, runningPerPrincipal: 1, inFlightPerPrincipal: 2 });
    await expect(
      queue.run('a', 1, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await queue.run('a', 1, async () => 'next')).toBe('next');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, principals: 0 });
  });
});
