// Per-IP token buckets like GoTrue's tollbooth limiters (contract §10.3): a burst of 30, refilled at N per
// 5 minutes; one independent limiter per route group.

export interface Limiter {
  /** Takes one token for key; false when the bucket is empty (answer 429). */
  take(key: string): boolean;
}

interface Bucket {
  tokens: number;
  last: number;
}

const MAX_KEYS = 10_000;

export function createLimiter(opts: { burst: number; perFiveMinutes: number; now: () => number }): Limiter {
  const perMs = opts.perFiveMinutes / 300_000;
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

  return {
    take(key) {
      const now = opts.now();
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= MAX_KEYS) sweep(now);
        b = { tokens: opts.burst, last: now };
        buckets.set(key, b);
      }
      refill(b, now);
      if (b.tokens < 1) return false;
      b.tokens -= 1;
      return true;
    },
  };
}

/** A limiter that never limits (AUTH_RATE_LIMITS=off). */
export const unlimited: Limiter = { take: () => true };
