/**
 * The API's QR file port (src/shared/qr/filePort.ts) on the app's own encoder and renderer: the functions the
 * worker calls for a download, so a script gets the file the generator would make. The request is encoded and its
 * scene built where the port runs (cheap, and where a bad request becomes a 400); the scene then becomes a file
 * either here (SVG, PDF and EPS are pure code and run everywhere) or wherever the runtime sends it: the local
 * server draws every format on worker threads behind a fair queue (server/api/qr-files.ts), PNG included, which
 * needs a 2D canvas the Edge runtime has not.
 */
import { encodeText } from '../encoder/index.ts';
import type { QrFileFormat, QrFilePort } from '../shared/qr/filePort.ts';
import { sceneToEps } from './eps.ts';
import { sceneToPdf } from './pdf.ts';
import { buildScene, type Scene } from './scene.ts';
import { sceneToSvg } from './svg.ts';

/** One file to make of a built scene: plain data (structured-clonable), so it can cross to a worker thread. */
export interface SceneFile {
  format: QrFileFormat;
  scene: Scene;
  title: string;
}

/** Makes the file of a scene on behalf of `principal` (who asked: the runtime may queue per principal). */
export type DrawScene = (file: SceneFile, principal: string) => Promise<string | Uint8Array<ArrayBuffer>>;

/** SVG, PDF or EPS of a scene, here and now (pure code). */
export async function vectorFile({ format, scene, title }: SceneFile): Promise<string | Uint8Array<ArrayBuffer>> {
  if (format === 'pdf') return sceneToPdf(scene, { title, logo: null });
  if (format === 'eps') return sceneToEps(scene, { title, logo: null });
  if (format === 'svg') return sceneToSvg(scene, { title, logoHref: null });
  throw new Error(`vectorFile: ${format} is not a vector format`);
}

/**
 * Without options: SVG, PDF and EPS drawn in line, no PNG (the Edge runtime). With `draw`: every format goes there,
 * and PNG is offered when `png` says the runtime can paint it.
 */
export function qrFilePort(options?: { draw: DrawScene; png: boolean }): QrFilePort {
  return {
    draws: (format) => format !== 'png' || options?.png === true,
    async draw({ format, data, ecl, style, size, title, principal }) {
      // SVG on whole units, as the generator's SVG download; PDF/EPS in points and PNG on snapped pixels as the worker.
      const scene = buildScene(encodeText(data, { ecl }), style, null, size, format === 'svg');
      const file = { format, scene, title };
      if (options) return options.draw(file, principal);
      return vectorFile(file);
    },
  };
}
