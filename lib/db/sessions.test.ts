import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "./client";
import { sessions, users } from "./schema";
import {
  SESSION_MAX_AGE_SECONDS,
  createSession,
  deleteExpiredSessions,
  deleteSession,
  getValidSession,
} from "./sessions";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const DAY_MS = 24 * 60 * 60 * 1000;

describe("sessions", () => {
  it("creates a random 32-byte id that expires in 24 hours", async () => {
    const u = await insertTestUser();
    const now = new Date();
    const a = await createSession(u.id, { now, userAgent: "vitest" });
    const b = await createSession(u.id, { now });
    expect(SESSION_MAX_AGE_SECONDS).toBe(86_400);
    expect(Buffer.from(a.id, "base64url")).toHaveLength(32);
    expect(a.id).not.toBe(b.id);
    expect(a.expiresAt.getTime() - now.getTime()).toBe(DAY_MS);
  });

  it("a valid session returns its user as an actor", async () => {
    const u = await insertTestUser({ username: "session-owner" });
    const s = await createSession(u.id);
    const valid = await getValidSession(s.id);
    expect(valid).toMatchObject({ id: s.id, user: { id: u.id, username: "session-owner", role: "user" } });
    expect(valid?.user).not.toHaveProperty("passwordHash");
  });

  it("an unknown id is not valid", async () => {
    expect(await getValidSession("no-such-session")).toBeNull();
  });

  it("an expired session is not valid", async () => {
    const u = await insertTestUser();
    const s = await createSession(u.id);
    expect(await getValidSession(s.id, new Date(Date.now() + DAY_MS - 1000))).not.toBeNull();
    expect(await getValidSession(s.id, new Date(s.expiresAt.getTime()))).toBeNull();
    expect(await getValidSession(s.id, new Date(Date.now() + DAY_MS + 1000))).toBeNull();
  });

  it("a session of a disabled user is not valid", async () => {
    const u = await insertTestUser();
    const s = await createSession(u.id);
    const db = await getDb();
    await db.update(users).set({ disabled: true }).where(eq(users.id, u.id));
    expect(await getValidSession(s.id)).toBeNull();
  });

  it("delete revokes exactly that session", async () => {
    const u = await insertTestUser();
    const a = await createSession(u.id);
    const b = await createSession(u.id);
    expect(await deleteSession(a.id)).toBe(true);
    expect(await deleteSession(a.id)).toBe(false);
    expect(await getValidSession(a.id)).toBeNull();
    expect(await getValidSession(b.id)).not.toBeNull();
  });

  it("deleteExpiredSessions removes expired rows only", async () => {
    const u = await insertTestUser();
    const old = await createSession(u.id, { now: new Date(Date.now() - 2 * DAY_MS) });
    const fresh = await createSession(u.id);
    const removed = await deleteExpiredSessions();
    expect(removed).toBeGreaterThanOrEqual(1);
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.id, old.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.id, fresh.id))).toHaveLength(1);
    expect(await deleteExpiredSessions()).toBe(0);
  });
});
