/**
 * A budget of attempts per key (a token bucket: `perMinute` tokens, refilled continuously, a full
 * minute's worth available at once). This one lives in the process; `redis-rate-limit.ts`
 * implements the same two calls in Redis, and `shared-rate-limit.ts` picks between them.
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Spends one token of `key`'s budget, or says how long until one is back. */
  take(key: string, now?: number): Promise<RateDecision>;
  /** Gives back a token taken earlier (never above the full budget). */
  refund(key: string, now?: number): Promise<void>;
}

type Bucket = { tokens: number; at: number };

/** Keys beyond this are evicted least recently used first, so spoofed keys cannot exhaust memory. */
const DEFAULT_MAX_KEYS = 10_000;

export function memoryRateLimiter({
  perMinute,
  maxKeys = DEFAULT_MAX_KEYS,
}: {
  perMinute: number;
  maxKeys?: number;
}): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const capacity = perMinute;
  const perMs = perMinute / 60_000;

  function current(key: string, now: number): Bucket {
    const bucket = buckets.get(key);
    const tokens = bucket ? Math.min(capacity, bucket.tokens + (now - bucket.at) * perMs) : capacity;
    return { tokens, at: now };
  }
  function store(key: string, bucket: Bucket) {
    buckets.delete(key); // re-insert: the map's order is least recently used first
    buckets.set(key, bucket);
    if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!);
  }

  return {
    async take(key, now = Date.now()) {
      const bucket = current(key, now);
      if (bucket.tokens < 1) {
        store(key, bucket);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
      }
      store(key, { tokens: bucket.tokens - 1, at: now });
      return { allowed: true };
    },
    async refund(key, now = Date.now()) {
      const bucket = current(key, now);
      store(key, { tokens: Math.min(capacity, bucket.tokens + 1), at: now });
    },
  };
}
