import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { createApiToken } from "@/lib/db/api-tokens";
import { createThread } from "@/lib/db/threads";
import { findDelegatedTasks, insertDelegatedTask, setTaskJob } from "@/lib/db/delegated-tasks";
import { findJob, insertJob } from "@/lib/db/jobs";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { POST } = await import("./route");

let owner: Actor;
let other: Actor;
let adminB: Actor;

beforeAll(async () => {
  await createTestDatabase();
  const deptA = await insertTestDepartment();
  const deptB = await insertTestDepartment();
  owner = await insertTestUser({ departmentId: deptA });
  other = await insertTestUser({ departmentId: deptA });
  adminB = await insertTestUser({ role: "admin", departmentId: deptB });
});
afterAll(destroyTestDatabase);

const signedInAs = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const stop = (threadId: string, taskId: string, headers: Record<string, string> = {}) =>
  POST(
    new Request(`http://localhost:3100/api/threads/${threadId}/tasks/${taskId}/stop`, {
      method: "POST",
      headers: { host: "localhost:3100", origin: "http://localhost:3100", ...headers },
    }),
    { params: Promise.resolve({ id: threadId, taskId }) },
  );
const bearer = async (actor: Actor) => ({
  authorization: `Bearer ${(await createApiToken(actor, { name: "script" })).token}`,
});

/** A coordinator chat of the owner with one queued task and its job. */
async function queuedTask() {
  const thread = await createThread(owner, { agentId: null, title: "coordinate", coordinator: true });
  const task = await insertDelegatedTask(owner, {
    threadId: thread.id,
    parentRunId: null,
    agentSlug: null,
    agentName: "Worker",
    description: "Count the berths",
    modelSpec: "demo:demo-chat",
    timeoutMs: 60_000,
  });
  const job = await insertJob({
    kind: "delegated-task",
    payload: { taskId: task.id },
    groupKey: `coordinator:${thread.id}`,
    groupLimit: 4,
  });
  await setTaskJob(task.id, job.id);
  return { threadId: thread.id, taskId: task.id, jobId: job.id };
}

const statusOf = async (threadId: string, taskId: string) =>
  (await findDelegatedTasks(owner, threadId, [taskId]))[0].status;

describe("POST /api/threads/:id/tasks/:taskId/stop", () => {
  it("refuses anonymous, another user and another department's admin (session or token), changing nothing", async () => {
    const { threadId, taskId, jobId } = await queuedTask();
    signedInAs(null);
    expect((await stop(threadId, taskId)).status).toBe(401);
    for (const actor of [other, adminB]) {
      signedInAs(actor);
      expect((await stop(threadId, taskId)).status).toBe(404);
      signedInAs(null);
      const res = await stop(threadId, taskId, await bearer(actor));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: "not_found:task", message: "This task does not exist in this conversation." },
      });
    }
    expect(await statusOf(threadId, taskId)).toBe("queued");
    expect((await findJob(jobId))?.status).toBe("queued");
  });

  it("the owner's token stops the task and its job; stopping again answers the same task, not stopped", async () => {
    const { threadId, taskId, jobId } = await queuedTask();
    signedInAs(null);
    const headers = await bearer(owner);
    const first = await stop(threadId, taskId, headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ stopped: true, task: { id: taskId, status: "cancelled" } });
    expect((await findJob(jobId))?.status).toBe("cancelled");
    const again = await stop(threadId, taskId, headers);
    expect(await again.json()).toMatchObject({ stopped: false, task: { id: taskId, status: "cancelled" } });
    // The task id under another of the owner's chats is not found.
    const elsewhere = await createThread(owner, { agentId: null, title: "other chat" });
    signedInAs(owner);
    expect((await stop(elsewhere.id, taskId)).status).toBe(404);
  });
});
