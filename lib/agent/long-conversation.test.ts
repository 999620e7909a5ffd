import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAgentHarness, createTestUser, type AgentHarness } from "@/lib/testing/agent-harness";
import { driveLongConversation, LONG_FACT } from "@/lib/testing/long-conversation";
import { countTextTokens } from "@/lib/agent/token-count";
import { JobRunner } from "@/lib/jobs/runner";
import { listMessages } from "@/lib/db/messages";
import "@/lib/memory/memory-job";

// The scripted long conversation (lib/testing/long-conversation.ts), end to end through chat runs on the
// scripted model server.
let h: AgentHarness;
let runner: JobRunner;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "long-conversation-")));
  h = await startAgentHarness();
  runner = new JobRunner({ pollMs: 50, leaseMs: 5000, retryBaseMs: 20 }).start();
});
afterAll(async () => {
  await runner.stop();
  await h.stop();
  vi.unstubAllEnvs();
});

type Msg = { role: string; content: unknown; tool_calls?: unknown[] };
type Body = { messages: Msg[]; tools?: unknown[] };
/** A message's text as the app counts it: the text of each content part. */
function text(m: Msg): string {
  if (typeof m.content === "string") return m.content;
  if (!Array.isArray(m.content)) return "";
  return m.content.map((p: { text?: string }) => (typeof p.text === "string" ? p.text : " [media] ")).join("");
}

/** Our approximate count of a request as sent: each message's text and tool calls, plus the tool schemas. */
function tokensOf(body: Body): number {
  const messages = body.messages.reduce(
    (n, m) => n + 4 + countTextTokens(text(m) + (m.tool_calls ? JSON.stringify(m.tool_calls) : "")),
    0,
  );
  return messages + (body.tools?.length ? countTextTokens(JSON.stringify(body.tools)) : 0);
}

describe("a 300-turn conversation with large tool results", () => {
  it("keeps every request under the threshold through L1 and L2, survives an overflow, and still knows turn 1", async () => {
    const admin = await createTestUser("superadmin");
    const actor = await createTestUser();
    const threshold = 8;
    const turns = 300;
    const { threadId } = await driveLongConversation({
      actor,
      admin,
      client: h.client,
      turns,
      overflowAt: 150,
      config: {
        summary_threshold: threshold,
        summary_l2_trigger_ratio: 0.8,
        summary_keep_messages: 6,
        summary_tool_result_token_limit: 300,
        // The threshold is sized for this tool set (system + tools ~3.1K of the 8K): an allow-list
        // naming no subagent keeps the `task` tool's schema out, as it was when these were chosen.
        subagents: ["none-of-them"],
      },
    });

    const log = await h.client.requests();
    const chat = log.filter((r) => r.path === "/chat/completions");
    const main = chat.filter((r) => r.key === "long-conversation");
    const bodies = main.filter((r) => r.status === 200).map((r) => r.body as Body);
    const summaries = chat.filter((r) => {
      const b = r.body as Body;
      return !b.tools?.length && b.messages.length === 1 && text(b.messages[0]).includes("<conversation>");
    });
    expect(main.length).toBeGreaterThanOrEqual(turns + turns / 3);

    // Every request the model answered stays under the threshold.
    const sizes = bodies.map(tokensOf);
    expect(Math.max(...sizes)).toBeLessThan(threshold * 1024);

    // Both paths: L2 passes (summary requests), and requests shortened by L1 alone.
    const isSummarised = (b: Body) => text(b.messages[1]).startsWith("This conversation was summarised");
    const l1 = bodies.filter((b) =>
      b.messages.some((m) => text(m).includes("[Tool result shortened to save context]")),
    );
    expect(summaries.length).toBeGreaterThanOrEqual(3);
    expect(l1.length).toBeGreaterThan(summaries.length);

    // The overflow: the call that failed is retried once, on the summary.
    const failed = main.findIndex((r) => r.status === 400);
    expect(failed).toBeGreaterThan(0);
    const retry = main[failed + 1].body as Body;
    expect(isSummarised(retry)).toBe(true);
    expect(main[failed + 1].status).toBe(200);

    // Turn 1's fact reaches the last request: in the summary or in MEMORY.md (the system prompt).
    const last = bodies.at(-1)!;
    const fact = "my project is called BLUEFIN";
    const inSummary = text(last.messages[1]).includes("BLUEFIN");
    const inMemory = text(last.messages[0]).includes(fact);
    expect(inSummary || inMemory, `the last request should carry "${LONG_FACT}"`).toBe(true);

    // The chat history the user sees keeps every message.
    const stored = await listMessages(actor, threadId);
    expect(stored.filter((m) => m.role === "user")).toHaveLength(turns);
    expect(stored.filter((m) => m.role === "assistant")).toHaveLength(turns);
    console.log(
      `long conversation: ${bodies.length} answered requests, max ${Math.max(...sizes)} tokens (${((Math.max(...sizes) / (threshold * 1024)) * 100).toFixed(1)} % of the threshold), ${summaries.length} L2 passes, ${l1.length} requests with L1 receipts, fact in summary ${inSummary}, in MEMORY.md ${inMemory}`,
    );
  }, 240_000);
});
