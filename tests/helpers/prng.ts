/**
 * Seeded pseudo-random numbers for tests: the same sequence on every run for a seed, so a failing case can be
 * replayed. Plain arithmetic, no Node or DOM: usable in every suite, browser tests included.
 */

/** xorshift32 from `state` as given (not 0): uniform floats in [0, 1). */
export function xorshift32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** xorshift32 on a scrambled seed (murmur3's finaliser), so that neighbouring seeds give unrelated sequences. */
export function prng(seed: number): () => number {
  let s = Math.imul(seed ^ (seed >>> 16), 0x85ebca6b);
  s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35);
  return xorshift32((s ^ (s >>> 16)) >>> 0 || 1);
}

/** mulberry32: uniform floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
