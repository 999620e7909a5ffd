import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "./client";
import { apiTokens, users } from "./schema";
import {
  LAST_USED_RESOLUTION_MS,
  MAX_TOKENS_PER_USER,
  createApiToken,
  deleteApiToken,
  findActorByApiToken,
  hashApiToken,
  listApiTokens,
} from "./api-tokens";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const DAY_MS = 24 * 60 * 60 * 1000;
const rejectsWith = (p: Promise<unknown>, code: ErrorCode) => expect(p).rejects.toMatchObject({ code });

async function storedRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
}

describe("createApiToken", () => {
  it("returns mrd_ + 32 random bytes (base64url) once, with a recognisable prefix", async () => {
    const u = await insertTestUser();
    const created = await createApiToken(u, { name: "ci" });
    expect(created.token).toMatch(/^mrd_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token.slice(4), "base64url")).toHaveLength(32);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(created).toMatchObject({ name: "ci", expiresAt: null });
    const other = await createApiToken(u, { name: "ci" });
    expect(other.token).not.toBe(created.token);
  });

  it("stores only the SHA-256 of the secret, never the secret itself", async () => {
    const u = await insertTestUser();
    const { id, token } = await createApiToken(u, { name: "hash-only" });
    const row = await storedRow(id);
    expect(row!.tokenHash).toBe(hashApiToken(token));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.slice(12));
  });

  it("sets the expiry expiresInDays from now", async () => {
    const u = await insertTestUser();
    const now = new Date("2030-01-01T00:00:00Z");
    const created = await createApiToken(u, { name: "short", expiresInDays: 7 }, now);
    expect(created.expiresAt?.getTime()).toBe(now.getTime() + 7 * DAY_MS);
  });

  it(`allows at most ${MAX_TOKENS_PER_USER} tokens per user, even when created concurrently`, async () => {
    const u = await insertTestUser();
    const attempts = await Promise.allSettled(
      Array.from({ length: MAX_TOKENS_PER_USER + 3 }, (_, i) => createApiToken(u, { name: `t${i}` })),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(MAX_TOKENS_PER_USER);
    const refused = attempts.filter((a) => a.status === "rejected");
    expect(refused).toHaveLength(3);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: "conflict:token", status: 409 });
    expect(await listApiTokens(u)).toHaveLength(MAX_TOKENS_PER_USER);
    // Another user is not affected by this user's cap.
    await expect(createApiToken(await insertTestUser(), { name: "fine" })).resolves.toBeDefined();
  });
});

describe("listApiTokens and deleteApiToken", () => {
  it("lists only the actor's own tokens, newest first, without hash or secret", async () => {
    const u = await insertTestUser();
    const stranger = await insertTestUser();
    const first = await createApiToken(u, { name: "first" }, new Date(Date.now() - 1000));
    const second = await createApiToken(u, { name: "second" });
    await createApiToken(stranger, { name: "not-yours" });
    const list = await listApiTokens(u);
    expect(list.map((t) => t.name)).toEqual(["second", "first"]);
    expect(Object.keys(list[0]!).sort()).toEqual(["createdAt", "expiresAt", "id", "lastUsedAt", "name", "prefix"]);
    expect(JSON.stringify(list)).not.toContain(first.token);
    expect(JSON.stringify(list)).not.toContain(hashApiToken(second.token));
  });

  it("revokes one's own token; another user's token is 404 and keeps working", async () => {
    const u = await insertTestUser();
    const thief = await insertTestUser();
    const mine = await createApiToken(u, { name: "mine" });
    await rejectsWith(deleteApiToken(thief, mine.id), "not_found:token");
    expect((await findActorByApiToken(mine.token))?.id).toBe(u.id);

    await deleteApiToken(u, mine.id);
    expect(await findActorByApiToken(mine.token)).toBeNull();
    await rejectsWith(deleteApiToken(u, mine.id), "not_found:token");
  });
});

describe("findActorByApiToken", () => {
  it("returns the owner with their current role and department", async () => {
    const u = await insertTestUser({ role: "user" });
    const { token } = await createApiToken(u, { name: "x" });
    expect(await findActorByApiToken(token)).toEqual({
      id: u.id,
      username: u.username,
      displayName: "",
      role: "user",
      departmentId: null,
    });
    const db = await getDb();
    await db.update(users).set({ role: "admin" }).where(eq(users.id, u.id));
    expect((await findActorByApiToken(token))?.role).toBe("admin");
  });

  it("refuses malformed, unknown and look-alike tokens", async () => {
    const u = await insertTestUser();
    const { token } = await createApiToken(u, { name: "x" });
    for (const bad of [
      "",
      "abc",
      token.slice(0, -1),
      `${token}A`,
      token.replace("mrd_", "mrx_"),
      `mrd_${"A".repeat(43)}`,
    ]) {
      expect(await findActorByApiToken(bad), bad).toBeNull();
    }
  });

  it("refuses an expired token, accepts it until the last moment", async () => {
    const u = await insertTestUser();
    const t0 = new Date("2030-01-01T00:00:00Z");
    const { token } = await createApiToken(u, { name: "x", expiresInDays: 1 }, t0);
    expect(await findActorByApiToken(token, new Date(t0.getTime() + DAY_MS - 1))).not.toBeNull();
    expect(await findActorByApiToken(token, new Date(t0.getTime() + DAY_MS))).toBeNull();
  });

  it("refuses the token of a disabled user", async () => {
    const u = await insertTestUser();
    const { token } = await createApiToken(u, { name: "x" });
    const db = await getDb();
    await db.update(users).set({ disabled: true }).where(eq(users.id, u.id));
    expect(await findActorByApiToken(token)).toBeNull();
  });

  it("records lastUsedAt at most once a minute", async () => {
    const u = await insertTestUser();
    const { id, token } = await createApiToken(u, { name: "x" });
    expect((await storedRow(id))!.lastUsedAt).toBeNull();
    const t0 = new Date("2030-01-01T00:00:00Z");
    await findActorByApiToken(token, t0);
    expect((await storedRow(id))!.lastUsedAt).toEqual(t0);
    await findActorByApiToken(token, new Date(t0.getTime() + LAST_USED_RESOLUTION_MS - 1));
    expect((await storedRow(id))!.lastUsedAt).toEqual(t0);
    const later = new Date(t0.getTime() + LAST_USED_RESOLUTION_MS);
    await findActorByApiToken(token, later);
    expect((await storedRow(id))!.lastUsedAt).toEqual(later);
  });
});
