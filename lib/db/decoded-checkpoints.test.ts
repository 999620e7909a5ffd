import { describe, expect, it } from "vitest";
import { DecodedCheckpoints } from "./decoded-checkpoints";

describe("decoded checkpoints", () => {
  it("keeps the most recently used histories within the byte budget", () => {
    const kept = new DecodedCheckpoints(100);
    kept.remember("a", "a1", { messages: [] }, 20);
    kept.remember("b", "b1", { messages: [] }, 20);
    kept.remember("c", "c1", { messages: [] }, 20);
    expect(kept.get("a")?.id).toBe("a1"); // a is now the most recent
    kept.remember("d", "d1", { messages: [] }, 25);
    kept.remember("e", "e1", { messages: [] }, 25); // 110 bytes: b, the least recent, goes
    expect(kept.get("b")).toBeUndefined();
    expect(kept.get("a")?.id).toBe("a1");
    expect(kept.size).toEqual({ threads: 4, bytes: 90 });
  });

  it("replaces a thread's entry, forgets on request and never keeps one history over a quarter of the budget", () => {
    const kept = new DecodedCheckpoints(100);
    kept.remember("a", "a1", {}, 20);
    kept.remember("a", "a2", {}, 10);
    expect(kept.get("a")?.id).toBe("a2");
    expect(kept.size.bytes).toBe(10);
    kept.remember("a", "a3", {}, 26); // too large: the stale a2 must not stay either
    expect(kept.get("a")).toBeUndefined();
    kept.remember("b", "b1", {}, 10);
    kept.forget("b");
    expect(kept.size).toEqual({ threads: 0, bytes: 0 });
  });
});
