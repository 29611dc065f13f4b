// The fuzz's knobs, read from the environment once (docs/testing.md lists them).
function envInt(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

export const SEED = envInt('FUZZ_SEED', 20261122);
export const RUNS = envInt('FUZZ_RUNS', 2_500);
export const RAW_RUNS = envInt('FUZZ_RAW_RUNS', 300);
/** Only these request indexes (comma-separated) are sent: replays single findings of a run. */
export const ONLY = (process.env.FUZZ_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => {
    if (!/^\d+$/.test(s)) throw new Error(`FUZZ_ONLY must list request indexes, got "${s}"`);
    return Number(s);
  });
export const CONCURRENCY = envInt('FUZZ_CONCURRENCY', 12) || 12;
export const RAW_CONCURRENCY = 16;
export const SHOW_SLOWEST = envInt('FUZZ_SHOW_SLOWEST', 5);
export const REQUEST_TIMEOUT_MS = 20_000;
export const RAW_TIMEOUT_MS = 5_000;
/** Silence after which a raw client half-closes its side. */
export const RAW_QUIET_MS = 750;
export const REPLAY = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project server tests/server/fuzz.test.ts`;
