// One picked file through the upload steps: check its bytes and size, resize an image in the QR worker (upright,
// ≤ 2000 px, re-encoded without metadata), upload it to the owner's folder, and report the path. A new pick while
// one is under way wins: the older one's result is dropped.
import { useCallback, useRef, useState } from 'react';
import { getQrClient, QrError } from '../../worker-client/index.ts';
import { loadPageFileLimits, PageFileUploadError, uploadPageFile } from './pageFilesApi.ts';
import { checkPickedFile, sizeProblem, type PageFileKind } from './pageFileCheck.ts';
import type { ImageOptions, UploadedPageFile } from './uploadedPageFile.ts';

export type UploadState =
  | { status: 'idle' }
  | { status: 'working'; step: 'checking' | 'resizing' | 'uploading' }
  | { status: 'done'; file: UploadedPageFile }
  | { status: 'failed'; message: string };

/** Bytes the type check reads. */
const HEAD_BYTES = 16;

function failureMessage(error: unknown): string {
  if (error instanceof PageFileUploadError) return error.message;
  if (error instanceof QrError && error.code === 'BAD_IMAGE') return `${error.message}. Choose another image.`;
  if (error instanceof QrError) return 'The image could not be prepared for upload. Try again, or reload the page.';
  return error instanceof Error ? error.message : 'The file could not be uploaded. Try again.';
}

/** What one pick ended with: the uploaded file, the sentence shown, or null when a newer pick replaced it. */
export type UploadResult = { file: UploadedPageFile } | { message: string } | null;

export function usePageFileUpload(kind: PageFileKind, ownerId: string | null, image?: ImageOptions) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const latest = useRef(0);

  const upload = useCallback(
    async (file: File): Promise<UploadResult> => {
      const run = ++latest.current;
      const current = () => run === latest.current;
      const fail = (message: string): UploadResult => {
        if (!current()) return null;
        setState({ status: 'failed', message });
        return { message };
      };
      if (!ownerId) return fail('Sign in to upload files to your pages.');
      setState({ status: 'working', step: 'checking' });
      try {
        const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
        // The limits make the message specific; without them (offline for a moment) the server still checks.
        const limits = await loadPageFileLimits().catch(() => null);
        const check = checkPickedFile(file, head, kind, limits);
        if (!check.ok) return fail(check.message);
        let blob: Blob = file;
        let type = check.type;
        let size: { width: number; height: number } | null = null;
        if (kind === 'image') {
          if (current()) setState({ status: 'working', step: 'resizing' });
          const prepared = await getQrClient().prepareImage({ blob: file, ...image });
          ({ blob, type } = prepared);
          size = { width: prepared.width, height: prepared.height };
          const problem = sizeProblem(file.name, blob.size, limits);
          if (problem) return fail(problem);
        }
        if (!current()) return null;
        setState({ status: 'working', step: 'uploading' });
        const path = await uploadPageFile(ownerId, blob, type);
        const uploaded: UploadedPageFile = { path, type, bytes: blob.size, name: file.name, ...size };
        if (!current()) return null;
        setState({ status: 'done', file: uploaded });
        return { file: uploaded };
      } catch (error) {
        return fail(failureMessage(error));
      }
    },
    [kind, ownerId, image],
  );

  return { state, upload };
}
