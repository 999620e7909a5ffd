import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { threads } from "@/lib/db/schema";

// The session cookie is read by next-auth's auth(); here it says who is signed in.
const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));

const { route } = await import("./route");

let alice: Actor;
beforeAll(async () => {
  await createTestDatabase();
  alice = await insertTestUser({ username: "alice" });
});
afterAll(destroyTestDatabase);
beforeEach(() => {
  auth.mockReset();
  auth.mockResolvedValue(null);
});

const signedIn = () => auth.mockResolvedValue({ user: { id: alice.id, name: "alice", role: "user" }, expires: "" });
const URL_BASE = "http://localhost:3100/api/things";
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(URL_BASE, {
    method: "POST",
    headers: { host: "localhost:3100", "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

const Thing = z.object({ name: z.string().min(1), size: z.number().int().positive().optional() });

describe("route(): authentication", () => {
  it("answers 401 unauthorized:auth with the typed error shape when signed out, before running the handler", async () => {
    const handler = vi.fn();
    const res = await route({}, handler)(new Request(URL_BASE));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthorized:auth", message: expect.any(String) } });
    expect(handler).not.toHaveBeenCalled();
  });

  it("an anonymous request with a bad body still gets 401, not validation details", async () => {
    const res = await route({ body: Thing }, () => "x")(post({}));
    expect(res.status).toBe(401);
  });

  it("passes the signed-in actor to the handler", async () => {
    signedIn();
    const res = await route({}, ({ actor }) => ({ me: actor.username }))(new Request(URL_BASE));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ me: "alice" });
  });

  it("auth: false runs without a session and gives actor null", async () => {
    const res = await route({ auth: false }, ({ actor }) => ({ actor }))(new Request(URL_BASE));
    expect(await res.json()).toEqual({ actor: null });
    expect(auth).not.toHaveBeenCalled();
  });
});

describe("route(): validation", () => {
  it("400 bad_request:api naming the field when the body fails the schema", async () => {
    signedIn();
    const res = await route({ body: Thing }, ({ body }) => body)(post({ name: "ok", size: -3 }));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("bad_request:api");
    expect(error.message).toMatch(/^Invalid body: size: /);
  });

  it("lists each wrong field with its issue code and bound, for a client that asks", async () => {
    signedIn();
    const res = await route(
      { body: Thing },
      ({ body }) => body,
    )(post({ name: "", size: -3 }, { "x-error-fields": "1" }));
    const body = (await res.json()) as { error: { fields?: unknown[] } };
    expect(body.error.fields).toEqual([
      { path: "name", code: "too_small", origin: "string", minimum: 1, message: expect.any(String) },
      { path: "size", code: "too_small", origin: "number", minimum: 0, message: expect.any(String) },
    ]);
  });

  it("keeps the error exactly {code, message} for a client that does not ask, and for errors not about a field", async () => {
    signedIn();
    const bad = await route({ body: Thing }, ({ body }) => body)(post({ name: "", size: -3 }));
    expect(await bad.json()).toEqual({ error: { code: "bad_request:api", message: expect.any(String) } });
    auth.mockResolvedValue(null);
    const res = await route({}, () => ({}))(new Request(URL_BASE, { headers: { "x-error-fields": "1" } }));
    expect(Object.keys(((await res.json()) as { error: object }).error).sort()).toEqual(["code", "message"]);
  });

  it("names a missing field", async () => {
    signedIn();
    const error = await errorOf(await route({ body: Thing }, ({ body }) => body)(post({})));
    expect(error.message).toContain("name:");
  });

  it("400 for a body that is not JSON, or not sent as JSON", async () => {
    signedIn();
    const h = route({ body: Thing }, ({ body }) => body);
    expect(await errorOf(await h(post("{not json")))).toMatchObject({
      code: "bad_request:api",
      message: expect.stringMatching(/not valid JSON/),
    });
    const form = post("name=x", { "content-type": "application/x-www-form-urlencoded" });
    expect(await errorOf(await h(form))).toMatchObject({
      code: "bad_request:api",
      message: expect.stringMatching(/Content-Type/),
    });
  });

  it("parses query and params with their schemas", async () => {
    signedIn();
    const h = route(
      { query: z.object({ limit: z.coerce.number().int().max(50) }), params: z.object({ id: z.string().uuid() }) },
      ({ query, params }) => ({ limit: query.limit, id: params.id }),
    );
    const id = "8f7d0c5e-4b7a-4c1e-9d55-0a5f3c2b1e10";
    const ok = await h(new Request(`${URL_BASE}?limit=20`), { params: Promise.resolve({ id }) });
    expect(await ok.json()).toEqual({ limit: 20, id });
    const badQuery = await h(new Request(`${URL_BASE}?limit=500`), { params: Promise.resolve({ id }) });
    expect(await errorOf(badQuery)).toMatchObject({
      code: "bad_request:api",
      message: expect.stringMatching(/^Invalid query: limit:/),
    });
    const badParam = await h(new Request(`${URL_BASE}?limit=5`), { params: Promise.resolve({ id: "nope" }) });
    expect(await errorOf(badParam)).toMatchObject({
      code: "bad_request:api",
      message: expect.stringMatching(/^Invalid path: id:/),
    });
  });

  // PostgreSQL cannot hold NUL: an id with one reached the query and answered 500.
  it("400 for a NUL or control character in an id, or a NUL in the body's text", async () => {
    signedIn();
    const h = route({ params: z.object({ id: z.string().min(1).max(100) }) }, async ({ params }) => {
      const db = await getDb();
      return db.select({ id: threads.id }).from(threads).where(eq(threads.id, params.id));
    });
    for (const id of ["a\u0000b", "a\nb", "\u007f"]) {
      const res = await h(new Request(URL_BASE), { params: Promise.resolve({ id }) });
      expect(res.status, JSON.stringify(id)).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: "bad_request:api",
        message: "Invalid path: id holds a control character.",
      });
    }
    const create = route({ body: Thing }, ({ body }) => body);
    expect(await errorOf(await create(post('{"name":"a\\u0000b"}')))).toMatchObject({
      code: "bad_request:api",
      message: expect.stringMatching(/NUL character/),
    });
    expect(await (await create(post('{"name":"tab\\there \\\\u0000 is text"}'))).json()).toEqual({
      name: "tab\there \\u0000 is text",
    });
  });

  it("hands raw params through when no schema is given", async () => {
    signedIn();
    const res = await route({}, ({ params }) => params)(new Request(URL_BASE), {
      params: Promise.resolve({ slug: "a" }),
    });
    expect(await res.json()).toEqual({ slug: "a" });
  });
});

describe("route(): cross-origin writes", () => {
  it("403 forbidden:origin for a POST from another origin, even when signed in", async () => {
    signedIn();
    const handler = vi.fn();
    const res = await route({ body: Thing }, handler)(post({ name: "x" }, { origin: "https://evil.example" }));
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("forbidden:origin");
    expect(handler).not.toHaveBeenCalled();
  });

  it("allows a same-origin POST and one without Origin", async () => {
    signedIn();
    const h = route({ body: Thing }, ({ body }) => body);
    expect((await h(post({ name: "x" }, { origin: "http://localhost:3100" }))).status).toBe(200);
    expect((await h(post({ name: "y" }))).status).toBe(200);
  });

  it("does not apply to GET", async () => {
    signedIn();
    const res = await route(
      {},
      () => "ok",
    )(new Request(URL_BASE, { headers: { host: "localhost:3100", origin: "https://evil.example" } }));
    expect(res.status).toBe(200);
  });

  it("Bearer requests skip the origin check but must still authenticate by token", async () => {
    signedIn(); // a cookie session exists, yet it must not count for a Bearer request
    const res = await route(
      { body: Thing },
      () => "x",
    )(post({ name: "x" }, { origin: "https://elsewhere.example", authorization: "Bearer not-a-real-token" }));
    expect(res.status).toBe(401);
  });
});

describe("route(): responses and errors", () => {
  it("passes a Response through untouched", async () => {
    signedIn();
    const res = await route(
      {},
      () => new Response("raw", { status: 201, headers: { "x-a": "1" } }),
    )(new Request(URL_BASE));
    expect(res.status).toBe(201);
    expect(res.headers.get("x-a")).toBe("1");
    expect(await res.text()).toBe("raw");
  });

  it("sends plain data as JSON and undefined as 204", async () => {
    signedIn();
    const data = await route({}, () => [1, 2])(new Request(URL_BASE));
    expect(data.headers.get("content-type")).toContain("application/json");
    expect(await data.json()).toEqual([1, 2]);
    expect((await route({}, () => undefined)(new Request(URL_BASE))).status).toBe(204);
  });

  it("turns a thrown ApiError into its status and shape", async () => {
    signedIn();
    const res = await route({}, () => {
      throw new ApiError("not_found:thread", "No such thing.");
    })(new Request(URL_BASE));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found:thread", message: "No such thing." } });
  });

  it("lets Next's own control flow (redirect) through instead of turning it into a 500", async () => {
    signedIn();
    const { redirect } = await import("next/navigation");
    const h = route({}, () => redirect("/elsewhere"));
    await expect(h(new Request(URL_BASE))).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
  });

  it("turns any other error into 500 internal:api without leaking its message", async () => {
    signedIn();
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await route({}, async () => {
      throw new Error("db password is hunter2");
    })(new Request(URL_BASE));
    spy.mockRestore();
    expect(res.status).toBe(500);
    const error = await errorOf(res);
    expect(error.code).toBe("internal:api");
    expect(error.message).not.toContain("hunter2");
  });
});

/** A JSON body streamed in `chunk`-byte pieces, counting what the server pulled. */
function streamedBody(totalBytes: number, chunk = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const piece = new TextEncoder().encode(" ".repeat(chunk));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= totalBytes) return controller.close();
        state.pulled += piece.byteLength;
        controller.enqueue(piece);
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { state, stream };
}
const streamedPost = (stream: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request(URL_BASE, {
    method: "POST",
    headers: { host: "localhost:3100", "content-type": "application/json", ...headers },
    body: stream,
    duplex: "half",
  } as RequestInit);

describe("route(): body size cap", () => {
  const MiB = 1024 * 1024;
  afterEach(() => {
    delete process.env.MAX_JSON_BYTES;
  });

  it("413 too_large:body on a Content-Length over 1 MiB, without keeping the body or running the handler", async () => {
    signedIn();
    const handler = vi.fn();
    const { state, stream } = streamedBody(40 * MiB);
    const res = await route({ body: Thing }, handler)(streamedPost(stream, { "content-length": String(40 * MiB) }));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({
      code: "too_large:body",
      message: "The request body is larger than the limit of 1 MiB.",
    });
    expect(handler).not.toHaveBeenCalled();
    // Read and dropped before answering, so the client can finish sending and read the 413.
    expect(state.pulled).toBe(40 * MiB);
  });

  it("answers a Content-Length too large to drop at once, reading nothing", async () => {
    signedIn();
    const { state, stream } = streamedBody(Number.POSITIVE_INFINITY);
    const res = await route(
      { body: Thing },
      () => "x",
    )(streamedPost(stream, { "content-length": String(10 * 1024 * MiB) }));
    expect(res.status).toBe(413);
    expect(state.pulled).toBe(0);
  });

  it("413 on a chunked body (no Content-Length) as soon as it passes the cap; the rest is dropped, never kept", async () => {
    signedIn();
    const handler = vi.fn();
    const { state, stream } = streamedBody(40 * MiB);
    const res = await route({ body: Thing }, handler)(streamedPost(stream));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("too_large:body");
    expect(handler).not.toHaveBeenCalled();
    // The rest was read and dropped, so the client could finish sending before the answer.
    expect(state.pulled).toBe(40 * MiB);
    expect(state.cancelled).toBe(false);
  });

  it("cuts off an endless chunked body after draining a bounded amount", async () => {
    signedIn();
    const { state, stream } = streamedBody(Number.POSITIVE_INFINITY);
    const res = await route({ body: Thing }, () => "x")(streamedPost(stream));
    expect(res.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(70 * MiB);
  });

  it("accepts a body of exactly MAX_JSON_BYTES and refuses one byte more, with the limit in the message", async () => {
    signedIn();
    process.env.MAX_JSON_BYTES = "100";
    const h = route({ body: z.object({ name: z.string() }) }, ({ body }) => ({ length: body.name.length }));
    const exact = JSON.stringify({ name: "x".repeat(100 - 11) });
    expect(Buffer.byteLength(exact)).toBe(100);
    expect(await (await h(post(exact))).json()).toEqual({ length: 89 });
    const over = JSON.stringify({ name: "x".repeat(90) });
    expect(await errorOf(await h(post(over)))).toEqual({
      code: "too_large:body",
      message: "The request body is larger than the limit of 100 bytes.",
    });
    // Counted in bytes, not characters.
    expect((await h(post(JSON.stringify({ name: "é".repeat(50) })))).status).toBe(413);
    const chunked = streamedBody(101, 101);
    expect((await h(streamedPost(chunked.stream))).status).toBe(413);
  });

  it("checks the session before reading the body: a signed-out client gets 401 and nothing is read", async () => {
    const { state, stream } = streamedBody(40 * MiB);
    const res = await route({ body: Thing }, () => "x")(streamedPost(stream));
    expect(res.status).toBe(401);
    expect(state.pulled).toBe(0);
  });
});
