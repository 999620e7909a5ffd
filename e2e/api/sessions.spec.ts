import { expect, test, request as playwrightRequest, type APIResponse } from "../test";
import {
  ADMIN,
  attemptSignIn,
  createUser,
  sessionCookie,
  signIn,
  signInAsAdmin,
  signInErrorCode,
  signOut,
} from "../helpers/auth";
import type { ErrorCode } from "../../lib/errors/error-codes";

/** Cookie sessions over real HTTP (docs/ARCHITECTURE.md, "Auth and sharing"; docs/API.md, "/api/auth"). */

const DAY_MS = 24 * 60 * 60 * 1000;

function setCookies(res: APIResponse): string[] {
  return res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
}

async function expectError(res: APIResponse, status: number, code: ErrorCode) {
  expect(res.status()).toBe(status);
  const body = await res.json();
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(0);
}

test.describe("sign-in", () => {
  test("the credentials sign-in flow sets an HttpOnly, SameSite=Strict, 24 h session cookie (Secure only over https)", async ({
    baseURL,
  }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const csrf = await api.get("/api/auth/csrf");
    expect(csrf.status()).toBe(200);
    const { csrfToken } = await csrf.json();
    expect(typeof csrfToken).toBe("string");

    const before = Date.now();
    const res = await api.post("/api/auth/callback/credentials", {
      form: { csrfToken, username: ADMIN.username, password: ADMIN.password, json: "true" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(signInErrorCode(res)).toBeNull();
    // Redirected on the host the client used, whatever name that is.
    expect(new URL(res.headers()["location"]!).origin).toBe(new URL(baseURL!).origin);

    const cookie = setCookies(res).find((c) => /^(__Secure-)?authjs\.session-token=/.test(c));
    expect(cookie, "a session cookie is set").toBeDefined();
    const attrs = cookie!.split(";").map((a) => a.trim().toLowerCase());
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=strict");
    expect(attrs).toContain("path=/");
    const https = new URL(baseURL!).protocol === "https:";
    expect(attrs.includes("secure")).toBe(https);

    const expiresAttr = attrs.find((a) => a.startsWith("expires="));
    const maxAgeAttr = attrs.find((a) => a.startsWith("max-age="));
    const expiresAt = maxAgeAttr
      ? before + Number(maxAgeAttr.split("=")[1]) * 1000
      : Date.parse(expiresAttr!.slice("expires=".length));
    expect(Math.abs(expiresAt - (before + DAY_MS))).toBeLessThan(5 * 60 * 1000);

    const session = await (await api.get("/api/auth/session")).json();
    expect(session.user).toEqual({ id: expect.any(String), name: expect.any(String), role: "superadmin" });
    await api.dispose();
  });

  test("GET /api/auth/session is {} when signed out", async ({ request }) => {
    const res = await request.get("/api/auth/session");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({});
  });

  test("a wrong password is refused with code invalid_credentials and no session", async ({ baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const res = await attemptSignIn(api, ADMIN.username, "not-the-password");
    expect(res.status()).toBe(302);
    const location = new URL(res.headers()["location"]!);
    expect(location.origin + location.pathname).toBe(`${new URL(baseURL!).origin}/login`);
    expect(signInErrorCode(res)).toBe("invalid_credentials");
    expect(setCookies(res).some((c) => c.includes("session-token=") && !c.includes("session-token=;"))).toBe(false);
    expect(await (await api.get("/api/auth/session")).json()).toEqual({});
    await api.dispose();
  });

  test("usernames are case-insensitive", async ({ baseURL }) => {
    const api = await signIn(baseURL!, ADMIN.username.toUpperCase(), ADMIN.password);
    expect((await (await api.get("/api/auth/session")).json()).user.role).toBe("superadmin");
    await api.dispose();
  });
});

test.describe("sign-out", () => {
  test("revokes the session server-side: the old cookie replayed gets {} and 401", async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const user = await createUser(admin);
    const api = await signIn(baseURL!, user.username, user.password);
    const stolen = await sessionCookie(api);
    expect((await api.get("/api/auth/session").then((r) => r.json())).user.id).toBe(user.id);

    const out = await signOut(api);
    expect(out.status()).toBe(302);
    expect(await (await api.get("/api/auth/session")).json()).toEqual({});

    // A copy of the cookie taken before sign-out is worthless afterwards.
    const replay = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `${stolen.name}=${stolen.value}` },
    });
    expect(await (await replay.get("/api/auth/session")).json()).toEqual({});
    await expectError(await replay.get("/api/admin/users"), 401, "unauthorized:auth");
    await Promise.all([admin.dispose(), api.dispose(), replay.dispose()]);
  });

  test("signing out one session leaves the user's other sessions alone", async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const user = await createUser(admin);
    const laptop = await signIn(baseURL!, user.username, user.password);
    const phone = await signIn(baseURL!, user.username, user.password);
    await signOut(laptop);
    expect((await (await phone.get("/api/auth/session")).json()).user.id).toBe(user.id);
    await Promise.all([admin.dispose(), laptop.dispose(), phone.dispose()]);
  });
});

test.describe("lockout", () => {
  test("5 failures lock the account: the 6th attempt with the right password fails as locked", async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const user = await createUser(admin);
    const api = await playwrightRequest.newContext({ baseURL });

    const codes: (string | null)[] = [];
    for (let i = 1; i <= 5; i++) codes.push(signInErrorCode(await attemptSignIn(api, user.username, `wrong-${i}`)));
    expect(codes.slice(0, 4)).toEqual(Array(4).fill("invalid_credentials"));
    expect(codes[4]).toBe("account_locked");

    const sixth = await attemptSignIn(api, user.username, user.password);
    expect(sixth.status()).toBe(302);
    expect(signInErrorCode(sixth)).toBe("account_locked");
    expect(await (await api.get("/api/auth/session")).json()).toEqual({});

    // Another account is not affected.
    const other = await createUser(admin);
    const otherApi = await signIn(baseURL!, other.username, other.password);
    await Promise.all([admin.dispose(), api.dispose(), otherApi.dispose()]);
  });
});

test.describe("protected routes", () => {
  test("anonymous requests get 401 with the typed error shape", async ({ request }) => {
    await expectError(await request.get("/api/admin/users"), 401, "unauthorized:auth");
    await expectError(
      await request.post("/api/admin/users", { data: { username: "anon-made", password: "password-123" } }),
      401,
      "unauthorized:auth",
    );
  });

  test("a plain user gets 403 on admin routes", async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const user = await createUser(admin);
    const api = await signIn(baseURL!, user.username, user.password);
    await expectError(await api.get("/api/admin/users"), 403, "forbidden:auth");
    await expectError(
      await api.post("/api/admin/users", { data: { username: "made-by-user", password: "password-123" } }),
      403,
      "forbidden:auth",
    );
    await Promise.all([admin.dispose(), api.dispose()]);
  });

  test("the admin lists users without password hashes and creating a duplicate is 409", async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const user = await createUser(admin);
    const list = await admin.get("/api/admin/users");
    expect(list.status()).toBe(200);
    const users = (await list.json()) as Array<{ username: string }>;
    expect(users.map((u) => u.username)).toContain(user.username);
    expect(JSON.stringify(users)).not.toMatch(/password/i);
    await expectError(
      await admin.post("/api/admin/users", {
        data: { username: user.username.toUpperCase(), password: "password-123" },
      }),
      409,
      "conflict:user",
    );
    await expectError(
      await admin.post("/api/admin/users", { data: { username: "short-pw", password: "1234567" } }),
      400,
      "bad_request:api",
    );
    await admin.dispose();
  });

  test("a state-changing request from another origin is refused with 403 forbidden:origin", async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const res = await admin.post("/api/admin/users", {
      data: { username: "cross-site", password: "password-123" },
      headers: { origin: "https://evil.example" },
    });
    await expectError(res, 403, "forbidden:origin");
    const sameOrigin = await admin.post("/api/admin/users", {
      data: { username: `same-origin-${Date.now()}`, password: "password-123" },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(sameOrigin.status()).toBe(201);
    await admin.dispose();
  });
});
