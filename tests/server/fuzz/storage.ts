// /storage/v1 (server/storage): the bucket and object routes storage-js calls, with the user's own folder, another
// user's, hostile object names, upload bodies of every shape and the upload headers (x-upsert, content-type).
import fc from 'fast-check';
import { P, type Body, type FuzzRequest } from './model.ts';
import { authArb, bodyArb, headersArb } from './http.ts';
import { anyMethod } from './methods.ts';
import { garbage, hostileString, pctGarbage, pick } from './values.ts';

/** Every byte percent-encoded (a lone surrogate becomes U+FFFD's bytes: encodeURIComponent would throw). */
const pctBytes = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** The app's bucket (supabase/migrations: page-files), one that does not exist, and hostile names. */
const bucketArb = fc.oneof(
  { weight: 8, arbitrary: pick('page-files') },
  { weight: 2, arbitrary: pick('nope', 'PAGE-FILES', 'page-files/', '..', '%2e%2e', '') },
  { weight: 1, arbitrary: hostileString.map((s) => pctBytes(s.slice(0, 200))) },
);

/** An object path: under the user's own folder mostly, another folder, traversal and garbage. */
const objectPathArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .array(fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/), { minLength: 1, maxLength: 3 })
      .map((segments) => `${P.userId}/${segments.join('/')}`),
  },
  { weight: 2, arbitrary: pick(`${P.userId}/menu.pdf`, `${P.userId}/a b.png`, `${P.userId}/`, `${P.userId}`) },
  {
    weight: 2,
    arbitrary: pick(
      '00000000-0000-0000-0000-000000000000/x.pdf',
      `${P.adminTarget}/x.pdf`,
      `${P.userId}/../x.pdf`,
      `${P.userId}/%2e%2e/x`,
      '../../etc/passwd',
      `${P.userId}//x`,
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(pctGarbage, garbage).map(([a, b]) => `${P.userId}/${a}${pctBytes(b.slice(0, 2_000))}`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 5_000 }).map((n) => `${P.userId}/${'a'.repeat(n)}`) },
);

/** JSON bodies the routes read (bucket options, list, move/copy, sign, remove), known keys with wrong values too. */
const jsonBody = bodyArb({
  id: 'text',
  name: 'text',
  public: 'bool',
  file_size_limit: 'int',
  allowed_mime_types: 'jsonb',
  prefix: 'text',
  limit: 'int',
  offset: 'int',
  search: 'text',
  sortBy: 'jsonb',
  bucketId: 'text',
  sourceKey: 'text',
  destinationKey: 'text',
  destinationBucket: 'text',
  expiresIn: 'int',
  paths: 'jsonb',
  prefixes: 'jsonb',
});

/** Upload bodies: a small PDF or PNG header (what the byte check reads), random bytes, text, multipart garbage. */
const PDF = [...Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1')];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const uploadBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: pick<Body>({ k: 'bytes', b: PDF }, { k: 'bytes', b: PNG }) },
  {
    weight: 2,
    arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }).map((b) => ({ k: 'bytes', b }) as Body),
  },
  { weight: 1, arbitrary: pick<Body>({ k: 'none' }) },
  { weight: 1, arbitrary: jsonBody },
);

const uploadHeaders = fc
  .record({
    type: fc.option(
      pick(
        'application/pdf',
        'image/png',
        'image/jpeg',
        'text/html',
        'multipart/form-data; boundary=x',
        'multipart/form-data',
        'application/octet-stream',
        'image/svg+xml',
        '',
      ),
      { nil: undefined },
    ),
    upsert: fc.option(pick('true', 'false', 'yes', ''), { nil: undefined }),
    metadata: fc.option(fc.oneof(pick('e30=', 'not base64!', '{}'), garbage), { nil: undefined }),
    cacheControl: fc.option(pick('3600', 'max-age=1', '-1', 'no-store'), { nil: undefined }),
  })
  .map(({ type, upsert, metadata, cacheControl }) => {
    const h: [string, string][] = [];
    if (type !== undefined) h.push(['content-type', type]);
    if (upsert !== undefined) h.push(['x-upsert', upsert]);
    if (metadata !== undefined) h.push(['x-metadata', metadata]);
    if (cacheControl !== undefined) h.push(['cache-control', cacheControl]);
    return h;
  });

type Shape = { method: string; path: string; body: 'json' | 'upload' | 'none' };
const shapeArb: fc.Arbitrary<Shape> = fc
  .tuple(bucketArb, objectPathArb, fc.stringMatching(/^[A-Za-z0-9._-]{0,40}$/))
  .chain(([bucket, path, token]) =>
    pick<Shape>(
      { method: 'GET', path: '/bucket', body: 'none' },
      { method: 'POST', path: '/bucket', body: 'json' },
      { method: 'GET', path: `/bucket/${bucket}`, body: 'none' },
      { method: 'PUT', path: `/bucket/${bucket}`, body: 'json' },
      { method: 'POST', path: `/bucket/${bucket}/empty`, body: 'none' },
      { method: 'DELETE', path: `/bucket/${bucket}`, body: 'none' },
      { method: 'POST', path: `/object/${bucket}/${path}`, body: 'upload' },
      { method: 'PUT', path: `/object/${bucket}/${path}`, body: 'upload' },
      { method: 'GET', path: `/object/${bucket}/${path}`, body: 'none' },
      { method: 'GET', path: `/object/authenticated/${bucket}/${path}`, body: 'none' },
      { method: 'GET', path: `/object/public/${bucket}/${path}`, body: 'none' },
      { method: 'GET', path: `/object/info/${bucket}/${path}`, body: 'none' },
      { method: 'HEAD', path: `/object/${bucket}/${path}`, body: 'none' },
      { method: 'POST', path: `/object/list/${bucket}`, body: 'json' },
      { method: 'POST', path: '/object/move', body: 'json' },
      { method: 'POST', path: '/object/copy', body: 'json' },
      { method: 'DELETE', path: `/object/${bucket}`, body: 'json' },
      { method: 'POST', path: `/object/sign/${bucket}/${path}`, body: 'json' },
      { method: 'POST', path: `/object/sign/${bucket}`, body: 'json' },
      { method: 'GET', path: `/object/sign/${bucket}/${path}?token=${token}`, body: 'none' },
      { method: 'POST', path: `/object/upload/sign/${bucket}/${path}`, body: 'none' },
      { method: 'PUT', path: `/object/upload/sign/${bucket}/${path}?token=${token}`, body: 'upload' },
    ),
  );

export const storageRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    shape: shapeArb,
    otherMethod: fc.option(anyMethod, { freq: 10 }),
    auth: authArb,
    headers: headersArb({ userAgent: true }),
    upload: uploadHeaders,
    json: jsonBody,
    bytes: uploadBody,
  })
  .map(({ shape, otherMethod, auth, headers, upload, json, bytes }) => {
    const method = otherMethod ?? shape.method;
    const body: Body = shape.body === 'json' ? json : shape.body === 'upload' ? bytes : { k: 'none' };
    // The upload headers replace the generic content type where the route reads the body as a file.
    const merged = shape.body === 'upload' ? [...headers.filter(([n]) => n !== 'content-type'), ...upload] : headers;
    const template = shape.path.replace(
      /\/object\/(sign|upload\/sign|info|authenticated|public|list)?\/?.*/,
      '/object/$1…',
    );
    return {
      route: `${method} /storage/v1${template}`,
      method,
      path: `/storage/v1${shape.path}`,
      auth,
      headers: merged,
      body,
    };
  });
