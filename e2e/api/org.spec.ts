import { expect, test } from "../test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { createDepartment, createToken, bearerContext, expectError, uniqueName, type Department } from "../helpers/org";

/**
 * Departments and users over HTTP with the role rules: the superadmin manages all, an admin their
 * own department, a user none.
 */

test("departments: the superadmin manages them; an admin sees only their own; a user none", async ({ baseURL }) => {
  const root = await signInAsAdmin(baseURL!);
  const alpha = await createDepartment(root, uniqueName("Alpha"));
  const beta = await createDepartment(root, uniqueName("Beta"));
  await expectError(
    await root.post("/api/admin/departments", { data: { name: alpha.name } }),
    409,
    "conflict:department",
  );
  await expectError(await root.post("/api/admin/departments", { data: { name: "  " } }), 400, "bad_request:api");

  const renamed = await root.patch(`/api/admin/departments/${beta.id}`, {
    data: { name: `${beta.name}-renamed`, description: "Ops" },
  });
  expect(await renamed.json()).toMatchObject({
    id: beta.id,
    name: `${beta.name}-renamed`,
    description: "Ops",
    userCount: 0,
  });

  const admin = await createUser(root, { role: "admin", departmentId: alpha.id });
  const member = await createUser(root, { departmentId: alpha.id });
  const adminApi = await signIn(baseURL!, admin.username, admin.password);
  const memberApi = await signIn(baseURL!, member.username, member.password);

  const seen = (await (await adminApi.get("/api/admin/departments")).json()) as Department[];
  expect(seen.map((d) => d.id)).toEqual([alpha.id]);
  expect(seen[0]!.userCount).toBe(2);
  await expectError(
    await adminApi.post("/api/admin/departments", { data: { name: uniqueName("Mine") } }),
    403,
    "forbidden:department",
  );
  await expectError(
    await adminApi.patch(`/api/admin/departments/${alpha.id}`, { data: { name: "x" } }),
    403,
    "forbidden:department",
  );
  await expectError(
    await adminApi.patch(`/api/admin/departments/${beta.id}`, { data: { name: "x" } }),
    404,
    "not_found:department",
  );
  await expectError(await adminApi.delete(`/api/admin/departments/${beta.id}`), 404, "not_found:department");
  await expectError(await memberApi.get("/api/admin/departments"), 403, "forbidden:auth");

  const message = await expectError(
    await root.delete(`/api/admin/departments/${alpha.id}`),
    409,
    "conflict:department",
  );
  expect(message).toMatch(/still has 2 users/);
  expect((await root.delete(`/api/admin/departments/${beta.id}`)).status()).toBe(204);
  await expectError(await root.delete(`/api/admin/departments/${beta.id}`), 404, "not_found:department");
  await Promise.all([root.dispose(), adminApi.dispose(), memberApi.dispose()]);
});

test("users: an admin manages only members of their department", async ({ baseURL }) => {
  const root = await signInAsAdmin(baseURL!);
  const alpha = await createDepartment(root);
  const beta = await createDepartment(root);
  const admin = await createUser(root, { role: "admin", departmentId: alpha.id });
  const peerAdmin = await createUser(root, { role: "admin", departmentId: alpha.id });
  const outsider = await createUser(root, { departmentId: beta.id });
  const adminApi = await signIn(baseURL!, admin.username, admin.password);

  // Creating: users of their own department only.
  const made = await adminApi.post("/api/admin/users", {
    data: { username: uniqueName("member"), password: "password-123" },
  });
  expect(made.status()).toBe(201);
  const member = (await made.json()) as { id: string; departmentId: string; role: string };
  expect(member).toMatchObject({ departmentId: alpha.id, role: "user" });
  await expectError(
    await adminApi.post("/api/admin/users", {
      data: { username: uniqueName("x"), password: "password-123", role: "admin" },
    }),
    403,
    "forbidden:user",
  );
  await expectError(
    await adminApi.post("/api/admin/users", {
      data: { username: uniqueName("x"), password: "password-123", departmentId: beta.id },
    }),
    403,
    "forbidden:user",
  );

  // Listing and editing: another department's user does not exist for them.
  const listed = ((await (await adminApi.get("/api/admin/users")).json()) as Array<{ id: string }>).map((u) => u.id);
  expect(listed).toEqual(expect.arrayContaining([admin.id, peerAdmin.id, member.id]));
  expect(listed).not.toContain(outsider.id);
  expect((await adminApi.patch(`/api/admin/users/${member.id}`, { data: { displayName: "Mia" } })).status()).toBe(200);
  await expectError(
    await adminApi.patch(`/api/admin/users/${outsider.id}`, { data: { displayName: "x" } }),
    404,
    "not_found:user",
  );
  await expectError(await adminApi.delete(`/api/admin/users/${outsider.id}`), 404, "not_found:user");
  await expectError(
    await adminApi.patch(`/api/admin/users/${member.id}`, { data: { role: "admin" } }),
    403,
    "forbidden:user",
  );
  await expectError(
    await adminApi.patch(`/api/admin/users/${member.id}`, { data: { departmentId: beta.id } }),
    403,
    "forbidden:user",
  );
  await expectError(
    await adminApi.patch(`/api/admin/users/${peerAdmin.id}`, { data: { disabled: true } }),
    403,
    "forbidden:user",
  );
  await expectError(
    await adminApi.patch(`/api/admin/users/${admin.id}`, { data: { role: "user" } }),
    403,
    "forbidden:user",
  );

  expect((await adminApi.delete(`/api/admin/users/${member.id}`)).status()).toBe(204);
  await expectError(await adminApi.delete(`/api/admin/users/${member.id}`), 404, "not_found:user");
  await Promise.all([root.dispose(), adminApi.dispose()]);
});

test("the superadmin stays the one superadmin: never demoted, disabled or deleted", async ({ baseURL }) => {
  const root = await signInAsAdmin(baseURL!);
  const me = ((await (await root.get("/api/auth/session")).json()) as { user: { id: string } }).user.id;
  await expectError(await root.patch(`/api/admin/users/${me}`, { data: { role: "admin" } }), 403, "forbidden:user");
  await expectError(await root.patch(`/api/admin/users/${me}`, { data: { disabled: true } }), 403, "forbidden:user");
  await expectError(await root.delete(`/api/admin/users/${me}`), 403, "forbidden:user");
  const other = await createUser(root);
  await expectError(
    await root.patch(`/api/admin/users/${other.id}`, { data: { role: "superadmin" } }),
    403,
    "forbidden:user",
  );
  expect(((await (await root.get("/api/auth/session")).json()) as { user: { role: string } }).user.role).toBe(
    "superadmin",
  );
  await root.dispose();
});

test("disabling signs a user out everywhere at once; re-enabled, they sign in again; deleted, they are gone", async ({
  baseURL,
}) => {
  const root = await signInAsAdmin(baseURL!);
  const dept = await createDepartment(root);
  const user = await createUser(root, { departmentId: dept.id });
  const api = await signIn(baseURL!, user.username, user.password);
  const bearer = await bearerContext(baseURL!, (await createToken(api)).token);

  const disabled = await root.patch(`/api/admin/users/${user.id}`, { data: { disabled: true } });
  expect(await disabled.json()).toMatchObject({ disabled: true });
  await expectError(await api.get("/api/threads"), 401, "unauthorized:auth");
  await expectError(await bearer.get("/api/threads"), 401, "unauthorized:auth");

  await root.patch(`/api/admin/users/${user.id}`, { data: { disabled: false, password: "fresh-password-1" } });
  await expectError(await bearer.get("/api/threads"), 401, "unauthorized:auth"); // revoked for good
  const again = await signIn(baseURL!, user.username, "fresh-password-1");
  expect((await again.get("/api/threads")).status()).toBe(200);

  expect((await root.delete(`/api/admin/users/${user.id}`)).status()).toBe(204);
  await expectError(await again.get("/api/threads"), 401, "unauthorized:auth");
  expect((await root.delete(`/api/admin/departments/${dept.id}`)).status()).toBe(204);
  await Promise.all([root.dispose(), api.dispose(), bearer.dispose(), again.dispose()]);
});
