// @ts-check
// The figures every benchmark reports: medians of runs, percentiles of latencies.

/**
 * The median of `values`: the middle one, or the mean of the two middle ones for an even count; NaN for none.
 * @param {readonly number[]} values
 */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  const upper = s[mid] ?? Number.NaN;
  return s.length % 2 === 1 ? upper : ((s[mid - 1] ?? Number.NaN) + upper) / 2;
}

/**
 * The nearest-rank `p`th percentile (0 < p ≤ 100) of `values`: the smallest value that at least p % of them do not
 * exceed, always one of the values; NaN for none.
 * @param {readonly number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
}
