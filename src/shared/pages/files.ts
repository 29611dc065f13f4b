// What a hosted page's uploaded file may be, judged by its first bytes (magic numbers), not by its name or the
// type the browser guesses from it: the app checks a picked file before it resizes or uploads it (a clear message at
// once), and the local Storage server checks the stored bytes again (server/storage/sniff.ts, npm file-type).

export const PAGE_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type PageFileType = (typeof PAGE_FILE_TYPES)[number];

/** The longest side of an image after the upload module has resized it. */
export const PAGE_IMAGE_MAX_SIDE = 2000;

/** A vCard Plus photo's longest side: the editor has it written as a JPEG this size, to embed in the .vcf. */
export const VCARD_PHOTO_SIDE = 512;

/**
 * The largest photo the .vcf embeds (a 512 px JPEG is 30 to 100 KB; base64 adds a third). A larger file (stored
 * through the API, not resized by the editor) is shown on the page but left out of the contact file, which phones
 * import whole.
 */
export const VCARD_PHOTO_MAX_BYTES = 256_000;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the first bytes of a file say it is (16 are enough), among the page file types, or null. */
export function sniffPageFile(head: Uint8Array): PageFileType | null {
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The extension a stored file of this type gets (the page schema's path patterns). */
export function extensionOf(type: PageFileType): 'pdf' | 'jpg' | 'png' | 'webp' {
  return type === 'application/pdf' ? 'pdf' : type === 'image/jpeg' ? 'jpg' : type === 'image/png' ? 'png' : 'webp';
}
