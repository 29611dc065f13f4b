import { QR_TYPES, type QrTypeId } from '../content/qrTypes.ts';
import { isUrlType } from '../payload/index.ts';
import type { ContentKind } from '../worker-client/index.ts';

/**
 * What a payload type's content is, as the worker request carries it (it titles exported files). Known from
 * the type the user chose, never guessed from the text.
 */
export function contentKind(type: QrTypeId): ContentKind {
  if (isUrlType(type)) return 'url';
  switch (type) {
    case 'text':
    case 'barcode':
      return 'text';
    case 'vcard':
    case 'vcardplus':
      return 'vcard';
    case 'email':
      return 'email';
    case 'wifi':
      return 'wifi';
    case 'sms':
      return 'sms';
    case 'whatsapp':
      return 'url';
    case 'event':
      return 'event';
  }
}

/**
 * The same for a saved code's stored `type`: a generator type id, or a label written by older rows ("Menu",
 * "vCard", and the column's default "URL"); anything else is text.
 */
export function storedContentKind(type: string): ContentKind {
  const known = QR_TYPES.find((t) => t.id === type || t.label === type);
  if (known) return contentKind(known.id);
  return type === 'URL' ? 'url' : 'text';
}
