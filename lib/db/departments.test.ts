import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { createSuperadmin } from "./users";
import {
  createDepartment,
  deleteDepartment,
  getDepartmentInReach,
  listDepartments,
  updateDepartment,
} from "./departments";

let root: Actor;
let adminA: Actor;
let adminNoDept: Actor;
let member: Actor;
let deptA: string;
let deptB: string;

beforeAll(async () => {
  await createTestDatabase();
  deptA = await insertTestDepartment("Alpha");
  deptB = await insertTestDepartment("Beta");
  root = (await createSuperadmin({ username: "root", password: "root-password-1" }))!;
  adminA = await insertTestUser({ role: "admin", departmentId: deptA });
  adminNoDept = await insertTestUser({ role: "admin", departmentId: null });
  member = await insertTestUser({ role: "user", departmentId: deptA });
});
afterAll(destroyTestDatabase);

const rejectsWith = (p: Promise<unknown>, code: ErrorCode) => expect(p).rejects.toMatchObject({ code });

describe("listDepartments", () => {
  it("the superadmin sees every department with its member count", async () => {
    const all = await listDepartments(root);
    expect(all.map((d) => d.name)).toEqual(expect.arrayContaining(["Alpha", "Beta"]));
    expect(all.find((d) => d.id === deptA)?.userCount).toBe(2);
    expect(all.find((d) => d.id === deptB)?.userCount).toBe(0);
  });

  it("an admin sees only their own department; one without a department sees none", async () => {
    expect((await listDepartments(adminA)).map((d) => d.id)).toEqual([deptA]);
    expect(await listDepartments(adminNoDept)).toEqual([]);
  });

  it("a plain user may not list departments", async () => {
    await rejectsWith(listDepartments(member), "forbidden:department");
  });
});

describe("getDepartmentInReach", () => {
  it("an admin reaches their own department, not another one (404, not 403)", async () => {
    expect((await getDepartmentInReach(adminA, deptA)).name).toBe("Alpha");
    await rejectsWith(getDepartmentInReach(adminA, deptB), "not_found:department");
  });

  it("an unknown id is 404 even for the superadmin", async () => {
    await rejectsWith(getDepartmentInReach(root, "no-such-dept"), "not_found:department");
  });
});

describe("createDepartment", () => {
  it("the superadmin creates one, trimmed fields kept as given", async () => {
    const d = await createDepartment(root, { name: "Gamma", description: "Research" });
    expect(d).toMatchObject({ name: "Gamma", description: "Research", userCount: 0 });
  });

  it("a duplicate name is 409 conflict:department", async () => {
    await rejectsWith(createDepartment(root, { name: "Alpha" }), "conflict:department");
  });

  it("an admin cannot create departments", async () => {
    await rejectsWith(createDepartment(adminA, { name: "Admin-made" }), "forbidden:department");
    expect((await listDepartments(root)).map((d) => d.name)).not.toContain("Admin-made");
  });
});

describe("updateDepartment", () => {
  it("the superadmin renames a department", async () => {
    const id = await insertTestDepartment("Old name");
    expect(await updateDepartment(root, id, { name: "New name" })).toMatchObject({ id, name: "New name" });
  });

  it("renaming onto an existing name is 409", async () => {
    await rejectsWith(updateDepartment(root, deptB, { name: "Alpha" }), "conflict:department");
  });

  it("an admin may not rename their own department (403) and never learns of another (404)", async () => {
    await rejectsWith(updateDepartment(adminA, deptA, { name: "Mine now" }), "forbidden:department");
    await rejectsWith(updateDepartment(adminA, deptB, { name: "Theirs" }), "not_found:department");
    expect((await getDepartmentInReach(root, deptA)).name).toBe("Alpha");
    expect((await getDepartmentInReach(root, deptB)).name).toBe("Beta");
  });
});

describe("deleteDepartment", () => {
  it("deletes an empty department", async () => {
    const id = await insertTestDepartment();
    await deleteDepartment(root, id);
    await rejectsWith(getDepartmentInReach(root, id), "not_found:department");
  });

  it("refuses a department with users: 409 naming how many, and keeps the users in it", async () => {
    const err = await deleteDepartment(root, deptA).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "conflict:department", status: 409 });
    expect((err as Error).message).toMatch(/still has 2 users/);
    expect((await getDepartmentInReach(root, deptA)).userCount).toBe(2);
  });

  it("an admin deletes nothing: their own is 403, another is 404", async () => {
    const empty = await insertTestDepartment();
    await rejectsWith(deleteDepartment(adminA, deptA), "forbidden:department");
    await rejectsWith(deleteDepartment(adminA, empty), "not_found:department");
    expect((await getDepartmentInReach(root, empty)).id).toBe(empty);
  });

  it("an unknown department is 404", async () => {
    await rejectsWith(deleteDepartment(root, "no-such-dept"), "not_found:department");
  });
});
