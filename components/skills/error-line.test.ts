import { describe, expect, it } from "vitest";
import { errorLineOf } from "./error-line";

describe("errorLineOf", () => {
  it("finds the line number in the server's refusal", () => {
    expect(errorLineOf("SKILL.md line 3: name is required")).toBe(3);
    expect(errorLineOf("Invalid front matter at Line 12 (description must be a string)")).toBe(12);
  });

  it("is null when the message names no line", () => {
    expect(errorLineOf("The skill is too large")).toBeNull();
    expect(errorLineOf("line 0: nonsense")).toBeNull();
    expect(errorLineOf("deadline 4 passed")).toBeNull();
  });
});
