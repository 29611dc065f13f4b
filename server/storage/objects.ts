// /storage/v1/object/…: upload (POST, PUT, x-upsert, signed upload URLs), download (authenticated, public,
// signed), info, exists (HEAD), list (v1 and v2), move, copy, remove and signed URLs. Every read and write of
// storage.objects runs as the caller's role, so the RLS policies decide; the bucket's limits are read as the
// server (as Storage reads them as its superuser).
import type { Context, Hono } from 'hono';
import type { Deps } from '../lib/deps.ts';
import type { Queryable } from '../lib/db.ts';
import { runAs, type ApiRole } from '../rest/as-role.ts';
import { uuidOrNull } from './buckets.ts';
import type { StorageCaller, StorageRoute } from './caller.ts';
import type { DiskStore } from './disk.ts';
import { alreadyExists, badMimeType, bucketNotFound, invalidRequest, objectNotFound, tooLarge } from './errors.ts';
import { listV1, listV2 } from './list.ts';
import { receiveUpload } from './receive.ts';
import { removeObjects } from './remove.ts';
import { OBJECT_COLUMNS, iso, objectJson, type ObjectRow } from './rows.ts';
import { UPLOAD_URL_SECONDS, signUrl, verifySignedUrl } from './signing.ts';
import { BYTE_CHECKED_BUCKETS, assertBytesMatch, mimeAllowed } from './sniff.ts';
import { hasUnstorableCharacter } from './names.ts';

interface BucketLimits {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

/** Percent-decoding that refuses malformed escapes ("%0%27") as a bad key instead of throwing a URIError. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidRequest('The object key is not valid');
  }
}

/**
 * The object path after /object/…/<bucket>/, decoded; refused when empty, climbing, or holding what a text
 * column cannot (NUL, lone surrogates) or a file name should not (control characters).
 */
function objectKey(segments: string[]): string {
  const key = segments.map(decodeSegment).join('/');
  if (!key || key.length > 1024 || hasUnstorableCharacter(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw invalidRequest('The object key is not valid');
  }
  return key;
}

function segmentsOf(c: Context): string[] {
  const rest = c.req.path.replace(/^.*?\/object\/?/, '');
  return rest.split('/').filter((s, i, all) => s !== '' || i < all.length - 1);
}

export function registerObjects(app: Hono, deps: Deps, disk: DiskStore, route: StorageRoute): void {
  const { config } = deps;
  const as = <T>(role: ApiRole, claims: Record<string, unknown>, key: string, fn: (tx: Queryable) => Promise<T>) =>
    runAs(deps.apiDb, role, claims, fn, 0, key);
  const asCaller = <T>(who: StorageCaller, fn: (tx: Queryable) => Promise<T>) =>
    as(who.role, who.claims, who.sub ?? who.role, fn);

  async function bucketLimits(id: string): Promise<BucketLimits> {
    const [b] = await deps.apiDb.query<BucketLimits & Record<string, unknown>>(
      'SELECT id, public, file_size_limit, allowed_mime_types FROM storage.buckets WHERE id = $1',
      [id],
    );
    if (!b) throw bucketNotFound();
    return b;
  }

  /** The upload flow: limits, stream to a part, byte check, row as the writer, then publish the bytes. */
  async function upload(
    c: Context,
    writer: { role: ApiRole; claims: Record<string, unknown>; sub: string | null },
    bucketId: string,
    key: string,
    upsert: boolean,
  ): Promise<Response> {
    const bucket = await bucketLimits(bucketId);
    const limit = Math.min(
      bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit),
      config.storage.fileSizeLimit,
    );
    const declared = Number(c.req.header('content-length'));
    const multipart = /^multipart\//i.test(c.req.header('content-type') ?? '');
    if (!multipart && Number.isFinite(declared) && declared > limit) throw tooLarge();
    const rawType = c.req.header('content-type') ?? 'application/octet-stream';
    if (!multipart && !mimeAllowed(bucket.allowed_mime_types, rawType)) {
      throw badMimeType(`mime type ${rawType.split(';')[0]} is not supported`);
    }
    const { version, part } = disk.newPart();
    let committed = false;
    try {
      const got = await receiveUpload(c.req.raw, part, limit);
      if (!mimeAllowed(bucket.allowed_mime_types, got.contentType)) {
        throw badMimeType(`mime type ${got.contentType.split(';')[0]} is not supported`);
      }
      if (BYTE_CHECKED_BUCKETS.has(bucketId)) await assertBytesMatch(got.head, got.contentType);
      await disk.syncPart(part);
      const now = new Date(config.now()).toISOString();
      const metadata = {
        eTag: got.eTag,
        size: got.size,
        mimetype: got.contentType,
        cacheControl: got.cacheControl ?? 'no-cache',
        lastModified: now,
        contentLength: got.size,
        httpStatusCode: 200,
      };
      const args = [bucketId, key, uuidOrNull(writer.sub), writer.sub, metadata, got.userMetadata, version];
      const values = `($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`;
      const cols = '(bucket_id, name, owner, owner_id, metadata, user_metadata, version)';
      const { row, replaced } = await as(writer.role, writer.claims, writer.sub ?? writer.role, async (tx) => {
        const before = upsert
          ? await tx.query<{ version: string | null }>(
              'SELECT version FROM storage.objects WHERE bucket_id = $1 AND name = $2',
              [bucketId, key],
            )
          : [];
        const [inserted] = await tx.query<{ id: string }>(
          upsert
            ? `INSERT INTO storage.objects ${cols} VALUES ${values}
               ON CONFLICT (bucket_id, name) DO UPDATE SET owner = excluded.owner, owner_id = excluded.owner_id,
                 metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
                 updated_at = now(), last_accessed_at = now()
               RETURNING id`
            : `INSERT INTO storage.objects ${cols} VALUES ${values} RETURNING id`,
          args,
        );
        return { row: inserted!, replaced: before[0]?.version ?? null };
      });
      committed = true;
      await disk.publish(version);
      await disk.unlink([replaced]);
      return c.json({ Id: row.id, Key: `${bucketId}/${key}` });
    } finally {
      if (!committed) await disk.discardPart(part);
    }
  }

  async function visibleObject(who: StorageCaller, bucketId: string, key: string): Promise<ObjectRow> {
    const [row] = await asCaller(who, (tx) =>
      tx.query<ObjectRow>(`SELECT ${OBJECT_COLUMNS} FROM storage.objects WHERE bucket_id = $1 AND name = $2`, [
        bucketId,
        key,
      ]),
    );
    if (!row) throw objectNotFound();
    return row;
  }

  async function anyObject(bucketId: string, key: string): Promise<ObjectRow> {
    const [row] = await deps.apiDb.query<ObjectRow>(
      `SELECT ${OBJECT_COLUMNS} FROM storage.objects WHERE bucket_id = $1 AND name = $2`,
      [bucketId, key],
    );
    if (!row) throw objectNotFound();
    return row;
  }

  async function serve(c: Context, row: ObjectRow): Promise<Response> {
    const meta = row.metadata ?? {};
    const size = row.version ? await disk.size(row.version) : null;
    if (size === null || !row.version) throw objectNotFound();
    const headers = new Headers({
      'Content-Type': String(meta.mimetype ?? 'application/octet-stream'),
      'Content-Length': String(size),
      'Cache-Control': String(meta.cacheControl ?? 'no-cache'),
      'Last-Modified': new Date(iso(row.updated_at) ?? Date.now()).toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    });
    if (meta.eTag) headers.set('ETag', String(meta.eTag));
    const download = c.req.query('download');
    if (download !== undefined) {
      const name = download || row.name.split('/').pop() || 'download';
      headers.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    }
    if (meta.eTag && c.req.header('if-none-match') === meta.eTag) return new Response(null, { status: 304, headers });
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(disk.read(row.version), { status: 200, headers });
  }

  function infoJson(row: ObjectRow) {
    const meta = row.metadata ?? {};
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: Number(meta.size ?? 0),
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: iso(row.updated_at),
      created_at: iso(row.created_at),
    };
  }

  const signedPath = (bucketId: string, key: string, token: string, kind: 'sign' | 'upload/sign') =>
    `/object/${kind}/${bucketId}/${key.split('/').map(encodeURIComponent).join('/')}?token=${token}`;

  // ---- POST
  app.post('/object/*', async (c) => {
    const s = segmentsOf(c);
    if (s[0] === 'move' && s.length === 1) return move(c);
    if (s[0] === 'copy' && s.length === 1) return copy(c);
    if (s[0] === 'list' && s.length === 2) return list(c);
    if (s[0] === 'list-v2' && s.length === 2) return list2(c);
    if (s[0] === 'sign' && s.length === 2) return signMany(c);
    if (s[0] === 'sign' && s.length > 2) return signOne(c);
    if (s[0] === 'upload' && s[1] === 'sign' && s.length > 3) return signUpload(c);
    return uploadRoute(c);
  });
  const uploadRoute = route(
    async (c, who) => {
      const [bucketId, ...rest] = segmentsOf(c);
      const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
      return upload(c, who, bucketId!, objectKey(rest), upsert);
    },
    { json: false },
  );
  app.put('/object/*', async (c) => {
    const s = segmentsOf(c);
    if (s[0] === 'upload' && s[1] === 'sign' && s.length > 3) return uploadSigned(c);
    return uploadRoute(c);
  });

  const uploadSigned = route(
    async (c) => {
      const [, , bucketId, ...rest] = segmentsOf(c);
      const key = objectKey(rest);
      const claims = await verifySignedUrl(
        config.jwtSecret,
        c.req.query('token') ?? '',
        `${bucketId}/${key}`,
        config.now(),
      );
      // A user's signed upload is written as that user, so their folder policy and quota still apply; a
      // service-key one (no owner) as the service role, as Storage does.
      const owner = typeof claims.owner === 'string' && claims.owner ? claims.owner : null;
      const writer = owner
        ? { role: 'authenticated' as const, claims: { sub: owner, role: 'authenticated' }, sub: owner }
        : { role: 'service_role' as const, claims: { role: 'service_role' }, sub: null };
      const res = await upload(c, writer, bucketId!, key, claims.upsert === true);
      const body = (await res.json()) as { Id: string; Key: string };
      return c.json({ Id: body.Id, Key: body.Key, url: body.Key });
    },
    { json: false, anonymous: true },
  );

  const signUpload = route(async (c, who) => {
    const [, , bucketId, ...rest] = segmentsOf(c);
    const key = objectKey(rest);
    const upsert = c.req.header('x-upsert') === 'true';
    await bucketLimits(bucketId!);
    // Storage checks the insert permission now, in a transaction it rolls back.
    await asCaller(who, async (tx) => {
      const [exists] = await tx.query('SELECT 1 FROM storage.objects WHERE bucket_id = $1 AND name = $2', [
        bucketId,
        key,
      ]);
      if (exists && !upsert) throw alreadyExists();
      await tx.query('SAVEPOINT probe');
      await tx.query(
        `INSERT INTO storage.objects (bucket_id, name, owner, owner_id, metadata) VALUES ($1, $2, $3::uuid, $4, '{"size": 0}')
         ON CONFLICT (bucket_id, name) DO NOTHING`,
        [bucketId, key, uuidOrNull(who.sub), who.sub],
      );
      await tx.query('ROLLBACK TO SAVEPOINT probe');
    });
    const token = await signUrl(
      config.jwtSecret,
      { url: `${bucketId}/${key}`, owner: who.sub ?? undefined, upsert },
      UPLOAD_URL_SECONDS,
      config.now(),
    );
    return c.json({ url: signedPath(bucketId!, key, token, 'upload/sign'), token });
  });

  const signOne = route(async (c, who, body) => {
    const [, bucketId, ...rest] = segmentsOf(c);
    const key = objectKey(rest);
    const expiresIn = Number(body.expiresIn);
    if (!Number.isFinite(expiresIn) || expiresIn < 1) throw invalidRequest('expiresIn must be a positive number');
    await visibleObject(who, bucketId!, key);
    const token = await signUrl(config.jwtSecret, { url: `${bucketId}/${key}` }, expiresIn, config.now());
    return c.json({ signedURL: signedPath(bucketId!, key, token, 'sign') });
  });

  const signMany = route(async (c, who, body) => {
    const [, bucketId] = segmentsOf(c);
    const expiresIn = Number(body.expiresIn);
    const paths = body.paths;
    if (!Number.isFinite(expiresIn) || expiresIn < 1) throw invalidRequest('expiresIn must be a positive number');
    if (!Array.isArray(paths) || paths.length > 1000 || paths.some((p) => typeof p !== 'string')) {
      throw invalidRequest('paths must be an array of at most 1000 strings');
    }
    const visible = new Set(
      (
        await asCaller(who, (tx) =>
          tx.query<{ name: string }>(
            'SELECT name FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2::text[])',
            [bucketId, paths],
          ),
        )
      ).map((r) => r.name),
    );
    const out = [];
    for (const p of paths as string[]) {
      if (!visible.has(p)) {
        out.push({
          error: 'Either the object does not exist or you do not have access to it',
          path: p,
          signedURL: null,
        });
        continue;
      }
      const token = await signUrl(config.jwtSecret, { url: `${bucketId}/${p}` }, expiresIn, config.now());
      out.push({ error: null, path: p, signedURL: signedPath(bucketId!, p, token, 'sign') });
    }
    return c.json(out);
  });

  const move = route(async (c, who, body) => {
    const { bucketId, sourceKey, destinationKey } = body;
    const destinationBucket = typeof body.destinationBucket === 'string' ? body.destinationBucket : bucketId;
    if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
      throw invalidRequest('bucketId, sourceKey and destinationKey are required');
    }
    const to = objectKey(destinationKey.split('/'));
    await bucketLimits(bucketId);
    if (destinationBucket !== bucketId) await bucketLimits(String(destinationBucket));
    const moved = await asCaller(who, (tx) =>
      tx.query(
        `UPDATE storage.objects SET bucket_id = $3, name = $4, updated_at = now()
          WHERE bucket_id = $1 AND name = $2 RETURNING id`,
        [bucketId, sourceKey, destinationBucket, to],
      ),
    );
    if (moved.length === 0) throw objectNotFound();
    return c.json({ message: 'Successfully moved' });
  });

  const copy = route(async (c, who, body) => {
    const { bucketId, sourceKey, destinationKey } = body;
    const destinationBucket = typeof body.destinationBucket === 'string' ? body.destinationBucket : bucketId;
    if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
      throw invalidRequest('bucketId, sourceKey and destinationKey are required');
    }
    const to = objectKey(destinationKey.split('/'));
    await bucketLimits(String(destinationBucket));
    const source = await visibleObject(who, bucketId, sourceKey);
    if (!source.version) throw objectNotFound();
    const { version, part } = await disk.cloneToPart(source.version);
    let committed = false;
    try {
      const [row] = await asCaller(who, (tx) =>
        tx.query<{ id: string }>(
          `INSERT INTO storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           VALUES ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7) RETURNING id`,
          [destinationBucket, to, uuidOrNull(who.sub), who.sub, source.metadata, source.user_metadata, version],
        ),
      );
      committed = true;
      await disk.publish(version);
      return c.json({ Id: row!.id, Key: `${String(destinationBucket)}/${to}` });
    } finally {
      if (!committed) await disk.discardPart(part);
    }
  });

  const list = route(async (c, who, body) => {
    const [, bucketId] = segmentsOf(c);
    await bucketLimits(bucketId!);
    return c.json(await asCaller(who, (tx) => listV1(tx, bucketId!, body)));
  });
  const list2 = route(async (c, who, body) => {
    const [, bucketId] = segmentsOf(c);
    await bucketLimits(bucketId!);
    return c.json(await asCaller(who, (tx) => listV2(tx, bucketId!, body)));
  });

  // ---- GET / HEAD
  const getRoute = route(async (c, who) => {
    const s = segmentsOf(c);
    if (s[0] === 'info') {
      const at = s[1] === 'public' || s[1] === 'authenticated' ? 2 : 1;
      const bucketId = s[at]!;
      await bucketLimits(bucketId);
      return c.json(infoJson(await visibleObject(who, bucketId, objectKey(s.slice(at + 1)))));
    }
    const at = s[0] === 'authenticated' ? 1 : 0;
    const bucketId = s[at]!;
    await bucketLimits(bucketId);
    return serve(c, await visibleObject(who, bucketId, objectKey(s.slice(at + 1))));
  });
  const publicRoute = route(
    async (c) => {
      const [, bucketId, ...rest] = segmentsOf(c);
      const bucket = await bucketLimits(bucketId!);
      if (!bucket.public) throw objectNotFound();
      return serve(c, await anyObject(bucketId!, objectKey(rest)));
    },
    { anonymous: true },
  );
  const signedRoute = route(
    async (c) => {
      const [, bucketId, ...rest] = segmentsOf(c);
      const key = objectKey(rest);
      await verifySignedUrl(config.jwtSecret, c.req.query('token') ?? '', `${bucketId}/${key}`, config.now());
      return serve(c, await anyObject(bucketId!, key));
    },
    { anonymous: true },
  );
  const read = (c: Context) => {
    const s = segmentsOf(c);
    if (s[0] === 'public' && s.length > 2) return publicRoute(c);
    if (s[0] === 'sign' && s.length > 2) return signedRoute(c);
    return getRoute(c);
  };
  // HEAD is answered by this GET route (Hono), without a body.
  app.get('/object/*', read);

  // ---- DELETE
  app.delete(
    '/object/*',
    route(async (c, who, body) => {
      const [bucketId, ...rest] = segmentsOf(c);
      const prefixes = rest.length > 0 ? [objectKey(rest)] : body.prefixes;
      if (!Array.isArray(prefixes) || prefixes.length > 1000 || prefixes.some((p) => typeof p !== 'string')) {
        throw invalidRequest('prefixes must be an array of at most 1000 strings');
      }
      await bucketLimits(bucketId!);
      const rows = await removeObjects((fn) => asCaller(who, fn), disk, bucketId!, prefixes as string[]);
      if (rest.length > 0) {
        if (rows.length === 0) throw objectNotFound();
        return c.json({ message: 'Successfully deleted' });
      }
      return c.json(rows.map(objectJson));
    }),
  );
}
