// The page files' only way to Storage: supabase-js's `storage` client, the same calls on a Supabase project and on
// the local server (docs/storage.md). Files go to the private page-files bucket under the folder named by the
// owner's id, with a random name: a page names them by that path (src/shared/pages/schema.ts), and the database
// refuses a page that names a path outside its owner's folder.
import { extensionOf, type PageFileType } from '../../shared/pages/files.ts';
import { PAGE_FILES_BUCKET } from '../../shared/pages/schema.ts';
import { dataCall, supabaseCall } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { formatBytes } from '../settings/formatBytes.ts';
import type { PageFileLimits } from './pageFileCheck.ts';

/** The plan's limits and what the user's files take (public.storage_usage()). */
export function loadPageFileLimits(): Promise<PageFileLimits | null> {
  return dataCall(async () => {
    const rows = await supabaseCall<{ used_bytes: number; quota_bytes: number; file_limit_bytes: number }[]>(
      getSupabase().rpc('storage_usage'),
      { what: 'your storage limits' },
    );
    const row = rows[0];
    return row
      ? {
          usedBytes: Number(row.used_bytes),
          quotaBytes: Number(row.quota_bytes),
          fileLimitBytes: Number(row.file_limit_bytes),
        }
      : null;
  });
}

/** A random file name of the schema's pattern ([A-Za-z0-9_-]{1,100}.ext). */
function newPath(ownerId: string, type: PageFileType): string {
  const id = crypto.randomUUID().replace(/-/g, '');
  return `${ownerId}/${id}.${extensionOf(type)}`;
}

/** An upload the server refused, in words for the user (the server's own sentence where it is one). */
export class PageFileUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageFileUploadError';
  }
}

function uploadMessage(error: { message?: string; statusCode?: string; status?: number }, bytes: number): string {
  const status = String(error.statusCode ?? error.status ?? '');
  const message = error.message ?? '';
  if (status === '413' && /quota/i.test(message)) {
    return `Your storage is full: this file (${formatBytes(bytes)}) does not fit in what your plan allows.`;
  }
  if (status === '413') return `The file (${formatBytes(bytes)}) is larger than your plan allows.`;
  if (status === '415') return 'The file’s content is not a PDF, JPEG, PNG or WebP, so it was not uploaded.';
  if (status === '403') return 'You can only upload files to your own account. Sign in again and retry.';
  return `The upload failed: ${message || 'no answer from the server'}. Check your connection and try again.`;
}

/** Uploads `blob` as `type` to the owner's folder; resolves with its path in page-files. */
export async function uploadPageFile(ownerId: string, blob: Blob, type: PageFileType): Promise<string> {
  const path = newPath(ownerId, type);
  let result: Awaited<ReturnType<ReturnType<ReturnType<typeof getSupabase>['storage']['from']>['upload']>>;
  try {
    result = await getSupabase()
      .storage.from(PAGE_FILES_BUCKET)
      .upload(path, blob, { contentType: type, upsert: false, cacheControl: '3600' });
  } catch (error) {
    throw new PageFileUploadError(uploadMessage(error as { message?: string }, blob.size));
  }
  if (result.error) throw new PageFileUploadError(uploadMessage(result.error as { message?: string }, blob.size));
  return path;
}
