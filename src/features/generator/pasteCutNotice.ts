// What a content field says when its maxLength cut a paste (issue 35). Loaded by the first paste that is cut: the
// generator's first paint does not carry it.

const count = new Intl.NumberFormat('en-US');

/** The most characters any QR code holds: 7,089 digits (version 40, level L, numeric mode). */
export const MOST_CHARACTERS_IN_A_QR_CODE = 7_089;

/** Said when the field's maxLength cut a paste: what was kept of it, and why nothing more is needed. */
export function pasteCutNotice(pasted: number, kept: number): string {
  return (
    `You pasted ${count.format(pasted)} characters: this field keeps ${count.format(kept)} of them. ` +
    `No QR code holds more than ${count.format(MOST_CHARACTERS_IN_A_QR_CODE)} characters.`
  );
}
