/**
 * Bench-only worker: times our PNG export against the bare floor (fillRect per module + convertToBlob on an
 * OffscreenCanvas of the same size) and the preview render, all inside one worker so the figures compare. The
 * floor draws on one canvas per size from its second call on, as our exports do (workers/service/scene.ts): a new
 * canvas's first drawing costs more than the whole floor.
 */
import { expose } from 'comlink';
import { encodeText } from '../../src/encoder/index.ts';
import { createQrService } from '../../workers/service.ts';
import type { LogoInput, PreviewOptions, QrRequest } from '../../workers/contract.ts';
import { uncached } from './uncached.ts';

const service = createQrService();

let floorCanvas: OffscreenCanvas | null = null;

async function floorPng(content: string, ecl: QrRequest['ecl'], size: number): Promise<number> {
  const m = encodeText(content, { ecl });
  const t0 = performance.now();
  const c = floorCanvas?.width === size ? floorCanvas : (floorCanvas = new OffscreenCanvas(size, size));
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000000';
  const px = size / (m.size + 8);
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (m.modules[y * m.size + x])
        ctx.fillRect(
          Math.round((x + 4) * px),
          Math.round((y + 4) * px),
          Math.round((x + 5) * px) - Math.round((x + 4) * px),
          Math.round((y + 5) * px) - Math.round((y + 4) * px),
        );
    }
  }
  await c.convertToBlob({ type: 'image/png' });
  return performance.now() - t0;
}

const api = {
  putLogo: (input: LogoInput) => service.putLogo(input),
  floorPng,
  async ourPng(req: QrRequest, size: number): Promise<number> {
    const t0 = performance.now();
    await service.png(uncached(req), size);
    return performance.now() - t0;
  },
  /** Average ms per preview over `count` renders (performance.now is coarse: time a batch). */
  async previewBatch(req: QrRequest, options: PreviewOptions, count: number): Promise<{ ms: number; width: number }> {
    let width = 0;
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const r = await service.preview(req, options);
      width = r.bitmap.width;
      r.bitmap.close();
    }
    return { ms: (performance.now() - t0) / count, width };
  },
};
export type BenchWorkerApi = typeof api;
expose(api);
