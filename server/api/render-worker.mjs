// One render worker thread (server/api/render-pool.ts). Plain JavaScript, so that Node loads it the same way under
// `tsx server/main.ts`, `node --import tsx`, vitest and a production install; it loads the TypeScript renderer
// through tsx's scoped loader (tsx is a dependency). Messages: { id, format, scene, title } → { id, body } (a PNG's
// bytes are transferred, not copied) or { id, error }.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

/** @type {{ drawSceneFile(file: { format: string, scene: unknown, title: string }): Promise<string | Uint8Array> }} */
const task = await tsImport('./render-task.ts', import.meta.url);

parentPort?.on('message', async ({ id, format, scene, title }) => {
  try {
    const body = await task.drawSceneFile({ format, scene, title });
    if (typeof body === 'string') {
      parentPort?.postMessage({ id, body });
      return;
    }
    // Transfer only a buffer the bytes own whole; a view into a larger one is copied out first.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice();
    parentPort?.postMessage({ id, body: own }, [own.buffer]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
