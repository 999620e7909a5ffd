import { describe, expect, it } from "vitest";
import { enumValues, isNullable, maxLength, numberBounds } from "./json-schema";
import { serverField } from "./test-fields";

describe("JSON Schema facts of the agent config fields", () => {
  it("reads integer bounds", () => {
    expect(numberBounds(serverField("max_execution_steps").schema)).toEqual({ min: 1, max: 500, integer: true });
    expect(numberBounds(serverField("model_retry_times").schema)).toEqual({ min: 0, max: 10, integer: true });
  });

  it("reads fractional bounds", () => {
    expect(numberBounds(serverField("summary_l2_trigger_ratio").schema)).toEqual({ min: 0.05, max: 1, integer: false });
  });

  it("reads exclusive bounds and bounds inside anyOf", () => {
    const schema = { anyOf: [{ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 2 }, { type: "null" }] };
    expect(numberBounds(schema)).toEqual({ min: 0, exclusiveMin: true, max: 2, exclusiveMax: true, integer: false });
    expect(isNullable(schema)).toBe(true);
  });

  it("has no bounds for a schema without them, and survives junk", () => {
    expect(numberBounds({ type: "number" })).toEqual({ integer: false });
    expect(numberBounds(undefined)).toEqual({ integer: false });
    expect(enumValues("nonsense")).toEqual([]);
  });

  it("tells nullable fields apart", () => {
    expect(isNullable(serverField("model").schema)).toBe(true);
    expect(isNullable(serverField("tools").schema)).toBe(true);
    expect(isNullable(serverField("summary_prompt").schema)).toBe(true);
    expect(isNullable(serverField("preload_skills").schema)).toBe(false);
    expect(isNullable(serverField("system_prompt").schema)).toBe(false);
  });

  it("lists enum values", () => {
    expect(enumValues(serverField("tool_approval_mode").schema)).toEqual(["default", "auto", "trust"]);
    expect(enumValues({ anyOf: [{ enum: ["a", null] }, { enum: ["b", "a"] }] })).toEqual(["a", "b"]);
  });

  it("reads the prompt's length cap", () => {
    expect(maxLength(serverField("system_prompt").schema)).toBe(100_000);
    expect(maxLength(serverField("model").schema)).toBeUndefined();
  });
});
