import { redisConnections } from "@/lib/redis/client";
import { memoryRateLimiter, type RateDecision, type RateLimiter } from "./rate-limit";
import { redisRateLimiter } from "./redis-rate-limit";

/**
 * A per-minute budget per key that every instance spends from: in Redis with REDIS_URL, in this
 * process otherwise. If Redis fails a call, this instance's own budget answers it instead of
 * letting the call through unmetered; a failed connection is tried again on the next call.
 */
export function sharedRateLimiter({ perMinute, prefix }: { perMinute: number; prefix: string }): RateLimiter {
  const local = memoryRateLimiter({ perMinute });
  let shared: Promise<RateLimiter> | null = null;

  const resolve = (): Promise<RateLimiter> => {
    const connections = redisConnections();
    if (!connections) return Promise.resolve(local);
    shared ??= connections.then(
      ({ publisher: client }) => redisRateLimiter({ client, perMinute, prefix }),
      (err: unknown) => {
        console.error(`[limits] Redis unavailable, ${prefix} budgets are per instance:`, (err as Error).message);
        shared = null;
        return local;
      },
    );
    return shared;
  };
  const fallback = <T>(err: unknown, local: () => Promise<T>): Promise<T> => {
    console.error(`[limits] Redis rate limit (${prefix}) failed:`, (err as Error).message);
    return local();
  };

  return {
    async take(key, now): Promise<RateDecision> {
      const limiter = await resolve();
      return limiter.take(key, now).catch((err) => fallback(err, () => local.take(key, now)));
    },
    async refund(key, now): Promise<void> {
      const limiter = await resolve();
      return limiter.refund(key, now).catch((err) => fallback(err, () => local.refund(key, now)));
    },
  };
}
