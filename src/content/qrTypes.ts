/**
 * The 24 QR content types of spec §3 ("QR type option": id, label, description, popular flag).
 * Shared data: the generator reuses this list for its popular buttons and its "More" menu.
 */
export type QrTypeId =
  | 'website'
  | 'text'
  | 'vcard'
  | 'email'
  | 'wifi'
  | 'sms'
  | 'whatsapp'
  | 'vcardplus'
  | 'pdf'
  | 'product'
  | 'images'
  | 'video'
  | 'links'
  | 'business'
  | 'menu'
  | 'coupon'
  | 'mp3'
  | 'apps'
  | 'landing'
  | 'event'
  | 'feedback'
  | 'playlist'
  | 'social'
  | 'barcode';

export interface QrTypeOption {
  id: QrTypeId;
  label: string;
  description: string;
  popular: boolean;
}

export const QR_TYPES: readonly QrTypeOption[] = [
  { id: 'website', label: 'Website', description: 'Link to any website URL', popular: true },
  { id: 'text', label: 'Text', description: 'Show a plain text message', popular: true },
  { id: 'vcard', label: 'vCard', description: 'Share your contact details', popular: true },
  { id: 'email', label: 'Email', description: 'Open a pre-addressed email', popular: true },
  { id: 'wifi', label: 'WiFi', description: 'Connect to a Wi-Fi network', popular: true },
  { id: 'sms', label: 'SMS', description: 'Send a text message', popular: true },
  { id: 'whatsapp', label: 'WhatsApp', description: 'Start a WhatsApp chat', popular: false },
  { id: 'vcardplus', label: 'vCard Plus', description: 'Contact details with company and website', popular: false },
  { id: 'pdf', label: 'PDF', description: 'Link to a PDF document', popular: false },
  { id: 'product', label: 'Product', description: 'Show product information', popular: false },
  { id: 'images', label: 'Images', description: 'Link to an image gallery', popular: false },
  { id: 'video', label: 'Video', description: 'Link to a video', popular: false },
  { id: 'links', label: 'Links', description: 'Share a list of links', popular: false },
  { id: 'business', label: 'Business', description: 'Share your business information', popular: false },
  { id: 'menu', label: 'Menu', description: 'Show a restaurant menu', popular: false },
  { id: 'coupon', label: 'Coupon', description: 'Share a discount coupon', popular: false },
  { id: 'mp3', label: 'Audio', description: 'Link to an audio file', popular: false },
  { id: 'apps', label: 'App Store', description: 'Link to your app in the app stores', popular: false },
  { id: 'landing', label: 'Landing Page', description: 'Link to a landing page', popular: false },
  { id: 'event', label: 'Event', description: 'Share an event with date and place', popular: false },
  { id: 'feedback', label: 'Feedback', description: 'Collect feedback from your customers', popular: false },
  { id: 'playlist', label: 'Playlist', description: 'Share a music playlist', popular: false },
  { id: 'social', label: 'Social Media', description: 'Link to your social media profiles', popular: false },
  { id: 'barcode', label: 'Barcode', description: 'Encode a numeric barcode value', popular: false },
];

export const POPULAR_QR_TYPES = QR_TYPES.filter((t) => t.popular);
export const MORE_QR_TYPES = QR_TYPES.filter((t) => !t.popular);
