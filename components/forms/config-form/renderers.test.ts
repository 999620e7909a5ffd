import { describe, expect, it } from "vitest";
import { JsonPreviewField } from "./json-preview-field";
import { rendererFor } from "./renderers";
import { serverFields } from "./test-fields";

describe("rendererFor", () => {
  it("has a real control for every kind the schema uses today", () => {
    for (const field of serverFields()) expect(rendererFor(field.kind), field.key).not.toBe(JsonPreviewField);
  });

  it("shows a kind it does not know as a read-only preview", () => {
    expect(rendererFor("color-wheel")).toBe(JsonPreviewField);
    expect(rendererFor("toString")).toBe(JsonPreviewField);
  });
});
