// Page files nobody shows any more are deleted (supabase/migrations/20261129006200_page_file_cleanup.sql, the drain
// in server/storage/page-file-cleanup.ts): a file replaced in the app, a cover dropped by a PATCH of /api/v1, the
// files of a code deleted in the app, through DELETE /api/v1/codes/{id} or through public.code_deletions (the
// in-parts path), and uploads no page showed for a day. After the drain the object's row and its bytes on disk are
// gone and storage_usage() is lower; a file another code of the owner still shows stays, another user's
// same-named file is never touched, a path shown again leaves the queue, and the queue is no user's to read or
// write. The Edge Function page-files-cleanup drains the same queue under Deno. PGlite, and PostgreSQL with
// DATABASE_URL. (A kill -9 between queueing and deleting: storage-faults.test.ts.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishCodeDeletions } from '../../server/rest/delete-in-parts.ts';
import { DEMO_ANON_KEY } from '../../server/lib/config.ts';
import { apiCall, createApiKey } from './api-v1-helpers.ts';
import { DENO_DIR, functionDir, runDeno, type DenoProcess } from './deno.ts';
import { backends, serviceRoleKey, signedUpClient, suiteServer } from './helpers.ts';
import { PDF, PNG } from './page-files-cases.ts';
import { SAMPLE_OWNER, SAMPLE_PAGES } from '../unit/pages/samples.ts';
import { pageFiles, type HostedPage } from '../../src/shared/pages/schema.ts';

const BUCKET = 'page-files';

describe.each(backends)('page files nobody shows are deleted on %s', (backend) => {
  // No periodic drain: each test runs it when it means to.
  const srv = suiteServer(backend, { storage: { cleanupIntervalSec: 0 } });

  /** Uploads `bytes` as the client's user to `<user id>/<name>`; returns the path. */
  const upload = async (client: SupabaseClient, userId: string, name: string, bytes = PDF) => {
    const path = `${userId}/${name}`;
    const type = name.endsWith('.pdf') ? 'application/pdf' : 'image/png';
    expect((await client.storage.from(BUCKET).upload(path, bytes, { contentType: type })).error).toBeNull();
    return path;
  };
  /** The object's row version, and whether its bytes are on disk (null: no row). */
  const stored = async (path: string) => {
    const [row] = await srv.server.db.query<{ version: string }>(
      'SELECT version FROM storage.objects WHERE bucket_id = $1 AND name = $2',
      [BUCKET, path],
    );
    return row ? existsSync(join(srv.config.storage.dir, 'objects', row.version)) : null;
  };
  const queued = async () =>
    (
      await srv.server.db.query<{ name: string; reason: string }>(
        'SELECT name, reason FROM public.page_file_deletions ORDER BY name',
      )
    ).map((r) => `${r.reason} ${r.name}`);
  const used = async (client: SupabaseClient) =>
    Number(((await client.rpc('storage_usage').single()).data as { used_bytes: number }).used_bytes);
  const newCode = async (client: SupabaseClient, page: unknown) => {
    const { data, error } = await client.from('qr_codes').insert({ name: 'Page', is_dynamic: true, page }).select('id');
    expect(error).toBeNull();
    return (data as { id: string }[])[0]!.id;
  };
  const pdfPage = (file: string, cover?: string) => ({
    v: 1,
    type: 'pdf',
    title: 'Price list',
    file,
    ...(cover ? { cover: { path: cover, width: 1, height: 1 } } : {}),
  });

  it('a file replaced in the app is deleted by the drain, bytes and all; usage goes down; another user’s same-named file stays', async () => {
    const a = await signedUpClient(srv.url);
    const b = await signedUpClient(srv.url);
    const old = await upload(a.client, a.user.id, 'menu.pdf');
    const next = await upload(a.client, a.user.id, 'menu-2.pdf');
    const theirs = await upload(b.client, b.user.id, 'menu.pdf');
    const id = await newCode(a.client, pdfPage(old));
    expect(await used(a.client)).toBe(2 * PDF.length);

    // The editor's save: updateCode(id, { name, page }) through the Data API.
    const { error } = await a.client
      .from('qr_codes')
      .update({ page: pdfPage(next) })
      .eq('id', id);
    expect(error).toBeNull();
    expect(await queued()).toEqual([`dropped ${old}`]);
    expect(await stored(old)).toBe(true);

    expect(await srv.server.drainPageFiles()).toEqual({ removed: 1, failed: 0 });
    expect([await stored(old), await stored(next), await stored(theirs)]).toEqual([null, true, true]);
    expect(await queued()).toEqual([]);
    expect(await used(a.client)).toBe(PDF.length);
    expect(await used(b.client)).toBe(PDF.length);
    expect(srv.logs).toEqual([]);
  });

  it('a cover dropped by PATCH /api/v1 stays while another code shows it; DELETE /api/v1/codes/{id} then frees it', async () => {
    const { client, user } = await signedUpClient(srv.url);
    const { key } = await createApiKey(client, 'cleanup');
    const doc = await upload(client, user.id, 'doc.pdf');
    const cover = await upload(client, user.id, 'cover.png', PNG);
    const pdfId = await newCode(client, pdfPage(doc, cover));
    const galleryId = await newCode(client, {
      v: 1,
      type: 'images',
      title: 'Shop',
      images: [{ path: cover, width: 1, height: 1 }],
    });

    const patched = await apiCall(srv.url, `/api/v1/codes/${pdfId}`, {
      key,
      method: 'PATCH',
      json: { page: pdfPage(doc) },
    });
    expect(patched.status).toBe(200);
    expect(await queued()).toEqual([]);
    await srv.server.drainPageFiles();
    expect(await stored(cover)).toBe(true);

    const deleted = await apiCall(srv.url, `/api/v1/codes/${galleryId}`, { key, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await queued()).toEqual([`dropped ${cover}`]);
    expect(await srv.server.drainPageFiles()).toEqual({ removed: 1, failed: 0 });
    expect([await stored(cover), await stored(doc)]).toEqual([null, true]);
  });

  it('deleting a code in the app, or through public.code_deletions, deletes its files', async () => {
    const { client, user } = await signedUpClient(srv.url);
    const first = await upload(client, user.id, 'first.pdf');
    const second = await upload(client, user.id, 'second.pdf');
    const firstId = await newCode(client, pdfPage(first));
    const secondId = await newCode(client, pdfPage(second));

    expect((await client.from('qr_codes').delete().eq('id', firstId)).error).toBeNull();
    // The in-parts path: marked, then deleted by the server (here as at a restart after a stop between the steps).
    await srv.server.db.query('INSERT INTO public.code_deletions (qr_code_id) VALUES ($1)', [secondId]);
    expect(await finishCodeDeletions(srv.server.db)).toBe(1);
    expect(await queued()).toEqual([`dropped ${first}`, `dropped ${second}`].sort());

    expect(await srv.server.drainPageFiles()).toEqual({ removed: 2, failed: 0 });
    expect([await stored(first), await stored(second)]).toEqual([null, null]);
    expect(await used(client)).toBe(0);
  });

  it('every path pageFiles() lists is queued when its code goes (each sample page, whatever fields it has)', async () => {
    const { client, user } = await signedUpClient(srv.url);
    for (const sample of Object.values(SAMPLE_PAGES)) {
      const page = JSON.parse(JSON.stringify(sample).replaceAll(SAMPLE_OWNER, user.id)) as HostedPage;
      const id = await newCode(client, page);
      expect((await client.from('qr_codes').delete().eq('id', id)).error).toBeNull();
      const paths = [...new Set(pageFiles(page))].sort();
      expect(await queued(), page.type).toEqual(paths.map((p) => `dropped ${p}`));
      // None of them was uploaded: the drain finds nothing to remove and empties the queue.
      expect(await srv.server.drainPageFiles()).toEqual({ removed: paths.length, failed: 0 });
    }
    expect(await queued()).toEqual([]);
  });

  it('a path a page shows again leaves the queue, and the drain checks once more before deleting', async () => {
    const { client, user } = await signedUpClient(srv.url);
    const doc = await upload(client, user.id, 'again.pdf');
    const id = await newCode(client, pdfPage(doc));
    await client.from('qr_codes').delete().eq('id', id);
    expect(await queued()).toEqual([`dropped ${doc}`]);
    await newCode(client, pdfPage(doc));
    expect(await queued()).toEqual([]);
    // Queued by hand while a page shows it: the drain takes it off the queue and leaves the file.
    await srv.server.db.query(
      `INSERT INTO public.page_file_deletions (name, owner_id, reason) VALUES ($1, $2, 'dropped')`,
      [doc, user.id],
    );
    expect(await srv.server.drainPageFiles()).toEqual({ removed: 0, failed: 0 });
    expect([await stored(doc), await queued()]).toEqual([true, []]);
  });

  it('uploads no page showed are deleted once a day old; fresh ones and shown ones stay', async () => {
    const { client, user } = await signedUpClient(srv.url);
    const stale = await upload(client, user.id, 'never-saved.pdf');
    const fresh = await upload(client, user.id, 'just-picked.pdf');
    const shown = await upload(client, user.id, 'shown.pdf');
    await newCode(client, pdfPage(shown));
    await srv.server.db.query(
      `UPDATE storage.objects SET created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours'
        WHERE bucket_id = $1 AND name = ANY($2::text[])`,
      [BUCKET, [stale, shown]],
    );
    // The server looks for such uploads once an hour.
    srv.clock.advance(3600);
    expect(await srv.server.drainPageFiles()).toEqual({ removed: 1, failed: 0 });
    expect([await stored(stale), await stored(fresh), await stored(shown)]).toEqual([null, true, true]);
  });

  it('a path already gone from Storage (a drain killed after removing it) is simply taken off the queue', async () => {
    const { client, user } = await signedUpClient(srv.url);
    const doc = await upload(client, user.id, 'gone.pdf');
    const id = await newCode(client, pdfPage(doc));
    await client.from('qr_codes').delete().eq('id', id);
    expect((await client.storage.from(BUCKET).remove([doc])).data).toHaveLength(1);
    expect(await srv.server.drainPageFiles()).toEqual({ removed: 1, failed: 0 });
    expect(await queued()).toEqual([]);
  });

  it('the queue is no user’s to read or write, and holds only paths in their owner’s folder', async () => {
    const a = await signedUpClient(srv.url);
    const b = await signedUpClient(srv.url);
    expect((await a.client.from('page_file_deletions').select('name')).error).not.toBeNull();
    const planted = await a.client
      .from('page_file_deletions')
      .insert({ name: `${b.user.id}/x.pdf`, owner_id: b.user.id, reason: 'dropped' });
    expect(planted.error).not.toBeNull();
    expect((await a.client.rpc('page_file_deletions_due', { p_limit: 10 })).error).not.toBeNull();
    await expect(
      srv.server.db.query(
        `INSERT INTO public.page_file_deletions (name, owner_id, reason) VALUES ($1, $2, 'dropped')`,
        [`${b.user.id}/x.pdf`, a.user.id],
      ),
    ).rejects.toThrow(/page_file_deletions_owner_folder/);
  });

  it('a failed removal is tried again later, not at once', async () => {
    const { user } = await signedUpClient(srv.url);
    const path = `${user.id}/later.pdf`;
    await srv.server.db.query(
      `INSERT INTO public.page_file_deletions (name, owner_id, reason) VALUES ($1, $2, 'dropped')`,
      [path, user.id],
    );
    await srv.server.db.query(`SELECT public.page_file_deletions_failed($1::text[], 'Storage unavailable')`, [[path]]);
    const [row] = await srv.server.db.query<{ attempts: number; waits: boolean; last_error: string }>(
      `SELECT attempts, retry_at > now() AS waits, last_error FROM public.page_file_deletions WHERE name = $1`,
      [path],
    );
    expect(row).toEqual({ attempts: 1, waits: true, last_error: 'Storage unavailable' });
    expect(await srv.server.drainPageFiles()).toEqual({ removed: 0, failed: 0 });
    await srv.server.db.query('DELETE FROM public.page_file_deletions WHERE name = $1', [path]);
  });

  describe('the Edge Function page-files-cleanup under Deno', () => {
    let deno: DenoProcess | undefined;
    let url = '';
    let serviceKey = '';
    beforeAll(async () => {
      serviceKey = await serviceRoleKey();
      deno = runDeno(
        functionDir('page-files-cleanup'),
        ['run', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env', `--allow-read=${DENO_DIR}`, 'index.ts'],
        { SUPABASE_URL: srv.url, SUPABASE_SERVICE_ROLE_KEY: serviceKey, PORT: '0', HOST: '127.0.0.1' },
      );
      const running = deno;
      url = await new Promise<string>((resolve, reject) => {
        running.child.stdout!.on('data', () => {
          const m = /page-files-cleanup function listening on (http:\/\/[^/\s]+)\//.exec(running.output());
          if (m) resolve(m[1]!);
        });
        void running.exited.then((code) => reject(new Error(`deno exited (${code}):\n${running.output()}`)));
      });
    }, 300_000);
    afterAll(async () => {
      deno?.child.kill('SIGTERM');
      await deno?.exited;
    });

    it('removes queued files through Storage with the service key, and refuses any other caller', async () => {
      const { client, user, session } = await signedUpClient(srv.url);
      const doc = await upload(client, user.id, 'edge.pdf');
      const id = await newCode(client, pdfPage(doc));
      await client.from('qr_codes').delete().eq('id', id);
      expect(await queued()).toEqual([`dropped ${doc}`]);

      const call = (token?: string) =>
        fetch(url, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} });
      for (const token of [undefined, DEMO_ANON_KEY, session.access_token]) {
        expect((await call(token)).status).toBe(401);
      }
      expect(await queued()).toEqual([`dropped ${doc}`]);
      const res = await call(serviceKey);
      expect([res.status, await res.json()]).toEqual([200, { removed: 1, failed: 0 }]);
      expect([await stored(doc), await queued()]).toEqual([null, []]);
      expect(await used(client)).toBe(0);
      // Nothing printed after "listening" (before it: Deno's downloads on a first run): every line is an error.
      const out = deno!.output();
      expect(out.slice(out.indexOf('\n', out.indexOf('listening on')) + 1).trim()).toBe('');
    });
  });
});
