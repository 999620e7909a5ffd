import { describe, expect, it } from "vitest";
import { numberText, parseNumberInput } from "./number-input";

const steps = { min: 1, max: 500, integer: true };

describe("parseNumberInput", () => {
  it("accepts values inside the bounds, edges included", () => {
    expect(parseNumberInput("1", steps)).toEqual({ ok: true, value: 1 });
    expect(parseNumberInput(" 500 ", steps)).toEqual({ ok: true, value: 500 });
  });

  it("names the broken rule", () => {
    expect(parseNumberInput("0", steps)).toEqual({ ok: false, problem: { code: "min", limit: 1 } });
    expect(parseNumberInput("501", steps)).toEqual({ ok: false, problem: { code: "max", limit: 500 } });
    expect(parseNumberInput("2.5", steps)).toEqual({ ok: false, problem: { code: "integer" } });
    expect(parseNumberInput("abc", steps)).toEqual({ ok: false, problem: { code: "notNumber" } });
    expect(parseNumberInput("", steps)).toEqual({ ok: false, problem: { code: "required" } });
  });

  it("lets empty mean null only for nullable fields", () => {
    expect(parseNumberInput("", steps, true)).toEqual({ ok: true, value: null });
  });

  it("accepts fractions where the schema does and honours exclusive bounds", () => {
    expect(parseNumberInput("0.4", { min: 0.05, max: 1, integer: false })).toEqual({ ok: true, value: 0.4 });
    expect(parseNumberInput("0", { min: 0, exclusiveMin: true, integer: false })).toEqual({
      ok: false,
      problem: { code: "min", limit: 0 },
    });
  });

  it("shows stored numbers as text and anything else as empty", () => {
    expect(numberText(50)).toBe("50");
    expect(numberText(null)).toBe("");
    expect(numberText("7")).toBe("");
  });
});
