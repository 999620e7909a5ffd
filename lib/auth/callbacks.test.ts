import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { getValidSession } from "@/lib/db/sessions";
import { authorizeCredentials, jwtCallback, revokeSession, sessionCallback } from "./callbacks";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

async function signedInToken(userId: string): Promise<JWT> {
  const token = await jwtCallback(
    { token: { sub: userId }, user: { id: userId }, trigger: "signIn" },
    { userAgent: "ua/1" },
  );
  if (!token) throw new Error("no token");
  return token;
}

describe("authorizeCredentials", () => {
  it("returns id, display name and role for the right password", async () => {
    const u = await insertTestUser({ role: "admin", password: "right-password" });
    expect(await authorizeCredentials({ username: u.username, password: "right-password" }, "198.51.100.7")).toEqual({
      ok: true,
      user: { id: u.id, name: u.username, role: "admin" },
    });
  });

  it("refuses malformed input and wrong passwords with invalid_credentials", async () => {
    const u = await insertTestUser({ password: "right-password" });
    expect(await authorizeCredentials({}, "198.51.100.7")).toEqual({ ok: false, code: "invalid_credentials" });
    expect(await authorizeCredentials({ username: u.username, password: 42 }, "198.51.100.7")).toEqual({
      ok: false,
      code: "invalid_credentials",
    });
    expect(await authorizeCredentials({ username: u.username, password: "nope" }, "198.51.100.7")).toEqual({
      ok: false,
      code: "invalid_credentials",
    });
  });

  it("answers account_locked once the account is locked", async () => {
    const u = await insertTestUser({ password: "right-password" });
    for (let i = 0; i < 5; i++) await authorizeCredentials({ username: u.username, password: "nope" }, "198.51.100.7");
    expect(await authorizeCredentials({ username: u.username, password: "right-password" }, "198.51.100.7")).toEqual({
      ok: false,
      code: "account_locked",
    });
  });
});

describe("jwtCallback", () => {
  it("at sign-in creates a 24 h session row and puts its id in the token", async () => {
    const u = await insertTestUser();
    const token = await signedInToken(u.id);
    expect(token).toMatchObject({ sub: u.id, role: "user", name: u.username });
    const row = await getValidSession(token.sid as string);
    expect(row?.user.id).toBe(u.id);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const db = await getDb();
    const [stored] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, token.sid as string));
    expect(stored?.userAgent).toBe("ua/1");
  });

  it("on later reads keeps a valid session and refreshes role and name from the database", async () => {
    const u = await insertTestUser();
    const token = await signedInToken(u.id);
    const db = await getDb();
    await db.update(users).set({ role: "admin", displayName: "Renamed" }).where(eq(users.id, u.id));
    expect(await jwtCallback({ token, user: { id: u.id } })).toMatchObject({
      sid: token.sid,
      role: "admin",
      name: "Renamed",
    });
  });

  it("ends the session when the row was revoked, has expired, or the user is disabled", async () => {
    const db = await getDb();
    const revoked = await signedInToken((await insertTestUser()).id);
    await db.delete(sessions).where(eq(sessions.id, revoked.sid as string));
    expect(await jwtCallback({ token: revoked, user: { id: "x" } })).toBeNull();

    const expired = await signedInToken((await insertTestUser()).id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, expired.sid as string));
    expect(await jwtCallback({ token: expired, user: { id: "x" } })).toBeNull();

    const owner = await insertTestUser();
    const disabled = await signedInToken(owner.id);
    await db.update(users).set({ disabled: true }).where(eq(users.id, owner.id));
    expect(await jwtCallback({ token: disabled, user: { id: "x" } })).toBeNull();
  });

  it("a token without a session id (or a forged one) is not a session", async () => {
    expect(await jwtCallback({ token: { sub: "someone" }, user: { id: "x" } })).toBeNull();
    expect(await jwtCallback({ token: { sub: "someone", sid: "made-up" }, user: { id: "x" } })).toBeNull();
  });

  it("a client 'update' cannot change who the token is for", async () => {
    const u = await insertTestUser();
    const token = await signedInToken(u.id);
    const updated = await jwtCallback({
      token,
      user: { id: u.id },
      trigger: "update",
      session: { role: "superadmin" },
    });
    expect(updated).toMatchObject({ sub: u.id, role: "user" });
  });
});

describe("sessionCallback", () => {
  it("exposes exactly {id, name, role} and the row's expiry, never the session id", async () => {
    const u = await insertTestUser();
    const token = await signedInToken(u.id);
    const session = sessionCallback({ session: { expires: "later" }, token });
    expect(session).toEqual({ user: { id: u.id, name: u.username, role: "user" }, expires: token.sessionExpires });
    expect(JSON.stringify(session)).not.toContain(token.sid as string);
  });
});

describe("revokeSession (events.signOut)", () => {
  it("deletes the session row named by the token", async () => {
    const u = await insertTestUser();
    const token = await signedInToken(u.id);
    await revokeSession({ token });
    expect(await getValidSession(token.sid as string)).toBeNull();
  });

  it("ignores a missing token", async () => {
    await expect(revokeSession({ token: null })).resolves.toBeUndefined();
  });
});
