import { describe, expect, it } from "vitest";
import {
  createProviderSchema,
  providerIdSchema,
  providerModelsSchema,
  requestOverridesSchema,
  updateProviderSchema,
} from "./provider-schemas";

const valid = { id: "deepseek", name: "DeepSeek", baseUrl: "https://api.deepseek.com/v1" };
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join(".")}: ${i.message}`).join("\n");

describe("provider id", () => {
  it.each(["ab", "openai", "my-vllm-2", "0x", "a".repeat(41)])("accepts %s", (id) => {
    expect(providerIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(["a", "-ab", "Ab", "a_b", "a b", "a/b", "a:b", "a".repeat(42), "", "ünï"])("rejects %j", (id) => {
    expect(providerIdSchema.safeParse(id).success).toBe(false);
  });

  it('reserves "demo" for the built-in model', () => {
    const result = providerIdSchema.safeParse("demo");
    expect(result.success).toBe(false);
    expect(messages(result)).toMatch(/reserved/);
  });
});

describe("create body", () => {
  it("fills defaults and trims the base URL's trailing slash", () => {
    expect(createProviderSchema.parse({ ...valid, baseUrl: "https://api.deepseek.com/v1/" })).toEqual({
      ...valid,
      models: [],
      requestOverrides: {},
      enabled: true,
    });
  });

  it.each([
    ["ftp://example.com/v1", /http/],
    ["not a url", /http/],
    ["https://user:sk-secret@example.com/v1", /API key field/],
  ])("rejects the base URL %s", (baseUrl, message) => {
    const result = createProviderSchema.safeParse({ ...valid, baseUrl });
    expect(result.success).toBe(false);
    expect(messages(result)).toMatch(message);
  });

  it("rejects unknown fields (a typo must not be ignored silently)", () => {
    expect(createProviderSchema.safeParse({ ...valid, apikey: "sk-x" }).success).toBe(false);
  });

  it("rejects a key with spaces or line breaks", () => {
    expect(createProviderSchema.safeParse({ ...valid, apiKey: "sk-abc\nx-evil: 1" }).success).toBe(false);
    expect(createProviderSchema.safeParse({ ...valid, apiKey: "sk-abc" }).success).toBe(true);
  });

  it("update: apiKey null clears, absent keeps, an empty string is an error", () => {
    expect(updateProviderSchema.parse({ apiKey: null })).toEqual({ apiKey: null });
    expect(updateProviderSchema.parse({})).toEqual({});
    expect(updateProviderSchema.safeParse({ apiKey: "" }).success).toBe(false);
  });
});

describe("models", () => {
  const model = { id: "gpt-4o", type: "chat", contextWindow: 128_000, enabled: true };

  it("accepts ids with / and :, and defaults the context window", () => {
    const parsed = providerModelsSchema.parse([
      { ...model, id: "meta-llama/llama-3.1-70b-instruct" },
      { id: "qwen2.5:7b", type: "chat", enabled: false },
      { id: "text-embedding-3-small", type: "embedding", contextWindow: 8_192, enabled: true },
    ]);
    expect(parsed.map((m) => m.id)).toEqual([
      "meta-llama/llama-3.1-70b-instruct",
      "qwen2.5:7b",
      "text-embedding-3-small",
    ]);
    expect(parsed[1].contextWindow).toBe(128_000);
  });

  it.each([
    [{ ...model, contextWindow: 999 }, "contextWindow"],
    [{ ...model, contextWindow: 10_000_001 }, "contextWindow"],
    [{ ...model, contextWindow: 1000.5 }, "contextWindow"],
    [{ ...model, type: "image" }, "type"],
    [{ ...model, id: "has space" }, "id"],
    [{ ...model, id: "" }, "id"],
    [{ ...model, extra: 1 }, ""],
  ])("rejects %j", (entry, field) => {
    const result = providerModelsSchema.safeParse([entry]);
    expect(result.success).toBe(false);
    expect(messages(result)).toContain(field);
  });

  it("accepts the bounds 1k and 10M", () => {
    expect(
      providerModelsSchema.safeParse([
        { ...model, contextWindow: 1_000 },
        { ...model, id: "b", contextWindow: 10_000_000 },
      ]).success,
    ).toBe(true);
  });

  it("rejects a model listed twice", () => {
    const result = providerModelsSchema.safeParse([model, { ...model, enabled: false }]);
    expect(result.success).toBe(false);
    expect(messages(result)).toMatch(/listed twice/);
  });
});

describe("request overrides", () => {
  it("accepts the reasoning/thinking switches with fitting values", () => {
    const overrides = {
      reasoning_effort: "high",
      enable_thinking: true,
      thinking: { type: "enabled", budget_tokens: 2048 },
      thinking_budget: 4096,
      reasoning: { effort: "low", exclude: true },
    };
    expect(requestOverridesSchema.parse(overrides)).toEqual(overrides);
  });

  it("rejects any other key and names it", () => {
    for (const key of ["temperature", "model", "messages", "api_key", "__proto__x"]) {
      const result = requestOverridesSchema.safeParse({ [key]: 1 });
      expect(result.success, key).toBe(false);
      expect(messages(result)).toContain(`"${key}" is not an allowed request override`);
    }
  });

  it("rejects a wrong kind of value for an allowed key", () => {
    for (const overrides of [
      { enable_thinking: "yes" },
      { thinking_budget: -1 },
      { reasoning: "high" },
      { reasoning_effort: "" },
    ]) {
      expect(requestOverridesSchema.safeParse(overrides).success, JSON.stringify(overrides)).toBe(false);
    }
  });
});
