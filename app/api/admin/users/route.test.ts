import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { createSuperadmin, listUsers } from "@/lib/db/users";
import { createApiToken } from "@/lib/db/api-tokens";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { GET, POST } = await import("./route");

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
  adminA = await insertTestUser({ role: "admin", departmentId: deptA, username: "route-admin" });
  member = await insertTestUser({ role: "user", departmentId: deptA, username: "route-member" });
});
afterAll(destroyTestDatabase);

const as = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const URL_USERS = "http://localhost:3100/api/admin/users";
const create = (body: unknown, headers: Record<string, string> = {}) =>
  POST(
    new Request(URL_USERS, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("GET /api/admin/users", () => {
  it("401 when signed out", async () => {
    as(null);
    const res = await GET(new Request(URL_USERS));
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe("unauthorized:auth");
  });

  it("403 forbidden:auth for a plain user", async () => {
    as(member);
    const res = await GET(new Request(URL_USERS));
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("forbidden:auth");
  });

  it("an admin lists their department, without password hashes", async () => {
    as(adminA);
    const res = await GET(new Request(URL_USERS));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<Record<string, unknown>>;
    expect(body.map((u) => u.username).sort()).toEqual(["route-admin", "route-member"]);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });
});

describe("POST /api/admin/users", () => {
  it("a superadmin creates an admin: 201 with the user", async () => {
    as(root);
    const res = await create({ username: "new-admin", password: "password-123", role: "admin", departmentId: deptB });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ username: "new-admin", role: "admin", departmentId: deptB });
  });

  it("an admin creates a user in their department", async () => {
    as(adminA);
    const res = await create({ username: "new-member", password: "password-123", displayName: "New Member" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ role: "user", departmentId: deptA, displayName: "New Member" });
  });

  it("413 for a body over the 1 MiB cap, before it is parsed, and no account is made", async () => {
    as(root);
    const res = await create({ username: "huge-body", password: "password-123", displayName: "x".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(await codeOf(res)).toBe("too_large:body");
    const users = (await (await GET(new Request(URL_USERS))).json()) as { username: string }[];
    expect(users.some((u) => u.username === "huge-body")).toBe(false);
  });

  it("401 when signed out, before the body is looked at, and no account is made", async () => {
    as(null);
    expect((await create({ username: "anon-made", password: "password-123" })).status).toBe(401);
    expect((await create({ username: "bad name!" })).status).toBe(401);
    as(root);
    const users = (await (await GET(new Request(URL_USERS))).json()) as { username: string }[];
    expect(users.some((u) => u.username === "anon-made")).toBe(false);
  });

  it("a plain user cannot create: 403 forbidden:auth", async () => {
    as(member);
    const res = await create({ username: "by-member", password: "password-123" });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("forbidden:auth");
  });

  it("an admin cannot create an admin, a user elsewhere, or a superadmin: 403 forbidden:user", async () => {
    as(adminA);
    for (const body of [
      { username: "x-admin", password: "password-123", role: "admin" },
      { username: "x-elsewhere", password: "password-123", departmentId: deptB },
      { username: "x-root", password: "password-123", role: "superadmin" },
    ]) {
      const res = await create(body);
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("forbidden:user");
    }
  });

  it("no second superadmin, even for the superadmin", async () => {
    as(root);
    const res = await create({ username: "root-2", password: "password-123", role: "superadmin" });
    expect(res.status).toBe(403);
  });

  it("409 conflict:user on a duplicate username (any case)", async () => {
    as(root);
    const res = await create({ username: "ROUTE-MEMBER", password: "password-123" });
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe("conflict:user");
  });

  it("400 naming the field for a short password or an unknown role", async () => {
    as(root);
    const short = await create({ username: "shorty", password: "1234567" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { message: string } }).error.message).toContain("password");
    const role = await create({ username: "roley", password: "password-123", role: "owner" });
    expect(((await role.json()) as { error: { message: string } }).error.message).toContain("role");
  });

  it("400 lists the wrong fields by name and issue, for the form to translate; nothing is created", async () => {
    as(root);
    const res = await create({ username: "bad name!", password: "密".repeat(25) }, { "x-error-fields": "1" });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: { path: string; code: string; key?: string }[] } };
    expect(error.fields).toEqual([
      expect.objectContaining({ path: "username", code: "custom", key: "usernameChars" }),
      expect.objectContaining({ path: "password", code: "custom", key: "passwordTooLong" }),
    ]);
    const users = (await (await GET(new Request(URL_USERS))).json()) as { username: string }[];
    expect(users.some((u) => u.username === "bad name!")).toBe(false);
  });
});

describe("POST /api/admin/users with a Bearer token", () => {
  it("403 forbidden:token even for the superadmin's token, and no account is made", async () => {
    const { token } = await createApiToken(root, { name: "script" });
    as(null);
    const res = await POST(
      new Request(URL_USERS, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ username: "made-by-token", password: "password-123" }),
      }),
    );
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("forbidden:token");
    expect((await listUsers(root)).map((u) => u.username)).not.toContain("made-by-token");
  });
});
