import { describe, expect, it } from "vitest";
import { mcpServerNameSchema, runtimeToolName } from "./names";

describe("runtimeToolName", () => {
  it("prefixes a plain tool name with the server name", () => {
    expect(runtimeToolName("calc", "add")).toBe("calc__add");
  });

  it("sanitises characters providers reject and keeps two such tools apart", () => {
    const dotted = runtimeToolName("docs", "search.pages");
    const spaced = runtimeToolName("docs", "search pages");
    for (const name of [dotted, spaced]) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(dotted).toMatch(/^docs__search_pages_[0-9a-f]{8}$/);
    expect(dotted).not.toBe(spaced);
  });

  it("cuts long names to 64 characters, still distinct and stable", () => {
    const a = runtimeToolName("server", "x".repeat(80) + "a");
    const b = runtimeToolName("server", "x".repeat(80) + "b");
    expect(a).toHaveLength(64);
    expect(b).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(runtimeToolName("server", "x".repeat(80) + "a")).toBe(a);
  });
});

describe("mcpServerNameSchema", () => {
  it.each(["calc", "my-server_2", "A"])("accepts %j", (name) => {
    expect(mcpServerNameSchema.safeParse(name).success).toBe(true);
  });

  it.each(["", "has space", "dot.ted", "-leading", "x".repeat(33), "中文"])("refuses %j", (name) => {
    expect(mcpServerNameSchema.safeParse(name).success).toBe(false);
  });
});
