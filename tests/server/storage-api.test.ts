// The Storage API of the local server through supabase-js's own storage client: every bucket and object route
// with the service key (RLS bypassed, as the storage-js suite runs), bucket limits in Supabase's error shape, and
// what lands on disk. PGlite, and PostgreSQL with DATABASE_URL. RLS and quota: storage-rls.test.ts.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, makeClient, serviceRoleKey, suiteServer } from './helpers.ts';

const TEXT = Buffer.from('hello storage\n');

describe.each(backends)('storage API on %s', (backend) => {
  const srv = suiteServer(backend);
  let admin: SupabaseClient;
  const bucket = 'docs';

  beforeAll(async () => {
    admin = makeClient(srv.url, await serviceRoleKey());
    const made = await admin.storage.createBucket(bucket, { public: false });
    expect(made.error).toBeNull();
  });

  const objectFiles = async () => (await readdir(join(srv.config.storage.dir, 'objects'))).sort();
  const partFiles = async () => (await readdir(join(srv.config.storage.dir, 'tmp'))).sort();

  it('creates, gets, lists, updates, empties and deletes buckets', async () => {
    const name = 'b-lifecycle';
    expect((await admin.storage.createBucket(name, { public: true, fileSizeLimit: '20mb' })).data).toEqual({ name });
    const got = await admin.storage.getBucket(name);
    expect(got.data).toMatchObject({
      id: name,
      name,
      public: true,
      file_size_limit: 20_000_000,
      allowed_mime_types: null,
    });
    expect((await admin.storage.listBuckets()).data?.map((b) => b.id)).toContain(name);
    const upd = await admin.storage.updateBucket(name, { public: false, allowedMimeTypes: ['image/png'] });
    expect(upd.data).toEqual({ message: 'Successfully updated' });
    expect((await admin.storage.getBucket(name)).data).toMatchObject({
      public: false,
      file_size_limit: 20_000_000,
      allowed_mime_types: ['image/png'],
    });
    await admin.storage.from(name).upload('a.png', TEXT, { contentType: 'image/png' });
    const notEmpty = await admin.storage.deleteBucket(name);
    expect(notEmpty.error?.message).toBe('The bucket you tried to delete is not empty');
    expect((await admin.storage.emptyBucket(name)).error).toBeNull();
    expect((await admin.storage.deleteBucket(name)).data).toEqual({ message: 'Successfully deleted' });
    const gone = await admin.storage.getBucket(name);
    expect(gone.error?.message).toBe('Bucket not found');
    expect((await admin.storage.createBucket(bucket)).error).toMatchObject({ statusCode: '409' });
  });

  it('uploads (raw, Blob as multipart, upsert), downloads, and keeps user metadata', async () => {
    const up = await admin.storage.from(bucket).upload('f/one.txt', TEXT, {
      contentType: 'text/plain',
      metadata: { kind: 'note' },
    });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'f/one.txt', fullPath: `${bucket}/f/one.txt` });
    const again = await admin.storage.from(bucket).upload('f/one.txt', TEXT);
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const blob = await admin.storage.from(bucket).upload('f/one.txt', new Blob([Buffer.from('v2')]), { upsert: true });
    expect(blob.error).toBeNull();
    const down = await admin.storage.from(bucket).download('f/one.txt');
    expect(Buffer.from(await down.data!.arrayBuffer()).toString()).toBe('v2');
    const info = await admin.storage.from(bucket).info('f/one.txt');
    expect(info.data).toMatchObject({ size: 2, name: 'f/one.txt', bucketId: bucket });
    const upd = await admin.storage.from(bucket).update('f/one.txt', TEXT, { contentType: 'text/plain' });
    expect(upd.error).toBeNull();
    expect((await admin.storage.from(bucket).exists('f/one.txt')).data).toBe(true);
    expect((await admin.storage.from(bucket).exists('f/none.txt')).data).toBe(false);
    // Replaced versions leave no bytes behind: one file per object, no part files.
    const rows = await srv.server.db.query<{ version: string }>(
      `SELECT version FROM storage.objects WHERE bucket_id = $1`,
      [bucket],
    );
    expect(await objectFiles()).toEqual(rows.map((r) => r.version).sort());
    expect(await partFiles()).toEqual([]);
  });

  it('lists (v1 folders and files, v2 with delimiter and cursor), moves, copies and removes', async () => {
    for (const n of ['l/a.txt', 'l/b.txt', 'l/sub/c.txt']) {
      expect((await admin.storage.from(bucket).upload(n, TEXT, { contentType: 'text/plain' })).error).toBeNull();
    }
    const v1 = await admin.storage.from(bucket).list('l');
    expect(v1.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['a.txt', false],
      ['b.txt', false],
      ['sub', true],
    ]);
    const page1 = await admin.storage.from(bucket).listV2({ prefix: 'l/', with_delimiter: true, limit: 2 });
    expect(page1.data).toMatchObject({ hasNext: true, objects: [{ name: 'l/a.txt' }, { name: 'l/b.txt' }] });
    const page2 = await admin.storage
      .from(bucket)
      .listV2({ prefix: 'l/', with_delimiter: true, limit: 2, cursor: page1.data!.nextCursor });
    expect(page2.data).toMatchObject({ hasNext: false, folders: [{ key: 'l/sub', name: 'l/sub/' }], objects: [] });
    expect((await admin.storage.from(bucket).move('l/a.txt', 'l/moved.txt')).data).toEqual({
      message: 'Successfully moved',
    });
    expect((await admin.storage.from(bucket).move('l/none.txt', 'l/x.txt')).error?.message).toBe('Object not found');
    expect((await admin.storage.from(bucket).copy('l/b.txt', 'l/copy.txt')).data).toEqual({
      path: `${bucket}/l/copy.txt`,
    });
    const copied = await admin.storage.from(bucket).download('l/copy.txt');
    expect(Buffer.from(await copied.data!.arrayBuffer())).toEqual(TEXT);
    const removed = await admin.storage.from(bucket).remove(['l/moved.txt', 'l/copy.txt', 'l/none.txt']);
    expect(removed.data?.map((r) => r.name).sort()).toEqual(['l/copy.txt', 'l/moved.txt']);
    expect((await admin.storage.from(bucket).download('l/copy.txt')).error).not.toBeNull();
  });

  it('signs download and upload URLs; a signed URL serves only its own object until it expires', async () => {
    await admin.storage.from(bucket).upload('s/one.txt', TEXT, { contentType: 'text/plain' });
    const signed = await admin.storage.from(bucket).createSignedUrl('s/one.txt', 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(TEXT);
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const other = await fetch(`${srv.url}/storage/v1/object/sign/${bucket}/l/b.txt?token=${token}`);
    expect(other.status).toBe(400);
    srv.clock.advance(61);
    expect((await fetch(signed.data!.signedUrl)).status).toBe(400);
    const many = await admin.storage.from(bucket).createSignedUrls(['s/one.txt', 's/none.txt'], 60);
    expect(many.data?.map((d) => d.signedUrl !== null)).toEqual([true, false]);
    const up = await admin.storage.from(bucket).createSignedUploadUrl('s/via-token.txt');
    expect(up.error).toBeNull();
    const put = await admin.storage.from(bucket).uploadToSignedUrl('s/via-token.txt', up.data!.token, TEXT);
    expect(put.error).toBeNull();
    const twice = await admin.storage.from(bucket).uploadToSignedUrl('s/via-token.txt', up.data!.token, TEXT);
    expect(twice.error).toMatchObject({ statusCode: '409' });
  });

  it('serves public buckets without a token and private ones not at all', async () => {
    await admin.storage.createBucket('pub', { public: true });
    await admin.storage.from('pub').upload('p.txt', TEXT, { contentType: 'text/plain' });
    const url = admin.storage.from('pub').getPublicUrl('p.txt').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect((await fetch(`${srv.url}/storage/v1/object/public/${bucket}/s/one.txt`)).status).toBe(400);
    expect((await fetch(`${srv.url}/storage/v1/object/${bucket}/s/one.txt`)).status).toBe(400);
  });

  it('refuses what passes a bucket limit with Storage’s shape, leaving nothing behind', async () => {
    await admin.storage.createBucket('limited', {
      public: false,
      fileSizeLimit: '1kb',
      allowedMimeTypes: ['image/png'],
    });
    const before = await objectFiles();
    const big = await admin.storage.from('limited').upload('big.png', Buffer.alloc(1001), { contentType: 'image/png' });
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const blob = await admin.storage
      .from('limited')
      .upload('big.png', new Blob([Buffer.alloc(1001)], { type: 'image/png' }));
    expect(blob.error).toMatchObject({ statusCode: '413' });
    const type = await admin.storage.from('limited').upload('t.jpg', Buffer.alloc(10), { contentType: 'image/jpeg' });
    expect(type.error).toMatchObject({ statusCode: '415', message: 'mime type image/jpeg is not supported' });
    const missing = await admin.storage.from('no-such-bucket').upload('x', TEXT);
    expect(missing.error?.message).toBe('Bucket not found');
    expect(await objectFiles()).toEqual(before);
    expect(await partFiles()).toEqual([]);
    const [row] = await srv.server.db.query(
      `SELECT count(*)::int AS n FROM storage.objects WHERE bucket_id = 'limited'`,
    );
    expect(row).toEqual({ n: 0 });
  });

  it('lets a browser upload from another origin (CORS preflight allows storage-js headers)', async () => {
    const res = await fetch(`${srv.url}/storage/v1/object/${bucket}/x.txt`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,apikey,x-upsert,x-metadata,cache-control,content-type',
      },
    });
    expect(res.status).toBe(204);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-upsert', 'x-metadata', 'cache-control', 'content-type']));
  });

  it('answers a malformed or unstorable object key or bucket name with 400, never 500 (fuzz finding)', async () => {
    const auth = { Authorization: `Bearer ${await serviceRoleKey()}`, apikey: await serviceRoleKey() };
    const paths = [
      `object/${bucket}/a/%0%27x`, // a malformed escape: decodeURIComponent threw
      `object/${bucket}/a/%00x`, // NUL: no text column holds it
      `object/${bucket}/a/%ED%A0%80x`, // a lone surrogate's bytes
      `object/${bucket}/a/%01x`, // a control character
      `object/info/${bucket}/%E0%A4%A`,
      'bucket/%00',
      'bucket/%ED%A0%80',
      'object/%00/a.txt',
    ];
    for (const path of paths)
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
        const res = await fetch(`${srv.url}/storage/v1/${path}`, {
          method,
          headers: { ...auth, 'content-type': 'text/plain' },
          body: method === 'POST' ? 'x' : undefined,
        });
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      }
  });

  it('refuses requests without a valid token', async () => {
    const res = await fetch(`${srv.url}/storage/v1/bucket`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const forged = await fetch(`${srv.url}/storage/v1/bucket`, { headers: { Authorization: 'Bearer a.b.c' } });
    expect(await forged.json()).toMatchObject({ statusCode: '403', message: 'invalid signature' });
  });
});
