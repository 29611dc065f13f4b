import { describe, expect, it } from 'vitest';
import { ScanBatcher } from '../../../server/redirect/scan-batcher.ts';

/** A write whose batches the test releases by hand, recording each batch it was given. */
function manualWrite() {
  const batches: number[][] = [];
  const release: Array<(fail?: Error) => void> = [];
  const write = (batch: readonly number[]) => {
    batches.push([...batch]);
    return new Promise<number[]>((resolve, reject) => {
      release.push((fail) => (fail ? reject(fail) : resolve(batch.map((n) => n * 10))));
    });
  };
  return { batches, release, write };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ScanBatcher', () => {
  it('writes a lone scan at once and groups the scans that arrive during a write', async () => {
    const w = manualWrite();
    const batcher = new ScanBatcher({ write: w.write, maxBatch: 100, maxInFlight: 1 });
    const first = batcher.submit(1);
    const rest = [2, 3, 4, 5].map((n) => batcher.submit(n));
    expect(w.batches).toEqual([[1]]);
    w.release[0]!();
    expect(await first).toBe(10);
    await tick();
    expect(w.batches).toEqual([[1], [2, 3, 4, 5]]);
    w.release[1]!();
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
  });

  it('never puts more than maxBatch scans in a batch nor runs more than maxInFlight writes', async () => {
    const w = manualWrite();
    const batcher = new ScanBatcher({ write: w.write, maxBatch: 3, maxInFlight: 2 });
    const results = Array.from({ length: 10 }, (_, i) => batcher.submit(i));
    expect(w.batches).toEqual([[0], [1]]);
    w.release[0]!();
    await tick();
    expect(w.batches).toEqual([[0], [1], [2, 3, 4]]);
    w.release[1]!();
    await tick();
    w.release[2]!();
    await tick();
    w.release[3]!();
    await tick();
    w.release[4]!();
    expect(w.batches).toEqual([[0], [1], [2, 3, 4], [5, 6, 7], [8, 9]]);
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });

  it('while a batch is written, starts another only once as many scans wait as the batches being written hold', async () => {
    const w = manualWrite();
    const batcher = new ScanBatcher({ write: w.write, maxBatch: 100, maxInFlight: 2 });
    const results = [batcher.submit(0), batcher.submit(1)];
    // One scan in flight: one waiting scan is as many, so the second slot takes it.
    expect(w.batches).toEqual([[0], [1]]);
    for (let n = 2; n < 7; n++) results.push(batcher.submit(n));
    w.release[0]!();
    await tick();
    expect(w.batches).toEqual([[0], [1], [2, 3, 4, 5, 6]]);
    // Six scans in flight (three on average): two waiting scans do not start a batch of their own...
    results.push(batcher.submit(7), batcher.submit(8));
    expect(w.batches).toHaveLength(3);
    // ...nor when the small batch ends and five scans are still in flight...
    w.release[1]!();
    await tick();
    expect(w.batches).toHaveLength(3);
    // ...but a fifth waiting scan does.
    for (let n = 9; n < 12; n++) results.push(batcher.submit(n));
    expect(w.batches).toEqual([[0], [1], [2, 3, 4, 5, 6], [7, 8, 9, 10, 11]]);
    // A lone scan waits while five are in flight, and is never stranded: once nothing is in flight it goes.
    results.push(batcher.submit(12));
    w.release[2]!();
    await tick();
    expect(w.batches).toHaveLength(4);
    w.release[3]!();
    await tick();
    expect(w.batches[4]).toEqual([12]);
    w.release[4]!();
    expect(await Promise.all(results)).toEqual(Array.from({ length: 13 }, (_, n) => n * 10));
  });

  it('rejects only the scans of a failed batch, and goes on with the next', async () => {
    const w = manualWrite();
    const batcher = new ScanBatcher({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    const first = batcher.submit(1);
    const second = batcher.submit(2);
    w.release[0]!(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    w.release[1]!();
    expect(await second).toBe(20);
  });

  it('rejects a batch whose write returns the wrong number of results', async () => {
    const batcher = new ScanBatcher({ write: async () => [1], maxBatch: 10, maxInFlight: 1 });
    const a = batcher.submit(1);
    const b = batcher.submit(2);
    const c = batcher.submit(3);
    expect(await a).toBe(1);
    await expect(b).rejects.toThrow('1 results for 2 scans');
    await expect(c).rejects.toThrow('1 results for 2 scans');
  });
});
