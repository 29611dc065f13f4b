// GET /api/v1/qr under a noisy neighbour (issue 36, defect 6): files are drawn on worker threads behind a queue
// that serves accounts in turn, so one account's burst of large PNGs neither queues another account's small PNG
// behind it nor stalls the server's own thread; each account has a cap in flight and a budget in megapixels; a
// worker that dies costs one 503, not the pool. Every assertion is on order or on answers, never on time.
import { beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes } from 'zxing-wasm/reader';
import { encodeText } from '../../src/encoder/index.ts';
import { buildScene } from '../../src/render/scene.ts';
import { vectorFile } from '../../src/render/qrFile.ts';
import { DEFAULT_STYLE } from '../../src/shared/qr/vocabulary.ts';
import { sharedRenderPool } from '../../server/api/render-pool.ts';
import { scenePng } from '../../server/api/render-task.ts';
import { loadConfig } from '../../server/lib/config.ts';
import { loadZxing } from '../helpers/decoders.ts';
import { api, backends, PASSWORD, signedUpClient, suiteServer, withServer, withStore } from './helpers.ts';
import { createApiKey } from './api-v1-helpers.ts';

beforeAll(async () => {
  await loadZxing();
});

const base = loadConfig({});

interface Drawn {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

async function draw(url: string, key: string, query: Record<string, string>): Promise<Drawn> {
  const res = await fetch(`${url}/api/v1/qr?${new URLSearchParams(query)}`, { headers: { 'X-API-Key': key } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const png = (data: string, size: number) => ({ data, format: 'png', size: String(size) });

async function decodePng(bytes: Uint8Array): Promise<string | null> {
  const [result] = await readBarcodes(bytes, { formats: ['QRCode'], tryHarder: true });
  return result?.text ?? null;
}

/** Records the order in which labelled requests finish. */
function finishLine() {
  const order: string[] = [];
  return {
    order,
    track<T>(label: string, work: Promise<T>): Promise<T> {
      return work.then((value) => {
        order.push(label);
        return value;
      });
    },
  };
}

async function accountKey(url: string, name: string) {
  const account = await signedUpClient(url);
  return { ...account, key: (await createApiKey(account.client, name)).key };
}

describe.each(backends)('GET /api/v1/qr with a noisy neighbour on %s', (backend) => {
  const srv = suiteServer(backend);
  let noisy = { key: '', email: '' };
  let victim = { key: '', email: '' };
  beforeAll(async () => {
    noisy = await accountKey(srv.url, 'noisy');
    victim = await accountKey(srv.url, 'victim');
    // Warm the workers (each loads the renderer once), so that order below is about queueing.
    const warm = await Promise.all([1, 2].map(() => draw(srv.url, victim.key, png('warm', 64))));
    expect(warm.map((d) => d.status)).toEqual([200, 200]);
  });

  it("serves another account's small PNG before most of one account's 30 large ones", async () => {
    const line = finishLine();
    const burst = Array.from({ length: 30 }, (_, i) =>
      line.track(`noisy${i}`, draw(srv.url, noisy.key, png(`https://example.com/large/${i}`, 1200))),
    );
    // Once three of the burst are done, the other 27 have long reached the server and wait in its queue (drawing
    // on the server's thread, it read new requests only between two paintings).
    while (line.order.length < 3) await Promise.race(burst.filter((_, i) => !line.order.includes(`noisy${i}`)));
    const small = await line.track('victim', draw(srv.url, victim.key, png('https://example.com/small', 256)));
    const results = await Promise.all(burst);
    expect(small.status).toBe(200);
    expect(await decodePng(small.bytes)).toBe('https://example.com/small');
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    const after = line.order.length - 1 - line.order.indexOf('victim');
    expect(after, line.order.join(' ')).toBeGreaterThanOrEqual(20);
    expect(srv.logs.filter((l) => /failed/.test(l))).toEqual([]);
  }, 120_000);

  it('keeps answering other requests, sign-in included, while large PNGs are painted', async () => {
    const line = finishLine();
    const burst = Array.from({ length: 4 }, (_, i) =>
      line.track(`png${i}`, draw(srv.url, noisy.key, png(`https://example.com/print/${i}`, 4096))),
    );
    // A chain: each request is sent once the one before is answered, so each needs the server's thread anew.
    const chain = line.track(
      'chain',
      (async () => {
        for (let i = 0; i < 20; i++) expect((await api(srv.url, '/auth/v1/health')).status).toBe(200);
        const signIn = await api(srv.url, '/auth/v1/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email: victim.email, password: PASSWORD }),
        });
        expect(signIn.status).toBe(200);
        for (let i = 0; i < 20; i++) expect((await api(srv.url, '/auth/v1/health')).status).toBe(200);
      })(),
    );
    await chain;
    const results = await Promise.all(burst);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Painting on the server's thread, the chain got a turn between paintings only: it ended after the burst.
    expect(line.order.indexOf('chain'), line.order.join(' ')).toBeLessThan(2);
    expect(new DataView(results[0]!.bytes.buffer).getUint32(16)).toBe(4096);
  }, 120_000);

  it("serves the renderer's own file: the PNG and SVG drawn in this process, byte for byte", async () => {
    const data = 'https://example.com/same?bytes=1';
    const style = { ...DEFAULT_STYLE, shape: 'dots' as const, frame: 'banner' as const, frameText: 'Scan me' };
    const query = { data, shape: 'dots', frame: 'banner', frameText: 'Scan me', ecl: 'Q' };
    const served = await draw(srv.url, victim.key, { ...query, format: 'png', size: '640' });
    const scene = buildScene(encodeText(data, { ecl: 'Q' }), style, null, 640);
    // The scene crosses to the worker by structured clone: the copy is the scene.
    expect(structuredClone(scene)).toEqual(scene);
    expect(served.status).toBe(200);
    expect(Buffer.from(served.bytes).equals(Buffer.from(scenePng({ format: 'png', scene, title: 'QR code' })))).toBe(
      true,
    );
    expect(await decodePng(served.bytes)).toBe(data);
    const svg = await draw(srv.url, victim.key, { ...query, format: 'svg', size: '640' });
    const svgScene = buildScene(encodeText(data, { ecl: 'Q' }), style, null, 640, true);
    expect(new TextDecoder().decode(svg.bytes)).toBe(
      await vectorFile({ format: 'svg', scene: svgScene, title: 'QR code' }),
    );
  });

  it('answers 503 with Retry-After when a worker dies mid-drawing, and the next drawing succeeds', async () => {
    const pool = sharedRenderPool(srv.config.renderLimits.workers);
    const dying = draw(srv.url, noisy.key, png('https://example.com/dies', 4096));
    // The drawing is on a worker once one is busy; a 4096 px PNG keeps it busy long after that.
    while (!pool.threads().some((t) => t.busy)) await new Promise((r) => setTimeout(r, 2));
    await pool.threads()[0]!.worker.terminate();
    const died = await dying;
    expect(died.status).toBe(503);
    expect(died.headers.get('retry-after')).toBe('1');
    expect(JSON.parse(new TextDecoder().decode(died.bytes))).toEqual({
      error: { code: 'service_unavailable', message: expect.stringMatching(/drawing stopped before it was done/) },
    });
    const next = await Promise.all([1, 2, 3].map((i) => draw(srv.url, noisy.key, png(`after/${i}`, 300))));
    expect(next.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(next.map((d) => decodePng(d.bytes)))).toEqual(['after/1', 'after/2', 'after/3']);
    expect(srv.logs.filter((l) => /failed/.test(l))).toEqual([]);
  });
});

// The limits do not depend on the backend: one server each on the first backend (a server's start-up under load
// is what the 120 s caps are for).
describe('render limits per account', () => {
  const backend = backends[0]!;
  const errorBody = (d: Drawn) => JSON.parse(new TextDecoder().decode(d.bytes)) as unknown;

  it('spends a budget in megapixels per account, across its keys, then 429 with Retry-After until it refills', async () => {
    const renderLimits = { ...base.renderLimits, megapixels: { burst: 5, perMinute: 5 } };
    await withStore(backend, (store) =>
      withServer(store, { rateLimits: { ...base.rateLimits, enabled: true }, renderLimits }, async (srv) => {
        const owner = await accountKey(srv.url, 'first');
        const secondKey = (await createApiKey(owner.client, 'second')).key;
        const other = await accountKey(srv.url, 'other');
        // 1000 px of a 21-module code: 1 MP of pixels and 0.044 of modules, so 4 fit in 5.
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) statuses.push((await draw(srv.url, owner.key, png(`budget ${i}`, 1000))).status);
        expect(statuses).toEqual([200, 200, 200, 200, 429]);
        const refused = await draw(srv.url, secondKey, png('budget', 1000));
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(errorBody(refused)).toEqual({
          error: {
            code: 'rate_limited',
            message: expect.stringMatching(/^Drawing budget spent: 5 megapixels a minute/),
          },
        });
        expect((await draw(srv.url, other.key, png('someone else', 1000))).status).toBe(200);
        // The charge is the file's, not a request's: an SVG (its modules only, 0.044) still fits in what is left.
        expect((await draw(srv.url, owner.key, { data: 'x', format: 'svg' })).status).toBe(200);
        srv.clock.advance(60);
        expect((await draw(srv.url, secondKey, png('refilled', 1000))).status).toBe(200);
      }),
    );
  }, 120_000);

  it('refuses drawings beyond the cap in flight per account with 429 and Retry-After', async () => {
    const renderLimits = { ...base.renderLimits, inFlightPerCaller: 2 };
    await withStore(backend, (store) =>
      withServer(store, { renderLimits }, async (srv) => {
        const owner = await accountKey(srv.url, 'many');
        const other = await accountKey(srv.url, 'other');
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) => draw(srv.url, owner.key, png(`cap ${i}`, 4096))),
        );
        const refused = answers.filter((d) => d.status !== 200);
        expect(refused.length, answers.map((d) => d.status).join(' ')).toBeGreaterThanOrEqual(1);
        expect(answers.filter((d) => d.status === 200).length).toBeGreaterThanOrEqual(2);
        for (const d of refused) {
          expect(d.status).toBe(429);
          expect(d.headers.get('retry-after')).toBe('1');
          expect(errorBody(d)).toEqual({
            error: {
              code: 'rate_limited',
              message: expect.stringMatching(/^Too many files being drawn for this account: at most 2 at once/),
            },
          });
        }
        expect((await draw(srv.url, other.key, png('not capped', 256))).status).toBe(200);
      }),
    );
  }, 120_000);
});
