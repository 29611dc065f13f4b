import type { QrTypeId } from '../content/qrTypes.ts';
import { digitsAndPlus, digitsOnly, escapeIcalText, escapeVcard, escapeWifi } from './escape.ts';
import { isUrlType, type PayloadValues } from './fields.ts';

const v = (values: PayloadValues, name: keyof PayloadValues) => (values[name] ?? '').trim();

/** vCard 3.0 (RFC 2426), CRLF line ends as the RFC requires. vCard Plus adds ORG and URL. */
function vcard(values: PayloadValues, plus: boolean): string {
  const name = v(values, 'name');
  // N is structured (family;given;additional;prefix;suffix): the last word is taken as the family name.
  const words = name.split(/\s+/).filter(Boolean);
  const family = words.length > 1 ? (words.at(-1) ?? name) : name;
  const given = words.length > 1 ? words.slice(0, -1).join(' ') : '';
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeVcard(family)};${escapeVcard(given)};;;`,
    `FN:${escapeVcard(name)}`,
  ];
  const phone = v(values, 'phone');
  const email = v(values, 'email');
  if (phone) lines.push(`TEL;TYPE=CELL:${escapeVcard(phone)}`);
  if (email) lines.push(`EMAIL:${escapeVcard(email)}`);
  if (plus) {
    const company = v(values, 'company');
    const website = v(values, 'website');
    if (company) lines.push(`ORG:${escapeVcard(company)}`);
    if (website) lines.push(`URL:${escapeVcard(website)}`);
  }
  lines.push('END:VCARD');
  return lines.join('\r\n');
}

/** WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;; — P is left out for open networks. */
function wifi(values: PayloadValues): string {
  const encryption = v(values, 'encryption') || 'WPA';
  const parts = [`T:${encryption}`, `S:${escapeWifi(values.ssid ?? '')}`];
  if (encryption !== 'nopass') parts.push(`P:${escapeWifi(values.password ?? '')}`);
  if (v(values, 'hidden') === 'true') parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}

/** mailto: with RFC 6068 percent-encoding of the query (spaces as %20, not +). */
function mailto(values: PayloadValues): string {
  const query: string[] = [];
  const subject = v(values, 'subject');
  const body = values.body ?? '';
  if (subject) query.push(`subject=${encodeURIComponent(subject)}`);
  if (body.trim()) query.push(`body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`);
  const to = v(values, 'email');
  return `mailto:${to}${query.length ? `?${query.join('&')}` : ''}`;
}

/** SMSTO:<number>:<message>, the form phone scanners (iOS, Android, ZXing) turn into a prefilled SMS. */
function sms(values: PayloadValues): string {
  const message = values.message ?? '';
  return `SMSTO:${digitsAndPlus(values.phone ?? '')}${message.trim() ? `:${message}` : ''}`;
}

/** wa.me click-to-chat link: the number as digits only (country code, no + or spaces). */
function whatsapp(values: PayloadValues): string {
  const message = v(values, 'message');
  return `https://wa.me/${digitsOnly(values.phone ?? '')}${message ? `?text=${encodeURIComponent(message)}` : ''}`;
}

/** `2025-03-01T18:30` from a datetime-local input → iCalendar local "floating" time `20250301T183000`. */
function icalDateTime(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '00'] = match;
  return `${y}${mo}${d}T${h}${mi}${s}`;
}

/** A bare VEVENT, as calendar apps and scanners expect it in a QR code. */
function vevent(values: PayloadValues): string {
  const lines = ['BEGIN:VEVENT', `SUMMARY:${escapeIcalText(v(values, 'title'))}`];
  const start = icalDateTime(values.start ?? '');
  const end = icalDateTime(values.end ?? '');
  if (start) lines.push(`DTSTART:${start}`);
  if (end) lines.push(`DTEND:${end}`);
  const location = v(values, 'location');
  const description = v(values, 'description');
  if (location) lines.push(`LOCATION:${escapeIcalText(location)}`);
  if (description) lines.push(`DESCRIPTION:${escapeIcalText(description)}`);
  lines.push('END:VEVENT');
  return lines.join('\r\n');
}

/**
 * True when the type's main input is empty: the generator treats that as "no content"
 * (spec §4: preview and download need content).
 */
export function isPayloadEmpty(type: QrTypeId, values: PayloadValues): boolean {
  if (isUrlType(type)) return !v(values, 'url');
  switch (type) {
    case 'text':
      return !(values.text ?? '').trim();
    case 'vcard':
    case 'vcardplus':
      return !v(values, 'name') && !v(values, 'phone') && !v(values, 'email');
    case 'email':
      return !v(values, 'email');
    case 'wifi':
      return !(values.ssid ?? '').trim();
    case 'sms':
      return !digitsAndPlus(values.phone ?? '');
    case 'whatsapp':
      return !digitsOnly(values.phone ?? '');
    case 'event':
      return !v(values, 'title');
    case 'barcode':
      return !v(values, 'barcode');
  }
}

/** The exact text a type's QR code encodes; '' when the main input is empty. */
export function buildPayload(type: QrTypeId, values: PayloadValues): string {
  if (isPayloadEmpty(type, values)) return '';
  if (isUrlType(type)) return v(values, 'url');
  switch (type) {
    case 'text':
      return values.text ?? '';
    case 'vcard':
      return vcard(values, false);
    case 'vcardplus':
      return vcard(values, true);
    case 'email':
      return mailto(values);
    case 'wifi':
      return wifi(values);
    case 'sms':
      return sms(values);
    case 'whatsapp':
      return whatsapp(values);
    case 'event':
      return vevent(values);
    case 'barcode':
      return v(values, 'barcode');
  }
}
