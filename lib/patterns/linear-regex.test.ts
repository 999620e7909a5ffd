import { describe, expect, it } from "vitest";
import { compileLinearRegex, expandedSize, MAX_PATTERN_LENGTH, PatternRefused } from "./linear-regex";

const matches = (pattern: string, text: string, caseSensitive = true) =>
  compileLinearRegex(pattern, { caseSensitive }).test(text);

describe("compileLinearRegex", () => {
  it("matches what ordinary patterns match, case-insensitively on request", () => {
    expect(matches("R\\d+0 ", "rack R10 and R20 ")).toBe(true);
    expect(matches("colou?r", "COLOR")).toBe(false);
    expect(matches("colou?r", "COLOR", false)).toBe(true);
    expect(matches("^#+ ", "## Title")).toBe(true);
    expect(matches("[a-z]+@[a-z]+\\.com", "mail priya@example.com")).toBe(true);
    expect(matches("年假", "员工年假为十五天")).toBe(true);
  });

  // Each of these runs for minutes to hours on a backtracking engine against the text below.
  it("runs patterns that backtrack catastrophically in linear time", { timeout: 10_000 }, () => {
    const a = "a".repeat(2_000);
    const cases: [string, string][] = [
      ["(a+)+$", `${a}!`],
      ["(a|aa)*b", a],
      ["(x+x+)+y", "x".repeat(2_000)],
      [".{0,300}.{0,300}.{0,300}!", a],
      ["a*a*a*a*a*a*b", a],
      ["(\\w+\\s?)*!", a],
    ];
    for (const [p, text] of cases) expect(matches(p, text), p).toBe(false);
  });

  it("refuses what it cannot run in linear time with a readable reason", () => {
    const refusal = (p: string) => {
      try {
        compileLinearRegex(p, { caseSensitive: true });
      } catch (err) {
        expect(err).toBeInstanceOf(PatternRefused);
        return (err as Error).message;
      }
      throw new Error(`${p} was accepted`);
    };
    expect(refusal("(.)\\1")).toMatch(/backreferences/);
    expect(refusal("foo(?=bar)")).toMatch(/lookahead and lookbehind/);
    expect(refusal("(")).toMatch(/missing/);
    expect(refusal("a".repeat(MAX_PATTERN_LENGTH + 1))).toMatch(/at most 500/);
    expect(refusal("(.{0,100}){0,100}!")).toMatch(/expand it to about 10001 steps/);
    expect(refusal(".{0,1000}.{0,1000}.{0,1000}!")).toMatch(/expand it/);
  });
});

describe("expandedSize", () => {
  it("counts atoms, multiplied by the counted repeats around them", () => {
    expect(expandedSize("abc")).toBe(3);
    expect(expandedSize("a{10}")).toBe(10);
    expect(expandedSize("(ab){3}c")).toBe(7);
    expect(expandedSize("((a{2}){3}){4}")).toBe(24);
    expect(expandedSize("\\d{5}[a-z]{0,4}")).toBe(9);
    expect(expandedSize("a+b*")).toBe(2);
    expect(expandedSize("[{]{2}")).toBe(2);
  });
});
