import micromatch from "micromatch";
import { describe, expect, it } from "vitest";
import { compileGlob, MAX_GLOB_WILDCARDS } from "./glob";
import { PatternRefused } from "./linear-regex";

const PATHS = [
  "a.md",
  ".env",
  "notes/a.md",
  "notes/deep/b.md",
  "src/app.ts",
  "src/ui/button.tsx",
  "src/ui/button.test.tsx",
  "/home/gem/user-data/report.pdf",
  "/home/gem/user-data",
  "/home/gem/user-data/out/x.csv",
  "data[1].csv",
  "b.txt",
  "c.txt",
  "年报.md",
];
const GLOBS = [
  "*.md",
  "**/*.md",
  "notes/**",
  "notes/**/b.md",
  "src/**/*.{ts,tsx}",
  "src/*/button.*",
  "?.txt",
  "[ab].*",
  "/home/gem/user-data/**",
  "**/*.csv",
  "*",
  "**",
  "{a,b}.{md,txt}",
  "!*.md",
  "@(a|b).md",
  "*.+(ts|tsx)",
  "data\\[1\\].csv",
  "*.test.*",
  "年*",
];

describe("compileGlob", () => {
  it("matches what micromatch matches for the globs people write", () => {
    for (const glob of GLOBS) {
      const match = compileGlob(glob);
      for (const p of PATHS) expect(match(p), `${glob} ~ ${p}`).toBe(micromatch.isMatch(p, glob, { dot: true }));
    }
  });

  // micromatch reads "[!ab]" otherwise; this is the shell's meaning.
  it("[!…] matches one character not listed", () => {
    expect(["a.txt", "b.txt", "c.txt", "/.txt"].map((p) => compileGlob("[!ab].txt")(p))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  // micromatch's regex for this glob backtracks for seconds against the name below.
  it("matches many wildcards against a long name in linear time", { timeout: 10_000 }, () => {
    const name = `${"a".repeat(400)}.txt`;
    expect(compileGlob("*a*a*a*a*a*a*a*a*a*a*a*a*b")(name)).toBe(false);
    expect(compileGlob("**/*a*a*a*a*a*a*a*a*a*a*a*a*t")(`x/${name}`)).toBe(true);
  });

  it("refuses what it cannot bound, with a readable reason", () => {
    const reason = (glob: string) => {
      try {
        compileGlob(glob);
      } catch (err) {
        expect(err).toBeInstanceOf(PatternRefused);
        return (err as Error).message;
      }
      throw new Error(`${glob} was accepted`);
    };
    expect(reason("*a".repeat(MAX_GLOB_WILDCARDS + 1))).toMatch(/at most 40 are allowed/);
    expect(reason("x".repeat(501))).toMatch(/at most 500 are allowed/);
    expect(reason("!(*.md)")).toMatch(/not supported/);
    expect(reason("@(a|b")).toMatch(/missing/);
  });
});
