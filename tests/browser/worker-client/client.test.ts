/** The worker client through the real worker (comlink over a module worker) in Chromium. */
import { afterEach, expect, test } from 'vitest';
import { DataTooLongError, QrClient, QrError, errorCode, type QrRequest } from '../../../src/worker-client/index.ts';
import { bitmapToImageData, blobToImageData, decodeImageData, makeLogo } from '../../helpers/page-decode.ts';
import { TestQrClient } from './testClient.ts';

const style = {
  shape: 'rounded' as const,
  fg: '#000000',
  bg: '#FFFFFF',
  frame: 'none' as const,
  frameText: '',
  logoId: null,
};
const req = (content: string, extra: Partial<QrRequest['style']> = {}): QrRequest => ({
  content,
  ecl: 'M',
  kind: 'text',
  style: { ...style, ...extra },
});

let clients: QrClient[] = [];
function client(timeoutMs?: number): QrClient {
  const c = new QrClient(timeoutMs ? { timeoutMs } : {});
  clients.push(c);
  return c;
}
/** A client on the test-only worker entry, which adds the crash and hang hooks. */
function testClient(timeoutMs?: number): TestQrClient {
  const c = new TestQrClient(timeoutMs ? { timeoutMs } : {});
  clients.push(c);
  return c;
}
afterEach(() => {
  clients.forEach((c) => c.terminate());
  clients = [];
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

test('lazy start: no worker until the first request', async () => {
  const c = client();
  expect(c.starts).toBe(0);
  const info = await c.info({ content: 'hello', ecl: 'Q' });
  expect(c.starts).toBe(1);
  expect(info).toMatchObject({ version: 1, size: 21, ecl: 'Q' });
  expect(info.leftBits).toBe(info.capacityBits - info.usedBits);
});

test('latest wins: a burst of previews renders the newest, stale results are dropped and their bitmaps closed', async () => {
  const c = client();
  await c.info({ content: 'warm up', ecl: 'M' });
  const closed: ImageBitmap[] = [];
  const original = ImageBitmap.prototype.close;
  ImageBitmap.prototype.close = function (this: ImageBitmap) {
    closed.push(this);
    original.call(this);
  };
  try {
    const contents = Array.from({ length: 10 }, (_, i) => `https://qrcraft.app/burst/${i}/` + 'x'.repeat(300));
    const results = await Promise.all(contents.map((t) => c.preview(req(t), { cssSize: 160, pixelRatio: 2 })));
    expect(results.slice(0, 9)).toEqual(Array(9).fill(null));
    const last = results[9]!;
    expect(last).not.toBeNull();
    // The first request was already in flight: its result came back stale and the client closed it.
    expect(closed.length).toBe(1);
    expect(closed[0]?.width).toBe(0);
    expect(await decodeImageData(bitmapToImageData(last.bitmap))).toBe(contents[9]);
    last.bitmap.close();
  } finally {
    ImageBitmap.prototype.close = original;
  }
});

test('typed errors cross the boundary: DataTooLongError with its fields, QrError codes', async () => {
  const c = client();
  const tooLong = await rejection(c.png(req('x'.repeat(3000), {}), 1000).then(() => undefined));
  expect(tooLong).toBeInstanceOf(DataTooLongError);
  const e = tooLong as DataTooLongError;
  expect(e.message).toBe('Data too long');
  expect(e.maxVersion).toBe(40);
  expect(e.capacityBits).toBe(2334 * 8); // version 40-M: 2334 data codewords
  expect(e.dataBits).toBeGreaterThan(e.capacityBits);
  expect(errorCode(e)).toBe('DATA_TOO_LONG');

  const contrast = await rejection(c.svg(req('hi', { fg: '#EEEEEE' })));
  expect(contrast).toBeInstanceOf(QrError);
  expect((contrast as QrError).code).toBe('LOW_CONTRAST');
  expect((contrast as QrError).details.ratio).toBeLessThan(3);

  expect(
    ((await rejection(c.preview(req('hi', { logoId: 'nope' }), { cssSize: 160, pixelRatio: 1 }))) as QrError).code,
  ).toBe('UNKNOWN_LOGO');
  expect(((await rejection(c.putLogo(new Blob(['GIF89a'], { type: 'image/gif' }), 'gif'))) as QrError).code).toBe(
    'BAD_LOGO',
  );
  expect(((await rejection(c.info({ content: '', ecl: 'M' }))) as QrError).code).toBe('EMPTY_CONTENT');
  expect(((await rejection(c.png(req('hi'), 20))) as QrError).code).toBe('BAD_SIZE');
});

test('crash: the worker is replaced, the request retried once, logos re-sent', async () => {
  const c = testClient();
  await c.putLogo(await makeLogo(), 'logo');
  expect(c.starts).toBe(1);
  await c.crashForTest();
  // The crash (an uncaught error in the worker) is noticed by the next call, which runs on a new worker.
  const content = 'https://qrcraft.app/after-crash';
  const p = await c.preview(
    { content, ecl: 'H', kind: 'url', style: { ...style, logoId: 'logo' } },
    { cssSize: 160, pixelRatio: 2 },
  );
  expect(c.starts).toBe(2);
  expect(p!.meta.logo).not.toBeNull();
  expect(await decodeImageData(bitmapToImageData(p!.bitmap))).toBe(content);
  p!.bitmap.close();
});

test('hang: a call that exceeds the timeout restarts the worker, retries once, then fails typed; the next call works', async () => {
  const c = testClient(1500);
  await c.info({ content: 'a', ecl: 'M' });
  const e = await rejection(c.hangForTest(4000));
  expect(e).toBeInstanceOf(QrError);
  expect((e as QrError).code).toBe('WORKER_TIMEOUT');
  expect(c.starts).toBe(2); // the first worker hung, so did the retry's
  const info = await c.info({ content: 'still alive', ecl: 'M' });
  expect(info.version).toBe(1);
  expect(c.starts).toBe(3); // a fresh worker, started on demand
});

test('AbortSignal: an export aborted before or during the call rejects with ABORTED', async () => {
  // The app's worker, watched: "during" is once the request has been posted to it.
  let posted!: () => void;
  const requestPosted = new Promise<void>((resolve) => (posted = resolve));
  const c = new QrClient({
    createWorker: () => {
      const worker = new Worker(new URL('../../../workers/qr.worker.ts', import.meta.url), { type: 'module' });
      const post = worker.postMessage.bind(worker) as (message: unknown, transfer: Transferable[]) => void;
      worker.postMessage = ((message: unknown, transfer: Transferable[] = []) => {
        post(message, transfer);
        posted();
      }) as Worker['postMessage'];
      return worker;
    },
  });
  clients.push(c);
  const before = new AbortController();
  before.abort();
  expect(((await rejection(c.png(req('hi'), 1000, { signal: before.signal }))) as QrError).code).toBe('ABORTED');
  const during = new AbortController();
  const p = c.png(req('https://qrcraft.app/' + 'y'.repeat(1500)), 4000, { signal: during.signal });
  await requestPosted;
  during.abort();
  const e = (await rejection(p)) as QrError;
  expect(e.code).toBe('ABORTED');
  expect(e.name).toBe('AbortError');
  // The worker is still usable.
  expect((await c.png(req('after abort'), 200)).blob.type).toBe('image/png');
});

test('SVG and JPEG logos: sent once, hole keeps the aspect ratio, PDF and EPS embed them', async () => {
  const c = client();
  const svgLogo = new Blob(
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#e11d48"/></svg>',
    ],
    { type: 'image/svg+xml' },
  );
  const info = await c.putLogo(svgLogo, 'wide');
  expect(info.width / info.height).toBeCloseTo(3, 1);
  const r = {
    content: 'https://qrcraft.app/logo',
    ecl: 'H' as const,
    kind: 'url' as const,
    style: { ...style, logoId: 'wide' },
  };
  const { svg, meta } = await c.svg(r);
  expect(meta.logo!.box.w / meta.logo!.box.h).toBeCloseTo(3, 1);
  expect(svg.match(/<image /g)).toHaveLength(1);
  expect(svg).toContain('href="data:image/svg+xml;base64,');
  const pdf = await c.pdf(r);
  expect(new TextDecoder('latin1').decode(await pdf.blob.arrayBuffer())).toMatch(/\/Subtype \/Image/);
  const eps = await (await c.eps(r)).blob.text();
  expect(eps).toContain('colorimage');
  await c.putLogo(await makeLogo('image/jpeg'), 'jpg');
  const pdf2 = await c.pdf({ ...r, style: { ...r.style, logoId: 'jpg' } });
  expect(new TextDecoder('latin1').decode(await pdf2.blob.arrayBuffer())).toMatch(/\/Filter \/DCTDecode/);
});

test('the last PNG is reused for the same request and size, and a new logo under the same id is drawn afresh', async () => {
  const c = client();
  const bytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
  await c.putLogo(await makeLogo('image/png', 120, 120), 'reused');
  const r: QrRequest = { ...req('https://example.com/png-cache', { logoId: 'reused' }), ecl: 'H' };
  const first = await c.png(r, 400);
  expect(await bytes((await c.png(r, 400)).blob)).toEqual(await bytes(first.blob));
  // Same id, another picture: the file must show it, not the PNG made before.
  await c.putLogo(await makeLogo('image/png', 240, 80), 'reused');
  const redrawn = await c.png(r, 400);
  expect(await bytes(redrawn.blob)).not.toEqual(await bytes(first.blob));
  expect(await decodeImageData(await blobToImageData(redrawn.blob))).toBe('https://example.com/png-cache');
});

test('scan check reads the output back with three readers in the worker, also from a phone photo', async () => {
  const c = client();
  const r = req('https://qrcraft.app/scan-check', { shape: 'dots', frame: 'badge' });
  const check = await c.scanCheck(r, { kind: 'png', size: 1000 });
  expect(check).toMatchObject({ ok: true, decoded: r.content, decoder: 'zxing-wasm' });
  expect(check.readers.map((x) => [x.reader, x.clean, x.phonePhoto])).toEqual([
    ['zxing', true, true],
    ['zbar', true, true],
    ['jsqr', true, true],
  ]);
  expect((await c.scanCheck(r, { kind: 'preview', options: { cssSize: 160, pixelRatio: 1 } })).ok).toBe(true);
});
