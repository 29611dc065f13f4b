import { afterAll, expect, test } from 'vitest';
import { QrClient, type QrRequest } from '../../../src/worker-client/index.ts';
import { blobToImageData, decodeImageData } from '../../helpers/page-decode.ts';

// The worker draws every export of a size on the same canvas (workers/service/scene.ts): each file must hold its own
// design, whatever was drawn there before and whether or not the previous file was still being encoded.
const clients: QrClient[] = [];
afterAll(() => clients.forEach((c) => c.terminate()));
const newClient = () => {
  const c = new QrClient();
  clients.push(c);
  return c;
};

const request = (content: string, style: Partial<QrRequest['style']>): QrRequest => ({
  content,
  ecl: 'M',
  kind: 'text',
  style: { shape: 'square', fg: '#000000', bg: '#FFFFFF', frame: 'none', frameText: '', logoId: null, ...style },
});

const dotsBanner = request('first file: dots in a banner', { shape: 'dots', frame: 'banner', fg: '#1A2BB2' });
const roundedRed = request('second file: rounded, dark red on cream', {
  shape: 'rounded',
  fg: '#7F1D1D',
  bg: '#FEF3C7',
});
const transparent = request('third file: transparent background', {
  shape: 'classy',
  frame: 'rounded',
  transparent: true,
});

test('exports asked for back to back each hold their own design', async () => {
  const client = newClient();
  // Not awaited one by one: the worker starts drawing the next file while the last is being encoded.
  const [a, b, c, d, e] = await Promise.all([
    client.png(dotsBanner, 1000),
    client.png(roundedRed, 1000),
    client.png(transparent, 1000),
    client.image(roundedRed, 1000, 'image/jpeg', 0.9),
    client.png(dotsBanner, 2000),
  ]);
  const images = await Promise.all([a, b, c, d, e].map((file) => blobToImageData(file.blob)));
  // Decoders take clear pixels for black: the transparent file is read as it is seen, on white.
  const texts = await Promise.all(images.map((img, i) => decodeImageData(i === 2 ? onWhite(img) : img)));
  expect(texts).toEqual([
    dotsBanner.content,
    roundedRed.content,
    transparent.content,
    roundedRed.content,
    dotsBanner.content,
  ]);
  // The corner pixel: cream after blue-on-white, clear after cream, cream again (JPEG: near it) after clear.
  const corner = (img: ImageData) => Array.from(img.data.slice(0, 4));
  expect(corner(images[1]!)).toEqual([0xfe, 0xf3, 0xc7, 255]);
  expect(corner(images[2]!)[3]).toBe(0);
  expect(corner(images[3]!)[3]).toBe(255);
  for (const [channel, value] of [0xfe, 0xf3, 0xc7].entries())
    expect(Math.abs(corner(images[3]!)[channel]! - value)).toBeLessThan(8);
});

function onWhite(img: ImageData): ImageData {
  const out = new ImageData(img.width, img.height);
  for (let i = 0; i < img.data.length; i += 4) {
    const a = img.data[i + 3]! / 255;
    for (let k = 0; k < 3; k++) out.data[i + k] = Math.round(img.data[i + k]! * a + 255 * (1 - a));
    out.data[i + 3] = 255;
  }
  return out;
}

test('a file drawn on a used canvas is the same, pixel for pixel, as one drawn on a new canvas', async () => {
  const fresh = await newClient().png(roundedRed, 1000);
  const used = newClient();
  await used.png(dotsBanner, 1000);
  await used.png(transparent, 1000);
  const again = await used.png(roundedRed, 1000);
  const [x, y] = await Promise.all([blobToImageData(fresh.blob), blobToImageData(again.blob)]);
  expect(y.width).toBe(x.width);
  let differing = 0;
  for (let i = 0; i < x.data.length; i++) if (x.data[i] !== y.data[i]) differing++;
  expect(differing).toBe(0);
});
