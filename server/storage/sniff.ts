// Uploaded files are judged by their bytes (magic numbers, npm file-type), not only by the declared type: in the
// app's buckets a PNG declared as a PDF, or HTML declared as an image, is refused with 415.
import { fileTypeFromBuffer } from 'file-type';
import { badMimeType } from './errors.ts';

/** Bytes file-type needs to recognise every format it knows. */
export const SNIFF_BYTES = 4100;

/** Buckets whose uploads must be what they declare (the app's own; Supabase's generic buckets are not checked). */
export const BYTE_CHECKED_BUCKETS: ReadonlySet<string> = new Set(['page-files']);

/** 'image/JPG; charset=x' → 'image/jpeg'. */
export function baseMimeType(contentType: string): string {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  return base === 'image/jpg' ? 'image/jpeg' : base;
}

/** Throws 415 unless the first bytes are of the declared type. */
export async function assertBytesMatch(head: Uint8Array, declared: string): Promise<void> {
  const found = await fileTypeFromBuffer(head);
  const want = baseMimeType(declared);
  if (found?.mime !== want) {
    throw badMimeType(`The file's content is ${found ? found.mime : 'of no recognised type'}, not ${want}`);
  }
}

/** Whether a MIME type is allowed by a bucket's list (exact types and wildcards such as image/*). */
export function mimeAllowed(allowed: readonly string[] | null, contentType: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = baseMimeType(contentType);
  return allowed.some((a) => {
    const pattern = a.trim().toLowerCase();
    return pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
  });
}
