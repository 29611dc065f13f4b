import type { QrTypeId } from '../../content/qrTypes.ts';
import { QR_TYPES } from '../../content/qrTypes.ts';
import { isUrlType } from '../../payload/index.ts';
import { isShortUrl, URL_PATTERN } from './codesConfig.ts';

/** Whether the generator's current code can be saved as dynamic, and if not, why (shown in the dialog). */
export function dynamicEligibility(type: QrTypeId, payload: string, redirectBase?: string): { ok: true } | { ok: false; reason: string } {
  if (!isUrlType(type)) {
    const label = QR_TYPES.find((t) => t.id === type)?.label ?? type;
    return {
      ok: false,
      reason: `A ${label} code keeps its content inside the code itself. Only link types (Website, PDF, Menu, Video …) can be dynamic: they point at a short URL whose destination you can change later.`,
    };
  }
  const url = payload.trim();
  if (!URL_PATTERN.test(url)) return { ok: false, reason: 'A dynamic code needs a URL starting with http:// or https://.' };
  if (url.length > 2048) return { ok: false, reason: 'This URL is longer than 2048 characters, the most a dynamic code can redirect to.' };
  if (isShortUrl(url, redirectBase)) {
    return { ok: false, reason: 'This is already the short URL of a dynamic code; change its destination in My QR Codes instead.' };
  }
  return { ok: true };
}
