/**
 * The API's QR file port (src/shared/qr/filePort.ts) on the app's own encoder and renderer: the functions the
 * worker calls for a download, so a script gets the file the generator would make. SVG, PDF and EPS are pure code
 * and run everywhere; PNG needs a 2D canvas, which the runtime passes in (@napi-rs/canvas on the local server) or
 * does not (the Edge runtime).
 */
import { encodeText } from '../encoder/index.ts';
import type { QrFilePort } from '../shared/qr/filePort.ts';
import { sceneToEps } from './eps.ts';
import { sceneToPdf } from './pdf.ts';
import { buildScene, type Scene } from './scene.ts';
import { sceneToSvg } from './svg.ts';

/** A PNG of the scene at its own size in pixels. */
export type ScenePng = (scene: Scene) => Promise<Uint8Array<ArrayBuffer>>;

export function qrFilePort(png?: ScenePng): QrFilePort {
  return {
    draws: (format) => format !== 'png' || png !== undefined,
    async draw({ format, data, ecl, style, size, title }) {
      // SVG on whole units, as the generator's SVG download; PDF/EPS in points and PNG on snapped pixels as the worker.
      const scene = buildScene(encodeText(data, { ecl }), style, null, size, format === 'svg');
      if (format === 'png') {
        if (!png) throw new Error('PNG asked of a QR file port that has no canvas');
        return png(scene);
      }
      if (format === 'pdf') return sceneToPdf(scene, { title, logo: null });
      if (format === 'eps') return sceneToEps(scene, { title, logo: null });
      return sceneToSvg(scene, { title, logoHref: null });
    },
  };
}
