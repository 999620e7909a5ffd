import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { verifyPassword } from "@/lib/identity/password";
import { getDb } from "./client";
import { apiTokens, sessions, threads, users } from "./schema";
import { createSession, getValidSession } from "./sessions";
import { createApiToken, findActorByApiToken } from "./api-tokens";
import { createThread } from "./threads";
import { createSuperadmin, findUserForLogin } from "./users";
import { reserveLoginAttempt } from "./login-failures";
import { deleteUser, threadsOfDeletableUser, updateUser } from "./user-admin";

let root: Actor;
let adminA: Actor;
let deptA: string;
let deptB: string;

beforeAll(async () => {
  await createTestDatabase();
  deptA = await insertTestDepartment();
  deptB = await insertTestDepartment();
  root = (await createSuperadmin({ username: "root", password: "root-password-1" }))!;
  adminA = await insertTestUser({ role: "admin", departmentId: deptA });
});
afterAll(destroyTestDatabase);

const rejectsWith = (p: Promise<unknown>, code: ErrorCode) => expect(p).rejects.toMatchObject({ code });

async function rowOf(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function credentialsOf(userId: string) {
  const db = await getDb();
  const s = await db.select().from(sessions).where(eq(sessions.userId, userId));
  const t = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId));
  return { sessions: s.length, tokens: t.length };
}

describe("updateUser", () => {
  it("the superadmin changes name, role and department; the view has no password hash", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    const updated = await updateUser(root, u.id, { displayName: "Promoted", role: "admin", departmentId: deptB });
    expect(updated).toMatchObject({
      id: u.id,
      displayName: "Promoted",
      role: "admin",
      departmentId: deptB,
      disabled: false,
    });
    expect(updated).not.toHaveProperty("passwordHash");
  });

  it("an admin edits a member of their department", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    expect(await updateUser(adminA, u.id, { displayName: "Renamed" })).toMatchObject({ displayName: "Renamed" });
  });

  it("an admin editing a user of another department gets 404 and changes nothing", async () => {
    const other = await insertTestUser({ departmentId: deptB });
    await rejectsWith(updateUser(adminA, other.id, { displayName: "Hacked" }), "not_found:user");
    expect((await rowOf(other.id))?.displayName).toBe("");
  });

  it("an unknown id is 404", async () => {
    await rejectsWith(updateUser(root, "no-such-user", { displayName: "x" }), "not_found:user");
  });

  it("an admin promoting a member is 403 and the role stays", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    await rejectsWith(updateUser(adminA, u.id, { role: "admin" }), "forbidden:user");
    expect((await rowOf(u.id))?.role).toBe("user");
  });

  it("demoting or disabling the superadmin is refused", async () => {
    await rejectsWith(updateUser(root, root.id, { role: "admin" }), "forbidden:user");
    await rejectsWith(updateUser(root, root.id, { disabled: true }), "forbidden:user");
    expect(await rowOf(root.id)).toMatchObject({ role: "superadmin", disabled: false });
  });

  it("moving a user to an unknown department is 400 bad_request:user", async () => {
    const u = await insertTestUser();
    await rejectsWith(updateUser(root, u.id, { departmentId: "no-such-dept" }), "bad_request:user");
  });

  it("disabling revokes every session and API token at once; re-enabling does not bring them back", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    const session = await createSession(u.id);
    const { token } = await createApiToken(u, { name: "script" });
    expect(await credentialsOf(u.id)).toEqual({ sessions: 1, tokens: 1 });

    expect(await updateUser(adminA, u.id, { disabled: true })).toMatchObject({ disabled: true });
    expect(await credentialsOf(u.id)).toEqual({ sessions: 0, tokens: 0 });
    expect(await getValidSession(session.id)).toBeNull();
    expect(await findActorByApiToken(token)).toBeNull();

    await updateUser(adminA, u.id, { disabled: false });
    expect(await findActorByApiToken(token)).toBeNull();
  });

  it("a password reset stores a new hash, lifts the lockout and revokes every session and API token", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    await createSession(u.id);
    const { token } = await createApiToken(u, { name: "script" });
    for (let i = 0; i < 5; i++) await reserveLoginAttempt(u.username, "203.0.113.66");
    expect((await findUserForLogin(u.username))?.lockedUntil).not.toBeNull();

    await updateUser(adminA, u.id, { password: "brand-new-password" });
    const row = await findUserForLogin(u.username);
    expect(row).toMatchObject({ lockedUntil: null });
    expect(await reserveLoginAttempt(u.username, "203.0.113.66")).toEqual({ kind: "reserved", lockedNow: false });
    expect(await verifyPassword("brand-new-password", row!.passwordHash)).toBe(true);
    expect(await credentialsOf(u.id)).toEqual({ sessions: 0, tokens: 0 });
    expect(await findActorByApiToken(token)).toBeNull();
  });

  it("an admin's session passed as keepSessionId does not spare another user's sessions", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    const theirs = await createSession(u.id);
    await updateUser(adminA, u.id, { password: "brand-new-password" }, { keepSessionId: theirs.id });
    expect(await credentialsOf(u.id)).toEqual({ sessions: 0, tokens: 0 });
  });

  it("changing one's own password keeps only the current session and revokes one's tokens", async () => {
    const me = await insertTestUser({ role: "admin", departmentId: deptA });
    const current = await createSession(me.id);
    const other = await createSession(me.id);
    await createApiToken(me, { name: "script" });
    await updateUser(me, me.id, { password: "my-new-password" }, { keepSessionId: current.id });
    expect(await credentialsOf(me.id)).toEqual({ sessions: 1, tokens: 0 });
    expect(await getValidSession(current.id)).not.toBeNull();
    expect(await getValidSession(other.id)).toBeNull();
  });

  it("changes other than the password leave sessions and tokens alone", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    await createSession(u.id);
    await createApiToken(u, { name: "script" });
    await updateUser(adminA, u.id, { displayName: "Renamed" });
    expect(await credentialsOf(u.id)).toEqual({ sessions: 1, tokens: 1 });
  });
});

describe("deleteUser", () => {
  it("removes the account with its sessions, tokens and threads, and returns the thread ids", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    await createSession(u.id);
    await createApiToken(u, { name: "script" });
    const thread = await createThread(u, { agentId: null });
    expect(await threadsOfDeletableUser(adminA, u.id)).toEqual([thread.id]);

    expect(await deleteUser(adminA, u.id)).toEqual([thread.id]);
    expect(await rowOf(u.id)).toBeUndefined();
    expect(await credentialsOf(u.id)).toEqual({ sessions: 0, tokens: 0 });
    const db = await getDb();
    expect(await db.select().from(threads).where(eq(threads.id, thread.id))).toEqual([]);
  });

  it("an admin deleting a user of another department gets 404 and the user stays", async () => {
    const other = await insertTestUser({ departmentId: deptB });
    await rejectsWith(threadsOfDeletableUser(adminA, other.id), "not_found:user");
    await rejectsWith(deleteUser(adminA, other.id), "not_found:user");
    expect(await rowOf(other.id)).toBeDefined();
  });

  it("an admin deleting another admin of their department is 403", async () => {
    const peer = await insertTestUser({ role: "admin", departmentId: deptA });
    await rejectsWith(deleteUser(adminA, peer.id), "forbidden:user");
    expect(await rowOf(peer.id)).toBeDefined();
  });

  it("the superadmin cannot be deleted, not even by itself", async () => {
    await rejectsWith(threadsOfDeletableUser(root, root.id), "forbidden:user");
    await rejectsWith(deleteUser(root, root.id), "forbidden:user");
    expect(await rowOf(root.id)).toBeDefined();
  });
});
