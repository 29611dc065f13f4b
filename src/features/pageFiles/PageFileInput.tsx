import { useId } from 'react';
import { Field, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { authStateAtom } from '../auth/authStateAtom.ts';
import { formatBytes } from '../settings/formatBytes.ts';
import type { PageFileKind } from './pageFileCheck.ts';
import type { ImageOptions, UploadedPageFile } from './uploadedPageFile.ts';
import { usePageFileUpload } from './usePageFileUpload.ts';

export interface PageFileInputProps {
  /** 'pdf': a PDF page's document. 'image': a gallery image or a cover (JPEG, PNG or WebP; resized before upload). */
  kind: PageFileKind;
  /** The visible label; tests and screen readers find the input by it. */
  label: string;
  /** Called once the file is in Storage, with the path (and, for an image, its size) the page should store. */
  onUploaded: (file: UploadedPageFile) => void;
  /** Called with the sentence shown when a file is refused or the upload fails (e.g. to block saving). */
  onError?: (message: string) => void;
  /** A hint under the input (default: what the kind accepts). */
  hint?: string;
  /** For an image: how it is prepared (a smaller longest side; JPEG rather than WebP). Default: ≤ 2000 px, WebP. */
  image?: ImageOptions;
  disabled?: boolean;
}

const ACCEPT: Record<PageFileKind, string> = {
  pdf: 'application/pdf,.pdf',
  image: 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
};

const HINT: Record<PageFileKind, string> = {
  pdf: 'A PDF file, up to your plan’s file size.',
  image: 'A JPEG, PNG or WebP image. It is resized to 2000 px at most and its location data is removed.',
};

const STEP: Record<'checking' | 'resizing' | 'uploading', string> = {
  checking: 'Checking the file…',
  resizing: 'Resizing the image…',
  uploading: 'Uploading…',
};

/**
 * A file input for a hosted page's editor: pick a file, and it is checked by its bytes, resized (images), uploaded
 * to the signed-in user's page-files folder, and handed back as a path through `onUploaded`. Failures are one
 * specific sentence under the input. Only for signed-in users (hosted pages need an account).
 */
export function PageFileInput({ kind, label, onUploaded, onError, hint, image, disabled }: PageFileInputProps) {
  const auth = useAtomValue(authStateAtom);
  const ownerId = auth.status === 'signedIn' ? auth.user.id : null;
  const { state, upload } = usePageFileUpload(kind, ownerId, image);
  const id = useId();
  const working = state.status === 'working';
  return (
    <Field.Root invalid={state.status === 'failed'} disabled={disabled}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        disabled={disabled || working || !ownerId}
        aria-describedby={`${id}-status`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          void upload(file).then((result) => {
            if (result && 'file' in result) onUploaded(result.file);
            else if (result) onError?.(result.message);
          });
        }}
      />
      <Text id={`${id}-status`} textStyle="xs" role={state.status === 'failed' ? 'alert' : 'status'}>
        {state.status === 'working'
          ? STEP[state.step]
          : state.status === 'done'
            ? `Uploaded “${state.file.name}” (${formatBytes(state.file.bytes)}${
                state.file.width ? `, ${state.file.width} × ${state.file.height} px` : ''
              }).`
            : state.status === 'failed'
              ? state.message
              : (hint ?? HINT[kind])}
      </Text>
    </Field.Root>
  );
}
