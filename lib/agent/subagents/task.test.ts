import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  textOf,
  dataParts,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { getThreadState } from "@/lib/runs/thread-state";
import { getDb } from "@/lib/db/client";
import { agentRuns, threads } from "@/lib/db/schema";
import { listThreads } from "@/lib/db/threads";
import { userWorkspaceDir, workdirOf } from "@/lib/workspace/paths";
import { KB_TOOL_NAMES } from "@/lib/agent/tools/kb-tools";
import { seedSkills } from "@/lib/bootstrap/seed-skills";
import { threadMessages } from "@/lib/runs/child-transcript";

// The `task` tool over real HTTP with the scripted model: the requests each model got are the evidence.
let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

type Body = { messages: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] };
const bodies = async (key: string) =>
  (await h.client.requests(key)).filter((r) => r.path === "/chat/completions").map((r) => r.body as Body);
const text = (m: { content: unknown }) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content));

async function turn(actor: Actor, threadId: string, words: string) {
  const { stream, run } = await startChatRun(actor, { threadId, message: userMessage(words), modelSpec: spec });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return { chunks, text: textOf(chunks), run };
}

async function runsOf(threadId: string) {
  const db = await getDb();
  return db.select().from(agentRuns).where(eq(agentRuns.threadId, threadId));
}

describe("the task tool", () => {
  it("runs the subagent on a child thread with its own run row, and a returned thread id continues it", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const ask = (words: string, extra: Record<string, unknown> = {}) => ({
      toolCalls: [{ name: "task", args: { description: words, subagent_slug: "researcher", ...extra } }],
    });
    await h.client.script("p1", [
      ask(`Find the capital of France. ${scriptMarker("c1")}`),
      { text: "Paris, says the researcher.", usage: { prompt_tokens: 100, completion_tokens: 5 } },
    ]);
    await h.client.script("c1", [
      { text: "The capital of France is Paris.", usage: { prompt_tokens: 40, completion_tokens: 7 } },
      { text: "Its population is about 2.1 million.", usage: { prompt_tokens: 60, completion_tokens: 8 } },
    ]);
    const first = await turn(actor, threadId, `Where? ${scriptMarker("p1")}`);
    expect(first.text).toContain("Paris, says the researcher.");

    // The child: its own thread under this chat, never in the chat list, and a subagent run under the parent run.
    const db = await getDb();
    const children = await db.select().from(threads).where(eq(threads.parentThreadId, threadId));
    expect(children).toHaveLength(1);
    const child = children[0];
    expect(child).toMatchObject({ rootThreadId: threadId, agentId: "agent-researcher", userId: actor.id });
    expect((await listThreads(actor)).map((t) => t.id)).not.toContain(child.id);
    const [childRun] = await runsOf(child.id);
    expect(childRun).toMatchObject({ runType: "subagent", parentRunId: first.run.id, status: "completed" });
    // The chat's status shows the child's run (its thread is the transcript to open).
    const state = await getThreadState(actor, threadId);
    expect(state.subagentRuns.map((r) => [r.id, r.threadId, r.parentRunId, r.agentName, r.title])).toEqual([
      [childRun.id, child.id, first.run.id, "Researcher", `Find the capital of France. ${scriptMarker("c1")}`],
    ]);
    expect(state.runs.map((r) => r.id)).toEqual([first.run.id]);
    // Usage stays on each run: the child's 40 + 7 tokens are not in the parent's.
    const childTotals = (childRun.tokenUsage as { totals: { inputTokens: number } }).totals;
    expect(childTotals.inputTokens).toBe(40);
    const [parentRun] = (await runsOf(threadId)).filter((r) => r.id === first.run.id);
    expect(JSON.stringify(parentRun.tokenUsage)).not.toContain('"inputTokens":40');

    // The parent got the child's answer after its thread id; the child never saw `task`.
    const parentSecond = (await bodies("p1"))[1];
    const result = parentSecond.messages.find((m) => m.role === "tool")!;
    expect(text(result)).toBe(`thread_id: ${child.id}\n\nThe capital of France is Paris.`);
    const childFirst = (await bodies("c1"))[0];
    expect(childFirst.tools?.map((t) => t.function.name)).not.toContain("task");
    expect(childFirst.tools?.map((t) => t.function.name)).not.toContain("ask_user_question");
    expect(childFirst.tools?.map((t) => t.function.name)).toContain("read_file");
    expect(text(childFirst.messages[0])).toContain("You research one question for the main agent.");
    // The child's tokens never reached the parent's answer; its progress did, as a subagent part.
    expect(first.text).not.toContain("capital of France is Paris");
    const parts = dataParts(first.chunks, "subagent");
    // One part, updated in place (the client keeps the latest of its id): started, progress, completed.
    expect(parts.map((p) => p.status)).toContain("progress");
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.at(-1)).toMatchObject({
      status: "completed",
      subagent: "Researcher",
      threadId: child.id,
      runId: childRun.id,
      tokens: { input: 40, output: 7 },
    });

    // Continuing: the same child conversation, with its history.
    await h.client.script("p1", [
      ask(`And its population? ${scriptMarker("c1")}`, { thread_id: child.id }),
      { text: "About 2.1 million." },
    ]);
    await turn(actor, threadId, `More ${scriptMarker("p1")}`);
    const childSecond = (await bodies("c1"))[1];
    expect(childSecond.messages.filter((m) => m.role !== "system").map(text)).toEqual([
      `Find the capital of France. ${scriptMarker("c1")}`,
      "The capital of France is Paris.",
      `And its population? ${scriptMarker("c1")}`,
    ]);
    expect(await db.select().from(threads).where(eq(threads.parentThreadId, threadId))).toHaveLength(1);
    expect((await runsOf(child.id)).map((r) => r.status)).toEqual(["completed", "completed"]);

    // The transcript the status panel opens is read from the child's checkpoint.
    const transcript = await threadMessages(actor, child);
    expect(transcript.map((m) => [m.role, m.parts.filter((p) => p.type === "text").map((p) => p.text)])).toEqual([
      ["user", [`Find the capital of France. ${scriptMarker("c1")}`]],
      ["assistant", ["The capital of France is Paris."]],
      ["user", [`And its population? ${scriptMarker("c1")}`]],
      ["assistant", ["Its population is about 2.1 million."]],
    ]);
    // A child conversation is not a chat: sending to it is refused and writes nothing.
    await expect(
      startChatRun(actor, { threadId: child.id, message: userMessage("hijack"), modelSpec: spec }),
    ).rejects.toMatchObject({ code: "bad_request:chat" });
    expect(await runsOf(child.id)).toHaveLength(2);
  });

  it("the seeded researcher searches knowledge bases from turn 1 and writes its notes to the chat's workdir", async () => {
    await seedSkills(); // the built-in knowledge-base skill it preloads
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const notes = `${workdirOf(threadId)}/outputs/research/capitals.md`;
    await h.client.script("p7", [
      {
        toolCalls: [
          { name: "task", args: { description: `Capitals ${scriptMarker("c7")}`, subagent_slug: "researcher" } },
        ],
      },
      { text: "Noted." },
    ]);
    await h.client.script("c7", [
      { toolCalls: [{ name: "write_file", args: { file_path: notes, content: "# Capitals\n- France: Paris\n" } }] },
      { text: "**Answer**: Paris. Notes in outputs/research/capitals.md." },
    ]);
    const r = await turn(actor, threadId, `Go ${scriptMarker("p7")}`);
    expect(r.text).toContain("Noted.");
    const childFirst = (await bodies("c7"))[0];
    const tools = childFirst.tools?.map((t) => t.function.name) ?? [];
    for (const name of KB_TOOL_NAMES) expect(tools).toContain(name);
    // No approval was asked: the note is on disk in the parent chat's workdir, and the task completed.
    const saved = path.join(userWorkspaceDir(actor.id), notes.slice("/home/gem/user-data/".length));
    expect(fs.readFileSync(saved, "utf8")).toBe("# Capitals\n- France: Paris\n");
    expect(text((await bodies("p7"))[1].messages.find((m) => m.role === "tool")!)).toContain("**Answer**: Paris.");
    expect(dataParts(r.chunks, "subagent").at(-1)?.status).toBe("completed");
  });

  it("runs parallel task calls at the same time", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const call = (key: string) => ({
      name: "task",
      args: { description: `Look into ${key}. ${scriptMarker(key)}`, subagent_slug: "researcher" },
    });
    await h.client.script("p2", [{ toolCalls: [call("c2a"), call("c2b")] }, { text: "Both done." }]);
    await h.client.script("c2a", [{ text: "A found.", firstTokenDelayMs: 400 }]);
    await h.client.script("c2b", [{ text: "B found.", firstTokenDelayMs: 400 }]);
    const started = Date.now();
    const r = await turn(actor, threadId, `Two things ${scriptMarker("p2")}`);
    expect(r.text).toContain("Both done.");
    const db = await getDb();
    const children = await db.select().from(threads).where(eq(threads.parentThreadId, threadId));
    const runs = (await Promise.all(children.map((c) => runsOf(c.id)))).flat();
    expect(runs).toHaveLength(2);
    const [a, b] = runs;
    // Each child waited 400 ms for its model: their runs overlap, and the turn took less than both in a row.
    expect(a.createdAt.getTime()).toBeLessThan(b.finishedAt!.getTime());
    expect(b.createdAt.getTime()).toBeLessThan(a.finishedAt!.getTime());
    expect(Date.now() - started).toBeLessThan(800 + 2000);
    const results = (await bodies("p2"))[1].messages.filter((m) => m.role === "tool").map(text);
    expect(results.some((t) => t.endsWith("A found."))).toBe(true);
    expect(results.some((t) => t.endsWith("B found."))).toBe(true);
  });

  it("gives the parent a readable error when the child fails, and the parent still answers", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("p3", [
      {
        toolCalls: [{ name: "task", args: { description: `Try ${scriptMarker("c3")}`, subagent_slug: "researcher" } }],
      },
      { text: "The researcher could not help; here is what I know." },
    ]);
    await h.client.script("c3", [{ fault: { status: 400, message: "the child's request was refused", repeat: 5 } }]);
    const r = await turn(actor, threadId, `Go ${scriptMarker("p3")}`);
    expect(r.text).toContain("The researcher could not help");
    const result = text((await bodies("p3"))[1].messages.find((m) => m.role === "tool")!);
    expect(result).toMatch(/^Error: Subagent "researcher" failed: /);
    const db = await getDb();
    const [child] = await db.select().from(threads).where(eq(threads.parentThreadId, threadId));
    const [childRun] = await runsOf(child.id);
    expect(childRun.status).toBe("failed");
    expect(dataParts(r.chunks, "subagent").at(-1)?.status).toBe("failed");
  });

  it("refuses another chat's or another user's child thread, and a chat's own thread", async () => {
    const actor = await createTestUser();
    const other = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("p4", [
      { toolCalls: [{ name: "task", args: { description: `x ${scriptMarker("c4")}`, subagent_slug: "researcher" } }] },
      { text: "ok" },
    ]);
    await h.client.script("c4", [{ text: "child answer" }]);
    await turn(actor, threadId, `Go ${scriptMarker("p4")}`);
    const db = await getDb();
    const [child] = await db.select().from(threads).where(eq(threads.parentThreadId, threadId));

    let n = 0;
    const attempt = async (who: Actor, chat: string, threadArg: string) => {
      const key = `p5-${++n}`;
      await h.client.script(key, [
        {
          toolCalls: [
            {
              name: "task",
              args: { description: `y ${scriptMarker("c5")}`, subagent_slug: "researcher", thread_id: threadArg },
            },
          ],
        },
        { text: "done" },
      ]);
      await turn(who, chat, `Go ${scriptMarker(key)}`);
      return text((await bodies(key)).at(-1)!.messages.find((m) => m.role === "tool")!);
    };
    // Another chat of the same user, and another user, cannot continue it; nothing runs on it.
    expect(await attempt(actor, crypto.randomUUID(), child.id)).toBe(
      `Error: There is no subagent conversation ${child.id} in this chat.`,
    );
    expect(await attempt(other, crypto.randomUUID(), child.id)).toBe(
      `Error: There is no subagent conversation ${child.id} in this chat.`,
    );
    // A chat's own thread is not a subagent conversation.
    const chat = crypto.randomUUID();
    expect(await attempt(actor, chat, chat)).toBe(`Error: There is no subagent conversation ${chat} in this chat.`);
    expect(await runsOf(child.id)).toHaveLength(1);
    expect((await h.client.requests("c5")).length).toBe(0);
  });
});
