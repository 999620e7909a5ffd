import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./safe-callback-url";

describe("safeCallbackUrl", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeCallbackUrl("/chat/abc?x=1#m")).toBe("/chat/abc?x=1#m");
  });

  it("falls back to / for missing, foreign or protocol-relative targets", () => {
    expect(safeCallbackUrl(undefined)).toBe("/");
    expect(safeCallbackUrl("")).toBe("/");
    expect(safeCallbackUrl("https://evil.example/steal")).toBe("/");
    expect(safeCallbackUrl("//evil.example/steal")).toBe("/");
    expect(safeCallbackUrl("javascript:alert(1)")).toBe("/");
  });

  it("never loops back to the login page", () => {
    expect(safeCallbackUrl("/login?callbackUrl=/")).toBe("/");
  });

  it("takes the first of repeated parameters", () => {
    expect(safeCallbackUrl(["/a", "/b"])).toBe("/a");
  });
});
