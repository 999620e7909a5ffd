import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { createSuperadmin, findActiveUserById } from "@/lib/db/users";
import { createSession, getValidSession } from "@/lib/db/sessions";
import { createApiToken, findActorByApiToken } from "@/lib/db/api-tokens";
import { checkLogin } from "@/lib/auth/login";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { PATCH, DELETE } = await import("./route");

let root: Actor;
let adminA: Actor;
let member: Actor;
let deptA: string;
let deptB: string;

beforeAll(async () => {
  await createTestDatabase();
  deptA = await insertTestDepartment();
  deptB = await insertTestDepartment();
  root = (await createSuperadmin({ username: "root", password: "root-password-1" }))!;
  adminA = await insertTestUser({ role: "admin", departmentId: deptA });
  member = await insertTestUser({ departmentId: deptA });
});
afterAll(destroyTestDatabase);

const as = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const url = (id: string) => `http://localhost:3100/api/admin/users/${id}`;
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const patch = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  PATCH(
    new Request(url(id), {
      method: "PATCH",
      headers: { host: "localhost:3100", "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    ctx(id),
  );
const del = (id: string) => DELETE(new Request(url(id), { method: "DELETE" }), ctx(id));
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("PATCH /api/admin/users/:id", () => {
  it("401 signed out, 403 for a plain user", async () => {
    as(null);
    expect((await patch(member.id, { displayName: "x" })).status).toBe(401);
    as(member);
    const res = await patch(member.id, { displayName: "x" });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("forbidden:auth");
  });

  it("an admin renames a member of their department: 200 with the user view", async () => {
    as(adminA);
    const res = await patch(member.id, { displayName: "Mia" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: member.id, displayName: "Mia", role: "user" });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it("an admin editing another department's user gets 404, the same as an unknown id", async () => {
    const outsider = await insertTestUser({ departmentId: deptB });
    as(adminA);
    const res = await patch(outsider.id, { displayName: "x" });
    expect(res.status).toBe(404);
    const unknown = await patch("no-such-user", { displayName: "x" });
    expect(await errorOf(res)).toEqual(await errorOf(unknown));
  });

  it("an admin promoting a member is 403 forbidden:user", async () => {
    as(adminA);
    const res = await patch(member.id, { role: "admin" });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("forbidden:user");
  });

  it("demoting the superadmin is refused with a clear message", async () => {
    as(root);
    const res = await patch(root.id, { role: "admin" });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/own role|cannot be demoted/);
    expect((await findActiveUserById(root.id))?.role).toBe("superadmin");
  });

  it("disabling signs the user out at once", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    const session = await createSession(u.id);
    as(adminA);
    expect((await patch(u.id, { disabled: true })).status).toBe(200);
    expect(await getValidSession(session.id)).toBeNull();
  });

  it("400 for an empty patch, a short password or an unknown field type", async () => {
    as(root);
    expect((await errorOf(await patch(member.id, {}))).code).toBe("bad_request:api");
    expect((await errorOf(await patch(member.id, { password: "short" }))).message).toContain("password");
    expect((await patch(member.id, { disabled: "yes" })).status).toBe(400);
  });

  it("403 forbidden:origin for a cross-origin write", async () => {
    as(root);
    const res = await patch(member.id, { displayName: "x" }, { origin: "https://evil.example" });
    expect((await errorOf(res)).code).toBe("forbidden:origin");
  });
});

describe("DELETE /api/admin/users/:id", () => {
  it("an admin deletes a member of their department: 204, then 404", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    as(adminA);
    expect((await del(u.id)).status).toBe(204);
    expect((await del(u.id)).status).toBe(404);
    expect(await findActiveUserById(u.id)).toBeNull();
  });

  it("an admin deleting another department's user is 404 and the user stays", async () => {
    const outsider = await insertTestUser({ departmentId: deptB });
    as(adminA);
    expect((await del(outsider.id)).status).toBe(404);
    expect(await findActiveUserById(outsider.id)).not.toBeNull();
  });

  it("deleting the superadmin is 403", async () => {
    as(root);
    expect((await del(root.id)).status).toBe(403);
  });

  it("a plain user deletes nobody: 403 forbidden:auth", async () => {
    const u = await insertTestUser({ departmentId: deptA });
    as(member);
    const res = await del(u.id);
    expect((await errorOf(res)).code).toBe("forbidden:auth");
  });
});

describe("PATCH /api/admin/users/:id: passwords", () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("a Bearer token cannot set a password, the owner's or anyone's: 403 forbidden:token, nothing changes", async () => {
    const admin = await insertTestUser({ role: "admin", departmentId: deptA, password: "admin-password-1" });
    const target = await insertTestUser({ departmentId: deptA, password: "member-password-1" });
    const { token } = await createApiToken(admin, { name: "script" });
    as(null);
    for (const [id, body] of [
      [admin.id, { password: "taken-over-1", currentPassword: "admin-password-1" }],
      [target.id, { password: "taken-over-1" }],
    ] as const) {
      const res = await patch(id, body, bearer(token));
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("forbidden:token");
    }
    expect(await checkLogin(admin.username, "admin-password-1", "198.51.100.7")).toMatchObject({ ok: true });
    expect(await checkLogin(target.username, "member-password-1", "198.51.100.7")).toMatchObject({ ok: true });
    // Other fields still work with a token.
    expect((await patch(target.id, { displayName: "Scripted" }, bearer(token))).status).toBe(200);
  });

  it("one's own new password needs the current one: 400 without, 403 when wrong, 200 when right", async () => {
    const me = await insertTestUser({ role: "admin", departmentId: deptA, password: "old-password-1" });
    as(me);
    const missing = await patch(me.id, { password: "new-password-1" });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).code).toBe("bad_request:password");
    const wrong = await patch(me.id, { password: "new-password-1", currentPassword: "not-it" });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).code).toBe("forbidden:password");
    expect(await checkLogin(me.username, "old-password-1", "198.51.100.7")).toMatchObject({ ok: true });

    expect((await patch(me.id, { password: "new-password-1", currentPassword: "old-password-1" })).status).toBe(200);
    expect(await checkLogin(me.username, "new-password-1", "198.51.100.7")).toMatchObject({ ok: true });
  });

  it("wrong current passwords count towards the lockout (then 429, also for the right one)", async () => {
    const me = await insertTestUser({ role: "admin", departmentId: deptA, password: "old-password-1" });
    as(me);
    for (let i = 0; i < 5; i++) await patch(me.id, { password: "new-password-1", currentPassword: `guess-${i}` });
    const res = await patch(me.id, { password: "new-password-1", currentPassword: "old-password-1" });
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toMatchObject({
      code: "rate_limited:auth",
      message: "Too many failed attempts. Try again in 5 minutes.",
    });
    expect(await checkLogin(me.username, "new-password-1", "198.51.100.7")).toMatchObject({ ok: false });
  });

  it("an admin setting a member's password revokes the member's sessions and API tokens", async () => {
    const target = await insertTestUser({ departmentId: deptA });
    const session = await createSession(target.id);
    const { token } = await createApiToken(target, { name: "script" });
    as(adminA);
    expect((await patch(target.id, { password: "reset-password-1" })).status).toBe(200);
    expect(await getValidSession(session.id)).toBeNull();
    expect(await findActorByApiToken(token)).toBeNull();
  });
});

describe("PATCH body cap", () => {
  it("413 for a body over the 1 MiB cap, before it is parsed, and the user is unchanged", async () => {
    const target = await insertTestUser({ departmentId: deptA });
    as(adminA);
    const res = await patch(target.id, { displayName: "x".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("too_large:body");
    expect((await findActiveUserById(target.id))?.displayName).toBe("");
  });
});
