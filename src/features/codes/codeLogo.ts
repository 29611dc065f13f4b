/**
 * A saved code's logo, kept with the code (table `code_logos`, supabase/migrations/20261125000200_code_logos.sql)
 * so that dashboard downloads match the original. Stored as base64 text: at most MAX_STORED_LOGO_BYTES, which
 * keeps the row within the API's 1 MiB request body; a larger image is stored as a smaller PNG.
 */
import { DataError } from '../../lib/dataError.ts';
import { supabaseCall } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';

export const MAX_STORED_LOGO_BYTES = 600 * 1024;
/** Long sides tried, in order, for a logo too large to store as it is (the 4096 px export draws it ~820 px wide). */
const STORED_LOGO_SIDES = [1024, 512, 256] as const;

const TOO_LARGE =
  'The logo is too large to store with the code (over 600 KB as an SVG). Use a smaller file, or a PNG or JPEG.';

/** The image as stored: the file itself when small enough, else a PNG scaled down (decoded and encoded off-thread). */
export async function storableLogo(file: Blob): Promise<Blob> {
  if (file.size <= MAX_STORED_LOGO_BYTES) return file;
  // createImageBitmap cannot decode an SVG file; an SVG logo that large is refused.
  if (file.type === 'image/svg+xml') throw new DataError('invalid', TOO_LARGE);
  const full = await createImageBitmap(file);
  try {
    for (const side of STORED_LOGO_SIDES) {
      const scale = Math.min(1, side / Math.max(full.width, full.height));
      const canvas = new OffscreenCanvas(
        Math.max(1, Math.round(full.width * scale)),
        Math.max(1, Math.round(full.height * scale)),
      );
      canvas.getContext('2d')!.drawImage(full, 0, 0, canvas.width, canvas.height);
      const png = await canvas.convertToBlob({ type: 'image/png' });
      if (png.size <= MAX_STORED_LOGO_BYTES) return png;
    }
  } finally {
    full.close();
  }
  throw new DataError('invalid', TOO_LARGE);
}

/** Base64 of a Blob, without a JavaScript loop over its bytes (FileReader encodes natively). */
function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** Stores the logo of the caller's code `codeId` (the database refuses another user's code). */
export async function saveCodeLogo(codeId: string, logo: Blob): Promise<void> {
  const stored = await storableLogo(logo);
  await supabaseCall(
    getSupabase()
      .from('code_logos')
      .insert({ code_id: codeId, mime: stored.type, data: await toBase64(stored) }),
    { ifNull: null },
  );
}

/** The code's stored logo, or null when it has none. */
export async function loadCodeLogo(codeId: string, signal?: AbortSignal): Promise<Blob | null> {
  let query = getSupabase().from('code_logos').select('mime,data').eq('code_id', codeId);
  if (signal) query = query.abortSignal(signal);
  const row = await supabaseCall<{ mime: string; data: string } | null>(query.maybeSingle(), { ifNull: null });
  if (!row) return null;
  // The browser decodes the base64 natively.
  return (await fetch(`data:${row.mime};base64,${row.data}`)).blob();
}
