import { afterEach, describe, expect, it, vi } from "vitest";
import { positiveIntFromEnv } from "./env-number";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("positiveIntFromEnv", () => {
  it("reads a positive whole number, and falls back quietly when unset or empty", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubEnv("TEST_LIMIT", " 42 ");
    expect(positiveIntFromEnv("TEST_LIMIT", 7)).toBe(42);
    vi.stubEnv("TEST_LIMIT", "");
    expect(positiveIntFromEnv("TEST_LIMIT", 7)).toBe(7);
    expect(warn).not.toHaveBeenCalled();
  });

  it("falls back with a warning naming the variable for zero, negatives, fractions, words and unsafe sizes", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const raw of ["0", "-5", "1.5", "lots", "1e400", String(2 ** 60)]) {
      vi.stubEnv("TEST_LIMIT", raw);
      expect(positiveIntFromEnv("TEST_LIMIT", 7), raw).toBe(7);
    }
    expect(warn).toHaveBeenCalledTimes(6);
    expect(warn.mock.calls[0][0]).toContain("TEST_LIMIT=0");
  });
});
