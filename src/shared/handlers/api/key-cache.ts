// Resolved keys, kept for a few seconds: without it every request pays a database round trip (a transaction as
// service_role) before any work, which was most of GET /qr's time on the local server (docs/api.md, Figures).
// Only keys that resolved are kept; an unknown or revoked key is looked up every time. The bound on revocation:
// a key revoked elsewhere keeps working for at most KEY_CACHE_TTL_MS in a process that resolved it just before;
// the local server also forgets every key at once when one is revoked or a user is changed through it.

/** How long a resolved key is trusted without asking the database again. */
export const KEY_CACHE_TTL_MS = 5_000;
const MAX_KEYS = 10_000;

export interface KeyCache {
  /** The owner of the key with this hash, from the cache or from `lookup` (concurrent misses share one lookup). */
  resolve(keyHash: string, lookup: (keyHash: string) => Promise<string | null>): Promise<string | null>;
  /** Forget every key (a key was revoked, a user deleted or banned). */
  clear(): void;
}

export function createKeyCache(now: () => number, ttlMs = KEY_CACHE_TTL_MS): KeyCache {
  const entries = new Map<string, { owner: Promise<string | null>; until: number }>();
  return {
    resolve(keyHash, lookup) {
      const t = now();
      const hit = entries.get(keyHash);
      if (hit && hit.until > t) return hit.owner;
      if (entries.size >= MAX_KEYS) {
        for (const [hash, entry] of entries) if (entry.until <= t) entries.delete(hash);
        if (entries.size >= MAX_KEYS) entries.clear();
      }
      const owner = lookup(keyHash);
      const entry = { owner, until: t + ttlMs };
      entries.set(keyHash, entry);
      // A key that did not resolve (or a failed lookup) is not kept: the next request asks again.
      const drop = () => {
        if (entries.get(keyHash) === entry) entries.delete(keyHash);
      };
      owner.then((id) => id === null && drop(), drop);
      return owner;
    },
    clear: () => entries.clear(),
  };
}
