import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  textOf,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { getDb } from "@/lib/db/client";
import { agentRuns, delegatedTasks, threads } from "@/lib/db/schema";
import { JobRunner } from "@/lib/jobs/runner";
import { childAgentBuilder } from "@/lib/agent/graph";
import { mcpToolSource } from "@/lib/mcp/tool-source";
import { registerDelegatedTaskJob } from "./task-job";
import { getThreadState } from "@/lib/runs/thread-state";

// Coordinator mode over real HTTP with the scripted model, tasks run by a real job runner.
let h: AgentHarness;
let runner: JobRunner;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
  registerDelegatedTaskJob(childAgentBuilder({ mcp: mcpToolSource }));
  runner = new JobRunner({ pollMs: 50, leaseMs: 1500, retryBaseMs: 20 }).start();
});
afterAll(async () => {
  await runner?.stop();
  await h.stop();
});
afterEach(() => {
  delete process.env.COORDINATOR_TASK_TIMEOUT_MS;
  delete process.env.USER_MAX_COORDINATOR_TASKS;
});

type Body = { messages: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] };
const bodies = async (key: string) =>
  (await h.client.requests(key)).filter((r) => r.path === "/chat/completions").map((r) => r.body as Body);
const text = (m: { content: unknown }) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content));
const toolResults = async (key: string) =>
  ((await bodies(key)).at(-1)?.messages ?? []).filter((m) => m.role === "tool").map(text);

async function turn(actor: Actor, threadId: string, words: string) {
  const { stream, run } = await startChatRun(actor, {
    threadId,
    message: userMessage(words),
    modelSpec: spec,
    coordinator: true,
  });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return { text: textOf(chunks), run };
}

async function tasksOf(threadId: string) {
  const db = await getDb();
  return db.select().from(delegatedTasks).where(eq(delegatedTasks.threadId, threadId));
}

const delegate = (description: string, agent?: string) => ({
  name: "delegate_task",
  args: { description, ...(agent ? { agent } : {}) },
});

describe("coordinator mode", () => {
  it("delegates without waiting, checks without blocking, and synthesizes the results", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("q1", [
      { toolCalls: [delegate(`Alpha ${scriptMarker("w1a")}`, "researcher"), delegate(`Beta ${scriptMarker("w1b")}`)] },
      { toolCalls: [{ name: "check_task", args: { task_id: "{{tool:0:task_id}}" } }] },
      { toolCalls: [{ name: "synthesize", args: { task_ids: ["{{tool:0:task_id}}", "{{tool:1:task_id}}"] } }] },
      { text: "Both are in." },
    ]);
    await h.client.script("w1a", [{ text: "Alpha result.", firstTokenDelayMs: 800 }]);
    await h.client.script("w1b", [{ text: "Beta result.", firstTokenDelayMs: 800 }]);
    const started = Date.now();
    const r = await turn(actor, threadId, `Go ${scriptMarker("q1")}`);
    expect(r.text).toContain("Both are in.");

    // The coordinator's own tools; no `task` beside them.
    const first = (await bodies("q1"))[0];
    const names = first.tools?.map((t) => t.function.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(["delegate_task", "check_task", "task_stop", "synthesize"]));
    expect(names).not.toContain("task");

    const results = await toolResults("q1");
    // delegate_task returned ids at once; check_task answered while the workers still waited for their model.
    expect(results[0]).toMatch(/^task_id: [\w-]+\nQueued for Researcher\./);
    expect(results[2]).toMatch(/status: (queued|running)/);
    const synthesis = results[3];
    expect(synthesis).toMatch(/^2 completed/);
    expect(synthesis).toContain("Alpha result.");
    expect(synthesis).toContain("Beta result.");
    expect(Date.now() - started).toBeLessThan(800 * 2 + 3000);

    // Tasks are rows with their child threads and subagent runs under the delegating run.
    const tasks = await tasksOf(threadId);
    expect(tasks.map((t) => t.status)).toEqual(["completed", "completed"]);
    const db = await getDb();
    const runs = await db
      .select()
      .from(agentRuns)
      .where(
        inArray(
          agentRuns.id,
          tasks.map((t) => t.childRunId!),
        ),
      );
    expect(runs.map((x) => [x.runType, x.parentRunId, x.status])).toEqual([
      ["subagent", r.run.id, "completed"],
      ["subagent", r.run.id, "completed"],
    ]);
    // The worker without an agent is the chat's own agent, as a subagent: it never delegates.
    const beta = (await bodies("w1b"))[0].tools?.map((t) => t.function.name) ?? [];
    expect(beta).not.toContain("delegate_task");
    expect(beta).not.toContain("task");
    const children = await db.select().from(threads).where(eq(threads.parentThreadId, threadId));
    expect(children).toHaveLength(2);
    // The panel's state lists the tasks with their workers' tokens, and not again as subagent runs.
    const state = await getThreadState(actor, threadId);
    expect(state.coordinator).toBe(true);
    expect(state.subagentRuns).toEqual([]);
    expect(state.delegatedTasks.map((t) => [t.status, t.tokens !== null, t.childThreadId !== null])).toEqual([
      ["completed", true, true],
      ["completed", true, true],
    ]);
  });

  it("runs at most four tasks of a chat at once", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const keys = Array.from({ length: 7 }, (_, i) => `w2-${i}`);
    for (const key of keys) await h.client.script(key, [{ text: `${key} done`, firstTokenDelayMs: 400 }]);
    await h.client.script("q2", [
      { toolCalls: keys.map((key) => delegate(`Job ${scriptMarker(key)}`)) },
      { toolCalls: [{ name: "synthesize", args: { task_ids: keys.map((_, i) => `{{tool:${i}:task_id}}`) } }] },
      { text: "All seven." },
    ]);
    const r = await turn(actor, threadId, `Go ${scriptMarker("q2")}`);
    expect(r.text).toContain("All seven.");
    expect((await toolResults("q2")).at(-1)).toMatch(/^7 completed/);
    const tasks = await tasksOf(threadId);
    const spans = tasks.map((t) => [t.startedAt!.getTime(), t.finishedAt!.getTime()] as const);
    const most = Math.max(...spans.map(([s]) => spans.filter(([a, b]) => a <= s && s < b).length));
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThanOrEqual(2);
  });

  // Without a cap across chats one person could keep 50 tasks open in every chat they start.
  it("caps one person's unfinished tasks across their chats (USER_MAX_COORDINATOR_TASKS)", async () => {
    process.env.USER_MAX_COORDINATOR_TASKS = "1";
    const actor = await createTestUser();
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await h.client.script("w9", [{ text: "never", firstTokenDelayMs: 20_000 }]);
    await h.client.script("q9a", [
      { toolCalls: [delegate(`Slow ${scriptMarker("w9")}`)] },
      { text: "Queued." },
      // The chat's next turn (its first message names this script) stops the task.
      { toolCalls: [{ name: "task_stop", args: { task_id: "{{tool:0:task_id}}" } }] },
      { text: "Stopped." },
    ]);
    await h.client.script("q9b", [{ toolCalls: [delegate("Another job")] }, { text: "Could not." }]);
    expect((await turn(actor, first, `Go ${scriptMarker("q9a")}`)).text).toContain("Queued.");
    expect((await turn(actor, second, `Go ${scriptMarker("q9b")}`)).text).toContain("Could not.");
    expect((await toolResults("q9b"))[0]).toBe(
      "Error: the user already has 1 unfinished tasks across their chats, the most one person may. Wait for some with synthesize, or stop some.",
    );
    expect(await tasksOf(second)).toEqual([]);
    delete process.env.USER_MAX_COORDINATOR_TASKS;
    expect((await turn(actor, first, "Stop it.")).text).toContain("Stopped.");
    expect((await tasksOf(first)).map((t) => t.status)).toEqual(["cancelled"]);
  });

  it("stops a task at once, aborting its model call, and stopping again is harmless", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("w3", [{ text: "never", firstTokenDelayMs: 20_000 }]);
    await h.client.script("q3", [
      { toolCalls: [delegate(`Slow ${scriptMarker("w3")}`)] },
      // The coordinator thinks a moment: the worker's model call is under way by then.
      { firstTokenDelayMs: 800, toolCalls: [{ name: "task_stop", args: { task_id: "{{tool:0:task_id}}" } }] },
      { toolCalls: [{ name: "task_stop", args: { task_id: "{{tool:0:task_id}}" } }] },
      { toolCalls: [{ name: "check_task", args: { task_id: "{{tool:0:task_id}}" } }] },
      { toolCalls: [{ name: "task_stop", args: { task_id: "no-such-task" } }] },
      { text: "Stopped it." },
    ]);
    const started = Date.now();
    const r = await turn(actor, threadId, `Go ${scriptMarker("q3")}`);
    expect(r.text).toContain("Stopped it.");
    expect(Date.now() - started).toBeLessThan(10_000);
    const [, stop1, stop2, check, unknown] = await toolResults("q3");
    expect(stop1).toMatch(/^Task [\w-]+ stopped\.$/);
    expect(stop2).toMatch(/had already ended \(cancelled\); nothing to stop\.$/);
    expect(check).toContain("status: stopped");
    expect(unknown).toBe("Error: there is no task no-such-task in this chat.");
    const [task] = await tasksOf(threadId);
    expect(task.status).toBe("cancelled");
    // The scripted server saw the worker's call closed before its answer.
    await expect
      .poll(async () => (await h.client.requests("w3")).map((x) => x.closedByClient), { timeout: 5000 })
      .toEqual([true]);
    const db = await getDb();
    await expect
      .poll(async () => (await db.select().from(agentRuns).where(eq(agentRuns.id, task.childRunId!)))[0]?.status)
      .toBe("cancelled");
  });

  it("reports a timed-out task in synthesize instead of failing", async () => {
    process.env.COORDINATOR_TASK_TIMEOUT_MS = "1000";
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("w4a", [{ text: "too slow", firstTokenDelayMs: 20_000 }]);
    await h.client.script("w4b", [{ fault: { status: 400, message: "worker refused", repeat: 5 } }]);
    await h.client.script("w4c", [{ text: "Quick answer." }]);
    await h.client.script("q4", [
      {
        toolCalls: [
          delegate(`Slow ${scriptMarker("w4a")}`),
          delegate(`Bad ${scriptMarker("w4b")}`),
          delegate(`Quick ${scriptMarker("w4c")}`),
        ],
      },
      {
        toolCalls: [
          {
            name: "synthesize",
            args: { task_ids: ["{{tool:0:task_id}}", "{{tool:1:task_id}}", "{{tool:2:task_id}}", "ghost"] },
          },
        ],
      },
      { text: "Reported." },
    ]);
    const r = await turn(actor, threadId, `Go ${scriptMarker("q4")}`);
    expect(r.text).toContain("Reported.");
    const report = (await toolResults("q4")).at(-1)!;
    expect(report.split("\n")[0]).toBe("1 timed out, 1 failed, 1 completed, 1 unknown");
    expect(report).toContain("The task timed out after 1 s.");
    expect(report).toContain("worker refused");
    expect(report).toContain("Quick answer.");
    const statuses = Object.fromEntries((await tasksOf(threadId)).map((t) => [t.description.split(" ")[0], t.status]));
    expect(statuses).toEqual({ Slow: "timed_out", Bad: "failed", Quick: "completed" });
  });

  it("refuses another user's task and another chat's task", async () => {
    const actor = await createTestUser();
    const other = await createTestUser();
    const threadId = crypto.randomUUID();
    // Still working while the others probe it: a stop that got through would cancel it.
    await h.client.script("w5", [{ text: "mine", firstTokenDelayMs: 2500 }]);
    await h.client.script("q5", [{ toolCalls: [delegate(`Mine ${scriptMarker("w5")}`)] }, { text: "ok" }]);
    await turn(actor, threadId, `Go ${scriptMarker("q5")}`);
    const [task] = await tasksOf(threadId);
    const probe = async (who: Actor, chat: string, key: string) => {
      await h.client.script(key, [
        { toolCalls: [{ name: "task_stop", args: { task_id: task.id } }] },
        { toolCalls: [{ name: "check_task", args: { task_id: task.id } }] },
        { text: "done" },
      ]);
      await turn(who, chat, `Probe ${scriptMarker(key)}`);
      return toolResults(key);
    };
    const none = [
      `Error: there is no task ${task.id} in this chat.`,
      `Error: there is no task ${task.id} in this chat.`,
    ];
    expect(await probe(other, crypto.randomUUID(), "q5-other")).toEqual(none);
    expect(await probe(actor, crypto.randomUUID(), "q5-chat")).toEqual(none);
    // It was never stopped: it finishes with its answer, and its model call ran to the end.
    await expect.poll(async () => (await tasksOf(threadId))[0].status, { timeout: 8000 }).toBe("completed");
    expect((await h.client.requests("w5")).map((x) => x.closedByClient)).toEqual([undefined]);
  });
});
