// Streams an upload's body to its part file: a raw body (the bytes themselves, Content-Type their type) or
// multipart/form-data (supabase-js sends Blobs and Files so: fields cacheControl and metadata, then the file).
// Nothing but the first SNIFF_BYTES is held in memory; more than `limit` bytes stops the write with 413.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { SNIFF_BYTES } from './sniff.ts';
import { invalidRequest, tooLarge } from './errors.ts';

export interface Received {
  size: number;
  /** The declared type: the header for a raw body, the file part's for multipart. */
  contentType: string;
  /** Quoted MD5 of the bytes, as S3 and Storage give an ETag. */
  eTag: string;
  head: Uint8Array;
  cacheControl: string | null;
  /** User metadata (the x-metadata header, base64 JSON, or the multipart field `metadata`). */
  userMetadata: Record<string, unknown> | null;
}

class Meter extends Transform {
  size = 0;
  readonly hash = createHash('md5');
  private readonly chunks: Buffer[] = [];
  private headBytes = 0;
  private readonly limit: number;
  constructor(limit: number) {
    super();
    this.limit = limit;
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      done(tooLarge());
      return;
    }
    this.hash.update(chunk);
    if (this.headBytes < SNIFF_BYTES) {
      const take = chunk.subarray(0, SNIFF_BYTES - this.headBytes);
      this.chunks.push(Buffer.from(take));
      this.headBytes += take.length;
    }
    done(null, chunk);
  }
  head(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

function parseMetadata(text: string | undefined | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* refused below */
  }
  throw invalidRequest('metadata must be a JSON object');
}

function cacheControlOf(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^\d+$/.test(value) ? `max-age=${value}` : value.slice(0, 200);
}

/** Writes the request body to `part`; rejects with 413 (limit), 400 (no file) or the stream's error. */
export async function receiveUpload(request: Request, part: string, limit: number): Promise<Received> {
  const body = request.body;
  if (!body) throw invalidRequest('Empty body');
  const headers = request.headers;
  const type = headers.get('content-type') ?? 'application/octet-stream';
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream);
  if (!/^multipart\/form-data/i.test(type)) {
    const meter = new Meter(limit);
    await pipeline(source, meter, createWriteStream(part));
    const xMetadata = headers.get('x-metadata');
    return {
      size: meter.size,
      contentType: type,
      eTag: `"${meter.hash.digest('hex')}"`,
      head: meter.head(),
      cacheControl: cacheControlOf(headers.get('cache-control')),
      userMetadata: xMetadata ? parseMetadata(Buffer.from(xMetadata, 'base64').toString('utf8')) : null,
    };
  }
  return new Promise<Received>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let filePromise: Promise<{ meter: Meter; mimeType: string }> | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: Object.fromEntries(headers), limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });
    } catch (err) {
      reject(invalidRequest(err instanceof Error ? err.message : 'bad multipart body'));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      const meter = new Meter(limit);
      filePromise = pipeline(stream, meter, createWriteStream(part)).then(() => ({ meter, mimeType: info.mimeType }));
      filePromise.catch((err: unknown) => {
        source.unpipe(parser);
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
    parser.on('error', (err) => reject(invalidRequest(err instanceof Error ? err.message : 'bad multipart body')));
    parser.on('close', () => {
      if (!filePromise) {
        reject(invalidRequest('No file in the multipart body'));
        return;
      }
      filePromise.then(({ meter, mimeType }) => {
        try {
          resolve({
            size: meter.size,
            contentType: fields.contentType || mimeType || 'application/octet-stream',
            eTag: `"${meter.hash.digest('hex')}"`,
            head: meter.head(),
            cacheControl: cacheControlOf(fields.cacheControl),
            userMetadata: parseMetadata(fields.metadata),
          });
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      }, reject);
    });
    source.on('error', reject);
    source.pipe(parser);
  });
}
