import { expect, test, type APIRequestContext, type APIResponse } from "../test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { SAMPLES } from "../../lib/testing/file-samples";

/**
 * The security headers on every kind of response, as the server sends them.
 * Pages: a per-response nonce CSP (proxy.ts). API answers, static files: a CSP that runs
 * nothing. Stored files: their own CSP, framable by this origin only, never overridden or
 * doubled by the global headers (next.config.ts).
 */

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Every value a header was sent with (a doubled header would show twice). */
function values(res: APIResponse, name: string): string[] {
  return res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === name)
    .map((h) => h.value);
}

function expectBaseline(res: APIResponse) {
  expect(values(res, "x-content-type-options")).toEqual(["nosniff"]);
  expect(values(res, "referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
  expect(values(res, "permissions-policy")).toEqual([expect.stringContaining("camera=()")]);
}

function nonceOf(csp: string): string {
  const match = /'nonce-([^']+)'/.exec(csp);
  expect(match, csp).not.toBeNull();
  return match![1];
}

let user: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  const created = await createUser(admin, { role: "user" });
  await admin.dispose();
  user = await signIn(baseURL!, created.username, created.password);
});

test.afterAll(async () => {
  await user?.dispose();
});

test("a page: a nonce CSP with strict-dynamic, a new nonce per response, on every script Next renders; no framing", async ({
  request,
}) => {
  const first = await request.get("/login");
  expect(first.status()).toBe(200);
  expectBaseline(first);
  expect(values(first, "x-frame-options")).toEqual(["DENY"]);
  const [csp] = values(first, "content-security-policy");
  expect(values(first, "content-security-policy")).toHaveLength(1);
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

  const nonce = nonceOf(csp);
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(3);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const second = await request.get("/login");
  expect(nonceOf(values(second, "content-security-policy")[0])).not.toBe(nonce);

  // A signed-in page and the 404 page get the same treatment.
  const home = await user.get("/");
  expect(home.status()).toBe(200);
  expect(values(home, "content-security-policy")[0]).toContain("'strict-dynamic'");
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expect(values(missing, "content-security-policy")[0]).toContain("frame-ancestors 'none'");
  expect(values(missing, "x-frame-options")).toEqual(["DENY"]);
});

test("API answers, errors included, and static files: a CSP that runs nothing, no framing", async ({ request }) => {
  const health = await request.get("/api/health");
  const refused = await request.get("/api/threads");
  expect(refused.status()).toBe(401);
  const html = await (await request.get("/login")).text();
  const script = /<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const chunk = await request.get(script!);
  const favicon = await request.get("/favicon.svg");

  for (const res of [health, refused, chunk, favicon]) {
    expectBaseline(res);
    expect(values(res, "content-security-policy"), res.url()).toEqual([API_CSP]);
    expect(values(res, "x-frame-options"), res.url()).toEqual(["DENY"]);
  }
  expect(chunk.status()).toBe(200);
  expect(favicon.status()).toBe(200);
});

test("a stored file keeps its own CSP and may be framed by this origin only; the global headers neither replace nor double it", async () => {
  const put = async (name: string, body: Buffer) => {
    const res = await user.put(`/api/workspace/files?path=${encodeURIComponent(`/home/gem/user-data/${name}`)}`, {
      data: body,
    });
    expect(res.status(), await res.text()).toBe(200);
    return user.get(`/api/workspace/files?path=${encodeURIComponent(`/home/gem/user-data/${name}`)}`);
  };
  const html = await put("page.html", SAMPLES.html);
  expect(html.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(values(html, "content-security-policy")).toEqual(["sandbox; default-src 'none'; frame-ancestors 'self'"]);
  expect(values(html, "x-frame-options")).toEqual(["SAMEORIGIN"]);
  expectBaseline(html);

  const pdf = await put("paper.pdf", SAMPLES.pdf);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(values(pdf, "content-security-policy")).toEqual(["frame-ancestors 'self'"]);
  expect(values(pdf, "x-frame-options")).toEqual(["SAMEORIGIN"]);
  expectBaseline(pdf);

  // The other routes under the same prefix are ordinary API answers again.
  const uploads = await user.get(`/api/threads/${crypto.randomUUID()}/uploads`);
  expect(values(uploads, "content-security-policy")).toEqual([API_CSP]);
  expect(values(uploads, "x-frame-options")).toEqual(["DENY"]);
});

test("a chat's event stream goes uncompressed (events are flushed as they come, a few at a time at most: gzip only costs); pages still go gzipped", async ({
  request,
}) => {
  const page = await request.get("/login", { headers: { "accept-encoding": "gzip" } });
  expect(page.headers()["content-encoding"]).toBe("gzip");

  const res = await user.post("/api/chat", {
    headers: { "accept-encoding": "gzip" },
    data: {
      id: crypto.randomUUID(),
      message: { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: "Hello there" }] },
    },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/event-stream");
  expect(res.headers()["cache-control"]).toBe("no-cache, no-transform");
  expect(res.headers()["content-encoding"]).toBeUndefined();
  const body = await res.text();
  expect(body).toContain('"type":"text-delta"');
  expect(body.trim().endsWith("data: [DONE]")).toBe(true);
});
