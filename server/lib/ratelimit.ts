// Token buckets like GoTrue's tollbooth limiters (contract §10.3): a burst, refilled at a steady rate; one
// independent limiter per route group, keyed by client IP or user. A request may cost more than one token
// (rows inserted).

export interface Limiter {
  /** Takes `cost` tokens for key; false when the bucket holds fewer (answer 429). */
  take(key: string, cost?: number): boolean;
  /** Whether `cost` tokens are there for key, taking none (a budget spent only by failures). */
  allows(key: string, cost?: number): boolean;
  /** Whole seconds until `cost` tokens will be there for key (for Retry-After); at least 1. */
  retryAfterSec(key: string, cost?: number): number;
}

interface Bucket {
  tokens: number;
  last: number;
}

const MAX_KEYS = 10_000;

export interface LimiterOptions {
  burst: number;
  now: () => number;
  /** Refill: GoTrue's limits are given per 5 minutes … */
  perFiveMinutes?: number;
  /** … the data API's per minute, rows per hour. */
  perMinute?: number;
  perHour?: number;
}

export function createLimiter(opts: LimiterOptions): Limiter {
  const perMs = (opts.perFiveMinutes ?? 0) / 300_000 + (opts.perMinute ?? 0) / 60_000 + (opts.perHour ?? 0) / 3_600_000;
  if (!(perMs > 0)) throw new Error('createLimiter: a refill rate is required');
  const buckets = new Map<string, Bucket>();

  const refill = (b: Bucket, now: number) => {
    b.tokens = Math.min(opts.burst, b.tokens + Math.max(0, now - b.last) * perMs);
    b.last = now;
  };

  const sweep = (now: number) => {
    for (const [key, b] of buckets) {
      refill(b, now);
      if (b.tokens >= opts.burst) buckets.delete(key);
    }
  };

  const bucket = (key: string, now: number): Bucket => {
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size >= MAX_KEYS) sweep(now);
      b = { tokens: opts.burst, last: now };
      buckets.set(key, b);
    }
    refill(b, now);
    return b;
  };

  return {
    take(key, cost = 1) {
      const b = bucket(key, opts.now());
      if (b.tokens < cost) return false;
      b.tokens -= cost;
      return true;
    },
    allows(key, cost = 1) {
      const b = buckets.get(key);
      if (!b) return true;
      refill(b, opts.now());
      return b.tokens >= cost;
    },
    retryAfterSec(key, cost = 1) {
      const b = bucket(key, opts.now());
      // A cost above the burst never fits: the client must send less, not wait.
      const missing = Math.min(cost, opts.burst) - b.tokens;
      return Math.max(1, Math.ceil(missing / perMs / 1000));
    },
  };
}

/**
 * One event per key per interval (SMTP_MAX_FREQUENCY): `wait` says how many whole seconds remain before the
 * key may have the next one (0 = now), `mark` records one. Keys are forgotten once their interval has passed.
 */
export interface Throttle {
  wait(key: string): number;
  mark(key: string): void;
}

export function createThrottle(opts: { intervalMs: number; now: () => number }): Throttle {
  const last = new Map<string, number>();
  const sweep = (now: number) => {
    for (const [key, at] of last) if (now - at >= opts.intervalMs) last.delete(key);
  };
  return {
    wait(key) {
      const at = last.get(key);
      if (at === undefined) return 0;
      const left = at + opts.intervalMs - opts.now();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    mark(key) {
      const now = opts.now();
      if (last.size >= MAX_KEYS) sweep(now);
      if (opts.intervalMs > 0) last.set(key, now);
    },
  };
}

/** A limiter that never limits (AUTH_RATE_LIMITS=off). */
export const unlimited: Limiter = { take: () => true, allows: () => true, retryAfterSec: () => 1 };

/**
 * At most `limit` requests of one key run at once; up to `queue` more wait their turn (FIFO), and beyond that
 * `enter` answers null (429). One caller can then hold at most `limit` of the database's connections or
 * turns, however many requests it sends.
 */
export interface ConcurrencyGate {
  enter(key: string): Promise<(() => void) | null>;
}

export function createConcurrencyGate(opts: { limit: number; queue: number }): ConcurrencyGate {
  const state = new Map<string, { running: number; waiting: Array<() => void> }>();
  const leave = (key: string) => {
    const s = state.get(key)!;
    const next = s.waiting.shift();
    if (next) next();
    else if (--s.running === 0) state.delete(key);
  };
  return {
    async enter(key) {
      let s = state.get(key);
      if (!s) {
        s = { running: 0, waiting: [] };
        state.set(key, s);
      }
      if (s.running < opts.limit) s.running += 1;
      else if (s.waiting.length < opts.queue) await new Promise<void>((resolve) => s.waiting.push(resolve));
      else return null;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        leave(key);
      };
    },
  };
}
