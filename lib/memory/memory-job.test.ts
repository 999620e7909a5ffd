import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { modelScriptKey, scriptMarker } from "@/lib/testing/scripted-model";
import { readUntil } from "@/lib/testing/wait";
import { JobRunner } from "@/lib/jobs/runner";
import { findJob } from "@/lib/db/jobs";
import { getDb } from "@/lib/db/client";
import { jobs } from "@/lib/db/kb-schema";
import { eq } from "drizzle-orm";
import { openWorkspace } from "@/lib/workspace/open";
import type { Actor } from "@/lib/identity/actor";
import { enqueueMemoryExtraction, memoryTranscript, MEMORY_JOB, MEMORY_PATH } from "./memory-job";
import { MEMORY_HEADING } from "./memory-file";

let h: AgentHarness;
let runner: JobRunner;
const modelSpec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "memory-")));
  h = await startAgentHarness();
  runner = new JobRunner({ pollMs: 50, leaseMs: 2000, retryBaseMs: 20 }).start();
});
afterAll(async () => {
  await runner.stop();
  await h.stop();
  vi.unstubAllEnvs();
});

async function memoryOf(actor: Actor): Promise<string> {
  const ws = openWorkspace(actor.id);
  return (await ws.stat(MEMORY_PATH)) ? (await ws.readBytes(MEMORY_PATH)).toString("utf8") : "";
}

async function jobsOfThread(threadId: string) {
  const db = await getDb();
  const rows = await db.select().from(jobs).where(eq(jobs.kind, MEMORY_JOB));
  return rows.filter((r) => (r.payload as { threadId?: string }).threadId === threadId);
}

describe("the memory bridge", () => {
  it("reads what the user and the agent said, names the tools used, and leaves tool output out", () => {
    const t = memoryTranscript([
      new HumanMessage("Call me Bo."),
      new AIMessage({
        content: "",
        tool_calls: [{ id: "1", name: "grep", args: { pattern: "x" }, type: "tool_call" }],
      }),
      new ToolMessage({ content: "SECRET-TOOL-OUTPUT", tool_call_id: "1", name: "grep" }),
      new AIMessage("Hello Bo"),
    ]);
    expect(t).toBe("User: Call me Bo.\n\n(Assistant used: grep)\n\nAssistant: Hello Bo");
    expect(memoryTranscript([new HumanMessage("x".repeat(50_000))]).length).toBeLessThan(33_000);
  });

  it("appends the durable facts of cut-off messages to the user's MEMORY.md, once, next to the user's own text", async () => {
    const actor = await createTestUser();
    const other = await createTestUser();
    await openWorkspace(actor.id).writeBytes(MEMORY_PATH, "# Notes\nI write TypeScript.\n");
    const threadId = crypto.randomUUID();
    const messages = [
      new HumanMessage(`Remember that my favourite colour is teal. Also, fix the build. ${scriptMarker("x")}`),
      new AIMessage("Done."),
      new HumanMessage("I write TypeScript."),
    ];
    await enqueueMemoryExtraction({ userId: actor.id, threadId, modelSpec, cutoffIndex: 3, messages });
    const text = await readUntil(
      () => memoryOf(actor),
      (t) => t.includes("teal"),
    );
    expect(text).toMatch(
      new RegExp(
        `^# Notes\\nI write TypeScript\\.\\n\\n${MEMORY_HEADING}\\n- Remember that my favourite colour is teal\\. \\(\\d{4}-\\d{2}-\\d{2}\\)\\n$`,
      ),
    );
    // The same fact cut again later (another pass) is not added twice.
    await enqueueMemoryExtraction({ userId: actor.id, threadId, modelSpec, cutoffIndex: 9, messages });
    const [first, second] = await readUntil(
      () => jobsOfThread(threadId),
      (rows) => rows.length === 2 && rows.every((r) => r.status === "completed"),
    );
    expect([first.status, second.status]).toEqual(["completed", "completed"]);
    expect(await memoryOf(actor)).toBe(text);
    expect(await memoryOf(other)).toBe("");
  });

  it("a refused extraction fails the job after its attempts and leaves the file alone", async () => {
    const actor = await createTestUser();
    // Every attempt refused (the runner retries a job up to its maxAttempts).
    await h.client.script(modelScriptKey("mock-chat"), [{ fault: { status: 400, message: "no", repeat: 3 } }]);
    const threadId = crypto.randomUUID();
    await enqueueMemoryExtraction({
      userId: actor.id,
      threadId,
      modelSpec,
      cutoffIndex: 2,
      messages: [new HumanMessage("My name is Ana."), new AIMessage("Hi Ana")],
    });
    try {
      const [row] = await readUntil(
        () => jobsOfThread(threadId),
        (rows) => rows[0]?.status === "failed",
      );
      expect((await findJob(row.id))?.status).toBe("failed");
      expect(await memoryOf(actor)).toBe("");
      const sent = (await h.client.requests(modelScriptKey("mock-chat"))).map((r) => JSON.stringify(r.body));
      expect(sent[0]).toContain("User: My name is Ana.");
    } finally {
      await h.client.removeScript(modelScriptKey("mock-chat"));
    }
  });

  it("an L2 summary in a chat hands the cut messages over, and MEMORY.md gets the fact from turn 1", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const config = {
      summary_threshold: 4,
      summary_l2_trigger_ratio: 0.85,
      summary_keep_messages: 2,
      summary_prompt: `${scriptMarker("mem-sum")} {messages}`,
    };
    await h.client.script("mem-chat", [{ text: "ok", repeat: 10 }]);
    await h.client.script("mem-sum", [{ text: "S", repeat: 5 }]);
    const long = " lantern harbor meadow".repeat(130);
    await runAgentTurn(actor, `I prefer metric units. ${long} ${scriptMarker("mem-chat")}`, {
      modelSpec,
      threadId,
      config,
    });
    for (let i = 2; i <= 3; i++) {
      await runAgentTurn(actor, `turn ${i} ${long} ${scriptMarker("mem-chat")}`, { modelSpec, threadId, config });
    }
    const text = await readUntil(
      () => memoryOf(actor),
      (t) => t.includes("metric"),
    );
    expect(text).toContain("- I prefer metric units.");
    expect((await jobsOfThread(threadId)).length).toBeGreaterThanOrEqual(1);
  });
});
