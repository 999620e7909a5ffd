import { encode } from "gpt-tokenizer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import { chatModel, postJson, streamMessage } from "@/lib/testing/scripted-model/test-support";
import { countTokens } from "./usage";

describe("usage over HTTP", () => {
  let server: MockLlmServer;
  beforeAll(async () => {
    server = await startMockLlmServer();
  });
  afterAll(() => server.close());

  // Chinese text: real BPE counts differ clearly from characters / 4.
  const longSystem = (key: string) =>
    `[[mock:${key}]] ${"你是一个严谨的研究助手，回答要引用来源并保持简洁。".repeat(60)}`;

  const complete = async (key: string, user: string, model = "demo-chat") => {
    const res = await postJson(`${server.url}/chat/completions`, {
      model,
      messages: [
        { role: "system", content: longSystem(key) },
        { role: "user", content: user },
      ],
    });
    return (await res.json()).usage;
  };

  it("counts prompt tokens with a real BPE tokenizer", async () => {
    server.mock.script("count", [{ text: "ok" }]);
    const usage = await complete("count", "short question");
    const content = encode(longSystem("count")).length + encode("short question").length;
    expect(content).toBeGreaterThan(longSystem("count").length / 4 + 200);
    expect(usage.prompt_tokens).toBeGreaterThanOrEqual(content);
    expect(usage.prompt_tokens).toBeLessThanOrEqual(content + 16);
    expect(usage.completion_tokens).toBe(countTokens("ok"));
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.prompt_tokens_details).toEqual({ cached_tokens: 0 });
  });

  it("reports cached tokens for a shared prefix of the same script and model only", async () => {
    server.mock.script("cache", [{ text: "one" }, { text: "two" }, { text: "three" }]);
    const first = await complete("cache", "first question");
    const second = await complete("cache", "a different second question");
    const otherModel = await complete("cache", "first question", "demo-fallback");
    expect(first.prompt_tokens_details.cached_tokens).toBe(0);
    const cached = second.prompt_tokens_details.cached_tokens;
    expect(cached).toBeGreaterThanOrEqual(1024);
    expect(cached % 64).toBe(0);
    expect(cached).toBeLessThan(second.prompt_tokens);
    expect(cached).toBeGreaterThan(encode(longSystem("cache")).length - 64);
    expect(otherModel.prompt_tokens_details.cached_tokens).toBe(0);
  });

  it("applies usage overrides and omits the cache field when cached_tokens is null", async () => {
    server.mock.script("override", [
      { text: "x", usage: { prompt_tokens: 900, completion_tokens: 40, cached_tokens: null, reasoning_tokens: 7 } },
    ]);
    const usage = await complete("override", "q");
    expect(usage).toEqual({
      prompt_tokens: 900,
      completion_tokens: 40,
      total_tokens: 940,
      completion_tokens_details: { reasoning_tokens: 7 },
    });
  });

  it("counts reasoning inside completion tokens", async () => {
    const reasoning = "First compare both options, then pick the cheaper one.";
    server.mock.script("reasoning", [{ reasoning, text: "Option B." }]);
    const usage = await complete("reasoning", "q");
    expect(usage.completion_tokens_details.reasoning_tokens).toBe(encode(reasoning).length);
    expect(usage.completion_tokens).toBe(encode(reasoning).length + encode("Option B.").length);
  });

  it("reaches LangChain as usage_metadata, cache_read present or unknown", async () => {
    server.mock.script("lc-usage", [{ text: "a" }, { text: "b" }, { text: "c", usage: { cached_tokens: null } }]);
    const ask = (user: string) =>
      streamMessage(chatModel(server.url), [
        { role: "system", content: longSystem("lc-usage") },
        { role: "user", content: user },
      ]);
    const first = await ask("one");
    const second = await ask("two");
    const third = await ask("three");
    expect(first.usage_metadata?.input_token_details?.cache_read).toBe(0);
    expect(second.usage_metadata?.input_token_details?.cache_read).toBeGreaterThanOrEqual(1024);
    expect(second.usage_metadata?.input_tokens).toBeGreaterThan(1024);
    expect(third.usage_metadata?.input_token_details?.cache_read).toBeUndefined();
    expect(third.usage_metadata?.total_tokens).toBe(
      (third.usage_metadata?.input_tokens ?? 0) + (third.usage_metadata?.output_tokens ?? 0),
    );
  });
});
