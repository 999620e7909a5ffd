import { describe, expect, it } from "vitest";
import { PrefixCache, sharedPrefixLength } from "./prefix-cache";

describe("PrefixCache", () => {
  const tokens = (shared: number, total: number, salt: number) =>
    Uint32Array.from({ length: total }, (_, i) => (i < shared ? i : 100_000 + salt * 10_000 + i));

  it("reads the longest shared prefix in 64-token blocks, from 1024 tokens on", () => {
    const cache = new PrefixCache();
    expect(cache.observe("s", [tokens(3000, 3000, 0)])).toBe(0);
    expect(cache.observe("s", [tokens(1500, 3000, 1)])).toBe(1472);
    expect(cache.observe("s", [tokens(1023, 3000, 2)])).toBe(0);
    expect(cache.observe("s", [tokens(1087, 3000, 3)])).toBe(1024);
    expect(cache.observe("s", [tokens(2999, 3000, 4)])).toBe(2944);
  });

  it("keeps scopes apart and forgets on clear", () => {
    const cache = new PrefixCache();
    cache.observe("a", [tokens(2000, 2000, 0)]);
    expect(cache.observe("b", [tokens(2000, 2000, 0)])).toBe(0);
    cache.clear();
    expect(cache.observe("a", [tokens(2000, 2000, 0)])).toBe(0);
  });

  it("counts a prefix over several parts, shared ones as the same array", () => {
    const cache = new PrefixCache();
    const system = tokens(1100, 1100, 0);
    cache.observe("s", [system, Uint32Array.of(1, 2, 3), tokens(0, 400, 1)]);
    expect(cache.observe("s", [system, Uint32Array.of(1, 2, 3), tokens(0, 400, 2)])).toBe(1088);
    expect(cache.observe("s", [system, Uint32Array.of(1, 2, 3), tokens(0, 400, 1)])).toBe(1472);
  });
});

describe("sharedPrefixLength", () => {
  const flat = (parts: Uint32Array[]) => Uint32Array.from(parts.flatMap((part) => Array.from(part)));
  const tokenCompare = (a: Uint32Array[], b: Uint32Array[]) => {
    const [x, y] = [flat(a), flat(b)];
    let i = 0;
    while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
    return i;
  };
  const p = (...values: number[]) => Uint32Array.from(values);

  it("equals a token-by-token comparison of the concatenated parts", () => {
    const shared = p(1, 2, 3, 4);
    const cases: [Uint32Array[], Uint32Array[]][] = [
      [
        [shared, p(5, 6)],
        [shared, p(5, 7)],
      ],
      [
        [shared, p(5, 6)],
        [p(1, 2, 3, 4), p(5, 6, 8)],
      ],
      // Equal runs across unequal part boundaries.
      [
        [p(1, 2), p(3, 4, 5)],
        [p(1, 2, 3), p(4, 5, 6)],
      ],
      [[shared], [shared, p(9)]],
      [[shared, p(9)], [shared]],
      [[p(1)], [p(2)]],
      [[], [shared]],
    ];
    for (const [a, b] of cases) {
      expect(sharedPrefixLength(a, b)).toBe(tokenCompare(a, b));
      expect(sharedPrefixLength(b, a)).toBe(tokenCompare(a, b));
    }
  });

  it("does not read the tokens of a part both prompts hold as the same array", () => {
    const shared = p(1, 2, 3);
    const guarded = new Proxy(shared, {
      get: (target, key) => {
        if (typeof key === "string" && /^\d+$/.test(key)) throw new Error("read a token of a shared part");
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect(sharedPrefixLength([guarded, p(4)], [guarded, p(5)])).toBe(3);
  });
});
