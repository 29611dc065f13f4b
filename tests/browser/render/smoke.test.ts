import { afterAll, expect, test } from 'vitest';
import { QrClient } from '../../../src/worker-client/index.ts';
import {
  bitmapToImageData,
  blobToImageData,
  decodeImageData,
  makeLogo,
  svgToImageData,
} from '../../helpers/page-decode.ts';
import { debugLog } from '../../helpers/debug.ts';

const client = new QrClient();
afterAll(() => client.terminate());

test('smoke: preview, png, svg decode through the real worker', async () => {
  await client.putLogo(await makeLogo(), 'logo1');
  const req = {
    content: 'https://qrcraft.app/s/7Xk2',
    ecl: 'H' as const,
    kind: 'url' as const,
    style: {
      shape: 'dots' as const,
      fg: '#1A2BB2',
      bg: '#FFFFFF',
      frame: 'banner' as const,
      frameText: '',
      logoId: 'logo1',
    },
  };
  const p = await client.preview(req, { cssSize: 160, pixelRatio: 1 });
  expect(p).not.toBeNull();
  debugLog('preview', p!.bitmap.width, JSON.stringify(p!.meta));
  expect(await decodeImageData(bitmapToImageData(p!.bitmap))).toBe(req.content);
  p!.bitmap.close();
  const png = await client.png(req, 1000);
  expect(await decodeImageData(await blobToImageData(png.blob))).toBe(req.content);
  const svg = await client.svg(req);
  debugLog('svg bytes', svg.svg.length);
  expect(await decodeImageData(await svgToImageData(svg.svg))).toBe(req.content);
  const check = await client.scanCheck(req, { kind: 'png', size: 2000 });
  expect(check.ok).toBe(true);
});
