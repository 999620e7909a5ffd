import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { apiTokens, users } from "@/lib/db/schema";
import { hashApiToken } from "@/lib/db/api-tokens";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const tokensRoute = await import("./route");
const tokenRoute = await import("./[id]/route");
const adminUsersRoute = await import("@/app/api/admin/users/route");
const threadsRoute = await import("@/app/api/threads/route");

const BASE = "http://localhost:3100";
let member: Actor;
let admin: Actor;

beforeAll(async () => {
  await createTestDatabase();
  const dept = await insertTestDepartment();
  member = await insertTestUser({ departmentId: dept });
  admin = await insertTestUser({ role: "admin", departmentId: dept });
});
afterAll(destroyTestDatabase);

const signedInAs = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const bearer = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...init.headers, authorization: `Bearer ${token}` },
});
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function createToken(actor: Actor, body: unknown = { name: "script" }) {
  signedInAs(actor);
  const res = await tokensRoute.POST(
    new Request(`${BASE}/api/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  return res;
}
async function newToken(actor: Actor): Promise<{ id: string; token: string }> {
  const res = await createToken(actor);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; token: string };
}
const deleteToken = (id: string, init?: RequestInit) =>
  tokenRoute.DELETE(new Request(`${BASE}/api/tokens/${id}`, { method: "DELETE", ...init }), {
    params: Promise.resolve({ id }),
  });

describe("POST /api/tokens", () => {
  it("201 with {id, name, token, prefix, expiresAt}; the token is shown once", async () => {
    const res = await createToken(member, { name: " laptop ", expiresInDays: 30 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["expiresAt", "id", "name", "prefix", "token"]);
    expect(body).toMatchObject({ name: "laptop", token: expect.stringMatching(/^mrd_/) });
    expect(body.token.startsWith(body.prefix)).toBe(true);
    const days = (Date.parse(body.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it("400 for a missing name or a bad expiry; 401 signed out", async () => {
    expect((await createToken(member, {})).status).toBe(400);
    expect((await createToken(member, { name: "x", expiresInDays: 0 })).status).toBe(400);
    expect((await createToken(member, { name: "x", expiresInDays: 1.5 })).status).toBe(400);
    signedInAs(null);
    const res = await tokensRoute.POST(
      new Request(`${BASE}/api/tokens`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(res.status).toBe(401);
  });

  it("413 for a body over the 1 MiB cap, and no token is made", async () => {
    signedInAs(member);
    const before = ((await (await tokensRoute.GET(new Request(`${BASE}/api/tokens`))).json()) as unknown[]).length;
    const res = await createToken(member, { name: "x".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(await codeOf(res)).toBe("too_large:body");
    signedInAs(member);
    const after = ((await (await tokensRoute.GET(new Request(`${BASE}/api/tokens`))).json()) as unknown[]).length;
    expect(after).toBe(before);
  });

  it("a token cannot mint another token (403 forbidden:token)", async () => {
    const { token } = await newToken(member);
    const res = await tokensRoute.POST(
      new Request(
        `${BASE}/api/tokens`,
        bearer(token, { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"child"}' }),
      ),
    );
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("forbidden:token");
  });
});

describe("GET /api/tokens", () => {
  it("lists own tokens without secret or hash, also when asked with a token", async () => {
    const { token } = await newToken(member);
    await newToken(admin);
    signedInAs(member);
    const text = await (await tokensRoute.GET(new Request(`${BASE}/api/tokens`))).text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(hashApiToken(token));
    const viaToken = (await (await tokensRoute.GET(new Request(`${BASE}/api/tokens`, bearer(token)))).json()) as Array<{
      name: string;
    }>;
    expect(viaToken.length).toBe((JSON.parse(text) as unknown[]).length);
  });
});

describe("Bearer tokens on other routes", () => {
  it("a user's token reads their threads; after revocation it is 401", async () => {
    const { id, token } = await newToken(member);
    auth.mockReset();
    const ok = await threadsRoute.GET(new Request(`${BASE}/api/threads`, bearer(token)));
    expect(ok.status).toBe(200);
    expect(auth).not.toHaveBeenCalled();

    signedInAs(member);
    expect((await deleteToken(id)).status).toBe(204);
    const after = await threadsRoute.GET(new Request(`${BASE}/api/threads`, bearer(token)));
    expect(after.status).toBe(401);
    expect(await codeOf(after)).toBe("unauthorized:auth");
  });

  it("a user's token on an admin route is 403; an admin's token reaches it", async () => {
    const userToken = (await newToken(member)).token;
    const adminToken = (await newToken(admin)).token;
    signedInAs(admin); // a cookie of an admin must not lift the user's token
    const denied = await adminUsersRoute.GET(new Request(`${BASE}/api/admin/users`, bearer(userToken)));
    expect(denied.status).toBe(403);
    expect(await codeOf(denied)).toBe("forbidden:auth");
    expect((await adminUsersRoute.GET(new Request(`${BASE}/api/admin/users`, bearer(adminToken)))).status).toBe(200);
  });

  it("the token follows its owner's current role: demoted admin -> 403", async () => {
    const boss = await insertTestUser({ role: "admin", departmentId: admin.departmentId });
    const { token } = await newToken(boss);
    expect((await adminUsersRoute.GET(new Request(`${BASE}/api/admin/users`, bearer(token)))).status).toBe(200);
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(eq(users.id, boss.id));
    expect((await adminUsersRoute.GET(new Request(`${BASE}/api/admin/users`, bearer(token)))).status).toBe(403);
  });

  it("expired tokens and tokens of disabled users are 401", async () => {
    const expired = await newToken(member);
    const db = await getDb();
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiTokens.id, expired.id));
    expect((await threadsRoute.GET(new Request(`${BASE}/api/threads`, bearer(expired.token)))).status).toBe(401);

    const leaver = await insertTestUser();
    const { token } = await newToken(leaver);
    await db.update(users).set({ disabled: true }).where(eq(users.id, leaver.id));
    expect((await threadsRoute.GET(new Request(`${BASE}/api/threads`, bearer(token)))).status).toBe(401);
  });
});

describe("DELETE /api/tokens/:id", () => {
  it("another user's token is 404 and stays valid", async () => {
    const { id, token } = await newToken(admin);
    signedInAs(member);
    const res = await deleteToken(id);
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe("not_found:token");
    expect((await threadsRoute.GET(new Request(`${BASE}/api/threads`, bearer(token)))).status).toBe(200);
  });

  it("a token may revoke itself", async () => {
    const { id, token } = await newToken(member);
    expect((await deleteToken(id, bearer(token))).status).toBe(204);
    expect((await threadsRoute.GET(new Request(`${BASE}/api/threads`, bearer(token)))).status).toBe(401);
  });
});
