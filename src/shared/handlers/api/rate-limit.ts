// Per-key token buckets that also say where the caller stands, for the RateLimit-Limit / -Remaining / -Reset
// headers (draft-ietf-httpapi-ratelimit-headers). server/lib/ratelimit.ts's Limiter answers only yes or no.

export interface RateLimitState {
  allowed: boolean;
  /** The burst: requests allowed at once. */
  limit: number;
  /** Whole requests left now. */
  remaining: number;
  /** Whole seconds until the bucket is full again (0 when it is). */
  resetSec: number;
  /** Whole seconds until the next request would be allowed (at least 1; for Retry-After). */
  retryAfterSec: number;
}

export interface KeyRateLimiter {
  take(key: string): RateLimitState;
}

const MAX_KEYS = 10_000;

export function createKeyRateLimiter(opts: { burst: number; perMinute: number; now: () => number }): KeyRateLimiter {
  const perMs = opts.perMinute / 60_000;
  if (!(perMs > 0) || !(opts.burst >= 1)) throw new Error('createKeyRateLimiter: burst >= 1 and a refill rate');
  const buckets = new Map<string, { tokens: number; last: number }>();
  const refill = (b: { tokens: number; last: number }, now: number) => {
    b.tokens = Math.min(opts.burst, b.tokens + Math.max(0, now - b.last) * perMs);
    b.last = now;
  };
  return {
    take(key) {
      const now = opts.now();
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= MAX_KEYS) {
          for (const [k, other] of buckets) {
            refill(other, now);
            if (other.tokens >= opts.burst) buckets.delete(k);
          }
        }
        b = { tokens: opts.burst, last: now };
        buckets.set(key, b);
      }
      refill(b, now);
      const allowed = b.tokens >= 1;
      if (allowed) b.tokens -= 1;
      return {
        allowed,
        limit: opts.burst,
        remaining: Math.floor(b.tokens),
        resetSec: Math.ceil((opts.burst - b.tokens) / perMs / 1000),
        retryAfterSec: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)),
      };
    },
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSec),
  };
}
