/** Profile: phase timings of PNG 2000 and preview inside a worker. */
import { expose } from 'comlink';
import { encodeText } from '../../src/encoder/index.ts';
import { paintScene } from '../../src/render/canvas.ts';
import { rasterModules } from '../../src/render/raster.ts';
import { buildScene, pixelLines } from '../../src/render/scene.ts';
import type { QrRequest } from '../../workers/contract.ts';

let bitmap: ImageBitmap | null = null;
const flush = (c: OffscreenCanvas) => c.getContext('2d')!.getImageData(0, 0, 1, 1);

/** Median of each series, to 0.1 ms; every series has one sample per run (callers ask for runs >= 1). */
function medians(out: Record<string, number[]>): Record<string, number> {
  const med: Record<string, number> = {};
  for (const [k, v] of Object.entries(out)) med[k] = Math.round([...v].sort((a, b) => a - b)[v.length >> 1]! * 10) / 10;
  return med;
}

const api = {
  async setLogo(b: Blob) {
    bitmap = await createImageBitmap(b);
  },
  async profile(req: QrRequest, size: number, runs: number) {
    const m = encodeText(req.content, { ecl: req.ecl });
    const out: Record<
      'floorFill' | 'floorBlob' | 'scene' | 'paint' | 'blob' | 'paintNoLogo' | 'blobNoLogo' | 'blobSize' | 'floorSize',
      number[]
    > = {
      floorFill: [],
      floorBlob: [],
      scene: [],
      paint: [],
      blob: [],
      paintNoLogo: [],
      blobNoLogo: [],
      blobSize: [],
      floorSize: [],
    };
    for (let r = 0; r < runs; r++) {
      // floor
      let t0 = performance.now();
      let c = new OffscreenCanvas(size, size);
      let ctx = c.getContext('2d')!;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size, size);
      ctx.fillStyle = '#000000';
      const px = size / (m.size + 8);
      for (let y = 0; y < m.size; y++)
        for (let x = 0; x < m.size; x++)
          if (m.modules[y * m.size + x])
            ctx.fillRect(
              Math.round((x + 4) * px),
              Math.round((y + 4) * px),
              Math.round((x + 5) * px) - Math.round((x + 4) * px),
              Math.round((y + 5) * px) - Math.round((y + 4) * px),
            );
      flush(c);
      let t1 = performance.now();
      let b = await c.convertToBlob({ type: 'image/png' });
      let t2 = performance.now();
      out.floorFill.push(t1 - t0);
      out.floorBlob.push(t2 - t1);
      out.floorSize.push(b.size);
      // ours
      t0 = performance.now();
      const s = buildScene(m, req.style, bitmap ? { width: bitmap.width, height: bitmap.height } : null, size);
      t1 = performance.now();
      c = new OffscreenCanvas(size, size);
      ctx = c.getContext('2d')!;
      paintScene(ctx, s, bitmap, true);
      flush(c);
      t2 = performance.now();
      b = await c.convertToBlob({ type: 'image/png' });
      const t3 = performance.now();
      out.scene.push(t1 - t0);
      out.paint.push(t2 - t1);
      out.blob.push(t3 - t2);
      out.blobSize.push(b.size);
      // ours without logo drawing
      c = new OffscreenCanvas(size, size);
      ctx = c.getContext('2d')!;
      t0 = performance.now();
      paintScene(ctx, s, null, true);
      flush(c);
      t1 = performance.now();
      await c.convertToBlob({ type: 'image/png' });
      t2 = performance.now();
      out.paintNoLogo.push(t1 - t0);
      out.blobNoLogo.push(t2 - t1);
    }
    return medians(out);
  },
  async modulesProfile(req: QrRequest, size: number, runs: number) {
    const m = encodeText(req.content, { ecl: req.ecl });
    const s = buildScene(m, req.style, null, size);
    const { xs, ys } = pixelLines(s);
    const n = s.model.n;
    const dark = s.model.dark;
    const out: Record<'base' | 'raster' | 'stamp', number[]> = { base: [], raster: [], stamp: [] };
    const sprites = new Map<number, OffscreenCanvas>();
    for (let r = 0; r < runs; r++) {
      for (const k of ['base', 'raster', 'stamp'] as const) {
        const t0 = performance.now();
        const c = new OffscreenCanvas(size, size);
        const ctx = c.getContext('2d')!;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, size, size);
        if (k === 'raster') rasterModules(ctx, dark, n, 'dots', s.m, xs, ys, '#000000', '#FFFFFF');
        if (k === 'stamp') {
          // x, y are cells (0..n-1); xs, ys hold the n + 1 grid lines.
          for (let y = 0; y < n; y++) {
            const h = ys[y + 1]! - ys[y]!;
            for (let x = 0; x < n; x++) {
              if (!dark[y * n + x]) continue;
              const w = xs[x + 1]! - xs[x]!;
              let sp = sprites.get(w * 4096 + h);
              if (!sp) {
                sp = new OffscreenCanvas(w, h);
                const cc = sp.getContext('2d')!;
                cc.beginPath();
                cc.arc(w / 2, h / 2, 0.45 * s.m, 0, 7);
                cc.fill();
                sprites.set(w * 4096 + h, sp);
              }
              ctx.drawImage(sp, xs[x]!, ys[y]!);
            }
          }
        }
        flush(c);
        out[k].push(performance.now() - t0);
      }
    }
    return medians(out);
  },
  async previewProfile(req: QrRequest, size: number, runs: number) {
    const m = encodeText(req.content, { ecl: req.ecl });
    const c = new OffscreenCanvas(size, size);
    const ctx = c.getContext('2d')!;
    const s = buildScene(m, req.style, null, size);
    let t0 = performance.now();
    for (let i = 0; i < runs; i++) buildScene(m, req.style, null, size);
    const sceneMs = (performance.now() - t0) / runs;
    t0 = performance.now();
    for (let i = 0; i < runs; i++) {
      paintScene(ctx, s, null, true);
      flush(c);
    }
    const paintMs = (performance.now() - t0) / runs;
    t0 = performance.now();
    for (let i = 0; i < runs; i++) c.transferToImageBitmap().close();
    const transferMs = (performance.now() - t0) / runs;
    return { sceneMs, paintMs, transferMs };
  },
};
export type ProfileApi = typeof api;
expose(api);
