#!/usr/bin/env node
// @ts-check
// Derives the code points a punycode (xn--) label of a dynamic code's destination may decode to: the
// IDN_LETTER_RANGES string of supabase/functions/_shared/destination.ts and the int4multirange literal of
// public.is_redirectable_url (supabase/migrations/20261124000100_destination_url.sql). Both must list the same
// ranges; tests/unit/codes/destination.test.ts checks that, and that every listed code point is accepted by
// WHATWG `new URL` in any mix with ASCII letters, digits, `-` and `_`.
//
// A code point is kept when it is
//   - a letter (Ll, Lo, Lm) or decimal digit (Nd) of a left-to-right script in SCRIPTS: no right-to-left or
//     Arabic-number code point, so no domain is ever a "Bidi domain name" and the bidi rules never apply;
//   - no combining mark, no joiner, never the second part of a canonical decomposition and unchanged by NFC,
//     with combining class 0: any sequence of such letters is already in NFC;
//   - "valid" in the UTS #46 mapping table as this Node's URL parser applies it: `new URL('https://x' + c)`
//     keeps it as is, and the xn-- form it produces parses again.
// Usage: node scripts/gen/idn-letters.mjs   (prints the TypeScript constant, then the SQL literal)
import { domainToUnicode } from 'node:url';

const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Yi',
  'Thai',
  'Lao',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Cherokee',
];
const inScript = new RegExp(`^(?:${SCRIPTS.map((s) => `\\p{Script=${s}}`).join('|')})$`, 'u');
const letterOrDigit = /^[\p{Ll}\p{Lo}\p{Lm}\p{Nd}]$/u;

const isSurrogate = (/** @type {number} */ cp) => cp >= 0xd800 && cp <= 0xdfff;

// Code points that occur after the first position of some canonical decomposition (NFC may compose them).
/** @type {Set<number>} */
const composable = new Set();
for (let cp = 0x80; cp <= 0x10ffff; cp++) {
  if (isSurrogate(cp)) continue;
  const parts = [...String.fromCodePoint(cp).normalize('NFD')];
  for (const part of parts.slice(1)) composable.add(/** @type {number} */ (part.codePointAt(0)));
}

/** @param {number} cp */
function keeps(cp) {
  const c = String.fromCodePoint(cp);
  if (!letterOrDigit.test(c) || !inScript.test(c) || composable.has(cp)) return false;
  if (c.normalize('NFC') !== c) return false;
  // Combining class 0: U+0345 (class 240) is not reordered after it.
  if (('\u0345' + c).normalize('NFD') !== '\u0345' + c.normalize('NFD')) return false;
  try {
    const host = new URL(`https://x${c}.com`).hostname;
    if (domainToUnicode(host) !== `x${c}.com`) return false;
    return new URL(`https://${host}/`).hostname === host && domainToUnicode(new URL(`https://${c}/`).hostname) === c;
  } catch {
    return false;
  }
}

/** @type {[first: number, last: number][]} */
const ranges = [];
for (let cp = 0x80; cp <= 0x10ffff; cp++) {
  if (isSurrogate(cp) || !keeps(cp)) continue;
  const last = ranges.at(-1);
  if (last && last[1] === cp - 1) last[1] = cp;
  else ranges.push([cp, cp]);
}

/**
 * `items` joined by `join` into lines of at most `width` characters (`join` ends every line but the last).
 * @param {string[]} items
 * @param {number} width
 * @param {string} join
 */
function wrap(items, width, join) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line}${join}${item}` : item;
    if (next.length > width && line) {
      lines.push(line + join);
      line = item;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const hex = ranges.map(([a, b]) => (a === b ? a.toString(16) : `${a.toString(16)}-${b.toString(16)}`));
console.log(
  `// ${ranges.length} ranges, ${ranges.reduce((n, [a, b]) => n + b - a + 1, 0)} code points (Node ${process.versions.node}, Unicode ${process.versions.unicode})`,
);
console.log('const IDN_LETTER_RANGES =');
console.log(
  wrap(hex, 104, ',')
    .map((l) => `  '${l}'`)
    .join(' +\n') + ';',
);
console.log();
const sql = ranges.map(([a, b]) => `[${a},${b}]`);
console.log(`'{${wrap(sql, 110, ',').join('\n')}}'`);
