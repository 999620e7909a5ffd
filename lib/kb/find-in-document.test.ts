import { describe, expect, it } from "vitest";
import { findInDocument, riskyPattern } from "./find-in-document";

const opts = { useRegex: true, caseSensitive: false, maxWindows: 5, windowSize: 10 };

describe("findInDocument", () => {
  it("refuses patterns that could backtrack for ever, and keeps ordinary ones", () => {
    for (const p of [
      "(a+)+$",
      "(a*)*b",
      "(x+x+)+y",
      "(\\w+\\s?)*$",
      "(a|aa){2,}",
      "(foo|bar)+",
      "(.)\\1",
      "(?<q>')\\k<q>",
      "a*a*a*b",
      "\\s+.*\\d{2,}",
    ])
      expect(riskyPattern(p), p).toBe(true);
    for (const p of ["R\\d+0 ", "colou?r", "(foo|bar)?", "^#+ ", "[a-z]+@[a-z]+\\.com", "\\(a+\\)+"])
      expect(riskyPattern(p), p).toBe(false);
    const started = performance.now();
    const out = findInDocument(`${"a".repeat(5000)}b`, { ...opts, patterns: ["(a+)+$"] });
    expect(out.error).toMatch(/^Error: invalid regular expression \(\(a\+\)\+\$ repeats a group/);
    expect(performance.now() - started).toBeLessThan(1000);
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
