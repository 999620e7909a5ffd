import { describe, expect, it } from "vitest";
import { shimOn } from "./switch";

describe("shimOn", () => {
  it("runs every shim unless MERIDIAN_SHIMS_OFF names it", () => {
    expect(shimOn("combine-hooks", {})).toBe(true);
    expect(shimOn("combine-hooks", { MERIDIAN_SHIMS_OFF: "light-run-context" })).toBe(true);
    expect(shimOn("combine-hooks", { MERIDIAN_SHIMS_OFF: "light-run-context, combine-hooks" })).toBe(false);
    expect(shimOn("pooled-random-values", { MERIDIAN_SHIMS_OFF: "all" })).toBe(false);
  });
});
