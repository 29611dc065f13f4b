import { LOGO_TYPES, MAX_LOGO_BYTES } from '../../worker-client/index.ts';

export type LogoRejection = { code: 'LOGO_TYPE'; message: string } | { code: 'LOGO_SIZE'; message: string };

/** Accepts png, jpeg/jpg and svg up to 2 MB; anything else gets a message saying why (beyond the spec). */
export function checkLogoFile(file: Pick<File, 'name' | 'type' | 'size'>): LogoRejection | null {
  const byExtension = /\.(png|jpe?g|svg)$/i.test(file.name);
  const byType = (LOGO_TYPES as readonly string[]).includes(file.type);
  if (!byType && !(file.type === '' && byExtension)) {
    return { code: 'LOGO_TYPE', message: `"${file.name}" is not a PNG, JPEG or SVG image.` };
  }
  if (file.size > MAX_LOGO_BYTES) {
    const mb = (file.size / (1024 * 1024)).toFixed(1);
    return { code: 'LOGO_SIZE', message: `"${file.name}" is ${mb} MB; logos can be at most 2 MB.` };
  }
  return null;
}
