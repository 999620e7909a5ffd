import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { getDb } from "./client";
import { users } from "./schema";
import type { Actor } from "@/lib/identity/actor";
import { verifyPassword } from "@/lib/identity/password";
import { createSuperadmin, createUser, findActiveUserById, findUserForLogin, listUsers } from "./users";

let superadmin: Actor;
let adminA: Actor;
let adminNoDept: Actor;
let plainUser: Actor;
let deptA: string;
let deptB: string;

beforeAll(async () => {
  await createTestDatabase();
  deptA = await insertTestDepartment("Alpha");
  deptB = await insertTestDepartment("Beta");
  superadmin = (await createSuperadmin({ username: "root", password: "root-password-1" }))!;
  adminA = await insertTestUser({ role: "admin", departmentId: deptA, username: "admin-a" });
  adminNoDept = await insertTestUser({ role: "admin", departmentId: null, username: "admin-nodept" });
  plainUser = await insertTestUser({ role: "user", departmentId: deptA, username: "plain-a" });
});
afterAll(destroyTestDatabase);

const expectApiError = async (p: Promise<unknown>, code: ErrorCode) => {
  await expect(p).rejects.toMatchObject({ code });
};

describe("createUser role rules", () => {
  it("superadmin creates an admin in any department and a user without one", async () => {
    const admin = await createUser(superadmin, {
      username: "admin-b",
      password: "password-123",
      role: "admin",
      departmentId: deptB,
    });
    expect(admin).toMatchObject({ role: "admin", departmentId: deptB });
    const loner = await createUser(superadmin, { username: "loner", password: "password-123" });
    expect(loner).toMatchObject({ role: "user", departmentId: null });
  });

  it("stores only a bcrypt hash of the password and never returns it", async () => {
    const created = await createUser(superadmin, { username: "hashed", password: "password-123" });
    expect(created).not.toHaveProperty("passwordHash");
    const row = await findUserForLogin("hashed");
    expect(row!.passwordHash).not.toBe("password-123");
    expect(await verifyPassword("password-123", row!.passwordHash)).toBe(true);
  });

  it("admin creates a user in their own department (the default when none is given)", async () => {
    const u = await createUser(adminA, { username: "a-member", password: "password-123" });
    expect(u).toMatchObject({ role: "user", departmentId: deptA });
    const v = await createUser(adminA, { username: "a-member-2", password: "password-123", departmentId: deptA });
    expect(v.departmentId).toBe(deptA);
  });

  it("a plain user cannot create anyone", async () => {
    await expectApiError(createUser(plainUser, { username: "nope-1", password: "password-123" }), "forbidden:user");
  });

  it("an admin cannot create an admin", async () => {
    await expectApiError(
      createUser(adminA, { username: "nope-2", password: "password-123", role: "admin" }),
      "forbidden:user",
    );
  });

  it("an admin cannot create users of another department or without one", async () => {
    await expectApiError(
      createUser(adminA, { username: "nope-3", password: "password-123", departmentId: deptB }),
      "forbidden:user",
    );
    await expectApiError(
      createUser(adminA, { username: "nope-4", password: "password-123", departmentId: null }),
      "forbidden:user",
    );
  });

  it("an admin without a department cannot create users", async () => {
    await expectApiError(createUser(adminNoDept, { username: "nope-5", password: "password-123" }), "forbidden:user");
  });

  it("nobody creates a second superadmin: not the superadmin, not an admin", async () => {
    await expectApiError(
      createUser(superadmin, { username: "root2", password: "password-123", role: "superadmin" }),
      "forbidden:user",
    );
    await expectApiError(
      createUser(adminA, { username: "root3", password: "password-123", role: "superadmin" }),
      "forbidden:user",
    );
    expect(await createSuperadmin({ username: "root4", password: "password-123" })).toBeNull();
  });

  it("the database itself refuses a second superadmin row", async () => {
    const db = await getDb();
    await expect(
      db.insert(users).values({ id: "x-root", username: "sneaky-root", passwordHash: "x", role: "superadmin" }),
    ).rejects.toThrow();
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, "superadmin"));
    const count = rows.length;
    expect(count).toBe(1);
  });

  it("refuses a duplicate username regardless of case with conflict:user", async () => {
    await createUser(superadmin, { username: "Casey", password: "password-123" });
    await expectApiError(createUser(superadmin, { username: "casey", password: "password-123" }), "conflict:user");
    await expectApiError(createUser(superadmin, { username: "CASEY", password: "password-123" }), "conflict:user");
  });

  it("refuses an unknown department", async () => {
    await expectApiError(
      createUser(superadmin, { username: "ghost", password: "password-123", departmentId: "no-such-dept" }),
      "bad_request:user",
    );
  });
});

describe("lookups", () => {
  it("finds a user by username case-insensitively", async () => {
    expect((await findUserForLogin("ADMIN-A"))?.id).toBe(adminA.id);
    expect((await findUserForLogin("Admin-A"))?.id).toBe(adminA.id);
    expect(await findUserForLogin("admin-")).toBeNull();
  });

  it("findActiveUserById skips disabled users", async () => {
    const off = await insertTestUser({ disabled: true });
    expect(await findActiveUserById(off.id)).toBeNull();
    expect((await findActiveUserById(plainUser.id))?.username).toBe("plain-a");
  });
});

describe("listUsers scoping", () => {
  it("superadmin sees everyone, without password hashes", async () => {
    const all = await listUsers(superadmin);
    const names = all.map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(["root", "admin-a", "admin-nodept", "plain-a", "admin-b"]));
    for (const u of all) expect(Object.keys(u)).not.toContain("passwordHash");
  });

  it("an admin sees only their own department", async () => {
    const mine = await listUsers(adminA);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((u) => u.departmentId === deptA)).toBe(true);
    expect(mine.map((u) => u.username)).not.toContain("admin-b");
    expect(mine.map((u) => u.username)).not.toContain("root");
  });

  it("a plain user and an admin without a department may not list", async () => {
    await expectApiError(listUsers(plainUser), "forbidden:user");
    await expectApiError(listUsers(adminNoDept), "forbidden:user");
  });
});
