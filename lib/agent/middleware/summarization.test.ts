import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  dataParts,
  textOf,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker, type Turn } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import type { TokenUsageState } from "@/lib/agent/ui-parts";
import { effectiveMessages, type SummarizationEvent } from "@/lib/agent/summary/event";
import { openWorkspace } from "@/lib/workspace/open";
import { workdirOf } from "@/lib/workspace/paths";
import { countTextTokens } from "@/lib/agent/token-count";
import { messageText } from "@/lib/models/message-text";
import { mcpToolSource } from "@/lib/mcp/tool-source";

// Integration over real HTTP with the scripted model: the requests the model received are the evidence.
let h: AgentHarness;
let actor: Actor;
const modelSpec = `${MOCK_PROVIDER}:mock-chat`;

type ChatMsg = { role: string; content: unknown; tool_calls?: { function: { name: string; arguments: string } }[] };
type Body = { messages: ChatMsg[]; tools?: unknown[] };

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "summarization-")));
  h = await startAgentHarness();
  actor = await createTestUser();
});
afterAll(async () => {
  await h.stop();
  vi.unstubAllEnvs();
});

function text(m: ChatMsg): string {
  return typeof m.content === "string" ? m.content : JSON.stringify(m.content);
}

async function bodies(key: string): Promise<Body[]> {
  return (await h.client.requests(key)).filter((r) => r.path === "/chat/completions").map((r) => r.body as Body);
}

async function turn(key: string, words: string, threadId: string, config: Partial<AgentConfig>) {
  return runAgentTurn(actor, `${words} ${scriptMarker(key)}`, { modelSpec, threadId, config, ui: true });
}

/** The approximate size of the default agent's request with one short message (system + tools). */
async function baseline(): Promise<number> {
  await h.client.script("baseline", [{ text: "ok" }]);
  const r = await runAgentTurn(actor, `hi ${scriptMarker("baseline")}`, { modelSpec });
  return (r.values.tokenUsage as TokenUsageState).context!.inputTokens;
}

/** `tokens` tokens of prose (by our count) starting with `tag`, different per tag. */
function para(tokens: number, tag: string): string {
  const words = ["river", "stone", "maple", "copper", "lantern", "harbor", "meadow"];
  let out = tag;
  for (let i = 0; countTextTokens(out) < tokens; i++) out += ` ${words[(i * 3 + tag.length) % 7]}`;
  return out;
}

const overflow: Turn = {
  fault: {
    status: 400,
    message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9001 tokens.",
    code: "context_length_exceeded",
  },
};

describe("summarization", () => {
  it("(fixture) the agent's request without history leaves room under the 4K threshold the tests use", async () => {
    // The thresholds below assume system prompt + tools of about 3K tokens; a much larger prompt needs new ones.
    expect(await baseline()).toBeGreaterThan(2000);
    expect(await baseline()).toBeLessThan(3300);
  });

  it("below the threshold, the model gets the whole history unchanged and no summary is active", async () => {
    const threadId = crypto.randomUUID();
    await h.client.script("below", [{ text: "one" }, { text: "two" }]);
    await turn("below", "first", threadId, {});
    const r = await turn("below", "second", threadId, {});
    const [, second] = await bodies("below");
    expect(second.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(dataParts(r.chunks, "compression")).toEqual([]);
    expect((r.values.tokenUsage as TokenUsageState).context!.summaryActive).toBe(false);
    expect(r.values._summarizationEvent).toBeUndefined();
  });

  it("L1: the request gets receipts and cut arguments; state and the file keep everything; no summary", async () => {
    const threadId = crypto.randomUUID();
    const file = `${workdirOf(threadId)}/notes.txt`;
    const content = para(1000, "NOTES");
    await h.client.script("l1", [
      { toolCalls: [{ name: "write_file", args: { file_path: file, content } }] },
      { toolCalls: [{ name: "read_file", args: { file_path: file } }] },
      { text: "saved" },
      { text: "still here" },
    ]);
    await turn("l1", "save my notes", threadId, { tool_approval_mode: "trust" });
    const config = {
      summary_threshold: 4,
      summary_l2_trigger_ratio: 1,
      summary_tool_result_token_limit: 100,
      summary_keep_messages: 2,
    };
    const r = await turn("l1", "and now?", threadId, config);

    const last = (await bodies("l1")).at(-1)!;
    const write = last.messages.find((m) => m.tool_calls?.[0]?.function.name === "write_file")!;
    expect(JSON.parse(write.tool_calls![0].function.arguments).content).toMatch(
      /argument truncated: \d+ characters in all/,
    );
    const read = last.messages
      .filter((m) => m.role === "tool")
      .map(text)
      .find((t) => t.includes("Tool: read_file"))!;
    const saved = /Full result: (\S+)/.exec(read)![1];
    expect(saved.startsWith(`${workdirOf(threadId)}/outputs/large_tool_results/read_file-`)).toBe(true);

    const state = r.values.messages as BaseMessage[];
    const fullRead = state.find((m) => ToolMessage.isInstance(m) && m.name === "read_file")!;
    expect(messageText(fullRead.content)).toContain("NOTES");
    expect((await openWorkspace(actor.id).readBytes(saved)).toString("utf8")).toBe(messageText(fullRead.content));
    expect(dataParts(r.chunks, "compression")).toEqual([]);
    expect(r.values._summarizationEvent).toBeUndefined();
    expect((r.values.tokenUsage as TokenUsageState).context!.inputTokens).toBeLessThan(4 * 1024);
  });

  it("L2: older history becomes one summary, kept messages follow, and a second pass builds on the first", async () => {
    const threadId = crypto.randomUUID();
    const config = {
      summary_threshold: 4,
      summary_l2_trigger_ratio: 0.85,
      summary_keep_messages: 2,
      summary_prompt: `${scriptMarker("sum")} Summarise:\n{messages}`,
      // The turns below are sized for this tool set: an allow-list naming no subagent keeps `task` out.
      subagents: ["none-of-them"],
    };
    await h.client.script("l2", [{ text: "noted", repeat: 20 }]);
    await h.client.script("sum", [
      { text: "S1: the code word is PELICAN", usage: { prompt_tokens: 700, completion_tokens: 9 } },
      { text: "S2: the code word is still PELICAN", usage: { prompt_tokens: 800, completion_tokens: 10 } },
    ]);
    const events: (SummarizationEvent | undefined)[] = [];
    const runs = [];
    for (let i = 1; i <= 5; i++) {
      const words = i === 1 ? `The code word is PELICAN. ${para(400, "T1")}` : para(400, `T${i}`);
      const r = await turn("l2", words, threadId, config);
      runs.push(r);
      events.push(r.values._summarizationEvent as SummarizationEvent | undefined);
      const usage = r.values.tokenUsage as TokenUsageState;
      expect(usage.context!.inputTokens, `turn ${i}`).toBeLessThan(4 * 1024);
    }
    expect(events.slice(0, 2)).toEqual([undefined, undefined]);
    const first = events[2]!;
    expect(first.cutoffIndex).toBe(3);
    expect(first.filePath).toBe(`${workdirOf(threadId)}/outputs/conversation_history/${threadId}.md`);
    const second = events[4]!;
    expect(second.cutoffIndex).toBe(7);
    expect(second.summaryMessage.content).toContain("S2");

    // The third turn's answer request: the summary, then the last kept messages (answer 2, question 3).
    const main = await bodies("l2");
    expect(main[0].tools?.map((t) => (t as { function: { name: string } }).function.name)).not.toContain("task");
    const third = main[2];
    expect(third.messages[1].role).toBe("user");
    expect(text(third.messages[1])).toContain("S1: the code word is PELICAN");
    expect(third.messages.slice(2).map((m) => m.role)).toEqual(["assistant", "user"]);
    expect(text(third.messages[3])).toContain("T3");

    // The second summary's input starts with the first summary.
    const sums = await bodies("sum");
    expect(sums).toHaveLength(2);
    expect(text(sums[1].messages[0])).toMatch(/Earlier summary:[\s\S]*S1: the code word is PELICAN/);
    expect(sums[1].tools ?? []).toEqual([]);

    // Never streamed as text; the UI gets started and completed; usage counted apart from the answer's.
    const r3 = runs[2];
    expect(textOf(r3.chunks)).toBe("noted");
    expect(dataParts(r3.chunks, "compression").map((p) => p.status)).toEqual(["started", "completed"]);
    const usage = r3.values.tokenUsage as TokenUsageState;
    expect(usage.context!.summaryActive).toBe(true);
    expect(usage.internal!.run.totals).toMatchObject({ calls: 1, inputTokens: 700, outputTokens: 9 });
    expect(usage.run!.totals.calls).toBe(1);
    expect(usage.run!.totals.inputTokens).not.toBe(700);

    // State keeps every message; the history file has the summarised ones.
    const state = runs[4].values.messages as BaseMessage[];
    expect(state.filter((m) => HumanMessage.isInstance(m))).toHaveLength(5);
    const history = (await openWorkspace(actor.id).readBytes(first.filePath!)).toString("utf8");
    expect(history).toContain("The code word is PELICAN");
    expect(history.match(/## Summarised at/g)).toHaveLength(2);
  });

  it("a context-overflow error from the provider forces L2 and retries the call once", async () => {
    const threadId = crypto.randomUUID();
    const config = { summary_keep_messages: 2, summary_prompt: `${scriptMarker("sum-o")} {messages}` };
    await h.client.script("ovf", [{ text: "a" }, { text: "b" }, overflow, { text: "recovered" }]);
    await h.client.script("sum-o", [{ text: "S: the password is OSPREY" }]);
    await turn("ovf", "the password is OSPREY", threadId, config);
    await turn("ovf", "second", threadId, config);
    const r = await turn("ovf", "third", threadId, config);
    expect(textOf(r.chunks)).toBe("recovered");
    const event = r.values._summarizationEvent as SummarizationEvent;
    expect(event.cutoffIndex).toBe(3);
    const retry = (await bodies("ovf")).at(-1)!;
    expect(text(retry.messages[1])).toContain("S: the password is OSPREY");
    expect(dataParts(r.chunks, "compression").map((p) => p.status)).toEqual(["started", "completed"]);
  });

  it("an overflow after the summary fails the run: the call is retried only once, and the summary leaves nothing behind", async () => {
    const threadId = crypto.randomUUID();
    const config = { summary_keep_messages: 2, summary_prompt: `${scriptMarker("sum-o2")} {messages}` };
    await h.client.script("ovf2", [{ text: "a" }, { text: "b" }, overflow, overflow, { text: "never" }]);
    await h.client.script("sum-o2", [{ text: "S" }]);
    await turn("ovf2", "one", threadId, config);
    await turn("ovf2", "two", threadId, config);
    await expect(turn("ovf2", "three", threadId, config)).rejects.toThrow(/maximum context length/);
    expect(await bodies("ovf2")).toHaveLength(4);
    // The summary was not kept: no history section was written for it.
    const history = `${workdirOf(threadId)}/outputs/conversation_history/${threadId}.md`;
    expect(await openWorkspace(actor.id).stat(history)).toBeNull();
  });

  it("a failed summary is reported and the model still answers from the L1 view", async () => {
    const threadId = crypto.randomUUID();
    const config = {
      summary_threshold: 4,
      summary_l2_trigger_ratio: 0.85,
      summary_keep_messages: 2,
      summary_prompt: `${scriptMarker("sum-bad")} {messages}`,
    };
    await h.client.script("bad", [{ text: "fine", repeat: 5 }]);
    await h.client.script("sum-bad", [{ fault: { status: 400, message: "bad request" } }]);
    for (let i = 1; i <= 2; i++) await turn("bad", para(400, `B${i}`), threadId, config);
    const r = await turn("bad", para(400, "B3"), threadId, config);
    expect(textOf(r.chunks)).toBe("fine");
    expect(dataParts(r.chunks, "compression").map((p) => p.status)).toEqual(["started", "failed"]);
    expect(r.values._summarizationEvent).toBeUndefined();
    expect((await bodies("bad")).at(-1)!.messages.filter((m) => m.role === "user")).toHaveLength(3);
  });

  it("after three failed summaries in a row, summaries pause: the user is told, and the next turns call no summary", async () => {
    const threadId = crypto.randomUUID();
    const config = {
      summary_threshold: 4,
      summary_l2_trigger_ratio: 0.85,
      summary_keep_messages: 2,
      summary_prompt: `${scriptMarker("sum-down")} {messages}`,
    };
    await h.client.script("down", [{ text: "still here", repeat: 10 }]);
    await h.client.script(
      "sum-down",
      Array.from({ length: 10 }, () => ({ fault: { status: 500, message: "summary model down" } })),
    );
    for (let i = 1; i <= 2; i++) await turn("down", para(400, `D${i}`), threadId, config);
    const statuses: string[][] = [];
    for (let i = 3; i <= 5; i++) {
      const r = await turn("down", para(400, `D${i}`), threadId, config);
      expect(textOf(r.chunks)).toBe("still here");
      statuses.push(dataParts(r.chunks, "compression").map((p) => p.status));
    }
    expect(statuses).toEqual([
      ["started", "failed"],
      ["started", "failed"],
      ["started", "paused"],
    ]);
    expect((await h.client.requests("sum-down")).length).toBe(3);
    const paused = await turn("down", para(400, "D6"), threadId, config);
    expect(textOf(paused.chunks)).toBe("still here");
    expect(dataParts(paused.chunks, "compression")).toEqual([]);
    expect((await h.client.requests("sum-down")).length).toBe(3);
  });

  it("never waits past 80 % of the model's context window, whatever the agent's threshold says", async () => {
    const threadId = crypto.randomUUID();
    // 100K configured; the scripted model's window is 32K, so summaries start near 0.85 × 25.6K.
    const config = {
      summary_threshold: 100,
      summary_l2_trigger_ratio: 0.85,
      summary_keep_messages: 2,
      summary_prompt: `${scriptMarker("sum-window")} {messages}`,
    };
    await h.client.script("window", [{ text: "ok", repeat: 5 }]);
    await h.client.script("sum-window", [{ text: "S: three long turns" }]);
    const long = (tag: string) => Array.from({ length: 9 }, (_, k) => para(1000, `${tag}.${k}`)).join(" ");
    for (let i = 1; i <= 2; i++) await turn("window", long(`W${i}`), threadId, config);
    const r = await turn("window", long("W3"), threadId, config);
    expect(dataParts(r.chunks, "compression").map((p) => p.status)).toEqual(["started", "completed"]);
    expect((await h.client.requests("sum-window")).length).toBe(1);
    expect(r.values._summarizationEvent).toBeDefined();
  });

  it("a summary in the run that patches an unanswered tool call keeps its cutoff on the message the model saw", async () => {
    const threadId = crypto.randomUUID();
    const config = {
      summary_threshold: 4,
      summary_l2_trigger_ratio: 0.85,
      summary_keep_messages: 2,
      summary_prompt: `${scriptMarker("sum-patch")} Summarise:\n{messages}`,
    };
    await h.client.script("patch", [{ text: "noted", repeat: 5 }]);
    await h.client.script("sum-patch", [{ text: "S: four turns about reports" }]);
    const first = await turn("patch", "hello", threadId, config);
    // An earlier run stopped inside a tool call, and the history grew past the threshold after it.
    const { buildChatbotAgent } = await import("@/lib/agent/graph");
    const graph = await buildChatbotAgent(first.ctx, { services: { mcp: mcpToolSource } });
    await graph.updateState(
      { configurable: { thread_id: threadId } },
      {
        messages: [
          new AIMessage({ id: "dangling", content: "", tool_calls: [{ id: "lost", name: "write_todos", args: {} }] }),
          new HumanMessage({ id: "q2", content: para(1000, "T2") }),
          new AIMessage({ id: "a2", content: "noted T2" }),
          new HumanMessage({ id: "q3", content: para(1000, "T3") }),
          new AIMessage({ id: "a3", content: "noted T3" }),
        ],
      },
    );
    const r = await turn("patch", para(400, "T4"), threadId, config);
    const event = r.values._summarizationEvent as SummarizationEvent;
    expect(event).toBeDefined();
    const request = (await bodies("patch")).at(-1)!;
    expect(text(request.messages[1])).toContain("S: four turns about reports");
    expect(text(request.messages[2])).toBe("noted T3");
    // The saved history's cutoff names that same message, so later calls rebuild the same view.
    const saved = r.values.messages as BaseMessage[];
    expect(saved[event.cutoffIndex].id).toBe("a3");
    expect(
      effectiveMessages(saved, event)
        .slice(1, 3)
        .map((m) => m.id),
    ).toEqual(["a3", saved.at(-2)!.id]);
  });
});
