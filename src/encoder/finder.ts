/**
 * Helpers of the mask penalty scans (scan.ts): a 16-bit popcount table and the exact check of finder-like
 * patterns at scale ≥ 2 (nayuki's rule: dark:light:dark:light:dark = n:n:3n:n:n with light ≥ 4n on one side
 * and ≥ n on the other, outside the symbol counting as light).
 */

/** Set bits of every 16-bit value (64 KiB); a popcount is two lookups. */
export const POP16 = (() => {
  const t = new Uint8Array(0x10000);
  for (let i = 1; i < 0x10000; i++) t[i] = t[i >>> 1]! + (i & 1);
  return t;
})();

/**
 * Module `pos` (0 outside the symbol) of a line of `m ^ p` of `size` modules. A lane (`stride` = words per row):
 * bit `bit` of word at + pos · stride. A line scored along itself (`stride` 0, see line.ts): bit pos & 31 of
 * word at + (pos >>> 5).
 */
function moduleAt(
  m: Uint32Array,
  p: Uint32Array,
  at: number,
  stride: number,
  bit: number,
  size: number,
  pos: number,
): number {
  if (pos < 0 || pos >= size) return 0;
  // pos in [0, size) now, so the word read below lies within the line: inside m and p.
  if (stride === 0) {
    const i = at + (pos >>> 5);
    return ((m[i]! ^ p[i]!) >>> pos) & 1; // >>> shifts by pos & 31
  }
  const i = at + pos * stride;
  return ((m[i]! ^ p[i]!) >>> bit) & 1;
}

/**
 * Scale ≥ 2 finder-like check along one line (addressed as in moduleAt): `s` is the first module of a dark
 * run preceded by light, whose first `known` (≥ 6) modules the caller has seen dark. Returns how many times
 * the rule counts the pattern whose centre run starts at `s` (0–2), for scales n ≥ 2 only. Nearly every
 * candidate fails, so the parts likeliest to fail are read first: the dark run after the centre, then the
 * one before it.
 */
export function scaledFinder(
  m: Uint32Array,
  p: Uint32Array,
  at: number,
  stride: number,
  bit: number,
  size: number,
  s: number,
  known: number,
): number {
  const moduleOf = (pos: number) => moduleAt(m, p, at, stride, bit, size, pos);
  let e = s + known;
  while (e < size && moduleOf(e) === 1) e++;
  const len = e - s;
  if (len % 3 !== 0) return 0;
  const n = len / 3;
  // After the centre run: light exactly n, dark exactly n, then light; before it likewise.
  for (let k = n; k < 2 * n; k++) if (moduleOf(e + k) !== 1) return 0;
  for (let k = n + 1; k <= 2 * n; k++) if (moduleOf(s - k) !== 1) return 0;
  for (let k = 0; k < n; k++) if (moduleOf(e + k) !== 0) return 0;
  for (let k = 1; k <= n; k++) if (moduleOf(s - k) !== 0) return 0;
  if (moduleOf(e + 2 * n) !== 0 || moduleOf(s - 2 * n - 1) !== 0) return 0;
  // The light runs outside: a before, b after (≥ n on one side and ≥ 4n on the other count).
  let a = 0;
  while (a < 4 * n && moduleOf(s - 2 * n - 1 - a) === 0) a++;
  let b = 0;
  while (b < 4 * n && moduleOf(e + 2 * n + b) === 0) b++;
  return (a >= 4 * n && b >= n ? 1 : 0) + (b >= 4 * n && a >= n ? 1 : 0);
}

/**
 * Checks every lane flagged in `f` at row `y` (a 12-row window ending at y matched a necessary condition):
 * lanes also in `f2` ("110011111100") have their centre run of exactly 6 at y−7, the others ("000111111111")
 * a centre run of at least 9 at y−8.
 */
export function scaledFlags(
  m: Uint32Array,
  p: Uint32Array,
  words: number,
  wi: number,
  size: number,
  y: number,
  f: number,
  f2: number,
): number {
  let count = 0;
  while (f !== 0) {
    const low = f & -f;
    const bit = 31 - Math.clz32(low);
    count +=
      (f2 & low) !== 0
        ? scaledFinder(m, p, wi, words, bit, size, y - 7, 6)
        : scaledFinder(m, p, wi, words, bit, size, y - 8, 9);
    f ^= low;
  }
  return count;
}
