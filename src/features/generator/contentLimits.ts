// How long a content field's text may be, and what the field says when that cut a paste (issue 35).

const count = new Intl.NumberFormat('en-US');

/** The most characters any QR code holds: 7,089 digits (version 40, level L, numeric mode). */
export const MOST_CHARACTERS_IN_A_QR_CODE = 7_089;

/**
 * A field longer than MOST_CHARACTERS_IN_A_QR_CODE cannot become a code. The content fields take at most this many
 * characters (their maxLength: the browser then cuts a long paste before laying it out, which for 1,000,000
 * characters took seconds), and the stored draft keeps at most this many.
 */
export const MAX_CONTENT_FIELD_CHARS = 10_000;

/** Characters a paste of `pasted` characters may add to `el` before its maxLength cuts it. */
export function roomFor(el: Pick<HTMLInputElement, 'value' | 'selectionStart' | 'selectionEnd'>): number {
  const selected = Math.abs((el.selectionEnd ?? 0) - (el.selectionStart ?? 0));
  return Math.max(0, MAX_CONTENT_FIELD_CHARS - (el.value.length - selected));
}

/** Said when the field's maxLength cut a paste: what was kept of it, and why nothing more is needed. */
export function pasteCutNotice(pasted: number, kept: number): string {
  return (
    `You pasted ${count.format(pasted)} characters: this field keeps ${count.format(kept)} of them. ` +
    `No QR code holds more than ${count.format(MOST_CHARACTERS_IN_A_QR_CODE)} characters.`
  );
}
