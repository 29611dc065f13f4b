// How long a content field's text may be (issue 35); what the field says when that cut a paste is pasteCutNotice.ts.

/**
 * More than any QR code holds (7,089 characters, pasteCutNotice.ts): a longer field cannot become a code. The content
 * fields take at most this many characters (their maxLength: the browser then cuts a long paste before laying it out,
 * which for 1,000,000 characters took seconds), and the stored draft keeps at most this many.
 */
export const MAX_CONTENT_FIELD_CHARS = 10_000;

/** Characters a paste of `pasted` characters may add to `el` before its maxLength cuts it. */
export function roomFor(el: Pick<HTMLInputElement, 'value' | 'selectionStart' | 'selectionEnd'>): number {
  const selected = Math.abs((el.selectionEnd ?? 0) - (el.selectionStart ?? 0));
  return Math.max(0, MAX_CONTENT_FIELD_CHARS - (el.value.length - selected));
}
