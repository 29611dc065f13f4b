// PNG for GET /api/v1/qr on the local server: the renderer's own painter (src/render/canvas.ts, the worker's
// PNG path) drawing on a Node canvas from @napi-rs/canvas (Skia; its binary ships in the npm package), which
// satisfies the painter's Context2D as it is. The painter makes its own canvases (sprites, gradient layers)
// through setSurfaceFactory: Node has no OffscreenCanvas.
import { availableParallelism } from 'node:os';
import { Canvas } from '@napi-rs/canvas';
import { paintScene } from '../../src/render/canvas.ts';
import { setSurfaceFactory, type Surface2D } from '../../src/render/context2d.ts';
import type { Scene } from '../../src/render/scene.ts';

setSurfaceFactory((width, height) => new Canvas(width, height) as Surface2D);

/**
 * PNGs drawn at once. A 4096 px canvas holds 64 MiB until Skia has encoded it (on libuv's pool, ~100 ms at 1000 px
 * on a busy core), so a burst of large PNGs waits here in turn instead of holding gigabytes; one per core.
 */
const MAX_RENDERS = Math.max(1, availableParallelism());
let active = 0;
const waiting: Array<() => void> = [];

async function renderSlot(): Promise<() => void> {
  if (active < MAX_RENDERS) active++;
  // A finished render hands its slot straight to the next in line, so `active` never exceeds the limit.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
}

/** The scene at its own size in pixels, encoded as PNG. */
export async function scenePng(scene: Scene): Promise<Uint8Array<ArrayBuffer>> {
  const release = await renderSlot();
  try {
    const canvas = new Canvas(Math.ceil(scene.layout.width), Math.ceil(scene.layout.height));
    paintScene(canvas.getContext('2d'), scene, null, true);
    const png = await canvas.encode('png');
    return new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.byteLength);
  } finally {
    release();
  }
}
