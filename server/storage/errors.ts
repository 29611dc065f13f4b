// Storage API errors in Supabase Storage's shape: a JSON body { statusCode, error, message } whose statusCode is a
// string. As Supabase's storage-api does, most are sent with HTTP 400 (the body's statusCode says what it is);
// size and type refusals keep their own status (413, 415), so clients and proxies see them as such.
import { API_VERSION } from '../lib/errors.ts';

export class StorageApiError extends Error {
  readonly httpStatus: number;
  readonly statusCode: string;
  readonly error: string;
  constructor(httpStatus: number, statusCode: string, error: string, message: string) {
    super(message);
    this.name = 'StorageApiError';
    this.httpStatus = httpStatus;
    this.statusCode = statusCode;
    this.error = error;
  }

  response(head = false): Response {
    const body = JSON.stringify({ statusCode: this.statusCode, error: this.error, message: this.message });
    return new Response(head ? null : body, {
      status: this.httpStatus,
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': API_VERSION },
    });
  }
}

export const bucketNotFound = () => new StorageApiError(400, '404', 'Bucket not found', 'Bucket not found');
export const objectNotFound = () => new StorageApiError(400, '404', 'not_found', 'Object not found');
export const alreadyExists = () => new StorageApiError(400, '409', 'Duplicate', 'The resource already exists');
export const invalidRequest = (message: string) => new StorageApiError(400, '400', 'InvalidRequest', message);
export const unauthorized = (message: string) => new StorageApiError(400, '403', 'Unauthorized', message);
export const rlsViolation = () => unauthorized('new row violates row-level security policy');
export const tooLarge = (message = 'The object exceeded the maximum allowed size') =>
  new StorageApiError(413, '413', 'Payload too large', message);
export const badMimeType = (message: string) => new StorageApiError(415, '415', 'invalid_mime_type', message);
export const bucketNotEmpty = () =>
  new StorageApiError(400, '409', 'InvalidRequest', 'The bucket you tried to delete is not empty');
export const invalidSignature = (message: string) => new StorageApiError(400, '400', 'InvalidSignature', message);

/** A database error as Storage words it: RLS → 403, duplicate → 409, missing bucket → 404, quota → 413. */
export function fromDatabase(err: unknown): StorageApiError | null {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (code === '42501') return rlsViolation();
  if (code === '23505') return alreadyExists();
  if (code === '23503') return bucketNotFound();
  if (code === 'QT413') return tooLarge(message);
  if (code === '22P02' || code === '22001') return invalidRequest(message);
  return null;
}
