import type { QrTypeId } from '../content/qrTypes.ts';

/** One input of a type's form. `name` keys the generator's flat `values` record. */
export interface PayloadField {
  name: FieldName;
  label: string;
  input: 'url' | 'text' | 'textarea' | 'tel' | 'email' | 'select' | 'datetime-local' | 'numeric';
  placeholder?: string;
  hint?: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
}

export type FieldName =
  | 'url'
  | 'text'
  | 'name'
  | 'phone'
  | 'email'
  | 'company'
  | 'website'
  | 'subject'
  | 'body'
  | 'ssid'
  | 'password'
  | 'encryption'
  | 'hidden'
  | 'message'
  | 'title'
  | 'location'
  | 'start'
  | 'end'
  | 'description'
  | 'barcode';

export type PayloadValues = Partial<Record<FieldName, string>>;

/** Types whose content is a link (spec §3, "URL-type inputs use browser-level URL field type"). */
export const URL_TYPES = [
  'website',
  'pdf',
  'images',
  'video',
  'links',
  'menu',
  'coupon',
  'mp3',
  'apps',
  'landing',
  'playlist',
  'social',
  'feedback',
  'product',
  'business',
] as const satisfies readonly QrTypeId[];
export type UrlTypeId = (typeof URL_TYPES)[number];

export function isUrlType(type: QrTypeId): type is UrlTypeId {
  return (URL_TYPES as readonly QrTypeId[]).includes(type);
}

const URL_PLACEHOLDERS: Record<UrlTypeId, string> = {
  website: 'https://example.com',
  pdf: 'https://example.com/brochure.pdf',
  images: 'https://example.com/gallery',
  video: 'https://youtube.com/watch?v=…',
  links: 'https://example.com/links',
  menu: 'https://example.com/menu',
  coupon: 'https://example.com/coupon',
  mp3: 'https://example.com/song.mp3',
  apps: 'https://apps.apple.com/app/…',
  landing: 'https://example.com/landing',
  playlist: 'https://open.spotify.com/playlist/…',
  social: 'https://instagram.com/yourbrand',
  feedback: 'https://example.com/feedback',
  product: 'https://example.com/product',
  business: 'https://example.com',
};

const VCARD_FIELDS: readonly PayloadField[] = [
  { name: 'name', label: 'Full Name', input: 'text', placeholder: 'Jane Doe', required: true },
  { name: 'phone', label: 'Phone', input: 'tel', placeholder: '+1 555 123 4567' },
  { name: 'email', label: 'Email', input: 'email', placeholder: 'jane@example.com' },
];

export const ENCRYPTION_OPTIONS = [
  { value: 'WPA', label: 'WPA/WPA2' },
  { value: 'WEP', label: 'WEP' },
  { value: 'nopass', label: 'None' },
] as const;

/** The form of each type. Where the spec says "not shown", the fields are what users of peers expect. */
export function fieldsFor(type: QrTypeId): readonly PayloadField[] {
  if (isUrlType(type)) {
    return [{ name: 'url', label: 'URL', input: 'url', placeholder: URL_PLACEHOLDERS[type], required: true }];
  }
  switch (type) {
    case 'text':
      return [{ name: 'text', label: 'Text', input: 'textarea', placeholder: 'Enter your text', required: true }];
    case 'vcard':
      return VCARD_FIELDS;
    case 'vcardplus':
      return [
        ...VCARD_FIELDS,
        { name: 'company', label: 'Company', input: 'text', placeholder: 'Acme Inc.' },
        { name: 'website', label: 'Website', input: 'url', placeholder: 'https://example.com' },
      ];
    case 'email':
      return [
        { name: 'email', label: 'Email address', input: 'email', placeholder: 'hello@example.com', required: true },
        { name: 'subject', label: 'Subject', input: 'text' },
        { name: 'body', label: 'Message', input: 'textarea' },
      ];
    case 'wifi':
      return [
        { name: 'ssid', label: 'Network name (SSID)', input: 'text', required: true },
        { name: 'password', label: 'Password', input: 'text' },
        { name: 'encryption', label: 'Encryption', input: 'select', options: ENCRYPTION_OPTIONS },
      ];
    case 'sms':
      return [
        { name: 'phone', label: 'Phone number', input: 'tel', placeholder: '+1 555 123 4567', required: true },
        { name: 'message', label: 'Message', input: 'textarea' },
      ];
    case 'whatsapp':
      return [
        {
          name: 'phone',
          label: 'WhatsApp number',
          input: 'tel',
          placeholder: '15551234567',
          hint: 'Include country code without + or spaces',
          required: true,
        },
        { name: 'message', label: 'Message', input: 'textarea' },
      ];
    case 'event':
      return [
        { name: 'title', label: 'Event title', input: 'text', required: true },
        { name: 'location', label: 'Location', input: 'text' },
        { name: 'start', label: 'Starts', input: 'datetime-local', required: true },
        { name: 'end', label: 'Ends', input: 'datetime-local' },
        { name: 'description', label: 'Description', input: 'textarea' },
      ];
    case 'barcode':
      return [
        {
          name: 'barcode',
          label: 'Barcode value',
          input: 'numeric',
          hint: 'Enter numeric barcode value',
          required: true,
        },
      ];
  }
}
