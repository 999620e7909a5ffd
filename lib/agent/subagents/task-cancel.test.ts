import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { cancelRun } from "@/lib/runs/cancel-run";
import { getDb } from "@/lib/db/client";
import { agentRuns } from "@/lib/db/schema";

// A stopped run's graph rejects at once, without waiting for its tool calls; a subagent's run
// then saves its own end while the parent saves its. Here the child's end is made slow (as under
// load) so the order is decided by the code, not by timing: the parent must wait for its child.
const CHILD_END_DELAY_MS = 400;
vi.mock("@/lib/db/runs", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/db/runs")>();
  return {
    ...original,
    finishRun: async (...args: Parameters<typeof original.finishRun>) => {
      if (args[2].status === "cancelled") await new Promise((r) => setTimeout(r, CHILD_END_DELAY_MS));
      return original.finishRun(...args);
    },
  };
});

let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

describe("stopping a run that delegated", () => {
  it("cancels its children, and the parent's end waits for theirs", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("p6", [
      {
        toolCalls: [{ name: "task", args: { description: `Slow ${scriptMarker("c6")}`, subagent_slug: "researcher" } }],
      },
      { text: "never" },
    ]);
    await h.client.script("c6", [{ text: "too late", firstTokenDelayMs: 20_000 }]);
    const { stream, run } = await startChatRun(actor, {
      threadId,
      message: userMessage(`Go ${scriptMarker("p6")}`),
      modelSpec: spec,
    });
    const reading = readAll(stream);
    const db = await getDb();
    let childRun: (typeof agentRuns.$inferSelect)[] = [];
    for (let i = 0; i < 100 && childRun.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      childRun = await db.select().from(agentRuns).where(eq(agentRuns.parentRunId, run.id));
    }
    expect(childRun).toHaveLength(1);
    const started = Date.now();
    await cancelRun(actor, run.id);
    await reading;
    await activeRunForThread(threadId)?.done;
    expect(Date.now() - started).toBeLessThan(5000);
    // When the parent's run has ended, so has the child's.
    const [after] = await db.select().from(agentRuns).where(eq(agentRuns.id, childRun[0].id));
    expect(after.status).toBe("cancelled");
    const [parent] = await db.select().from(agentRuns).where(eq(agentRuns.id, run.id));
    expect(parent.status).toBe("cancelled");
    expect(parent.finishedAt!.getTime()).toBeGreaterThanOrEqual(after.finishedAt!.getTime());
    expect((await h.client.requests("p6")).length).toBe(1); // the parent never called the model again
  });
});
