import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import { enumValues } from "./json-schema";
import { serverFields } from "./test-fields";

type FieldText = { options?: Record<string, string>; descriptions?: Record<string, string> };
const catalogs = { en, zh } as unknown as Record<string, { agents: { fields: Record<string, FieldText> } }>;

/** The select renderer describes every value of a field whose values the catalog explains. */
describe("option descriptions of select fields", () => {
  it("describe all three approval modes, in every locale, each with its own label", () => {
    const modes = enumValues(serverFields().find((f) => f.key === "tool_approval_mode")!.schema);
    expect(modes).toEqual(["default", "auto", "trust"]);
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const text = catalog.agents.fields.tool_approval_mode;
      for (const mode of modes) {
        expect(text.options?.[mode], `${locale} ${mode}`).toBeTruthy();
        expect(text.descriptions?.[mode]?.length, `${locale} ${mode}`).toBeGreaterThan(20);
      }
      expect(new Set(modes.map((m) => text.descriptions?.[m])).size).toBe(modes.length);
    }
  });

  it("explain either every value of a field or none of them", () => {
    for (const field of serverFields().filter((f) => f.kind === "select")) {
      for (const [locale, catalog] of Object.entries(catalogs)) {
        const described = Object.keys(catalog.agents.fields[field.key]?.descriptions ?? {});
        if (described.length)
          expect(described.sort(), `${locale} ${field.key}`).toEqual(enumValues(field.schema).sort());
      }
    }
  });
});
