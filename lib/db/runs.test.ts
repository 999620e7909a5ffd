import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import { createThread, findThread } from "./threads";
import { createRun, endRunWrites, findRun, finishRun } from "./runs";
import { listMessages } from "./messages";
import { getDb } from "./client";
import { threads } from "./schema";

let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  await createTestDatabase();
  alice = await createTestUser();
  bob = await createTestUser();
});
afterAll(destroyTestDatabase);

describe("finishRun", () => {
  it("records how the actor's own run ended, and leaves another user's run as it is", async () => {
    const thread = await createThread(alice, { id: crypto.randomUUID(), title: "t", agentId: null });
    const run = await createRun(alice, { threadId: thread.id, agentId: null, modelSpec: "demo:demo" });

    await finishRun(bob, run.id, { status: "failed", error: { code: "internal:run", message: "not yours" } });
    expect(await findRun(alice, run.id)).toMatchObject({ status: "running", error: null, finishedAt: null });

    await finishRun(alice, run.id, { status: "completed", tokenUsage: { runId: run.id } });
    const done = await findRun(alice, run.id);
    expect(done).toMatchObject({ status: "completed", tokenUsage: { runId: run.id }, error: null });
    expect(done?.finishedAt).toBeInstanceOf(Date);
  });
});

async function aliceRun() {
  const thread = await createThread(alice, { id: crypto.randomUUID(), title: "t", agentId: null });
  const run = await createRun(alice, { threadId: thread.id, agentId: null, modelSpec: "demo:demo" });
  return { thread, run };
}

const answer = (id: string) => ({
  id,
  role: "assistant" as const,
  parts: [{ type: "text" as const, text: "The answer." }],
  metadata: { model: "demo:demo" },
});

describe("endRunWrites", () => {
  it("saves the answer, the run's outcome and the thread's time together", async () => {
    const { thread, run } = await aliceRun();
    // Last touched a minute ago: a run ending in the millisecond the thread was made would tie.
    const touched = new Date(Date.now() - 60_000);
    await (await getDb()).update(threads).set({ updatedAt: touched }).where(eq(threads.id, thread.id));
    const id = `msg-${crypto.randomUUID()}`;
    const saved = await endRunWrites(alice, {
      threadId: thread.id,
      runId: run.id,
      answer: answer(id),
      result: { status: "completed", tokenUsage: { runId: run.id } },
    });
    expect(saved).toEqual({ answerSaved: true });
    expect(await listMessages(alice, thread.id)).toEqual([answer(id)]);
    const done = await findRun(alice, run.id);
    expect(done).toMatchObject({ status: "completed", tokenUsage: { runId: run.id }, error: null });
    expect(done?.finishedAt).toBeInstanceOf(Date);
    const after = await findThread(alice, thread.id);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(touched.getTime());
  });

  it("records a run that ended without an answer", async () => {
    const { thread, run } = await aliceRun();
    const error = { code: "internal:run", message: "The model failed." };
    const saved = await endRunWrites(alice, {
      threadId: thread.id,
      runId: run.id,
      answer: null,
      result: { status: "failed", error },
    });
    expect(saved).toEqual({ answerSaved: false });
    expect(await findRun(alice, run.id)).toMatchObject({ status: "failed", error, tokenUsage: null });
    expect(await listMessages(alice, thread.id)).toEqual([]);
  });

  it("leaves another user's thread and run as they are", async () => {
    const { thread, run } = await aliceRun();
    const saved = await endRunWrites(bob, {
      threadId: thread.id,
      runId: run.id,
      answer: answer(`msg-${crypto.randomUUID()}`),
      result: { status: "cancelled" },
    });
    expect(saved).toEqual({ answerSaved: false });
    expect(await findRun(alice, run.id)).toMatchObject({ status: "running", finishedAt: null });
    expect(await listMessages(alice, thread.id)).toEqual([]);
    expect((await findThread(alice, thread.id))!.updatedAt).toEqual(thread.updatedAt);
  });
});
