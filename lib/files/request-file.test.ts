import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_UPLOAD_MAX_BYTES, readRequestFile, uploadMaxBytes } from "./request-file";

const URL_ = "http://localhost/api/threads/t/uploads";

function multipart(file: Blob, name: string, fields: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", file, name);
  return new Request(URL_, { method: "POST", body: form });
}

/** A body without Content-Length (chunked), as a client streaming an upload sends it. */
function streamed(chunks: Uint8Array[], contentType = "application/octet-stream"): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  return new Request(URL_, {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: { code?: string }) => err.code,
  );

describe("readRequestFile", () => {
  afterEach(() => {
    delete process.env.UPLOAD_MAX_BYTES;
  });

  it("reads the multipart field `file` with its name, declared type and other fields", async () => {
    const req = multipart(new Blob(["hello"], { type: "text/plain" }), "hi.txt", { agentId: "agent-1" });
    const file = await readRequestFile(req, { maxBytes: 100 });
    expect(file).toMatchObject({ name: "hi.txt", declaredType: "text/plain", fields: { agentId: "agent-1" } });
    expect(file.bytes.toString()).toBe("hello");
  });

  it("reads a raw body named by the caller", async () => {
    const req = new Request(URL_, { method: "POST", body: "raw bytes", headers: { "content-type": "text/csv" } });
    expect(await readRequestFile(req, { maxBytes: 100, rawName: "a.csv" })).toMatchObject({
      name: "a.csv",
      declaredType: "text/csv",
    });
  });

  it("refuses a body that is neither multipart nor named, and a form without `file`", async () => {
    expect(await codeOf(readRequestFile(new Request(URL_, { method: "POST", body: "x" }), { maxBytes: 100 }))).toBe(
      "bad_request:upload",
    );
    const form = new FormData();
    form.append("other", "x");
    expect(await codeOf(readRequestFile(new Request(URL_, { method: "POST", body: form }), { maxBytes: 100 }))).toBe(
      "bad_request:upload",
    );
  });

  it("refuses early on Content-Length, before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(10));
        controller.close();
      },
    });
    const req = new Request(URL_, {
      method: "POST",
      body,
      headers: { "content-length": String(10_000_000) },
      duplex: "half",
    } as RequestInit);
    expect(await codeOf(readRequestFile(req, { maxBytes: 1000, rawName: "x.bin" }))).toBe("too_large:upload");
    expect(pulled).toBeLessThanOrEqual(1); // the stream's first pull may happen on construction, never more
  });

  it("refuses on the bytes actually received when no Content-Length is sent", async () => {
    expect(
      await codeOf(
        readRequestFile(streamed([new Uint8Array(600), new Uint8Array(600)]), { maxBytes: 1000, rawName: "x" }),
      ),
    ).toBe("too_large:upload");
    expect(
      await codeOf(
        readRequestFile(streamed([new Uint8Array(500), new Uint8Array(500)]), { maxBytes: 1000, rawName: "x" }),
      ),
    ).toBe("ok");
  });

  it("refuses a multipart file one byte over the limit, accepts one at the limit", async () => {
    const over = multipart(new Blob([new Uint8Array(1001)]), "big.bin");
    expect(await codeOf(readRequestFile(over, { maxBytes: 1000 }))).toBe("too_large:upload");
    const at = multipart(new Blob([new Uint8Array(1000)]), "ok.bin");
    expect((await readRequestFile(at, { maxBytes: 1000 })).bytes).toHaveLength(1000);
  });

  it("takes the limit from UPLOAD_MAX_BYTES, else 25 MiB", () => {
    expect(uploadMaxBytes()).toBe(DEFAULT_UPLOAD_MAX_BYTES);
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
    process.env.UPLOAD_MAX_BYTES = "2048";
    expect(uploadMaxBytes()).toBe(2048);
    process.env.UPLOAD_MAX_BYTES = "lots";
    expect(uploadMaxBytes()).toBe(DEFAULT_UPLOAD_MAX_BYTES);
  });
});
