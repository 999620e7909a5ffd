import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { createThread, findThread } from "@/lib/db/threads";
import { finishTask, insertDelegatedTask, setTaskJob } from "@/lib/db/delegated-tasks";
import { findJob, insertJob } from "@/lib/db/jobs";
import type { Actor } from "@/lib/identity/actor";
import { deleteThreadEverywhere } from "./delete-thread";

let owner: Actor;
let other: Actor;

beforeAll(async () => {
  await createTestDatabase();
  const dept = await insertTestDepartment();
  owner = await insertTestUser({ departmentId: dept });
  other = await insertTestUser({ role: "admin", departmentId: dept });
});
afterAll(destroyTestDatabase);

/** A coordinator chat of the owner with one queued task (and its job) and one finished task. */
async function chatWithTasks() {
  const thread = await createThread(owner, { agentId: null, title: "coordinate", coordinator: true });
  const task = async (description: string) => {
    const row = await insertDelegatedTask(owner, {
      threadId: thread.id,
      parentRunId: null,
      agentSlug: null,
      agentName: "Worker",
      description,
      modelSpec: "demo:demo-chat",
      timeoutMs: 60_000,
    });
    const job = await insertJob({
      kind: "delegated-task",
      payload: { taskId: row.id },
      groupKey: `coordinator:${thread.id}`,
    });
    await setTaskJob(row.id, job.id);
    return { id: row.id, jobId: job.id };
  };
  const queued = await task("Count the berths");
  const done = await task("Name the harbour");
  await finishTask(done.id, { status: "completed", result: "Meridian Bay" });
  return { threadId: thread.id, jobId: queued.jobId };
}

describe("deleteThreadEverywhere", () => {
  it("cancels the chat's open delegated tasks' jobs, so no worker starts on a deleted chat", async () => {
    const { threadId, jobId } = await chatWithTasks();
    await deleteThreadEverywhere(owner, threadId);
    expect(await findThread(owner, threadId)).toBeNull();
    expect((await findJob(jobId))?.status).toBe("cancelled");
  });

  it("leaves another user's chat, its tasks and their jobs alone", async () => {
    const { threadId, jobId } = await chatWithTasks();
    await expect(deleteThreadEverywhere(other, threadId)).rejects.toMatchObject({ code: "not_found:thread" });
    expect(await findThread(owner, threadId)).not.toBeNull();
    expect((await findJob(jobId))?.status).toBe("queued");
  });
});
