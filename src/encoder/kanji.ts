/**
 * Unicode → Shift JIS table for kanji mode (§7.4.6): the JIS X 0208 double-byte characters whose Shift JIS
 * code lies in 0x8140–0x9FFC or 0xE040–0xEBBF.
 *
 * The table is built lazily (about 7,000 entries, once) with the platform's WHATWG `TextDecoder('shift_jis')`,
 * available in browsers, workers and Node with ICU; where it is missing, kanji mode is simply never used.
 * Only the JIS X 0208 rows are taken (lead bytes 0x81–0x84, 0x88–0x9F, 0xE0–0xEA); the vendor extension rows
 * (0x85–0x87 and 0xED–0xEE of Windows-31J) are left out because decoders map them differently.
 */

/**
 * Shift JIS codes whose Unicode mapping differs between Windows-31J (the WHATWG decoder) and JIS X 0208.
 * Measured (decoders-agree.test.ts): ZXing-C++, jsQR and zbar all read them with the JIS X 0208 mapping,
 * e.g. 0x8160 as U+301C WAVE DASH, not U+FF5E FULLWIDTH TILDE. So the Windows-31J characters are not
 * kanji-encodable (they go to UTF-8 bytes) and the JIS X 0208 characters are, except U+005C (ASCII).
 */
export const AMBIGUOUS_SJIS: ReadonlyMap<number, number> = new Map([
  [0x815f, 0x005c],
  [0x8160, 0x301c],
  [0x8161, 0x2016],
  [0x817c, 0x2212],
  [0x8191, 0x00a2],
  [0x8192, 0x00a3],
  [0x81ca, 0x00ac],
]);

let table: Uint16Array | null | undefined;

function isKanjiLead(lead: number): boolean {
  return (lead >= 0x81 && lead <= 0x84) || (lead >= 0x88 && lead <= 0x9f) || (lead >= 0xe0 && lead <= 0xea);
}

function buildTable(): Uint16Array | null {
  // Every candidate pair followed by a line feed, decoded in one call; an unmapped pair decodes to U+FFFD
  // (possibly followed by its ASCII trail byte), so the pieces between line feeds stay aligned with the pairs.
  const codes: number[] = [];
  for (let lead = 0x81; lead <= 0xea; lead++) {
    if (!isKanjiLead(lead)) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) codes.push((lead << 8) | trail);
  }
  const bytes = new Uint8Array(codes.length * 3);
  for (const [i, code] of codes.entries()) {
    bytes[i * 3] = code >>> 8;
    bytes[i * 3 + 1] = code & 0xff;
    bytes[i * 3 + 2] = 0x0a;
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('shift_jis').decode(bytes);
  } catch {
    return null; // no Shift JIS decoder on this platform: kanji mode unused
  }
  const pieces = decoded.split('\n');
  if (pieces.length !== codes.length + 1) return null;
  const t = new Uint16Array(0x10000);
  for (const [i, code] of codes.entries()) {
    const piece = pieces[i]!; // pieces.length === codes.length + 1, checked above
    if (piece.length !== 1) continue;
    const u = piece.charCodeAt(0);
    if (u < 0x80 || u === 0xfffd || (u >= 0xd800 && u <= 0xdfff)) continue;
    if (AMBIGUOUS_SJIS.has(code)) continue;
    if (t[u] === 0) t[u] = code;
  }
  for (const [code, u] of AMBIGUOUS_SJIS) if (u >= 0x80) t[u] = code;
  return t;
}

/** UTF-16 code unit → Shift JIS code (0 when not encodable in kanji mode), or null without a decoder. */
export function kanjiTable(): Uint16Array | null {
  if (table === undefined) table = buildTable();
  return table;
}

/** The 13-bit kanji mode value of a Shift JIS code (§7.4.6): subtract 0x8140 or 0xC140, then hi·0xC0 + lo. */
export function kanjiValue(sjis: number): number {
  const v = sjis - (sjis <= 0x9ffc ? 0x8140 : 0xc140);
  return (v >>> 8) * 0xc0 + (v & 0xff);
}
