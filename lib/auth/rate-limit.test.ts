import { describe, expect, it } from "vitest";
import { memoryRateLimiter } from "./rate-limit";

describe("memoryRateLimiter (token bucket)", () => {
  it("allows a minute's budget at once, then refuses with the seconds until the next token", async () => {
    const limiter = memoryRateLimiter({ perMinute: 6 }); // one token per 10 s
    for (let i = 0; i < 6; i++) expect(await limiter.take("a", 0)).toEqual({ allowed: true });
    expect(await limiter.take("a", 0)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(await limiter.take("a", 4_000)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(await limiter.take("a", 10_000)).toEqual({ allowed: true });
    expect(await limiter.take("a", 10_000)).toMatchObject({ allowed: false });
  });

  it("a refused attempt costs nothing, so hammering does not push the wait further out", async () => {
    const limiter = memoryRateLimiter({ perMinute: 6 });
    for (let i = 0; i < 6; i++) await limiter.take("a", 0);
    for (let i = 0; i < 50; i++) await limiter.take("a", 1_000);
    expect(await limiter.take("a", 10_000)).toEqual({ allowed: true });
  });

  it("keys are independent", async () => {
    const limiter = memoryRateLimiter({ perMinute: 1 });
    expect(await limiter.take("a", 0)).toEqual({ allowed: true });
    expect(await limiter.take("a", 0)).toMatchObject({ allowed: false });
    expect(await limiter.take("b", 0)).toEqual({ allowed: true });
  });

  it("refund gives a token back, never above the full budget", async () => {
    const limiter = memoryRateLimiter({ perMinute: 2 });
    await limiter.take("a", 0);
    await limiter.take("a", 0);
    await limiter.refund("a", 0);
    expect(await limiter.take("a", 0)).toEqual({ allowed: true });
    expect(await limiter.take("a", 0)).toMatchObject({ allowed: false });
    for (let i = 0; i < 5; i++) await limiter.refund("b", 0);
    for (let i = 0; i < 2; i++) expect(await limiter.take("b", 0)).toEqual({ allowed: true });
    expect(await limiter.take("b", 0)).toMatchObject({ allowed: false });
  });

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
