// CORS on the public API, checked by the thing it is for: a real Chromium page on another origin calling the API
// with X-API-Key (which needs a preflight) and reading the headers the API exposes; plus the preflight's headers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { createApiKey } from './api-v1-helpers.ts';

/** A Preflight's Origin; the browser test's page comes from its own loopback server (another port, another origin). */
const PAGE_ORIGIN = 'http://scripts.example';

let browser: Browser;
let pageServer: Server;
let pageOrigin = '';
beforeAll(async () => {
  // A real loopback origin: Chromium's local-network rules refuse a public page's calls to 127.0.0.1 outright.
  pageServer = createServer((_req, res) => res.end('<!doctype html><title>a script</title>'));
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
});

describe.each(backends)('CORS on /api/v1 on %s', (backend) => {
  const srv = suiteServer(backend);

  it('answers a preflight for X-API-Key, Authorization and JSON bodies before asking for a key', async () => {
    const res = await fetch(`${srv.url}/api/v1/codes`, {
      method: 'OPTIONS',
      headers: {
        Origin: PAGE_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-api-key', 'authorization', 'content-type']));
    expect(res.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
  });

  it('lets a page on another origin create a code with X-API-Key and read Location and RateLimit headers', async () => {
    const { client } = await signedUpClient(srv.url);
    const { key } = await createApiKey(client, 'browser');
    const page = await browser.newPage();
    try {
      await page.goto(`${pageOrigin}/`);
      const seen = await page.evaluate(
        async ({ api, key }) => {
          const created = await fetch(`${api}/codes`, {
            method: 'POST',
            headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'From a page', content: 'https://example.com/page' }),
          });
          const qr = await fetch(`${api}/qr?data=cors&format=png&size=64`, { headers: { 'X-API-Key': key } });
          const refused = await fetch(`${api}/codes`, { headers: { 'X-API-Key': `qrc_${'A'.repeat(43)}` } });
          return {
            status: created.status,
            location: created.headers.get('location'),
            remaining: created.headers.get('ratelimit-remaining'),
            name: ((await created.json()) as { name: string }).name,
            disposition: qr.headers.get('content-disposition'),
            refused: [refused.status, ((await refused.json()) as { error: { code: string } }).error.code],
          };
        },
        { api: `${srv.url}/api/v1`, key },
      );
      expect(seen).toEqual({
        status: 201,
        location: expect.stringMatching(/^\/api\/v1\/codes\/[0-9a-f-]{36}$/),
        remaining: expect.stringMatching(/^\d+$/),
        name: 'From a page',
        disposition: 'inline; filename="qr-code.png"',
        refused: [401, 'invalid_api_key'],
      });
    } finally {
      await page.close();
    }
  });
});
