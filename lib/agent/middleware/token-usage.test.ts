import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { getDb } from "@/lib/db/client";
import { providers } from "@/lib/db/schema";
import type { Actor } from "@/lib/identity/actor";
import type { TokenUsageState } from "@/lib/agent/ui-parts";
import { countTextTokens } from "@/lib/agent/token-count";

// Integration over real HTTP: usage comes from the scripted server's `usage` chunk.
let h: AgentHarness;
let actor: Actor;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const todo = { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "a", status: "pending" }] } }] };

beforeAll(async () => {
  h = await startAgentHarness();
  actor = await createTestUser();
  const db = await getDb();
  await db.insert(providers).values({
    id: "siliconflow",
    name: "Blacklisted",
    baseUrl: h.mock.url,
    models: [{ id: "mock-chat", type: "chat", contextWindow: 32_000, enabled: true }],
  });
});
afterAll(async () => {
  await h.stop();
});

async function usageAfter(key: string, opts: { modelSpec?: string; threadId?: string; runId?: string } = {}) {
  const r = await runAgentTurn(actor, `count ${scriptMarker(key)}`, { modelSpec: opts.modelSpec ?? spec, ...opts });
  return { usage: r.values.tokenUsage as TokenUsageState, threadId: r.threadId };
}

describe("token usage", () => {
  it("buckets by configured spec, records the model the provider answered with, and computes the cache hit ratio", async () => {
    await h.client.script("buckets", [
      {
        ...todo,
        model: "mock-chat-2026-01",
        usage: { prompt_tokens: 1000, completion_tokens: 20, cached_tokens: 100 },
      },
      {
        text: "ok",
        model: "mock-chat-2026-01",
        usage: { prompt_tokens: 1000, completion_tokens: 5, cached_tokens: 300 },
      },
    ]);
    const { usage } = await usageAfter("buckets");
    const bucket = usage.run!.buckets[spec];
    expect(bucket).toMatchObject({
      calls: 2,
      inputTokens: 2000,
      outputTokens: 25,
      cacheReadTokens: 400,
      callsWithCacheInfo: 2,
      responseModels: ["mock-chat-2026-01"],
    });
    expect(bucket.cacheHitRatio).toBeCloseTo(0.2);
    expect(usage.latest!.buckets[spec]).toMatchObject({ calls: 1, cacheReadTokens: 300 });
  });

  it("treats a missing cache field as unknown, not as a 0% hit rate", async () => {
    await h.client.script("nocache", [
      { text: "ok", usage: { prompt_tokens: 800, completion_tokens: 5, cached_tokens: null } },
    ]);
    const { usage } = await usageAfter("nocache");
    expect(usage.run!.buckets[spec]).toMatchObject({
      calls: 1,
      inputTokens: 800,
      callsWithCacheInfo: 0,
      cacheHitRatio: null,
    });
  });

  it("computes the ratio only over calls that reported the cache field", async () => {
    await h.client.script("mixed", [
      { ...todo, usage: { prompt_tokens: 1000, completion_tokens: 5, cached_tokens: 500 } },
      { text: "ok", usage: { prompt_tokens: 1000, completion_tokens: 5, cached_tokens: null } },
    ]);
    const { usage } = await usageAfter("mixed");
    const bucket = usage.run!.buckets[spec];
    expect(bucket.inputTokens).toBe(2000);
    expect(bucket.cacheHitRatio).toBeCloseTo(0.5);
  });

  it("starts a new run aggregate per run and keeps adding to the thread aggregate", async () => {
    await h.client.script("runs", [
      { text: "one", usage: { prompt_tokens: 100, completion_tokens: 1, cached_tokens: 0 } },
      { text: "two", usage: { prompt_tokens: 200, completion_tokens: 1, cached_tokens: 0 } },
    ]);
    const first = await usageAfter("runs");
    const second = await usageAfter("runs", { threadId: first.threadId });
    expect(second.usage.run!.totals.inputTokens).toBe(200);
    expect(second.usage.thread.totals.inputTokens).toBe(300);
    expect(second.usage.thread.buckets[spec].calls).toBe(2);
  });

  it("keeps blacklisted providers out of every aggregate but still measures the context", async () => {
    await h.client.script("black", [
      { text: "ok", usage: { prompt_tokens: 999, completion_tokens: 9, cached_tokens: 9 } },
    ]);
    const { usage } = await usageAfter("black", { modelSpec: "siliconflow:mock-chat" });
    expect(usage.latest).toBeNull();
    expect(usage.run!.totals.calls).toBe(0);
    expect(usage.thread.totals.calls).toBe(0);
    expect(usage.context).toMatchObject({ spec: "siliconflow:mock-chat", usageAvailable: false });
    expect(usage.context!.inputTokens).toBeGreaterThan(0);
  });

  it("measures the request context with a BPE tokenizer: system, messages and tools", async () => {
    await h.client.script("ctx", [{ text: "ok" }]);
    const { usage } = await usageAfter("ctx");
    const c = usage.context!;
    expect(c.breakdown.system).toBeGreaterThan(50);
    expect(c.breakdown.tools).toBeGreaterThan(20); // write_todos schema
    expect(c.inputTokens).toBe(c.breakdown.system + c.breakdown.messages + c.breakdown.tools);
    expect(c.contextWindow).toBe(32_000);
    expect(c.usageRatio).toBeCloseTo(c.inputTokens / 32_000);
  });
});

describe("countTextTokens", () => {
  it("counts Chinese with the tokenizer, well above characters / 4", () => {
    const text = "知识库检索需要对中文进行分词处理，否则无法命中关键词。".repeat(10);
    expect(countTextTokens(text)).toBeGreaterThan(text.length / 4);
  });
  it("handles one long unbroken word (BPE is quadratic on it without slicing)", () => {
    expect(countTextTokens("x".repeat(500_000))).toBeGreaterThan(10_000);
  });
});
