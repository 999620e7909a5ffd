import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { createApiToken } from "@/lib/db/api-tokens";
import { createThread } from "@/lib/db/threads";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { GET } = await import("./route");

let owner: Actor;
let other: Actor;
let adminB: Actor;
let threadId: string;

beforeAll(async () => {
  await createTestDatabase();
  const deptA = await insertTestDepartment();
  const deptB = await insertTestDepartment();
  owner = await insertTestUser({ departmentId: deptA });
  other = await insertTestUser({ departmentId: deptA });
  adminB = await insertTestUser({ role: "admin", departmentId: deptB });
  threadId = (await createThread(owner, { agentId: null, title: "quiet" })).id;
});
afterAll(destroyTestDatabase);

const signedInAs = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const follow = (headers: Record<string, string> = {}) =>
  GET(
    new Request(`http://localhost:3100/api/chat/${threadId}/stream`, {
      headers: { host: "localhost:3100", ...headers },
    }),
    { params: Promise.resolve({ threadId }) },
  );
const bearer = async (actor: Actor) => ({
  authorization: `Bearer ${(await createApiToken(actor, { name: "script" })).token}`,
});

describe("GET /api/chat/:threadId/stream", () => {
  it("refuses anonymous (401), another user and another department's admin (404, session or token)", async () => {
    signedInAs(null);
    expect((await follow()).status).toBe(401);
    for (const actor of [other, adminB]) {
      signedInAs(actor);
      expect((await follow()).status).toBe(404);
      signedInAs(null);
      const res = await follow(await bearer(actor));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found:thread");
    }
  });

  it("answers the owner, by session or token, 204 when nothing runs", async () => {
    signedInAs(owner);
    expect((await follow()).status).toBe(204);
    signedInAs(null);
    expect((await follow(await bearer(owner))).status).toBe(204);
  });
});
