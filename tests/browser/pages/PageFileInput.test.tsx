/**
 * The page editor's file input (src/features/pageFiles/PageFileInput.tsx) in a real React tree in Chromium, with the
 * real QR worker: a sideways phone photo is resized and turned upright before it is handed to the upload, and the
 * editor gets its path and size; a file whose bytes are not a PDF, and a PDF over the plan's limit, get their
 * sentence and upload nothing. Storage itself is the api module's (mocked here; its calls are the ones
 * tests/server/storage-rls.test.ts makes against the real server).
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { Session, User } from '@supabase/supabase-js';
import { createStore, Provider } from 'jotai';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { getAppSystem } from '../../../src/app/theme.ts';
import { authStateAtom } from '../../../src/features/auth/authStateAtom.ts';
import { PageFileInput } from '../../../src/features/pageFiles/PageFileInput.tsx';
import type { UploadedPageFile } from '../../../src/features/pageFiles/uploadedPageFile.ts';
import { sidewaysPhoto } from './exifPhoto.ts';

const uploads: { owner: string; blob: Blob; type: string }[] = [];
vi.mock('../../../src/features/pageFiles/pageFilesApi.ts', async (original) => ({
  ...(await original<typeof import('../../../src/features/pageFiles/pageFilesApi.ts')>()),
  // A small file limit, so the oversized PDF is small too (userEvent.upload sends the file through Playwright).
  loadPageFileLimits: () => Promise.resolve({ fileLimitBytes: 20_000, quotaBytes: 100_000_000, usedBytes: 0 }),
  uploadPageFile: (owner: string, blob: Blob, type: string) => {
    uploads.push({ owner, blob, type });
    return Promise.resolve(`${owner}/f${uploads.length}.${type === 'application/pdf' ? 'pdf' : 'webp'}`);
  },
}));
// The component updates when the worker and the upload answer, not when the test acts: expect.element waits for it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const OWNER = '0b7c1f0e-1d2a-4c3b-9e8f-123456789abc';
let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  uploads.length = 0;
});

function mount(kind: 'pdf' | 'image', label: string) {
  const store = createStore();
  store.set(authStateAtom, {
    status: 'signedIn',
    user: { id: OWNER } as User,
    session: { access_token: 'a' } as Session,
  });
  const uploaded: UploadedPageFile[] = [];
  const errors: string[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <ChakraProvider value={getAppSystem()}>
      <Provider store={store}>
        <PageFileInput kind={kind} label={label} onUploaded={(f) => uploaded.push(f)} onError={(m) => errors.push(m)} />
      </Provider>
    </ChakraProvider>,
  );
  return { uploaded, errors };
}

test('an image is resized upright in the worker, uploaded, and its path and size handed to the editor', async () => {
  const { uploaded, errors } = mount('image', 'Cover image');
  const { photo } = await sidewaysPhoto();
  await userEvent.upload(page.getByLabelText('Cover image'), new File([photo], 'IMG_0001.JPG', { type: 'image/jpeg' }));
  await expect.element(page.getByText(/^Uploaded “IMG_0001.JPG” \(.+, 667 × 2000 px\)\.$/)).toBeVisible();
  expect(errors).toEqual([]);
  expect(uploads.map((u) => [u.owner, u.type, u.blob.type])).toEqual([[OWNER, 'image/webp', 'image/webp']]);
  expect(uploaded).toEqual([
    {
      path: `${OWNER}/f1.webp`,
      type: 'image/webp',
      bytes: uploads[0]!.blob.size,
      name: 'IMG_0001.JPG',
      width: 667,
      height: 2000,
    },
  ]);
});

test('a file that is not a PDF, and a PDF over the plan’s limit, are refused by name and upload nothing', async () => {
  const { uploaded, errors } = mount('pdf', 'Your PDF');
  const input = page.getByLabelText('Your PDF');
  await userEvent.upload(input, new File(['PK\u0003\u0004 word'], 'menu.pdf', { type: 'application/pdf' }));
  const notPdf = '“menu.pdf” is named like a PDF but its content is not one. Choose a PDF.';
  await expect.element(page.getByRole('alert')).toHaveTextContent(notPdf);
  const big = new File(['%PDF-1.7\n', new Uint8Array(21_000)], 'big.pdf', { type: 'application/pdf' });
  await userEvent.upload(input, big);
  const tooBig = '“big.pdf” is 21 KB; your plan takes files up to 20 KB. Pro takes files up to 100 MB.';
  await expect.element(page.getByRole('alert')).toHaveTextContent(tooBig);
  expect([uploads, uploaded, errors]).toEqual([[], [], [notPdf, tooBig]]);
  await userEvent.upload(input, new File(['%PDF-1.7\n%%EOF\n'], 'ok.pdf', { type: 'application/pdf' }));
  await expect.element(page.getByText('Uploaded “ok.pdf” (15 bytes).')).toBeVisible();
  expect(uploaded.map((f) => f.path)).toEqual([`${OWNER}/f1.pdf`]);
});
