import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { createApiToken } from "@/lib/db/api-tokens";
import { listChatMessages, saveMessage } from "@/lib/db/messages";
import { createThread } from "@/lib/db/threads";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { PUT, DELETE } = await import("./route");

let owner: Actor;
let other: Actor;
let adminB: Actor;
let threadId: string;
const question = `q-${crypto.randomUUID()}`;
const answer = `a-${crypto.randomUUID()}`;

beforeAll(async () => {
  await createTestDatabase();
  const deptA = await insertTestDepartment();
  const deptB = await insertTestDepartment();
  owner = await insertTestUser({ departmentId: deptA });
  other = await insertTestUser({ departmentId: deptA });
  adminB = await insertTestUser({ role: "admin", departmentId: deptB });
  threadId = (await createThread(owner, { agentId: null, title: "rated" })).id;
  await saveMessage(owner, threadId, { id: question, role: "user", parts: [{ type: "text", text: "Hi" }] }, null);
  await saveMessage(owner, threadId, { id: answer, role: "assistant", parts: [{ type: "text", text: "Hello" }] }, null);
});
afterAll(destroyTestDatabase);

const signedInAs = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const bearer = async (actor: Actor) => ({
  authorization: `Bearer ${(await createApiToken(actor, { name: "script" })).token}`,
});

function call(
  method: "PUT" | "DELETE",
  { messageId = answer, body, headers = {} }: { messageId?: string; body?: string; headers?: Record<string, string> },
) {
  const url = `http://localhost:3100/api/threads/${threadId}/messages/${messageId}/feedback`;
  const req = new Request(url, {
    method,
    body,
    headers: { host: "localhost:3100", "content-type": "application/json", ...headers },
  });
  const ctx = { params: Promise.resolve({ id: threadId, messageId }) };
  return method === "PUT" ? PUT(req, ctx) : DELETE(req, ctx);
}
const rate = (rating: string, options: { messageId?: string; headers?: Record<string, string> } = {}) =>
  call("PUT", { ...options, body: JSON.stringify({ rating }) });
const feedbackOf = async () =>
  ((await listChatMessages(owner, threadId)).find((m) => m.id === answer)?.metadata as { feedback?: string }).feedback;

describe("PUT|DELETE /api/threads/:id/messages/:messageId/feedback", () => {
  it("stores the owner's rating, replaces it, and takes it back; the chat's messages carry it", async () => {
    signedInAs(owner);
    const up = await rate("up");
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ rating: "up" });
    expect(await feedbackOf()).toBe("up");
    signedInAs(null);
    expect((await rate("down", { headers: await bearer(owner) })).status).toBe(200);
    expect(await feedbackOf()).toBe("down");
    signedInAs(owner);
    expect(await (await call("DELETE", {})).json()).toEqual({ rating: null });
    expect(await feedbackOf()).toBeUndefined();
    const [user] = await listChatMessages(owner, threadId);
    expect((user.metadata as { createdAt: string }).createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("refuses anonymous (401), another user and another department's admin (404, session or token), and writes nothing", async () => {
    signedInAs(null);
    expect((await rate("up")).status).toBe(401);
    for (const actor of [other, adminB]) {
      signedInAs(actor);
      expect((await rate("up")).status).toBe(404);
      expect((await call("DELETE", {})).status).toBe(404);
      signedInAs(null);
      const res = await rate("down", { headers: await bearer(actor) });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found:message");
    }
    expect(await feedbackOf()).toBeUndefined();
  });

  it("rates answers only, only with up or down, and refuses an oversized body", async () => {
    signedInAs(owner);
    expect((await rate("up", { messageId: question })).status).toBe(404);
    expect((await rate("up", { messageId: "no-such-message" })).status).toBe(404);
    // The body is capped before it is read (the route helper's 1 MiB limit).
    const huge = await call("PUT", {
      body: JSON.stringify({ rating: "up", pad: "x".repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    const bad = await rate("meh");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toMatch(/^bad_request/);
    expect(await feedbackOf()).toBeUndefined();
  });
});
