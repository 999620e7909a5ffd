import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { apiTokens } from "@/lib/db/schema";
import { createApiToken, deleteApiToken } from "@/lib/db/api-tokens";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { getActor } = await import("./current-user");
const { actorFromBearerToken, bearerToken, isBearerRequest } = await import("./bearer");

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const withBearer = (token: string) => new Request("http://h/api/x", { headers: { authorization: `Bearer ${token}` } });

describe("bearerToken", () => {
  it("reads the token of a Bearer header, case-insensitively, and nothing else", () => {
    expect(bearerToken(withBearer("mrd_abc"))).toBe("mrd_abc");
    expect(bearerToken(new Request("http://h", { headers: { authorization: "bearer  mrd_abc " } }))).toBe("mrd_abc");
    expect(bearerToken(new Request("http://h", { headers: { authorization: "Basic abc" } }))).toBeUndefined();
    expect(isBearerRequest(new Request("http://h"))).toBe(false);
    expect(isBearerRequest(withBearer("x"))).toBe(true);
  });
});

describe("actorFromBearerToken through getActor", () => {
  it("a valid token acts as its owner, without consulting any cookie session", async () => {
    const owner = await insertTestUser({ role: "admin" });
    const { token } = await createApiToken(owner, { name: "x" });
    auth.mockReset();
    expect(await getActor(withBearer(token))).toMatchObject({ id: owner.id, role: "admin" });
    expect(auth).not.toHaveBeenCalled();
  });

  it("a bad token is no actor even when a valid cookie session comes with it", async () => {
    const u = await insertTestUser();
    auth.mockResolvedValue({ user: { id: u.id, name: "x", role: "user" }, expires: "" });
    expect(await getActor(withBearer("mrd_" + "x".repeat(43)))).toBeNull();
  });

  it("revoked, expired and disabled-owner tokens give no actor", async () => {
    const u = await insertTestUser();
    const revoked = await createApiToken(u, { name: "revoked" });
    await deleteApiToken(u, revoked.id);
    expect(await actorFromBearerToken(revoked.token)).toBeNull();

    const expired = await createApiToken(u, { name: "expired", expiresInDays: 1 });
    const db = await getDb();
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    expect(await actorFromBearerToken(expired.token)).toBeNull();

    const off = await insertTestUser({ disabled: true });
    const offToken = await createApiToken(off, { name: "disabled" });
    expect(await actorFromBearerToken(offToken.token)).toBeNull();
  });
});
