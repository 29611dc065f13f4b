/**
 * Design options (eye shapes and colours, gradients, transparent background, margin, JPEG/WebP) through the real
 * worker, in every export format, read back by decoders nobody here wrote: zxing-wasm (ZXing-C++) and jsQR must
 * read each one (zbar's answer is logged). SVG is rasterised by Chromium, PDF by pdftoppm, EPS by Ghostscript.
 * Transparent exports are laid on a white page first, as they would be used; every image gets a white border
 * (the page around the code), so a margin of 0 is judged as printed on paper.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { QrClient, type QrRequest, type QrStyle } from '../../../src/worker-client/index.ts';
import { readWithAll } from '../../../workers/decoders.ts';
import { rasteriseOnHost } from '../scan-safety/nodeCommands.ts';
import { blobToImageData, svgToImageData } from '../../helpers/page-decode.ts';
import { debugLog } from '../../helpers/debug.ts';

const client = new QrClient();
afterAll(() => client.terminate());

const CONTENT = 'https://qrcraft.app/s/design-options-7Xk2';

/** The image on a white page with a white border of `pad` of its side on each side (alpha composited). */
function onPage(img: ImageData, pad = 0.1): ImageData {
  const b = Math.round(img.width * pad);
  const c = new OffscreenCanvas(img.width + 2 * b, img.height + 2 * b);
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, c.width, c.height);
  const src = new OffscreenCanvas(img.width, img.height);
  src.getContext('2d')!.putImageData(img, 0, 0);
  ctx.drawImage(src, b, b);
  return ctx.getImageData(0, 0, c.width, c.height);
}

async function expectReads(img: ImageData, what: string): Promise<void> {
  const read = await readWithAll(onPage(img));
  debugLog(
    what,
    JSON.stringify({ zxing: read.zxing === CONTENT, jsqr: read.jsqr === CONTENT, zbar: read.zbar === CONTENT }),
  );
  expect({ what, zxing: read.zxing, jsqr: read.jsqr }).toEqual({ what, zxing: CONTENT, jsqr: CONTENT });
}

const BASE: QrStyle = { shape: 'square', fg: '#000000', bg: '#FFFFFF', frame: 'none', frameText: '', logoId: null };

const DESIGNS: Record<string, Partial<QrStyle>> = {
  'dots, linear 3-stop gradient at 45°, circle eyes in the gradient': {
    shape: 'dots',
    gradient: { type: 'linear', angle: 45, stops: ['#1A2BB2', '#9333EA', '#000000'] },
    eyeFrame: 'circle',
    eyeCentre: 'circle',
  },
  'classy, radial gradient, leaf eyes with their own colours': {
    shape: 'classy',
    gradient: { type: 'radial', angle: 0, stops: ['#000000', '#1A2BB2'] },
    eyeFrame: 'leaf',
    eyeCentre: 'leaf',
    eyeFrameColour: '#B91C1C',
    eyeCentreColour: '#000000',
  },
  'rounded, transparent, margin 1, rounded ring and square centre': {
    shape: 'rounded',
    transparent: true,
    margin: 1,
    eyeFrame: 'rounded',
    eyeCentre: 'square',
    fg: '#1A2BB2',
  },
  'square, margin 0, vertical gradient, square ring and circle centre': {
    margin: 0,
    gradient: { type: 'linear', angle: 90, stops: ['#16A34A', '#000000'] },
    eyeFrame: 'square',
    eyeCentre: 'circle',
  },
  'extraRounded, margin 10, transparent, radial 3 stops, banner': {
    shape: 'extraRounded',
    frame: 'banner',
    margin: 10,
    transparent: true,
    gradient: { type: 'radial', angle: 0, stops: ['#000000', '#DC2626', '#1A2BB2'] },
  },
};

describe.each(Object.entries(DESIGNS))('%s', (_name, options) => {
  const req: QrRequest = { content: CONTENT, ecl: 'M', kind: 'url', style: { ...BASE, ...options } };

  test('PNG, SVG, PDF, print-ready PDF and EPS all read back', async () => {
    const png = await client.image(req, 1000, 'image/png');
    await expectReads(await blobToImageData(png.blob), 'png');

    const { svg } = await client.svg(req, 1000);
    await expectReads(await svgToImageData(svg, 1000), 'svg');

    const pdf = await client.pdf(req);
    for (const r of await rasteriseOnHost('pdf', pdf.blob, [150]))
      await expectReads(await blobToImageData(r.png), 'pdf');

    const print = await client.printPdf(req, { sizeMm: 60, bleedMm: 3, cropMarks: false, colour: 'cmyk' });
    for (const r of await rasteriseOnHost('pdf', print.blob, [150]))
      await expectReads(await blobToImageData(r.png), 'print-pdf');

    const eps = await client.eps(req);
    for (const r of await rasteriseOnHost('eps', eps.blob, [150]))
      await expectReads(await blobToImageData(r.png), 'eps');
  });
});

test('transparent PNG and WebP keep alpha outside the modules; JPEG is flattened on the background', async () => {
  const req: QrRequest = {
    content: CONTENT,
    ecl: 'M',
    kind: 'url',
    style: { ...BASE, transparent: true, bg: '#FFFF00' },
  };
  const png = await blobToImageData((await client.image(req, 512, 'image/png')).blob);
  expect(png.width).toBe(512);
  // Top-left pixel is quiet zone: fully transparent; the finder's corner module (4 modules in) opaque.
  expect(png.data[3]).toBe(0);
  const webp = await client.image(req, 300, 'image/webp', 0.9);
  expect(webp.blob.type).toBe('image/webp');
  const webpImg = await blobToImageData(webp.blob);
  expect(webpImg.width).toBe(300);
  expect(webpImg.data[3]).toBe(0);
  const jpeg = await client.image(req, 2048, 'image/jpeg', 0.9);
  expect(jpeg.blob.type).toBe('image/jpeg');
  const jpegImg = await blobToImageData(jpeg.blob);
  expect(jpegImg.width).toBe(2048);
  // Flattened on the yellow background, not on black.
  expect([jpegImg.data[0]! > 200, jpegImg.data[1]! > 200, jpegImg.data[2]! < 80, jpegImg.data[3]]).toEqual([
    true,
    true,
    true,
    255,
  ]);
  await expectReads(jpegImg, 'jpeg');
});

test('a gradient stop or eye colour that fades into the background is refused with the reason', async () => {
  const fading: QrRequest = {
    content: CONTENT,
    ecl: 'M',
    kind: 'url',
    style: { ...BASE, gradient: { type: 'linear', angle: 0, stops: ['#000000', '#EEEEEE'] } },
  };
  await expect(client.png(fading, 300)).rejects.toMatchObject({
    code: 'LOW_CONTRAST',
    details: { part: 'gradient colour 2' },
  });
  const eye: QrRequest = { ...fading, style: { ...BASE, eyeCentreColour: '#FAFAFA' } };
  await expect(client.svg(eye)).rejects.toMatchObject({ code: 'LOW_CONTRAST', details: { part: 'eye centre colour' } });
  const margin: QrRequest = { ...fading, style: { ...BASE, margin: 11 } };
  await expect(client.pdf(margin)).rejects.toMatchObject({ code: 'BAD_DESIGN' });
  await expect(client.image({ ...fading, style: BASE }, 5000, 'image/png')).rejects.toMatchObject({ code: 'BAD_SIZE' });
});

test('large codes (more modules than the canvas stamps) take the pixel-buffer gradient path, opaque and transparent', async () => {
  const content = 'https://qrcraft.app/long?d=' + 'a1b2c3d4e5'.repeat(70);
  for (const transparent of [false, true]) {
    const req: QrRequest = {
      content,
      ecl: 'M',
      kind: 'url',
      style: {
        ...BASE,
        shape: 'classy',
        transparent,
        gradient: { type: transparent ? 'radial' : 'linear', angle: 135, stops: ['#1A2BB2', '#9333EA', '#000000'] },
      },
    };
    const img = await blobToImageData((await client.image(req, 2048, 'image/png')).blob);
    // The quiet zone is the background (or nothing), and the code reads with both decoders.
    expect(img.data[3]).toBe(transparent ? 0 : 255);
    const read = await readWithAll(onPage(img));
    expect({ transparent, zxing: read.zxing, jsqr: read.jsqr }).toEqual({ transparent, zxing: content, jsqr: content });
  }
});

test('a JPEG logo is embedded as it is in an RGB PDF and converted with every colour in a CMYK one', async () => {
  // Left half red, right half dark teal: colours a CMYK conversion must keep recognisable.
  const canvas = new OffscreenCanvas(120, 120);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#FF0000';
  ctx.fillRect(0, 0, 60, 120);
  ctx.fillStyle = '#006070';
  ctx.fillRect(60, 0, 60, 120);
  await client.putLogo(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 }), 'jpeg-cmyk');
  const req: QrRequest = { content: CONTENT, ecl: 'H', kind: 'url', style: { ...BASE, logoId: 'jpeg-cmyk' } };
  const text = async (blob: Blob) => new TextDecoder('latin1').decode(await blob.arrayBuffer());

  const rgb = await text(
    (await client.printPdf(req, { sizeMm: 60, bleedMm: 0, cropMarks: false, colour: 'rgb' })).blob,
  );
  expect(rgb).toContain('/DCTDecode');
  const print = await client.printPdf(req, { sizeMm: 60, bleedMm: 0, cropMarks: false, colour: 'cmyk' });
  const cmyk = await text(print.blob);
  expect(cmyk).not.toContain('/DCTDecode');
  // jsPDF writes each dictionary entry on a line of its own.
  expect(cmyk).toMatch(/\/Subtype \/Image\s[^>]*\/ColorSpace \/DeviceCMYK/);

  // pdftoppm shows the logo in its colours: red and teal pixels, and the code still reads.
  const [page] = await rasteriseOnHost('pdf', print.blob, [150]);
  const img = await blobToImageData(page!.png);
  let red = 0;
  let teal = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
    if (r > 180 && g < 90 && b < 90) red++;
    if (r < 60 && g > 50 && b > 50 && g < 170 && b < 170) teal++;
  }
  // The logo box is about 1/5 of the 354 px QR side: each half covers thousands of pixels.
  expect(red).toBeGreaterThan(1000);
  expect(teal).toBeGreaterThan(1000);
  await expectReads(img, 'print-pdf with a JPEG logo in CMYK');
});
