import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";

// Retry, backoff and fallback switches, over real HTTP against the scripted model server.
let h: AgentHarness;
let actor: Actor;
const primary = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  process.env.LLM_RETRY_BASE_DELAY_MS = "20";
  h = await startAgentHarness();
  actor = await createTestUser();
});
afterAll(async () => {
  delete process.env.LLM_FALLBACK_MODEL;
  delete process.env.LLM_FALLBACK_CHAIN;
  await h.stop();
});
beforeEach(() => {
  delete process.env.LLM_FALLBACK_MODEL;
  delete process.env.LLM_FALLBACK_CHAIN;
});

async function turn(key: string) {
  return runAgentTurn(actor, `hello ${scriptMarker(key)}`, { modelSpec: primary });
}

function lastText(values: Record<string, unknown>): string {
  const messages = values.messages as { content: unknown }[];
  return String(messages.at(-1)?.content);
}

describe("retry", () => {
  it.each([529, 500, 503])("retries a %i and answers", async (status) => {
    const key = `retry-${status}`;
    await h.client.script(key, [{ fault: { status } }, { text: "recovered" }]);
    const { values } = await turn(key);
    expect(lastText(values)).toBe("recovered");
    expect(await h.client.requests(key)).toHaveLength(2);
  });

  it("waits at least retry-after on a 429 that gives one", async () => {
    await h.client.script("ra", [{ fault: { status: 429, retryAfter: 1 } }, { text: "after the pause" }]);
    const started = Date.now();
    const { values } = await turn("ra");
    const log = await h.client.requests("ra");
    expect(lastText(values)).toBe("after the pause");
    expect(log).toHaveLength(2);
    expect(log[1].receivedAt - log[0].receivedAt).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it.each([
    ["400", { status: 400 }],
    ["401", { status: 401 }],
    ["429 without retry-after", { status: 429 }],
  ])("does not retry %s", async (name, fault) => {
    const key = `noretry-${name.replace(/\W+/g, "-")}`;
    await h.client.script(key, [{ fault }, { text: "should not be reached" }]);
    await expect(turn(key)).rejects.toThrow();
    expect(await h.client.requests(key)).toHaveLength(1);
  });

  it("gives up after model_retry_times retries", async () => {
    await h.client.script("exhaust", [{ fault: { status: 500, repeat: 5 } }, { text: "too late" }]);
    await expect(turn("exhaust")).rejects.toThrow();
    expect(await h.client.requests("exhaust")).toHaveLength(3); // 1 + 2 retries (default)
  });
});

describe("fallback", () => {
  it("switches after exactly 3 consecutive overloads, keeps tools bound, and buckets usage by the new model", async () => {
    process.env.LLM_FALLBACK_MODEL = "mock:mock-fallback";
    await h.client.script("fb", [{ fault: { status: 529, repeat: 3 } }, { text: "from the fallback" }]);
    const { values, custom } = await turn("fb");
    const log = await h.client.requests("fb");
    expect(log.map((r) => r.model)).toEqual(["mock-chat", "mock-chat", "mock-chat", "mock-fallback"]);
    const tools = (log[3].body as { tools?: { function: { name: string } }[] }).tools ?? [];
    expect(tools.map((t) => t.function.name)).toContain("write_todos");
    expect(lastText(values)).toBe("from the fallback");
    expect(custom).toContainEqual(
      expect.objectContaining({
        type: "data-model-switch",
        data: expect.objectContaining({ from: primary, to: "mock:mock-fallback" }),
      }),
    );
    const usage = values.tokenUsage as { run: { buckets: Record<string, unknown> } };
    expect(Object.keys(usage.run.buckets)).toEqual(["mock:mock-fallback"]);
  });

  it("does not switch on two overloads followed by a success", async () => {
    process.env.LLM_FALLBACK_MODEL = "mock:mock-fallback";
    await h.client.script("fb2", [{ fault: { status: 529, repeat: 2 } }, { text: "primary again" }]);
    await turn("fb2");
    expect((await h.client.requests("fb2")).map((r) => r.model)).toEqual(["mock-chat", "mock-chat", "mock-chat"]);
  });

  it("does not count non-overload errors towards a switch", async () => {
    process.env.LLM_FALLBACK_MODEL = "mock:mock-fallback";
    await h.client.script("fb3", [
      { fault: { status: 500 } },
      { fault: { status: 529 } },
      { fault: { status: 529 } },
      { text: "x" },
    ]);
    await expect(turn("fb3")).rejects.toThrow();
    expect((await h.client.requests("fb3")).every((r) => r.model === "mock-chat")).toBe(true);
  });

  it("walks the chain in order, deduplicated", async () => {
    process.env.LLM_FALLBACK_MODEL = "mock:mock-fallback";
    process.env.LLM_FALLBACK_CHAIN = "mock:mock-fallback, mock:mock-backup";
    await h.client.script("chain", [{ fault: { status: 529, repeat: 6 } }, { text: "from the backup" }]);
    const { values } = await turn("chain");
    const models = (await h.client.requests("chain")).map((r) => r.model);
    expect(models).toEqual([...Array(3).fill("mock-chat"), ...Array(3).fill("mock-fallback"), "mock-backup"]);
    expect(lastText(values)).toBe("from the backup");
  });

  it("does not retry or switch once tokens have streamed", async () => {
    process.env.LLM_FALLBACK_MODEL = "mock:mock-fallback";
    await h.client.script("cut", [{ text: "partial answer that is cut", cutAfterChars: 10 }, { text: "second try" }]);
    await expect(turn("cut")).rejects.toThrow();
    expect(await h.client.requests("cut")).toHaveLength(1);
  });
});
