import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { derivedKey } from "@/lib/config/secrets";
import type { DemoModel } from "@/lib/testing/scripted-model";
import { parseSse } from "@/lib/testing/scripted-model/test-support";

const previousSecret = process.env.AUTH_SECRET;
beforeAll(() => {
  process.env.AUTH_SECRET = "route-test-secret";
});
afterAll(() => {
  if (previousSecret === undefined) delete process.env.AUTH_SECRET;
  else process.env.AUTH_SECRET = previousSecret;
});

const BASE = "http://localhost:3000/api/demo-model";

function request(path: string, init: RequestInit & { key?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("authorization", `Bearer ${init.key}`);
  return new Request(`${BASE}${path}`, { ...init, headers });
}

const chat = (key?: string) =>
  request("/v1/chat/completions", {
    method: "POST",
    key,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "demo-chat", stream: true, messages: [{ role: "user", content: "Hi" }] }),
  });

describe("demo model route", () => {
  it("refuses callers without the derived key", async () => {
    const { POST } = await import("./route");
    for (const key of [undefined, "not-the-key"]) {
      const res = await POST(chat(key));
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe("invalid_api_key");
    }
  });

  it("checks the key before reading the body: a 40 MiB body without the key is never read", async () => {
    const { POST } = await import("./route");
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          if (pulled > 640) return controller.close();
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      },
      { highWaterMark: 0 },
    );
    const init = { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" };
    for (const key of [undefined, "not-the-key"]) {
      const res = await POST(request("/v1/chat/completions", { ...init, key } as RequestInit & { key?: string }));
      expect(res.status).toBe(401);
    }
    expect(pulled).toBe(0);
  });

  it("answers the app's model client with the demo brain", async () => {
    const { GET, POST } = await import("./route");
    const key = derivedKey("demo-model");
    const models = await (await GET(request("/v1/models", { key }))).json();
    expect(models.data.map((m: { id: string }) => m.id)).toContain("demo-chat");

    const res = await POST(chat(key));
    expect(res.status).toBe(200);
    const streamed = parseSse(await res.text());
    expect(streamed.sawDone).toBe(true);
    expect(streamed.text).toMatch(/offline demo/i);
  });

  it("exposes no control endpoints, even with the key", async () => {
    const { GET, POST } = await import("./route");
    const key = derivedKey("demo-model");
    expect((await POST(request("/__mock/reset", { method: "POST", key }))).status).toBe(404);
    expect((await GET(request("/v1/__mock/requests", { key }))).status).toBe(404);
  });

  it("keeps one instance per process across module reloads", async () => {
    await (await import("./route")).GET(request("/v1/models", { key: derivedKey("demo-model") }));
    const holder = globalThis as { __meridianDemoModel?: DemoModel };
    const first = holder.__meridianDemoModel;
    expect(first).toBeDefined();
    vi.resetModules();
    await (await import("./route")).GET(request("/v1/models", { key: derivedKey("demo-model") }));
    expect(holder.__meridianDemoModel).toBe(first);
  });
});
