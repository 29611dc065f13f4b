/** Figures as the spec's dashboard shows them: 45.2K, 1.5K, 24, 2.3M. */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const abs = Math.abs(value);
  const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '');
  if (abs >= 999_950) return `${oneDecimal(value / 1_000_000)}M`;
  if (abs >= 999.95) return `${oneDecimal(value / 1000)}K`;
  return Number.isInteger(value) ? String(value) : oneDecimal(value);
}

/** `+12% from last month`; null when there is nothing to compare with. */
export function formatChange(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return 'No scans in the previous 30 days to compare';
  const rounded = Math.round(pct * 10) / 10;
  const sign = rounded > 0 ? '+' : '';
  return `${sign}${String(rounded)}% from last month`;
}
