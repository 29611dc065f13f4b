/** No leak: 1,000 previews in a row through the real worker; every bitmap closed; worker heap growth reported. */
import { expect, test } from 'vitest';
import { QrClient } from '../../../src/worker-client/index.ts';
import { attachToQrWorker } from './cdpHeap.ts';
import { debugLog } from '../../helpers/debug.ts';

test('1,000 previews: bitmaps closed, worker heap growth under 5 MB', async () => {
  const c = new QrClient();
  try {
    const shapes = ['square', 'dots', 'rounded', 'extraRounded', 'classy', 'classyRounded'] as const;
    const frames = ['none', 'banner', 'circular', 'badge'] as const;
    const run = async (i: number) => {
      const p = await c.preview(
        {
          content: `https://qrcraft.app/leak/${i}?` + 'q'.repeat(i % 200),
          // Indices taken modulo the list lengths.
          ecl: (['L', 'M', 'Q', 'H'] as const)[i % 4]!,
          kind: 'url',
          style: {
            shape: shapes[i % 6]!,
            fg: '#1A2BB2',
            bg: '#FFFFFF',
            frame: frames[i % 4]!,
            frameText: `#${i}`,
            logoId: null,
          },
        },
        { cssSize: 160, pixelRatio: 2 },
      );
      expect(p).not.toBeNull();
      p!.bitmap.close();
      expect(p!.bitmap.width).toBe(0);
    };
    // Warm up (JIT, canvases, caches) before the baseline.
    for (let i = 0; i < 50; i++) await run(i);
    const heap = await attachToQrWorker();
    const before = await heap.usedBytes();
    for (let i = 0; i < 1000; i++) await run(i);
    const after = await heap.usedBytes();
    await heap.close();
    expect(c.starts).toBe(1);
    const growth = after - before;
    debugLog(
      `worker heap (after GC) growth over 1000 previews: ${(growth / 1024 / 1024).toFixed(3)} MB (${before} -> ${after} bytes)`,
    );
    expect(before).toBeGreaterThan(100_000);
    expect(growth).toBeLessThan(5 * 1024 * 1024);
  } finally {
    c.terminate();
  }
}, 300_000);
