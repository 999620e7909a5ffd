import { describe, expect, it } from "vitest";
import { isValidSlug, slugify } from "./slug";

describe("slugs", () => {
  it("proposes a slug the server accepts", () => {
    expect(slugify("Research Helper 2")).toBe("research-helper-2");
    expect(slugify("  Café --- Ops!  ")).toBe("cafe-ops");
    expect(isValidSlug(slugify("Research Helper 2"))).toBe(true);
  });

  it("proposes nothing for names without Latin letters or digits", () => {
    expect(slugify("研究助理")).toBe("");
  });

  it("caps the length without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(63)} b`);
    expect(slug).toBe("a".repeat(63));
    expect(isValidSlug(slug)).toBe(true);
  });

  it("rejects what the server rejects", () => {
    for (const bad of ["", "Upper", "two--dashes", "-lead", "trail-", "sp ace", "a".repeat(65)])
      expect(isValidSlug(bad), bad).toBe(false);
  });
});
