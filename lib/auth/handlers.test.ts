import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { sessions } from "@/lib/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/http/client-address";
import { resetSignInLimiters } from "./sign-in-limit";

// next-auth imports "next/server" without an extension, which Node's ESM loader refuses unless
// vitest inlines it: vitest.config.ts needs `test.server.deps.inline: ["next-auth"]`.
const { GET, POST } = await import("./handlers").catch((err: unknown) => {
  throw new Error(
    'next-auth could not load under vitest; add test.server.deps.inline: ["next-auth"] to vitest.config.ts',
    {
      cause: err,
    },
  );
});

/** The real Auth.js handlers with our config, driven like a browser would (cookie jar by hand). */

const ORIGIN = "http://meridian.test:3000";
let user: Awaited<ReturnType<typeof insertTestUser>>;

beforeAll(async () => {
  vi.stubEnv("AUTH_SECRET", "test-auth-secret-test-auth-secret-0123456789");
  vi.stubEnv("AUTH_URL", "");
  await createTestDatabase();
  user = await insertTestUser({ username: "flow-user", password: "flow-password-1" });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await destroyTestDatabase();
});

class Browser {
  jar = new Map<string, string>();
  constructor(
    readonly origin: string,
    readonly forwardedProto?: string,
    readonly peer = "192.0.2.1",
  ) {}
  private headers(extra: Record<string, string> = {}) {
    const h = new Headers(extra);
    const url = new URL(this.origin);
    h.set("host", url.host);
    h.set(PEER_ADDRESS_HEADER, this.peer); // what the server stamps (lib/http/incoming-request.ts)
    if (this.forwardedProto) h.set("x-forwarded-proto", this.forwardedProto);
    if (this.jar.size) h.set("cookie", [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    return h;
  }
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === "") this.jar.delete(name!);
      else this.jar.set(name!, value);
    }
    return res;
  }
  async get(path: string) {
    // next start addresses every request to localhost; the handlers must use the Host header.
    return this.keep(await GET(new NextRequest(`http://localhost:3000${path}`, { headers: this.headers() })));
  }
  async post(path: string, form: Record<string, string>) {
    const req = new NextRequest(`http://localhost:3000${path}`, {
      method: "POST",
      headers: this.headers({ "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams(form).toString(),
    });
    return this.keep(await POST(req));
  }
  async csrf() {
    return ((await (await this.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  }
  async signIn(username: string, password: string) {
    const csrfToken = await this.csrf();
    return this.post("/api/auth/callback/credentials", { csrfToken, username, password, json: "true" });
  }
}

describe("Auth.js handlers", () => {
  it("signed out, GET /api/auth/session answers {} (not null)", async () => {
    const res = await new Browser(ORIGIN).get("/api/auth/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it("signs in, sets a strict HttpOnly cookie without Secure over http, and redirects on the request's host", async () => {
    const b = new Browser(ORIGIN);
    const res = await b.signIn("FLOW-USER", "flow-password-1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${ORIGIN}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Secure/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie!)![1]!);
    expect(Math.abs(expires - (Date.now() + 86_400_000))).toBeLessThan(60_000);

    const session = await (await b.get("/api/auth/session")).json();
    expect(session.user).toEqual({ id: user.id, name: "flow-user", role: "user" });
    expect(JSON.stringify(session)).not.toContain("sid");
  });

  it("answers on 127.0.0.1 as 127.0.0.1 (NextRequest would rename it localhost)", async () => {
    const b = new Browser("http://127.0.0.1:3000");
    const res = await b.signIn("flow-user", "wrong-password");
    expect(new URL(res.headers.get("location")!).origin).toBe("http://127.0.0.1:3000");
    const ok = await b.signIn("flow-user", "flow-password-1");
    expect(ok.headers.get("location")).toBe("http://127.0.0.1:3000");
  });

  it("over https (X-Forwarded-Proto) the cookie is Secure with the __Secure- name, and it works", async () => {
    const b = new Browser("https://meridian.example", "https");
    const res = await b.signIn("flow-user", "flow-password-1");
    const cookie = res.headers.getSetCookie().find((c) => c.includes("authjs.session-token="));
    expect(cookie).toMatch(/^__Secure-authjs\.session-token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(res.headers.get("location")).toBe("https://meridian.example");
    expect((await (await b.get("/api/auth/session")).json()).user?.id).toBe(user.id);
  });

  it("a wrong password redirects to /login with code=invalid_credentials and sets no session", async () => {
    const b = new Browser(ORIGIN);
    const res = await b.signIn("flow-user", "wrong-password");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/login`);
    expect(location.searchParams.get("code")).toBe("invalid_credentials");
    expect([...b.jar.keys()].some((k) => k.includes("session-token"))).toBe(false);
  });

  it("after 5 failures the right password is refused with code=account_locked", async () => {
    const locked = await insertTestUser({ password: "lock-password-1" });
    const b = new Browser(ORIGIN);
    const codes: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await b.signIn(locked.username, `wrong-${i}`);
      codes.push(new URL(res.headers.get("location")!).searchParams.get("code"));
    }
    expect(codes).toEqual([...Array(4).fill("invalid_credentials"), "account_locked"]);
    const sixth = await b.signIn(locked.username, "lock-password-1");
    expect(new URL(sixth.headers.get("location")!).searchParams.get("code")).toBe("account_locked");
    expect(await (await b.get("/api/auth/session")).json()).toEqual({});
  });

  it("sign-out deletes the server-side row; the replayed cookie then reads as {}", async () => {
    const b = new Browser(ORIGIN);
    await b.signIn("flow-user", "flow-password-1");
    const stolen = new Map(b.jar);
    const db = await getDb();
    const before = (await db.select().from(sessions)).length;
    const res = await b.post("/api/auth/signout", { csrfToken: await b.csrf() });
    expect(res.status).toBe(302);
    expect((await db.select().from(sessions)).length).toBe(before - 1);

    const replay = new Browser(ORIGIN);
    replay.jar = stolen;
    const replayed = await replay.get("/api/auth/session");
    expect(await replayed.json()).toEqual({});
    expect(replayed.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;"))).toBe(true);
  });

  it("a session whose row expired reads as {}", async () => {
    const b = new Browser(ORIGIN);
    await b.signIn("flow-user", "flow-password-1");
    const db = await getDb();
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await (await b.get("/api/auth/session")).json()).toEqual({});
  });

  it("sign-in without the CSRF token is refused", async () => {
    const b = new Browser(ORIGIN);
    const res = await b.post("/api/auth/callback/credentials", { username: "flow-user", password: "flow-password-1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("error=MissingCSRF");
    expect([...b.jar.keys()].some((k) => k.includes("session-token"))).toBe(false);
  });
});

describe("sign-in rate limit", () => {
  beforeAll(() => {
    vi.stubEnv("SIGNIN_RATE_LIMIT_PER_ADDRESS", "3");
    vi.stubEnv("TRUST_PROXY", "");
    resetSignInLimiters();
  });
  afterAll(resetSignInLimiters);

  it("the 4th failure a minute from one address is 429 with Retry-After before any check; others go on", async () => {
    const b = new Browser(ORIGIN, undefined, "203.0.113.50");
    for (let i = 0; i < 3; i++) expect((await b.signIn("nobody-here", `guess-${i}`)).status).toBe(302);
    const limited = await b.signIn("flow-user", "flow-password-1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const body = (await limited.json()) as { error: { code: string }; url: string };
    expect(body.error.code).toBe("rate_limited:auth");
    expect(new URL(body.url).searchParams.get("code")).toBe("rate_limited");
    expect([...b.jar.keys()].some((k) => k.includes("session-token"))).toBe(false);

    // Without TRUST_PROXY a client's X-Forwarded-For changes nothing.
    const spoofing = new Browser(ORIGIN, undefined, "203.0.113.50");
    const csrfToken = await spoofing.csrf();
    const req = new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: {
        host: "meridian.test:3000",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.77",
        [PEER_ADDRESS_HEADER]: "203.0.113.50",
        cookie: [...spoofing.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: new URLSearchParams({
        csrfToken,
        username: "flow-user",
        password: "flow-password-1",
        json: "true",
      }).toString(),
    });
    expect((await POST(req)).status).toBe(429);

    expect((await new Browser(ORIGIN, undefined, "203.0.113.51").signIn("nobody-here", "guess")).status).toBe(302);
  });

  it("successful sign-ins give their token back", async () => {
    const b = new Browser(ORIGIN, undefined, "203.0.113.60");
    for (let i = 0; i < 5; i++) {
      const res = await b.signIn("flow-user", "flow-password-1");
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get("location")!).searchParams.get("code")).toBeNull();
    }
  });
});
