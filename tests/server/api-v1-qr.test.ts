// GET /api/v1/qr: files drawn by the app's own renderer on the server and read back by ZXing-C++ (zxing-wasm), a
// decoder nobody here wrote: SVG rasterised by Chromium, PNG as served (@napi-rs/canvas), PDF rasterised by
// poppler (pdftoppm) and EPS by Ghostscript; and a clear 400 for every bad parameter of every format.
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes } from 'zxing-wasm/reader';
import { loadZxing } from '../helpers/decoders.ts';
import { rasteriseToPng } from '../helpers/rasterise.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { apiCall, createApiKey } from './api-v1-helpers.ts';
import { DataTooLongError, encodeText } from '../../src/encoder/index.ts';

/** The encoder's own advice for content too long at H (the API must answer with the same shared words). */
const adviceAtH = (() => {
  try {
    encodeText('é'.repeat(700), { ecl: 'H' });
  } catch (e) {
    if (e instanceof DataTooLongError) return e.advice;
  }
  throw new Error('expected the content to be too long at H');
})();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  await loadZxing();
});
afterAll(async () => {
  await browser?.close();
});

/** The SVG as Chromium paints it at its own size, read by ZXing. */
async function decodeSvg(svg: string): Promise<string | null> {
  const page = await browser.newPage();
  try {
    await page.setContent(`<body style="margin:0">${svg}</body>`);
    const png = await page.locator('svg').screenshot();
    const [result] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true });
    return result?.text ?? null;
  } finally {
    await page.close();
  }
}

async function decodePng(png: Uint8Array): Promise<string | null> {
  const [result] = await readBarcodes(png, { formats: ['QRCode'], tryHarder: true });
  return result?.text ?? null;
}

/** A PDF or EPS as poppler or Ghostscript rasterise it at 150 dpi, read by ZXing. */
async function decodeVector(format: 'pdf' | 'eps', bytes: Uint8Array): Promise<string | null> {
  return decodePng(await rasteriseToPng(format, bytes, 150));
}

async function fileOf(url: string, query: Record<string, string>, key: string) {
  const res = await fetch(`${url}/api/v1/qr?${new URLSearchParams(query)}`, { headers: { 'X-API-Key': key } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe.each(backends)('GET /api/v1/qr on %s', (backend) => {
  const srv = suiteServer(backend);
  let key = '';
  beforeAll(async () => {
    const { client } = await signedUpClient(srv.url);
    key = (await createApiKey(client, 'renderer')).key;
  });

  it('renders SVGs that decode to their data, in every shape and with a frame', async () => {
    const designs: Array<Record<string, string> & { data: string }> = [
      { data: 'https://example.com/menu?table=12', size: '400' },
      { data: 'Grüße aus Köln – 東京', shape: 'dots', ecl: 'Q', fg: '#1A2BB2', bg: '#FFFFFF', size: '500' },
      { data: 'WIFI:T:WPA;S:Cafe;P:secret;;', shape: 'classyRounded', frame: 'banner', frameText: 'Free Wi-Fi' },
      { data: '0123456789'.repeat(20), shape: 'extraRounded', ecl: 'H', frame: 'circular', size: '800' },
    ];
    for (const design of designs) {
      const res = await apiCall(srv.url, `/api/v1/qr?${new URLSearchParams(design)}`, { key });
      expect(res.status, design.data).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(await decodeSvg(res.text), JSON.stringify(design)).toBe(design.data);
    }
  });

  it('serves PNG, PDF and EPS that decode to their data, with their type and file name', async () => {
    const designs: Array<Record<string, string> & { data: string; format: 'png' | 'pdf' | 'eps' }> = [
      { format: 'png', data: 'https://example.com/png?q=1', size: '300' },
      { format: 'png', data: 'Grüße – 東京', shape: 'dots', ecl: 'Q', frame: 'banner', frameText: 'Scan me' },
      { format: 'png', data: 'WIFI:T:WPA;S:Cafe;P:secret;;', shape: 'classyRounded', fg: '#1A2BB2', size: '700' },
      { format: 'pdf', data: 'https://example.com/pdf', shape: 'rounded', frame: 'circular' },
      { format: 'pdf', data: '0123456789'.repeat(12), ecl: 'H', size: '200' },
      { format: 'eps', data: 'https://example.com/eps', shape: 'extraRounded', frame: 'banner', frameText: 'Menu' },
      { format: 'eps', data: 'MECARD:N:Doe,Jo;;', ecl: 'L', size: '144' },
    ];
    const types = { png: 'image/png', pdf: 'application/pdf', eps: 'application/postscript' };
    for (const design of designs) {
      const { res, bytes } = await fileOf(srv.url, design, key);
      expect(res.status, JSON.stringify(design)).toBe(200);
      expect(res.headers.get('content-type')).toBe(types[design.format]);
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="qr-code.${design.format}"`);
      const text = design.format === 'png' ? await decodePng(bytes) : await decodeVector(design.format, bytes);
      expect(text, JSON.stringify(design)).toBe(design.data);
    }
    // PNG size is the image's width in pixels (IHDR), PDF size the page's width in points (MediaBox).
    const png = (await fileOf(srv.url, { format: 'png', data: 'size', size: '321' }, key)).bytes;
    expect(new DataView(png.buffer, png.byteOffset).getUint32(16)).toBe(321);
    const pdf = new TextDecoder('latin1').decode(
      (await fileOf(srv.url, { format: 'pdf', data: 'size', size: '200' }, key)).bytes,
    );
    // jsPDF writes whole numbers with a trailing point (`200.`), which PDF reads as the same number.
    expect(/\/MediaBox \[([^\]]*)\]/.exec(pdf)?.[1]?.trim().split(/\s+/).map(Number)).toEqual([0, 0, 200, 200]);
  });

  it('answers 400 naming the parameter for bad ones, and 401 without a key', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /"data" is required/],
      [{ data: '' }, /"data" is required/],
      [{ data: 'x', size: '10' }, /"size" must be from 64 to 4096 pixels for svg/],
      [{ data: 'x', size: '1e3' }, /"size"/],
      [{ data: 'x', ecl: 'X' }, /"ecl" must be L, M, Q or H/],
      [{ data: 'x', shape: 'heart' }, /"shape" must be one of square, dots/],
      [{ data: 'x', frame: 'neon' }, /"frame" must be one of none/],
      [{ data: 'x', fg: 'red' }, /"fg" must be a colour such as #1A2BB2/],
      [{ data: 'x', fg: '#FFFFFF', bg: '#000000' }, /The foreground must be darker than the background/],
      [{ data: 'x', fg: '#777777', bg: '#888888' }, /too close/],
      [{ data: 'x', format: 'gif' }, /"format" must be one of svg, png, pdf, eps/],
      [{ data: 'x', format: 'png', size: '5000' }, /"size" must be from 64 to 4096 pixels for png/],
      [{ data: 'x', format: 'png', size: '-1' }, /"size" must be a whole number/],
      [{ data: 'x', format: 'pdf', size: '20' }, /"size" must be from 36 to 5669 points for pdf/],
      [{ data: 'x', format: 'eps', size: '99999' }, /"size" must be from 36 to 5669 points for eps/],
      [{ data: 'x', format: 'pdf', fg: '#FFFFFF', bg: '#000000' }, /The foreground must be darker/],
      [{ data: 'x', format: 'eps', shape: 'star' }, /"shape" must be one of/],
      [{ data: 'é'.repeat(700), ecl: 'H', format: 'png' }, new RegExp(`^"data": ${escapeRegExp(adviceAtH)}$`)],
      [{ data: 'x', format: 'png', frame: 'banner', frameText: 'z'.repeat(41) }, /"frameText" may be at most 40/],
      [{ data: 'x', frameText: 'y'.repeat(41) }, /"frameText" may be at most 40 characters/],
      [{ data: 'é'.repeat(700), ecl: 'H' }, new RegExp(`^"data": ${escapeRegExp(adviceAtH)}$`)],
    ];
    for (const [query, message] of cases) {
      const res = await apiCall(srv.url, `/api/v1/qr?${new URLSearchParams(query)}`, { key });
      expect(res.status, JSON.stringify(query).slice(0, 60)).toBe(400);
      expect(res.body).toEqual({ error: { code: 'invalid_request', message: expect.stringMatching(message) } });
    }
    const anonymous = await apiCall(srv.url, '/api/v1/qr?data=x');
    expect(anonymous.status).toBe(401);
    const doc = await apiCall(srv.url, '/api/v1/openapi.json');
    expect(Object.keys((doc.body as { paths: Record<string, unknown> }).paths)).toContain('/qr');
  });
});
