import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import { memoryRateLimiter, type RateLimiter } from "./rate-limit";
import { redisRateLimiter } from "./redis-rate-limit";
import { startLocalRedis, type LocalRedis } from "@/lib/testing/redis-server";

let redis: LocalRedis;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  redis = await startLocalRedis();
  client = createClient({ url: redis.url });
  await client.connect();
});
afterAll(async () => {
  await client.quit();
  await redis.stop();
});

// The same token bucket in this process and in Redis (several instances share the latter).
const kinds: [string, (opts: { perMinute: number }) => RateLimiter][] = [
  ["memoryRateLimiter", (opts) => memoryRateLimiter(opts)],
  ["redisRateLimiter", (opts) => redisRateLimiter({ client, ...opts, prefix: `t:${crypto.randomUUID()}` })],
];

describe.each(kinds)("%s (token bucket)", (_name, limiterOf) => {
  it("allows a minute's budget at once, then refuses with the seconds until the next token", async () => {
    const limiter = limiterOf({ perMinute: 6 }); // one token per 10 s
    for (let i = 0; i < 6; i++) expect(await limiter.take("a", 0)).toEqual({ allowed: true });
    expect(await limiter.take("a", 0)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(await limiter.take("a", 4_000)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(await limiter.take("a", 10_000)).toEqual({ allowed: true });
    expect(await limiter.take("a", 10_000)).toMatchObject({ allowed: false });
  });

  it("a refused attempt costs nothing, so hammering does not push the wait further out", async () => {
    const limiter = limiterOf({ perMinute: 6 });
    for (let i = 0; i < 6; i++) await limiter.take("a", 0);
    for (let i = 0; i < 50; i++) await limiter.take("a", 1_000);
    expect(await limiter.take("a", 10_000)).toEqual({ allowed: true });
  });

  it("keys are independent", async () => {
    const limiter = limiterOf({ perMinute: 1 });
    expect(await limiter.take("a", 0)).toEqual({ allowed: true });
    expect(await limiter.take("a", 0)).toMatchObject({ allowed: false });
    expect(await limiter.take("b", 0)).toEqual({ allowed: true });
  });

  it("refund gives a token back, never above the full budget", async () => {
    const limiter = limiterOf({ perMinute: 2 });
    await limiter.take("a", 0);
    await limiter.take("a", 0);
    await limiter.refund("a", 0);
    expect(await limiter.take("a", 0)).toEqual({ allowed: true });
    expect(await limiter.take("a", 0)).toMatchObject({ allowed: false });
    for (let i = 0; i < 5; i++) await limiter.refund("b", 0);
    for (let i = 0; i < 2; i++) expect(await limiter.take("b", 0)).toEqual({ allowed: true });
    expect(await limiter.take("b", 0)).toMatchObject({ allowed: false });
  });
});

describe("memoryRateLimiter", () => {
  it("holds at most maxKeys buckets, dropping the least recently used", async () => {
    const limiter = memoryRateLimiter({ perMinute: 1, maxKeys: 2 });
    await limiter.take("a", 0);
    await limiter.take("b", 0);
    await limiter.take("a", 0); // refused, but touches "a"
    await limiter.take("c", 0); // evicts "b"
    expect(await limiter.take("a", 0)).toMatchObject({ allowed: false });
    expect(await limiter.take("b", 0)).toEqual({ allowed: true });
  });
});

describe("redisRateLimiter across instances", () => {
  it("two instances (two connections) spend from one budget", async () => {
    const other = createClient({ url: redis.url });
    await other.connect();
    try {
      const prefix = `shared:${crypto.randomUUID()}`;
      const a = redisRateLimiter({ client, perMinute: 4, prefix });
      const b = redisRateLimiter({ client: other, perMinute: 4, prefix });
      expect(await a.take("ip", 0)).toEqual({ allowed: true });
      expect(await b.take("ip", 0)).toEqual({ allowed: true });
      expect(await a.take("ip", 0)).toEqual({ allowed: true });
      expect(await b.take("ip", 0)).toEqual({ allowed: true });
      expect(await a.take("ip", 0)).toEqual({ allowed: false, retryAfterSeconds: 15 });
      expect(await b.take("ip", 0)).toMatchObject({ allowed: false });
      await b.refund("ip", 0);
      expect(await a.take("ip", 0)).toEqual({ allowed: true });
    } finally {
      await other.quit();
    }
  });

  it("a bucket's key expires once it would be full again", async () => {
    const prefix = `ttl:${crypto.randomUUID()}`;
    const limiter = redisRateLimiter({ client, perMinute: 60, prefix }); // one token a second
    await limiter.take("k", Date.now());
    const ttl = await client.pTTL(`${prefix}:k`);
    expect(ttl).toBeGreaterThan(1000);
    expect(ttl).toBeLessThanOrEqual(2000);
  });
});
