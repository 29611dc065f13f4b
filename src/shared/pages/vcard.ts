// The vCard Plus page's "Save contact" file: vCard 3.0 (RFC 2426), which iOS, Android and desktop address books all
// import. Text values are escaped as the RFC's section 4 asks (backslash, comma, semicolon, line breaks), lines end
// in CRLF and are folded at 75 octets without splitting a UTF-8 sequence.

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

/** The .vcf text of a vCard Plus page. */
export function vcardOf(page: VcardPage): string {
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
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
