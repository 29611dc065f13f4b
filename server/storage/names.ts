/**
 * Whether a decoded bucket name or object key holds what no text column stores (NUL, lone surrogates) or a file
 * name should not (the other control characters, DEL). Code points, so a surrogate pair is one valid character.
 */
export function hasUnstorableCharacter(name: string): boolean {
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}
