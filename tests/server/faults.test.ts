// Faults injected into a real server process: PostgreSQL connections terminated under load, the database
// going away and coming back, kill -9 and restart, a second server on one PGlite folder, and SIGTERM with a
// request in flight. Each runs `tsx server/main.ts` as a child process, as `npm run server` does.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/lib/config.ts';
import { LOCK_FILE } from '../../server/lib/data-dir-lock.ts';
import {
  PASSWORD,
  api,
  backends,
  createStore,
  spawnServer,
  uniqueEmail,
  type ServerProcess,
  type TestStore,
} from './helpers.ts';

const running: ServerProcess[] = [];
const stores: TestStore[] = [];

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const p = await spawnServer(env);
  running.push(p);
  return p;
}

async function storeFor(backend: 'pglite' | 'postgres'): Promise<TestStore> {
  const s = await createStore(backend);
  stores.push(s);
  return s;
}

const envOf = (store: TestStore) => ({ DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl });

afterEach(async () => {
  for (const p of running.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
});

afterAll(async () => {
  for (const s of stores.splice(0)) await s.drop();
});

async function signUp(url: string, email = uniqueEmail('fault')): Promise<{ email: string; token: string }> {
  const res = await api(url, '/auth/v1/signup', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return { email, token: (res.body as { access_token: string }).access_token };
}

async function createDynamicCode(url: string, token: string): Promise<string> {
  const res = await api(url, '/rest/v1/qr_codes', {
    method: 'POST',
    token,
    headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    body: JSON.stringify({ name: 'Fault test', is_dynamic: true, destination: 'https://example.com/landing' }),
  });
  expect(res.status, res.text).toBe(201);
  return (res.body as { slug: string }).slug;
}

/** Status of one request, or 'refused' when no HTTP answer came at all. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

async function statusOf(url: string, init?: RequestInit): Promise<number | 'refused'> {
  try {
    // A browser's User-Agent: Node's own ("node") is a bot, redirected without counting a scan.
    const res = await fetch(url, { redirect: 'manual', ...init, headers: { 'User-Agent': BROWSER, ...init?.headers } });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'refused';
  }
}

/** A TCP proxy in front of PostgreSQL that a test can cut (drop every connection, refuse new ones) and restore. */
async function postgresProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let up = true;
  const server: Server = createTcpServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    down() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    up() {
      up = true;
    },
    // The server under test still holds pooled connections through the proxy; close() alone would wait for its
    // idle timeout (30 s), so they are cut first.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

if (backends.includes('postgres')) {
  describe('PostgreSQL faults', () => {
    it('survives pg_terminate_backend under load: only requests on a killed connection fail, with 503', async () => {
      const store = await storeFor('postgres');
      const server = await start(envOf(store));
      const { token } = await signUp(server.url);
      const slug = await createDynamicCode(server.url, token);
      const dbName = new URL(store.databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();

      const statuses: Array<number | 'refused'> = [];
      let stop = false;
      const endpoints = [
        () => statusOf(`${server.url}/r/${slug}`),
        () =>
          statusOf(`${server.url}/rest/v1/qr_codes?select=id,slug`, {
            headers: { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${token}` },
          }),
        () =>
          statusOf(`${server.url}/auth/v1/user`, {
            headers: { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${token}` },
          }),
      ];
      // 16 clients in a loop, as in the report that found the crash.
      const clients = Array.from({ length: 16 }, async (_, i) => {
        while (!stop) statuses.push(await endpoints[i % endpoints.length]!());
      });
      // Before each cut, and before the end, the clients get answers again: the server reconnected in between.
      const moreAnswers = async () => {
        const before = statuses.length;
        await vi.waitFor(() => expect(statuses.length).toBeGreaterThanOrEqual(before + 16), {
          timeout: 20_000,
          interval: 20,
        });
      };
      let terminated = 0;
      for (let round = 0; round < 6; round++) {
        await moreAnswers();
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        );
        terminated += rowCount ?? 0;
      }
      await moreAnswers();
      stop = true;
      await Promise.all(clients);
      await admin.end();

      expect(terminated).toBeGreaterThan(0);
      expect(server.child.exitCode).toBeNull();
      const counts: Record<string, number> = {};
      for (const s of statuses) counts[String(s)] = (counts[String(s)] ?? 0) + 1;
      // Nothing but answers: no 500, no refused connection; 503 only for requests on a terminated connection.
      expect(Object.keys(counts).sort()).toEqual(expect.arrayContaining(['200', '302']));
      expect(
        Object.keys(counts).filter((k) => !['200', '302', '503'].includes(k)),
        JSON.stringify(counts),
      ).toEqual([]);
      expect(server.output()).not.toMatch(/Unhandled 'error' event|unexpected error/);
      // And it goes on serving.
      expect(await statusOf(`${server.url}/r/${slug}`)).toBe(302);
      expect(await statusOf(`${server.url}/auth/v1/health`)).toBe(200);
    }, 60_000);

    it('says so in /health while the database is down, answers 503 meanwhile, and recovers by itself', async () => {
      const store = await storeFor('postgres');
      const proxy = await postgresProxy(store.databaseUrl);
      try {
        const server = await start({ DATA_DIR: '', DATABASE_URL: proxy.url });
        const { email, token } = await signUp(server.url);
        const slug = await createDynamicCode(server.url, token);
        proxy.down();
        const health = await api(server.url, '/auth/v1/health');
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({ code: 'unexpected_failure' });
        const login = await api(server.url, '/auth/v1/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(login.status).toBe(503);
        expect(login.headers.get('retry-after')).toBe('1');
        const rest = await api(server.url, '/rest/v1/qr_codes?select=id', { token });
        expect(rest.status).toBe(503);
        expect(rest.body).toMatchObject({ code: 'PGRST001' });
        expect(await statusOf(`${server.url}/r/${slug}`)).toBe(503);

        proxy.up();
        expect((await api(server.url, '/auth/v1/health')).status).toBe(200);
        const again = await api(server.url, '/auth/v1/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(again.status).toBe(200);
        expect(await statusOf(`${server.url}/r/${slug}`)).toBe(302);
        expect(server.child.exitCode).toBeNull();
      } finally {
        await proxy.close();
      }
    }, 60_000);
  });
}

describe.each(backends)('kill -9 and restart on %s', (backend) => {
  it('restarts at once on the same storage, with every acknowledged write there', async () => {
    const store = await storeFor(backend);
    const first = await start(envOf(store));
    const { email, token } = await signUp(first.url);
    const slugs = [await createDynamicCode(first.url, token)];
    for (let i = 0; i < 20; i++) expect(await statusOf(`${first.url}/r/${slugs[0]}`)).toBe(302);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    if (backend === 'pglite') {
      // The dead server's lock is still on disk; the next start must take it over, not refuse.
      expect(await readFile(join(store.dataDir, LOCK_FILE), 'utf8')).toContain(`"pid":${first.child.pid}`);
    }

    const second = await start(envOf(store));
    const login = await api(second.url, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token2 = (login.body as { access_token: string }).access_token;
    const scans = await api(second.url, `/rest/v1/scan_events?select=id`, {
      token: token2,
      headers: { Prefer: 'count=exact' },
    });
    expect(scans.headers.get('content-range')).toBe('0-19/20');
    expect(await statusOf(`${second.url}/r/${slugs[0]}`)).toBe(302);
  }, 90_000);
});

describe('one server per PGlite folder', () => {
  it('refuses a second server on the same folder with one clear line, and the first keeps every write', async () => {
    const store = await storeFor('pglite');
    const first = await start(envOf(store));
    const { token } = await signUp(first.url);

    const second = spawnServer(envOf(store));
    await expect(second).rejects.toThrow(/in use by another QRCraft server \(pid \d+/);
    const refusal = (await second.catch((err: Error) => err.message)) as string;
    const lines = refusal.split('\n').filter((l) => l.includes('✖'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(store.dataDir);

    for (let i = 0; i < 5; i++) await createDynamicCode(first.url, token).catch(() => undefined);
    const list = await api(first.url, '/rest/v1/qr_codes?select=id', { token, headers: { Prefer: 'count=exact' } });
    expect(list.status).toBe(200);
    expect(first.child.exitCode).toBeNull();
  }, 90_000);

  it('takes over a lock whose owner is gone, and leaves no lock after a clean stop', async () => {
    // A migrated copy (helpers.ts), not an empty folder: the lock is the point here, not initdb and the migrations.
    const { dataDir } = await storeFor('pglite');
    const server = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(readFile(join(dataDir, LOCK_FILE), 'utf8')).rejects.toThrow(/ENOENT/);
  }, 60_000);
});

describe('graceful stop', () => {
  it('answers a request in flight after SIGTERM, refuses new connections, and exits 0', async () => {
    const store = await storeFor('pglite');
    const server = await start(envOf(store));
    const email = uniqueEmail('graceful');
    const body = JSON.stringify({ email, password: PASSWORD });
    const half = Math.floor(body.length / 2);
    // A sign-up whose body arrives in two parts, with SIGTERM between them.
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let response = '';
    socket.on('data', (d: Buffer) => (response += d.toString()));
    socket.write(
      `POST /auth/v1/signup HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${DEMO_ANON_KEY}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    // A request on another connection answered after that write: the server has read the sign-up's head by then
    // (one event loop serves both), so the sign-up is in flight when the signal comes.
    expect(await statusOf(`${server.url}/auth/v1/health`)).toBe(200);
    server.child.kill('SIGTERM');
    await vi.waitFor(() => expect(server.output()).toContain('SIGTERM: finishing requests in flight'), {
      timeout: 10_000,
    });
    await vi.waitFor(async () => expect(await statusOf(`${server.url}/auth/v1/health`)).toBe('refused'), {
      timeout: 10_000,
    });
    socket.write(body.slice(half));
    const closed = once(socket, 'close');
    expect(await server.exited).toBe(0);
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain(email);
  }, 60_000);
});
