import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { ApiError } from "@/lib/errors/api-error";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const redirect = vi.hoisted(() =>
  vi.fn((to: string) => {
    throw new Error(`NEXT_REDIRECT ${to}`);
  }),
);
vi.mock("next/navigation", () => ({ redirect }));
const requestHeaders = vi.hoisted(() => ({ value: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.value }));

const { getActor, getPageActor, requireActor, requireRole } = await import("./current-user");

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);
beforeEach(() => auth.mockReset());

const sessionFor = (id: string) => ({ user: { id, name: "x", role: "user" }, expires: "" });

describe("getActor", () => {
  it("returns null when auth() finds no session", async () => {
    auth.mockResolvedValue(null);
    expect(await getActor(new Request("http://h/api/x"))).toBeNull();
  });

  it("loads the actor fresh from the database (not from the cookie's claims)", async () => {
    const u = await insertTestUser({ role: "admin", username: "fresh-admin" });
    auth.mockResolvedValue({ user: { id: u.id, name: "stale", role: "user" }, expires: "" });
    expect(await getActor()).toEqual({
      id: u.id,
      username: "fresh-admin",
      displayName: "",
      role: "admin",
      departmentId: null,
    });
  });

  it("returns null for a disabled or deleted user even with a session", async () => {
    const off = await insertTestUser({ disabled: true });
    auth.mockResolvedValue(sessionFor(off.id));
    expect(await getActor()).toBeNull();
    auth.mockResolvedValue(sessionFor("deleted-user"));
    expect(await getActor()).toBeNull();
  });

  it("a Bearer request is judged by its token alone: the cookie session is not consulted", async () => {
    const u = await insertTestUser();
    auth.mockResolvedValue(sessionFor(u.id));
    const req = new Request("http://h/api/x", { headers: { authorization: "Bearer abc123" } });
    expect(await getActor(req)).toBeNull(); // API tokens are not issued yet
    expect(auth).not.toHaveBeenCalled();
  });
});

describe("requireActor / requireRole / getPageActor", () => {
  it("requireActor throws 401 unauthorized:auth when signed out", async () => {
    auth.mockResolvedValue(null);
    const err = await requireActor().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "unauthorized:auth", status: 401 });
  });

  it("requireRole passes listed roles and throws 403 forbidden:auth otherwise", async () => {
    const u = await insertTestUser({ role: "user" });
    expect(() => requireRole(u, "user")).not.toThrow();
    expect(() => requireRole(u, "admin", "superadmin")).toThrow(
      expect.objectContaining({ code: "forbidden:auth", status: 403 }),
    );
  });

  it("getPageActor redirects to /login when signed out and returns the actor otherwise", async () => {
    auth.mockResolvedValue(null);
    requestHeaders.value = new Headers();
    await expect(getPageActor()).rejects.toThrow(/^NEXT_REDIRECT \/login$/);
    requestHeaders.value = new Headers({ "x-meridian-path": "/chat/abc?x=1" });
    await expect(getPageActor()).rejects.toThrow("NEXT_REDIRECT /login?callbackUrl=%2Fchat%2Fabc%3Fx%3D1");
    // Only same-site paths ever become a callback.
    requestHeaders.value = new Headers({ "x-meridian-path": "//evil.example/x" });
    await expect(getPageActor()).rejects.toThrow(/^NEXT_REDIRECT \/login$/);
    const u = await insertTestUser();
    auth.mockResolvedValue(sessionFor(u.id));
    expect((await getPageActor()).id).toBe(u.id);
  });
});
