import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/auth/actor";
import { createThread } from "./threads";
import { createRun, findRun, finishRun } from "./runs";

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
