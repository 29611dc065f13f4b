// A kill -9 of the server process in the middle of a 20 MB upload: after the restart there is no object row, no
// object file and no part file (the sweep at start removes the unfinished upload, docs/storage.md). The same kill
// also falls between the queueing of a deleted page's file and its deletion (no periodic drain): the restarted
// server deletes it. The server runs as a child process as `npm run server` does. PGlite, and PostgreSQL with
// DATABASE_URL.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backends,
  createStore,
  serviceRoleKey,
  signedUpClient,
  spawnServer,
  type ServerProcess,
  type TestStore,
} from './helpers.ts';
import { PDF } from './page-files-cases.ts';

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

  it('leaves no visible object and no orphan file after the next start, and a queued page file is deleted then', async () => {
    const store: TestStore = await createStore(backend);
    cleanup.push(() => store.drop());
    const storageDir = await mkdtemp(join(tmpdir(), 'qrcraft-storage-kill-'));
    cleanup.push(() => rm(storageDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: store.dataDir || storageDir,
      DATABASE_URL: store.databaseUrl,
      STORAGE_DIR: storageDir,
      // Page files are deleted only when the server starts.
      STORAGE_CLEANUP_INTERVAL: '0',
    };
    const key = await serviceRoleKey();
    const headers = { Authorization: `Bearer ${key}`, apikey: key };

    const first = await start(env);
    // A page's file, queued for deletion when its code is deleted; nothing deletes it before the kill.
    const { client, user } = await signedUpClient(first.url);
    const doc = `${user.id}/doc.pdf`;
    expect(
      (await client.storage.from('page-files').upload(doc, PDF, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const page = { v: 1, type: 'pdf', title: 'Doc', file: doc };
    const { data: code } = await client.from('qr_codes').insert({ name: 'Doc', is_dynamic: true, page }).select('id');
    expect(
      (
        await client
          .from('qr_codes')
          .delete()
          .eq('id', (code as { id: string }[])[0]!.id)
      ).error,
    ).toBeNull();
    expect(await readdir(join(storageDir, 'objects'))).toHaveLength(1);
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
    const docInfo = await fetch(`${second.url}/storage/v1/object/info/page-files/${doc}`, { headers });
    expect(await docInfo.json()).toMatchObject({ statusCode: '404' });
    expect(second.output()).toMatch(/storage sweep: 1 unfinished upload\(s\) removed/);
  }, 120_000);
});
