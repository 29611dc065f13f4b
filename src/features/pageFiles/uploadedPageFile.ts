import type { PageFileType } from '../../shared/pages/files.ts';
import type { PageImageInput } from '../../worker-client/index.ts';

/**
 * How an image is prepared before upload (the worker's prepareImage): a picture shown small (a logo, an avatar)
 * at a smaller `maxSide`; a vCard photo as a JPEG, the type every phone's address book imports.
 */
export type ImageOptions = Pick<PageImageInput, 'maxSide' | 'format'>;

/** A file PageFileInput has put in Storage: what a page stores about it. */
export interface UploadedPageFile {
  /** Its path in the page-files bucket (`<owner id>/<random>.<ext>`): a PDF page's `file`, an image's `path`. */
  path: string;
  /** The stored type, read from its bytes (an image is stored as WebP, or JPEG where the browser has no WebP). */
  type: PageFileType;
  /** Stored size in bytes (an image's after resizing). */
  bytes: number;
  /** The picked file's name, to show the user. */
  name: string;
  /** Images: their size in pixels after resizing (longest side ≤ 2000), the page's `width` and `height`. */
  width?: number;
  height?: number;
}
