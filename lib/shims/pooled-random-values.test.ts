import { describe, expect, it, vi } from "vitest";
import { poolRandomValues } from "./pooled-random-values";

/** A crypto of its own per test, so the process's real one is left alone. */
function fakeCrypto() {
  const target = {
    getRandomValues: ((array: ArrayBufferView) =>
      globalThis.crypto.getRandomValues(array)) as Crypto["getRandomValues"],
  };
  const system = vi.spyOn(target, "getRandomValues");
  poolRandomValues(target);
  return { target, system };
}

describe("pooled getRandomValues", () => {
  it("fills the array it was given with fresh bytes on every call, from one system call per 8 KB", () => {
    const { target, system } = fakeCrypto();
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const array = new Uint8Array(16);
      expect(target.getRandomValues(array)).toBe(array);
      seen.add(Buffer.from(array).toString("hex"));
    }
    expect(seen.size).toBe(1000);
    // 16,000 bytes: the pool was filled twice.
    expect(system).toHaveBeenCalledTimes(2);
  });

  it("fills a request that does not fit the pool's rest from a refilled pool", () => {
    const { target, system } = fakeCrypto();
    for (let i = 0; i < 8192 / 32; i++) target.getRandomValues(new Uint8Array(32));
    expect(system).toHaveBeenCalledTimes(1);
    const array = target.getRandomValues(new Uint8Array(20));
    expect(system).toHaveBeenCalledTimes(2);
    expect(array.some((b) => b !== 0)).toBe(true);
  });

  it("leaves large requests, other array types and invalid input to the system", () => {
    const { target, system } = fakeCrypto();
    const big = new Uint8Array(64);
    expect(target.getRandomValues(big)).toBe(big);
    const words = new Uint32Array(4);
    expect(target.getRandomValues(words)).toBe(words);
    expect(system).toHaveBeenCalledTimes(2);
    expect(system.mock.calls.map(([a]) => a)).toEqual([big, words]);
    expect(() => target.getRandomValues(new Float64Array(2))).toThrow();
    expect(() => target.getRandomValues(new Uint8Array(65_537))).toThrow();
  });

  it("is installed once, however often it is called", () => {
    const { target, system } = fakeCrypto();
    poolRandomValues(target);
    target.getRandomValues(new Uint8Array(16));
    expect(system).toHaveBeenCalledTimes(1);
  });
});
