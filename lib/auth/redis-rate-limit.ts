import type { RedisClient } from "@/lib/redis/client";
import type { RateLimiter } from "./rate-limit";

/**
 * The token bucket of memoryRateLimiter, kept in Redis so every instance spends from the same
 * budget. One script call per take or refund (atomic on the server); a bucket's key expires once
 * it would be full again, so idle keys cost nothing.
 */
const SCRIPT = `
local cap = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local take = ARGV[4] == "take"
local b = redis.call("HMGET", KEYS[1], "tokens", "at")
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil then tokens = cap; at = now end
tokens = math.min(cap, tokens + math.max(0, now - at) * per_ms)
local allowed = 1
if take then
  if tokens < 1 then allowed = 0 else tokens = tokens - 1 end
else
  tokens = math.min(cap, tokens + 1)
end
redis.call("HSET", KEYS[1], "tokens", tostring(tokens), "at", tostring(now))
redis.call("PEXPIRE", KEYS[1], math.ceil((cap - tokens) / per_ms) + 1000)
return {allowed, tostring(tokens)}
`;

export function redisRateLimiter({
  client,
  perMinute,
  prefix,
}: {
  client: RedisClient;
  perMinute: number;
  /** Names this budget's keys (one limiter per prefix). */
  prefix: string;
}): RateLimiter {
  const perMs = perMinute / 60_000;
  const call = async (key: string, op: "take" | "refund", now: number) => {
    const [allowed, tokens] = (await client.eval(SCRIPT, {
      keys: [`${prefix}:${key}`],
      arguments: [String(perMinute), String(perMs), String(now), op],
    })) as [number, string];
    return { allowed: allowed === 1, tokens: Number(tokens) };
  };
  return {
    async take(key, now = Date.now()) {
      const { allowed, tokens } = await call(key, "take", now);
      if (allowed) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
    },
    async refund(key, now = Date.now()) {
      await call(key, "refund", now);
    },
  };
}
