import { describe, expect, it } from "vitest";
import { findInDocument } from "./find-in-document";

const opts = { useRegex: true, caseSensitive: false, maxWindows: 5, windowSize: 10 };

describe("findInDocument", () => {
  // The old filter let bounded repeats through: this ran for hours on a 2,000-character line.
  it("runs a model's pattern in linear time, and reports one it refuses", { timeout: 10_000 }, () => {
    const line = `${"a".repeat(1_999)}\nthe end!`;
    const slow = findInDocument(line, { ...opts, patterns: [".{0,300}.{0,300}.{0,300}!"] });
    expect(slow.error).toBeUndefined();
    expect(slow.matches).toBe(1);
    expect(slow.windows[0]).toContain("     2\tthe end!");
    expect(findInDocument(line, { ...opts, patterns: ["(a+)+$"] }).matches).toBe(1);
    expect(findInDocument(line, { ...opts, patterns: ["(.)\\1"] }).error).toMatch(
      /^Error: invalid regular expression \(backreferences .* are not supported\)\.$/,
    );
  });

  it("stops a search whose cost would pass the budget, and says where", () => {
    const text = Array.from({ length: 2_000 }, () => "b".repeat(1_000)).join("\n");
    const out = findInDocument(text, { ...opts, patterns: ["(b|c){0,40}x"], maxWork: 10_000_000 });
    expect(out.stoppedAtLine).toBeGreaterThan(1);
    expect(out.stoppedAtLine).toBeLessThan(2_000);
    expect(
      findInDocument(text, { ...opts, useRegex: false, patterns: ["x"], maxWork: 10_000_000 }).stoppedAtLine,
    ).toBeUndefined();
  });

  it("merges overlapping windows and numbers their lines", () => {
    const text = ["one", "two match", "three", "four match", "five"].join("\n");
    const narrow = findInDocument(text, { ...opts, useRegex: false, patterns: ["MATCH"], windowSize: 5 });
    expect(narrow.matches).toBe(2);
    expect(narrow.windows).toEqual(["     2\ttwo match", "     4\tfour match"]);
    // Widened to about 12 characters, the two windows touch and become one.
    const wide = findInDocument(text, { ...opts, useRegex: false, patterns: ["MATCH"], windowSize: 12 });
    expect(wide.windows).toEqual(["     1\tone\n     2\ttwo match\n     3\tthree\n     4\tfour match"]);
  });
});
