import type { QrTypeId } from '../../content/qrTypes.ts';
import { QR_TYPES } from '../../content/qrTypes.ts';
import { isUrlType } from '../../payload/index.ts';
import { normalizeDestination } from '../../shared/destination.ts';
import { isShortUrl } from './codesConfig.ts';

/** Whether the generator's current code can be saved as dynamic, and if not, why (shown in the dialog). */
export function dynamicEligibility(
  type: QrTypeId,
  payload: string,
  redirectBase?: string,
): { ok: true } | { ok: false; reason: string } {
  if (!isUrlType(type)) {
    const label = QR_TYPES.find((t) => t.id === type)?.label ?? type;
    return {
      ok: false,
      reason: `A ${label} code keeps its content inside the code itself. Only link types (Website, PDF, Menu, Video …) can be dynamic: they point at a short URL whose destination you can change later.`,
    };
  }
  const url = payload.trim();
  // The same rule as the database (public.is_redirectable_url) and the edit form.
  const destination = normalizeDestination(url);
  if (!destination.ok)
    return { ok: false, reason: `A dynamic code needs a web address it can redirect to. ${destination.reason}.` };
  if (isShortUrl(url, redirectBase) || isShortUrl(destination.url, redirectBase)) {
    return {
      ok: false,
      reason: 'This is already the short URL of a dynamic code; change its destination in My QR Codes instead.',
    };
  }
  return { ok: true };
}
