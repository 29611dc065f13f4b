// A kill -9 of the server process in the middle of a 20 MB upload: after the restart there is no object row, no
// object file and no part file (the sweep at start removes the unfinished upload, docs/storage.md). The server
// runs as a child process as `npm run server` does. PGlite, and PostgreSQL with DATABASE_URL.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, createStore, serviceRoleKey, spawnServer, type ServerProcess, type TestStore } from './helpers.ts';

const MB = 1024 * 1024;

describe.each(backends)('storage kill -9 mid-upload on %s', (backend) => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => undefined);
  });

  const start = async (env: Record<string, string>): Promise<ServerProcess> => {
    const p = await spawnServer(env);
    cleanup.push(async () => {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await p.exited;
    });
    return p;
  };

  it('leaves no visible object and no orphan file after the next start', async () => {
    const store: TestStore = await createStore(backend);
    cleanup.push(() => store.drop());
    const storageDir = await mkdtemp(join(tmpdir(), 'qrcraft-storage-kill-'));
    cleanup.push(() => rm(storageDir, { recursive: true, force: true }));
    const env = { DATA_DIR: store.dataDir || storageDir, DATABASE_URL: store.databaseUrl, STORAGE_DIR: storageDir };
    const key = await serviceRoleKey();
    const headers = { Authorization: `Bearer ${key}`, apikey: key };

    const first = await start(env);
    const made = await fetch(`${first.url}/storage/v1/bucket`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'kill' }),
    });
    expect(made.status).toBe(200);

    // 20 MB declared; 10 MB sent, then the body waits for ever (until the process dies).
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= 10 * MB) return new Promise<void>(() => undefined);
        controller.enqueue(new Uint8Array(MB).fill(7));
        sent += MB;
      },
    });
    const upload = fetch(`${first.url}/storage/v1/object/kill/big.bin`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/octet-stream', 'Content-Length': String(20 * MB) },
      body,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);

    // Wait until the part file on disk holds most of what was sent, then kill.
    const tmp = join(storageDir, 'tmp');
    for (;;) {
      const parts = (await readdir(tmp)).filter((n) => n.endsWith('.part'));
      const size = parts[0] ? (await stat(join(tmp, parts[0])).catch(() => ({ size: 0 }))).size : 0;
      if (size >= 8 * MB) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(await upload).toBeInstanceOf(Error);
    expect((await readdir(tmp)).filter((n) => n.endsWith('.part'))).toHaveLength(1);

    const second = await start(env);
    expect(await readdir(tmp)).toEqual([]);
    expect(await readdir(join(storageDir, 'objects'))).toEqual([]);
    const list = await fetch(`${second.url}/storage/v1/object/list/kill`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(await list.json()).toEqual([]);
    const info = await fetch(`${second.url}/storage/v1/object/info/kill/big.bin`, { headers });
    expect(await info.json()).toMatchObject({ statusCode: '404' });
    expect(second.output()).toMatch(/storage sweep: 1 unfinished upload\(s\) removed/);
  }, 120_000);
});
