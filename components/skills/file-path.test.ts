import { describe, expect, it } from "vitest";
import { newFileProblem } from "./file-path";

describe("newFileProblem", () => {
  const existing = ["SKILL.md", "scripts/run.py"];

  it("accepts a fresh relative path, nested or not", () => {
    expect(newFileProblem("notes.md", existing)).toBeNull();
    expect(newFileProblem(" templates/page.html ", existing)).toBeNull();
  });

  it("refuses paths that leave the skill folder", () => {
    for (const path of ["../evil.md", "a/../../b", "/etc/passwd", "a\\b.txt", "a//b", "./x", "dir/"]) {
      expect(newFileProblem(path, existing), path).toBe("outside");
    }
  });

  it("refuses empty and taken paths", () => {
    expect(newFileProblem("   ", existing)).toBe("empty");
    expect(newFileProblem("scripts/run.py", existing)).toBe("exists");
  });
});
