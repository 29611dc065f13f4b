// RFC 4180 CSV: fields separated by commas, records ended by CRLF; a field holding a comma, a double quote, CR
// or LF is wrapped in double quotes with its quotes doubled. Nothing else is changed, so a parser gets back
// exactly the stored text (code names are the user's own; no formula escaping, which would alter them).

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null and undefined become an empty field. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(fields: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
