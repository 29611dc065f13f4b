// What a render worker thread (./render-worker.mjs) runs: a scene to its file. PNG is the renderer's own painter
// (src/render/canvas.ts, the web worker's PNG path) on a Node canvas from @napi-rs/canvas (Skia; its binary ships
// in the npm package), which satisfies the painter's Context2D as it is; the painter makes its own canvases
// (sprites, gradient layers) through setSurfaceFactory, Node having no OffscreenCanvas. The PNG is encoded on this
// thread too (encodeSync): the async encode would run on libuv's pool, which the server's file I/O shares.
import { Canvas } from '@napi-rs/canvas';
import { paintScene } from '../../src/render/canvas.ts';
import { setSurfaceFactory, type Surface2D } from '../../src/render/context2d.ts';
import { vectorFile, type SceneFile } from '../../src/render/qrFile.ts';

setSurfaceFactory((width, height) => new Canvas(width, height) as Surface2D);

/** The scene at its own size in pixels, encoded as PNG. */
export function scenePng(file: SceneFile): Uint8Array<ArrayBuffer> {
  const { scene } = file;
  const canvas = new Canvas(Math.ceil(scene.layout.width), Math.ceil(scene.layout.height));
  paintScene(canvas.getContext('2d'), scene, null, true);
  const png = canvas.encodeSync('png');
  return new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.byteLength);
}

export async function drawSceneFile(file: SceneFile): Promise<string | Uint8Array<ArrayBuffer>> {
  return file.format === 'png' ? scenePng(file) : vectorFile(file);
}
