/**
 * Escaping for the text formats QR payloads use. Each follows its format's own rule; none is HTML.
 */

/** ZXing's WIFI: format (the de-facto standard): backslash-escape \ ; , : and ". */
export function escapeWifi(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

/** vCard 3.0 (RFC 2426 §4): escape \ , ; and turn line breaks into \n. */
export function escapeVcard(value: string): string {
  return value.replace(/([\\,;])/g, '\\$1').replace(/\r\n|\r|\n/g, '\\n');
}

/** iCalendar TEXT (RFC 5545 §3.3.11): escape \ ; , and turn line breaks into \n (vCard's rule, by coincidence). */
export function escapeIcalText(value: string): string {
  return escapeVcard(value);
}

/** MECARD-style SMSTO: fields are separated by ':'; the number itself may not contain one. */
export function digitsAndPlus(value: string): string {
  return value.replace(/[^\d+]/g, '');
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
