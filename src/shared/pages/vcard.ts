// The vCard Plus page's "Save contact" file: vCard 3.0 (RFC 2426), which iOS, Android and desktop address books all
// import. Text values are escaped as the RFC's section 4 asks (backslash, comma, semicolon, line breaks), lines end
// in CRLF and are folded at 75 octets without splitting a UTF-8 sequence. The page's photo, when the server could
// read it, is embedded as `PHOTO;ENCODING=b;TYPE=JPEG` (RFC 2426 section 3.1.4): base64, folded like any line.

import { sniffPageFile } from './files.ts';
import type { VcardPage } from './schema.ts';

/** RFC 2426 text value escaping: \\ \, \; and line breaks as \n. */
export function escapeVcardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (continuation lines start with a space), on code point boundaries. */
export function foldLine(line: string): string {
  // ASCII (a photo's base64, most lines): one octet per character, cut by length.
  if (/^[\x20-\x7e]*$/.test(line)) {
    const out = [line.slice(0, 75)];
    for (let i = 75; i < line.length; i += 74) out.push(line.slice(i, i + 74));
    return out.join('\r\n ');
  }
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** Base64 of bytes, in both runtimes (btoa takes a string of code units 0-255). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The PHOTO line for a photo's bytes: JPEG (or PNG) by its first bytes; anything else is left out. */
function photoLine(bytes: Uint8Array): string | null {
  const type = sniffPageFile(bytes.subarray(0, 16));
  if (type !== 'image/jpeg' && type !== 'image/png') return null;
  return `PHOTO;ENCODING=b;TYPE=${type === 'image/jpeg' ? 'JPEG' : 'PNG'}:${base64(bytes)}`;
}

/** The .vcf text of a vCard Plus page, with `photo` (the bytes of page.photo) embedded when given. */
export function vcardOf(page: VcardPage, photo?: Uint8Array | null): string {
  const e = escapeVcardText;
  const first = page.firstName ?? '';
  const last = page.lastName ?? '';
  const formatted = [first, last].filter(Boolean).join(' ') || page.company || 'Contact';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${e(last)};${e(first)};;;`, `FN:${e(formatted)}`];
  if (page.company) lines.push(`ORG:${e(page.company)}`);
  if (page.role) lines.push(`TITLE:${e(page.role)}`);
  for (const phone of page.phones ?? []) {
    const type = /mobile|cell/i.test(phone.label ?? '')
      ? 'CELL'
      : /work|office/i.test(phone.label ?? '')
        ? 'WORK'
        : 'VOICE';
    lines.push(`TEL;TYPE=${type}:${e(phone.number)}`);
  }
  for (const email of page.emails ?? []) lines.push(`EMAIL;TYPE=INTERNET:${e(email)}`);
  if (page.website) lines.push(`URL:${e(page.website)}`);
  const a = page.address;
  if (a) {
    const parts = ['', '', a.street ?? '', a.city ?? '', a.region ?? '', a.postcode ?? '', a.country ?? ''];
    lines.push(`ADR;TYPE=WORK:${parts.map(e).join(';')}`);
  }
  if (page.note) lines.push(`NOTE:${e(page.note)}`);
  const picture = photo ? photoLine(photo) : null;
  if (picture) lines.push(picture);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
