import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { createSuperadmin } from "@/lib/db/users";
import { createApiToken } from "@/lib/db/api-tokens";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { GET, POST } = await import("./route");
const byId = await import("./[id]/route");

let root: Actor;
let adminA: Actor;
let member: Actor;
let deptA: string;
let deptB: string;

beforeAll(async () => {
  await createTestDatabase();
  deptA = await insertTestDepartment("Alpha");
  deptB = await insertTestDepartment("Beta");
  root = (await createSuperadmin({ username: "root", password: "root-password-1" }))!;
  adminA = await insertTestUser({ role: "admin", departmentId: deptA });
  member = await insertTestUser({ departmentId: deptA });
});
afterAll(destroyTestDatabase);

const BASE = "http://localhost:3100/api/admin/departments";
const as = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const json = (method: string, body: unknown) => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const create = (body: unknown) => POST(new Request(BASE, json("POST", body)));
const patch = (id: string, body: unknown) =>
  byId.PATCH(new Request(`${BASE}/${id}`, json("PATCH", body)), { params: Promise.resolve({ id }) });
const del = (id: string) =>
  byId.DELETE(new Request(`${BASE}/${id}`, { method: "DELETE" }), { params: Promise.resolve({ id }) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("GET /api/admin/departments", () => {
  it("superadmin: all; admin: own only; user: 403; anonymous: 401", async () => {
    as(root);
    const all = (await (await GET(new Request(BASE))).json()) as Array<{ id: string; userCount: number }>;
    expect(all.map((d) => d.id)).toEqual(expect.arrayContaining([deptA, deptB]));
    as(adminA);
    expect(((await (await GET(new Request(BASE))).json()) as Array<{ id: string }>).map((d) => d.id)).toEqual([deptA]);
    as(member);
    expect((await GET(new Request(BASE))).status).toBe(403);
    as(null);
    expect((await GET(new Request(BASE))).status).toBe(401);
  });
});

describe("POST, PATCH, DELETE", () => {
  it("the superadmin creates (201), renames and deletes an empty department (204)", async () => {
    as(root);
    const res = await create({ name: "  Gamma  ", description: "Labs" });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; name: string };
    expect(created.name).toBe("Gamma");
    expect(await (await patch(created.id, { name: "Delta" })).json()).toMatchObject({
      name: "Delta",
      description: "Labs",
    });
    expect((await del(created.id)).status).toBe(204);
    expect((await del(created.id)).status).toBe(404);
  });

  it("409 conflict:department for a taken name and for a department that still has users", async () => {
    as(root);
    expect((await errorOf(await create({ name: "Alpha" }))).code).toBe("conflict:department");
    const res = await del(deptA);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toMatch(/still has 2 users/);
  });

  it("an admin: creating is 403, changing their own department is 403, another one is 404", async () => {
    as(adminA);
    expect((await errorOf(await create({ name: "Mine" }))).code).toBe("forbidden:department");
    expect((await patch(deptA, { name: "Renamed" })).status).toBe(403);
    expect((await patch(deptB, { name: "Renamed" })).status).toBe(404);
    expect((await del(deptB)).status).toBe(404);
  });

  it("400 for an empty name or an empty patch", async () => {
    as(root);
    expect((await create({ name: "   " })).status).toBe(400);
    expect((await patch(deptB, {})).status).toBe(400);
  });
});

describe("refusals that change nothing", () => {
  it("a plain member's API token is refused (403), anonymous 401, and nothing is made", async () => {
    const { token } = await createApiToken(member, { name: "script" });
    auth.mockReset();
    const bearer = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const viaToken = await POST(new Request(BASE, { method: "POST", headers: bearer, body: '{"name":"Token Dept"}' }));
    expect(viaToken.status).toBe(403);
    const renamed = await byId.PATCH(
      new Request(`${BASE}/${deptA}`, { method: "PATCH", headers: bearer, body: '{"name":"Taken over"}' }),
      { params: Promise.resolve({ id: deptA }) },
    );
    expect(renamed.status).toBe(403);
    as(null);
    expect((await create({ name: "Anon Dept" })).status).toBe(401);
    as(root);
    const names = ((await (await GET(new Request(BASE))).json()) as { name: string }[]).map((d) => d.name);
    expect(names).not.toContain("Token Dept");
    expect(names).not.toContain("Anon Dept");
    expect(names).not.toContain("Taken over");
  });

  it("413 for a body over the 1 MiB cap on create and rename, before it is parsed", async () => {
    as(root);
    const huge = "x".repeat(1_100_000);
    const made = await create({ name: "Huge", description: huge });
    expect(made.status).toBe(413);
    expect((await errorOf(made)).code).toBe("too_large:body");
    const renamed = await patch(deptB, { name: "Huge", description: huge });
    expect(renamed.status).toBe(413);
    const names = ((await (await GET(new Request(BASE))).json()) as { name: string }[]).map((d) => d.name);
    expect(names).toContain("Beta");
    expect(names).not.toContain("Huge");
  });
});
