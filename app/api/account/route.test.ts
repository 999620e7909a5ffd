import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { apiTokens, loginFailures, sessions, users } from "@/lib/db/schema";
import { createSession } from "@/lib/db/sessions";
import { createApiToken } from "@/lib/db/api-tokens";
import { publicSessionId } from "@/lib/db/account";
import { checkLogin } from "@/lib/auth/login";
import { getSecret } from "@/lib/config/secrets";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const accountRoute = await import("./route");
const passwordRoute = await import("./password/route");
const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");

const BASE = "http://localhost:3100";
const JSON_HEADERS = { "content-type": "application/json" };
let deptA: string;
let deptB: string;

beforeAll(async () => {
  await createTestDatabase();
  deptA = await insertTestDepartment("Research");
  deptB = await insertTestDepartment();
});
afterAll(destroyTestDatabase);
beforeEach(() => auth.mockReset());

const signedInAs = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
/** Failed current-password checks counted against the caller's address (route tests have none: "unknown"). */
const failuresOf = async (username: string) =>
  (
    await (
      await getDb()
    )
      .select({ n: loginFailures.failures })
      .from(loginFailures)
      .where(eq(loginFailures.login, username.toLowerCase()))
  )[0]?.n ?? 0;
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/** The cookie a browser holds for session row `sid` (what next-auth's getToken reads back). */
async function cookieFor(sid: string): Promise<string> {
  const name = "authjs.session-token";
  const value = await encode({ token: { sid }, secret: getSecret("AUTH_SECRET"), salt: name });
  return `${name}=${value}`;
}

/** `actor` signed in through a real session row; the request carries its cookie. */
async function browserOf(actor: Actor) {
  const session = await createSession(actor.id, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" });
  return { sid: session.id, headers: { cookie: await cookieFor(session.id) } };
}

const req = (path: string, init: RequestInit = {}) => new Request(`${BASE}${path}`, init);
const jsonReq = (path: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
  req(path, { method, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sessionIds = async (userId: string) =>
  (await (await getDb()).select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map(
    (s) => s.id,
  );
const displayNameOf = async (userId: string) =>
  (await (await getDb()).select({ n: users.displayName }).from(users).where(eq(users.id, userId)))[0]!.n;

describe("GET|PATCH /api/account", () => {
  it("shows the signed-in person's own profile with their department, never a hash", async () => {
    const me = await insertTestUser({ departmentId: deptA, username: "profile-owner" });
    signedInAs(me);
    const res = await accountRoute.GET(req("/api/account"));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: me.id,
      username: "profile-owner",
      role: "user",
      department: { id: deptA, name: "Research" },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|\$2[aby]\$/i);
  });

  it("changes only the caller's display name (trimmed); an empty one falls back to the username", async () => {
    const me = await insertTestUser({ departmentId: deptA });
    const other = await insertTestUser({ departmentId: deptA });
    signedInAs(me);
    const res = await accountRoute.PATCH(jsonReq("/api/account", "PATCH", { displayName: "  Ada Lovelace " }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: me.id, displayName: "Ada Lovelace" });
    expect(await displayNameOf(other.id)).toBe("");
    expect((await accountRoute.PATCH(jsonReq("/api/account", "PATCH", { displayName: "" }))).status).toBe(200);
    expect(await displayNameOf(me.id)).toBe("");
  });

  it("an id in the body changes nothing of another account, also for an admin of another department", async () => {
    const victim = await insertTestUser({ departmentId: deptA });
    const adminB = await insertTestUser({ role: "admin", departmentId: deptB });
    signedInAs(adminB);
    const res = await accountRoute.PATCH(jsonReq("/api/account", "PATCH", { id: victim.id, displayName: "pwned" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: adminB.id });
    expect(await displayNameOf(victim.id)).toBe("");
  });

  it("a token may read and rename its owner's profile", async () => {
    const me = await insertTestUser();
    const { token } = await createApiToken(me, { name: "script" });
    const got = await accountRoute.GET(req("/api/account", { headers: bearer(token) }));
    expect(await got.json()).toMatchObject({ id: me.id });
    const patched = await accountRoute.PATCH(jsonReq("/api/account", "PATCH", { displayName: "Bot" }, bearer(token)));
    expect(patched.status).toBe(200);
    expect(await displayNameOf(me.id)).toBe("Bot");
  });

  it("401 signed out, 400 for a name over 100 characters, 413 over the body cap; nothing changes", async () => {
    const me = await insertTestUser();
    signedInAs(null);
    expect((await accountRoute.GET(req("/api/account"))).status).toBe(401);
    expect((await accountRoute.PATCH(jsonReq("/api/account", "PATCH", { displayName: "anon" }))).status).toBe(401);
    signedInAs(me);
    const long = await accountRoute.PATCH(
      jsonReq("/api/account", "PATCH", { displayName: "x".repeat(101) }, { "x-error-fields": "1" }),
    );
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { fields: unknown[] } }).error.fields).toEqual([
      expect.objectContaining({ path: "displayName", code: "too_big", maximum: 100 }),
    ]);
    const huge = await accountRoute.PATCH(jsonReq("/api/account", "PATCH", { displayName: "y".repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect(await codeOf(huge)).toBe("too_large:body");
    expect(await displayNameOf(me.id)).toBe("");
  });
});

describe("POST /api/account/password", () => {
  const change = (body: unknown, headers: Record<string, string> = {}) =>
    passwordRoute.POST(jsonReq("/api/account/password", "POST", body, headers));

  it("a plain member changes their own password: this browser stays, other sessions and tokens end", async () => {
    const me = await insertTestUser({ password: "old-password-1" });
    const here = await browserOf(me);
    await browserOf(me); // another browser
    await createApiToken(me, { name: "old" });
    const bystander = await insertTestUser();
    const theirs = await browserOf(bystander);
    signedInAs(me);
    const res = await change({ currentPassword: "old-password-1", password: "new-password-2" }, here.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sessionsEnded: 1, tokensRevoked: 1 });
    expect(await sessionIds(me.id)).toEqual([here.sid]);
    expect(await sessionIds(bystander.id)).toEqual([theirs.sid]);
    expect(await (await getDb()).select().from(apiTokens).where(eq(apiTokens.userId, me.id))).toEqual([]);
    expect((await checkLogin(me.username, "new-password-2", "unknown")).ok).toBe(true);
    expect((await checkLogin(me.username, "old-password-1", "unknown")).ok).toBe(false);
  });

  it("a wrong current password is refused on its field and counts towards the lockout; nothing changes", async () => {
    const me = await insertTestUser({ password: "right-password" });
    const here = await browserOf(me);
    const other = await browserOf(me);
    signedInAs(me);
    const res = await change(
      { currentPassword: "wrong-password", password: "new-password-2" },
      { ...here.headers, "x-error-fields": "1" },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { code: "forbidden:password", fields: [{ path: "currentPassword", key: "currentPasswordWrong" }] },
    });
    expect((await sessionIds(me.id)).sort()).toEqual([here.sid, other.sid].sort());
    expect(await failuresOf(me.username)).toBe(1);
    for (let i = 0; i < 4; i++) await change({ currentPassword: "wrong-password", password: "new-password-2" });
    const locked = await change({ currentPassword: "right-password", password: "new-password-2" });
    expect(locked.status).toBe(429);
    expect(await codeOf(locked)).toBe("rate_limited:auth");
    expect((await checkLogin(me.username, "new-password-2", "unknown")).ok).toBe(false);
  });

  it("the new password must follow the rules (checked before the current one)", async () => {
    const me = await insertTestUser({ password: "right-password" });
    signedInAs(me);
    const short = await change({ currentPassword: "right-password", password: "short" }, { "x-error-fields": "1" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { fields: { path: string }[] } }).error.fields[0]!.path).toBe("password");
    const missing = await change({ password: "new-password-2" });
    expect(missing.status).toBe(400);
    expect(await failuresOf(me.username)).toBe(0);
  });

  it("an API token cannot change the password (403), anonymous gets 401, an oversized body 413", async () => {
    const me = await insertTestUser({ password: "right-password" });
    const { token } = await createApiToken(me, { name: "leaked" });
    const viaToken = await change({ currentPassword: "right-password", password: "new-password-2" }, bearer(token));
    expect(viaToken.status).toBe(403);
    expect(await codeOf(viaToken)).toBe("forbidden:token");
    signedInAs(null);
    expect((await change({ currentPassword: "right-password", password: "new-password-2" })).status).toBe(401);
    signedInAs(me);
    const huge = await change({ currentPassword: "right-password", password: "z".repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect((await checkLogin(me.username, "right-password", "unknown")).ok).toBe(true);
  });
});

describe("/api/account/sessions", () => {
  it("lists the caller's own unexpired sign-ins, this one marked, with digests instead of session ids", async () => {
    const me = await insertTestUser();
    const here = await browserOf(me);
    const other = await browserOf(me);
    await browserOf(await insertTestUser());
    signedInAs(me);
    const res = await sessionsRoute.GET(req("/api/account/sessions", { headers: here.headers }));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(here.sid);
    expect(text).not.toContain(other.sid);
    const list = JSON.parse(text) as { id: string; current: boolean; userAgent: string }[];
    expect(list.map((s) => s.id).sort()).toEqual([publicSessionId(here.sid), publicSessionId(other.sid)].sort());
    expect(list.find((s) => s.current)?.id).toBe(publicSessionId(here.sid));
    expect(list[0]!.userAgent).toContain("Chrome/131");
  });

  it("ends one own session by its listed id; another user's id is 404 and theirs survives", async () => {
    const me = await insertTestUser();
    const here = await browserOf(me);
    const other = await browserOf(me);
    const adminB = await insertTestUser({ role: "admin", departmentId: deptB });
    const theirs = await browserOf(adminB);
    signedInAs(me);
    const del = (id: string) =>
      sessionRoute.DELETE(req(`/api/account/sessions/${id}`, { method: "DELETE", headers: here.headers }), {
        params: Promise.resolve({ id }),
      });
    const foreign = await del(publicSessionId(theirs.sid));
    expect(foreign.status).toBe(404);
    expect(await codeOf(foreign)).toBe("not_found:session");
    expect(await sessionIds(adminB.id)).toEqual([theirs.sid]);
    expect((await del(publicSessionId(other.sid))).status).toBe(204);
    expect(await sessionIds(me.id)).toEqual([here.sid]);
    expect((await del(publicSessionId(other.sid))).status).toBe(404);
  });

  it("sign out everywhere else keeps only this browser's session", async () => {
    const me = await insertTestUser();
    const here = await browserOf(me);
    await browserOf(me);
    await browserOf(me);
    const bystander = await insertTestUser();
    const theirs = await browserOf(bystander);
    signedInAs(me);
    const res = await sessionsRoute.DELETE(req("/api/account/sessions", { method: "DELETE", headers: here.headers }));
    expect(await res.json()).toEqual({ ended: 2 });
    expect(await sessionIds(me.id)).toEqual([here.sid]);
    expect(await sessionIds(bystander.id)).toEqual([theirs.sid]);
  });

  it("a token can neither list nor end sign-ins (403); anonymous gets 401; nothing ends", async () => {
    const me = await insertTestUser();
    const here = await browserOf(me);
    const { token } = await createApiToken(me, { name: "leaked" });
    const asToken = { headers: bearer(token) };
    for (const res of [
      await sessionsRoute.GET(req("/api/account/sessions", asToken)),
      await sessionsRoute.DELETE(req("/api/account/sessions", { method: "DELETE", ...asToken })),
      await sessionRoute.DELETE(req(`/api/account/sessions/x`, { method: "DELETE", ...asToken }), {
        params: Promise.resolve({ id: publicSessionId(here.sid) }),
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("forbidden:token");
    }
    signedInAs(null);
    expect((await sessionsRoute.GET(req("/api/account/sessions"))).status).toBe(401);
    expect((await sessionsRoute.DELETE(req("/api/account/sessions", { method: "DELETE" }))).status).toBe(401);
    expect(await sessionIds(me.id)).toEqual([here.sid]);
  });
});
