// GET /api/v1/qr: SVGs drawn by the app's own renderer on the server, rasterised by Chromium and read back by
// ZXing-C++ (zxing-wasm), a decoder nobody here wrote; and a clear 400 for every bad parameter.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { apiCall, createApiKey } from './api-v1-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const wasm = readFileSync(join(process.cwd(), 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
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

  it('answers 400 naming the parameter for bad ones, and 401 without a key', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /"data" is required/],
      [{ data: '' }, /"data" is required/],
      [{ data: 'x', size: '10' }, /"size" must be a whole number of pixels from 64 to 4096/],
      [{ data: 'x', size: '1e3' }, /"size"/],
      [{ data: 'x', ecl: 'X' }, /"ecl" must be L, M, Q or H/],
      [{ data: 'x', shape: 'heart' }, /"shape" must be one of square, dots/],
      [{ data: 'x', frame: 'neon' }, /"frame" must be one of none/],
      [{ data: 'x', fg: 'red' }, /"fg" must be a colour such as #1A2BB2/],
      [{ data: 'x', fg: '#FFFFFF', bg: '#000000' }, /The foreground must be darker than the background/],
      [{ data: 'x', fg: '#777777', bg: '#888888' }, /too close/],
      [{ data: 'x', format: 'png' }, /"format" must be svg/],
      [{ data: 'x', frameText: 'y'.repeat(41) }, /"frameText" may be at most 40 characters/],
      [{ data: 'é'.repeat(700), ecl: 'H' }, /"data" is too long for a QR code at level H/],
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
