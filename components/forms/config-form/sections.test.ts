import { describe, expect, it } from "vitest";
import { configPayload, groupFields, initialValues } from "./sections";
import { serverFields } from "./test-fields";
import type { ConfigFieldView } from "./types";

const field = (key: string, group: string, kind = "text"): ConfigFieldView => ({
  key,
  kind,
  group,
  default: null,
  schema: {},
});

describe("config form sections", () => {
  it("puts the server's fields in the four known groups, in order", () => {
    const sections = groupFields(serverFields());
    expect(sections.map((s) => s.group)).toEqual(["basics", "resources", "behaviour", "summary"]);
    expect(sections[0].fields.map((f) => f.key)).toEqual(["system_prompt", "model"]);
    expect(sections.flatMap((s) => s.fields)).toHaveLength(serverFields().length);
  });

  it("adds groups it does not know after the known ones and skips empty groups", () => {
    const sections = groupFields([field("x", "experimental"), field("a", "summary")]);
    expect(sections.map((s) => s.group)).toEqual(["summary", "experimental"]);
  });

  it("starts from the stored config and falls back to defaults", () => {
    const fields = serverFields();
    const values = initialValues(fields, { system_prompt: "Hi", tools: [], unknown_key: 1 });
    expect(values.system_prompt).toBe("Hi");
    expect(values.tools).toEqual([]);
    expect(values.max_execution_steps).toBe(50);
    expect(values).not.toHaveProperty("unknown_key");
  });

  it("keeps a stored null instead of the default", () => {
    const fields = [{ ...field("model", "basics"), default: "x:y" }];
    expect(initialValues(fields, { model: null })).toEqual({ model: null });
  });

  it("sends back only the fields the actor was shown", () => {
    const memberFields = serverFields().filter((f) => !f.adminOnly);
    const payload = configPayload(memberFields, { ...initialValues(serverFields(), {}), system_prompt: "P" });
    expect(payload.system_prompt).toBe("P");
    expect(payload).not.toHaveProperty("max_execution_steps");
    expect(payload).not.toHaveProperty("summary_threshold");
  });
});
