// The checks a picked file passes before anything is resized or uploaded, each failure a sentence that names the
// file and what to do: the type is read from the file's first bytes (a .pdf that is really a Word file, a .jpg
// that is really HTML), the size is compared with the plan's limit for one file and with what is left of the
// storage quota. The server checks all of it again (docs/storage.md); these make the message specific and early.
import { sniffPageFile, type PageFileType } from '../../shared/pages/files.ts';
import { formatBytes } from '../settings/formatBytes.ts';

/** What the file is for: a PDF page's document, or an image (a gallery image, a cover). */
export type PageFileKind = 'pdf' | 'image';

/** The plan's limits and use (public.storage_usage()). */
export interface PageFileLimits {
  fileLimitBytes: number;
  quotaBytes: number;
  usedBytes: number;
}

/**
 * The largest picked image we try to resize: the stored copy is re-encoded at ≤ 2000 px and far smaller, but the
 * browser must decode the original first (a 60 MB file is a panorama no phone needs on a page).
 */
export const MAX_PICKED_IMAGE_BYTES = 40_000_000;

export type FileCheck = { ok: true; type: PageFileType } | { ok: false; message: string };

const WANTED: Record<PageFileKind, string> = { pdf: 'a PDF', image: 'a JPEG, PNG or WebP image' };

/** Type and size of a picked file, before any work: `head` is its first 16 bytes or more. */
export function checkPickedFile(
  file: { name: string; size: number },
  head: Uint8Array,
  kind: PageFileKind,
  limits: PageFileLimits | null,
): FileCheck {
  const name = `“${file.name}”`;
  if (file.size === 0) return { ok: false, message: `${name} is empty. Choose ${WANTED[kind]}.` };
  const type = sniffPageFile(head);
  const fits = kind === 'pdf' ? type === 'application/pdf' : type !== null && type !== 'application/pdf';
  if (!fits) {
    const named = /\.pdf$/i.test(file.name) ? 'a PDF' : /\.(jpe?g|png|webp)$/i.test(file.name) ? 'an image' : null;
    const what = named ? `is named like ${named} but its content is not one` : `is not ${WANTED[kind]}`;
    return { ok: false, message: `${name} ${what}. Choose ${WANTED[kind]}.` };
  }
  if (kind === 'image' && file.size > MAX_PICKED_IMAGE_BYTES) {
    return {
      ok: false,
      message: `${name} is ${formatBytes(file.size)}; images up to ${formatBytes(MAX_PICKED_IMAGE_BYTES)} can be used. Choose a smaller one.`,
    };
  }
  // An image is checked against the limits once it is resized (checkUploadSize): its stored copy is much smaller.
  if (kind === 'pdf') {
    const problem = sizeProblem(file.name, file.size, limits);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, type: type! };
}

/** The stored file's size against the plan: null when it fits. */
export function sizeProblem(fileName: string, bytes: number, limits: PageFileLimits | null): string | null {
  if (!limits) return null;
  if (bytes > limits.fileLimitBytes) {
    return (
      `“${fileName}” is ${formatBytes(bytes)}; your plan takes files up to ${formatBytes(limits.fileLimitBytes)}.` +
      (limits.fileLimitBytes < 100_000_000 ? ' Pro takes files up to 100 MB.' : ' Choose a smaller file.')
    );
  }
  const left = Math.max(0, limits.quotaBytes - limits.usedBytes);
  if (bytes > left) {
    return (
      `“${fileName}” needs ${formatBytes(bytes)}, but only ${formatBytes(left)} of your ` +
      `${formatBytes(limits.quotaBytes)} storage is left. Delete pages’ files you no longer use, or upgrade.`
    );
  }
  return null;
}
