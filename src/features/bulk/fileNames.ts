/**
 * File names inside the ZIP, from the spreadsheet's name column: safe on Windows, macOS and Linux (no reserved
 * characters or device names, no trailing dot or space, at most MAX_BASE_BYTES of UTF-8) and unique the way a
 * case-insensitive file system compares them.
 */

/** Leaves room under the common 255-byte limit for a `-12345` suffix and `-2000px.png`. */
export const MAX_BASE_BYTES = 150;

// Reserved on Windows (and `/` everywhere), plus control characters.
// eslint-disable-next-line no-control-regex
const RESERVED_CHARS = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const encoder = new TextEncoder();

function cutToBytes(text: string, maxBytes: number): string {
  // Most names fit: one encode, no walk over the characters.
  if (text.length * 3 <= maxBytes || encoder.encode(text).length <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = encoder.encode(ch).length;
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/** A name fit for any OS, without extension; `fallback` (e.g. `row-7`) when nothing usable is left. */
export function safeFileBase(name: string, fallback: string): string {
  let base = name
    .normalize('NFC')
    .replace(RESERVED_CHARS, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+/, '');
  base = cutToBytes(base, MAX_BASE_BYTES).replace(/[\s.]+$/, '');
  if (base === '' || /^-+$/.test(base)) return fallback;
  // `CON`, and `con.backup` too: Windows reserves the device name whatever follows the first dot.
  const stem = base.split('.')[0] ?? base;
  if (DEVICE_NAMES.test(stem)) return `${base}_`;
  return base;
}

/** Hands out each base name once, comparing as case-insensitive file systems do: later duplicates get `-2`, `-3`… */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(base: string): string {
    let candidate = base;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
