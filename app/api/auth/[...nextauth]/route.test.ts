import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Auth.js itself is not under test here: only that nothing oversized ever reaches it.
const authPost = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/handlers", () => ({ GET: vi.fn(), POST: authPost }));

const { POST } = await import("./route");

const MiB = 1024 * 1024;
const URL_SIGN_IN = "http://localhost:3100/api/auth/callback/credentials";
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function streamOf(totalBytes: number) {
  const state = { pulled: 0 };
  const piece = new Uint8Array(64 * 1024).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= totalBytes) return controller.close();
        state.pulled += piece.byteLength;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { state, stream };
}

const signIn = (body: BodyInit, headers: Record<string, string> = {}) =>
  new NextRequest(URL_SIGN_IN, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);

beforeEach(() => {
  authPost.mockReset();
  authPost.mockImplementation(async (req: NextRequest) =>
    Response.json({ form: Object.fromEntries(await req.formData()) }),
  );
});
afterEach(() => {
  delete process.env.MAX_JSON_BYTES;
});

describe("POST /api/auth/* body cap", () => {
  it("passes a normal sign-in form to Auth.js unchanged", async () => {
    const fields = { csrfToken: "t", username: "alice", password: "pw", json: "true" };
    const res = await POST(signIn(form(fields), { "x-forwarded-host": "meridian.example" }));
    expect(await res.json()).toEqual({ form: fields });
    const seen = authPost.mock.calls[0][0] as NextRequest;
    expect(seen.url).toBe(URL_SIGN_IN);
    expect(seen.headers.get("x-forwarded-host")).toBe("meridian.example");
  });

  it("413 too_large:body for a Content-Length over the cap, without calling Auth.js", async () => {
    const { stream } = streamOf(40 * MiB);
    const res = await POST(signIn(stream, { "content-length": String(40 * MiB) }));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("too_large:body");
    expect(authPost).not.toHaveBeenCalled();
  });

  it("413 for a chunked form that passes MAX_JSON_BYTES while streaming", async () => {
    process.env.MAX_JSON_BYTES = String(64 * 1024);
    const { stream } = streamOf(40 * MiB);
    const res = await POST(signIn(stream));
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toMatch(/64 KiB/);
    expect(authPost).not.toHaveBeenCalled();
  });
});
