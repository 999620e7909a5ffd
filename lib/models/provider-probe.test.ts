import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model";
import type { ProviderModel } from "@/lib/db/schema";
import { guessModelType, listRemoteModels, mergeRemoteModels, probeProvider } from "./provider-probe";

// Over real HTTP against the scripted model server, and raw servers for the failures it cannot play.
const KEY = "sk-probe-key-0123456789";
const SECRET = "db_password=internal-only-hunter2";
const MODELS = ["mock-chat", "org/mock-large:latest", "mock-embedding"];
const chatModel: ProviderModel = { id: "mock-chat", type: "chat", contextWindow: 32_000, enabled: true };
let mock: MockLlmServer;
const servers: http.Server[] = [];

async function rawServer(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

beforeAll(async () => {
  mock = await startMockLlmServer({ models: MODELS, apiKey: KEY });
});
afterAll(async () => {
  await mock.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

describe("probeProvider", () => {
  it("ok: lists the remote models and gets a 1-token answer from the first enabled chat model", async () => {
    const disabledFirst = { ...chatModel, id: "org/mock-large:latest", enabled: false };
    const result = await probeProvider({ baseUrl: mock.url, apiKey: KEY, models: [disabledFirst, chatModel] });
    expect(result).toMatchObject({
      ok: true,
      models: ["mock-chat", "mock-embedding", "org/mock-large:latest"],
      chat: { ok: true, model: "mock-chat" },
    });
    expect(result.error).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = mock.mock.requests().filter((r) => r.path === "/chat/completions");
    expect(request.body).toMatchObject({ model: "mock-chat", max_tokens: 1, stream: true });
  });

  it("skips the chat check when no chat model is enabled", async () => {
    const result = await probeProvider({ baseUrl: mock.url, apiKey: KEY, models: [] });
    expect(result.ok).toBe(true);
    expect(result.chat).toBeUndefined();
  });

  it("401 with a wrong key: a readable message that never contains the key", async () => {
    const wrong = "sk-wrong-key-9876543210";
    const result = await probeProvider({ baseUrl: mock.url, apiKey: wrong, models: [chatModel] });
    expect(result.ok).toBe(false);
    expect(result.models).toEqual([]);
    expect(result.error).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(result.error!.message).toMatch(/rejected the API key/);
    expect(result.chat).toMatchObject({ ok: false, error: { kind: "unauthorized", status: 401 } });
    expect(JSON.stringify(result)).not.toContain(wrong);
  });

  it("no key at all against a server that wants one is a 401 too", async () => {
    const result = await probeProvider({ baseUrl: mock.url, apiKey: null, models: [] });
    expect(result.error?.kind).toBe("unauthorized");
  });

  it("404 when the base URL misses the API path", async () => {
    const result = await probeProvider({ baseUrl: mock.url.replace(/\/v1$/, "/api"), apiKey: KEY, models: [] });
    expect(result.error).toMatchObject({ kind: "not_found", status: 404 });
    expect(result.error!.message).toMatch(/base URL/);
  });

  it("connection refused on a port nobody listens on", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await probeProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY, models: [chatModel] });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ kind: "refused" });
    expect(result.error!.message).toMatch(/Connection refused/);
    expect(result.chat?.error?.kind).toBe("refused");
  });

  it("a timeout when the server never answers", async () => {
    const url = await rawServer(() => {}); // holds every request open
    const result = await probeProvider({ baseUrl: url, apiKey: KEY, models: [] }, { timeoutMs: 300 });
    expect(result.error).toMatchObject({ kind: "timeout" });
    expect(result.latencyMs).toBeGreaterThanOrEqual(250);
  });

  it("an unresolvable host name", async () => {
    const result = await probeProvider(
      { baseUrl: "http://no-such-host.invalid/v1", apiKey: KEY, models: [] },
      { timeoutMs: 8_000 },
    );
    expect(result.error?.kind).toMatch(/^(dns|timeout)$/);
    if (result.error?.kind === "dns") expect(result.error.message).toMatch(/no-such-host\.invalid/);
  });

  it("a web page instead of the API is an invalid response", async () => {
    const url = await rawServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<html>Welcome</html>"),
    );
    const result = await probeProvider({ baseUrl: url, apiKey: null, models: [] });
    expect(result.error).toMatchObject({ kind: "invalid_response" });
  });

  it("models listed but the chat fails: not ok, with the chat's error in fixed words", async () => {
    const url = await rawServer((req, res) => {
      if (req.url?.endsWith("/models"))
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ data: [{ id: "m" }] }));
      res
        .writeHead(403, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: `Model m is not in your plan (key ${KEY})` } }));
    });
    const result = await probeProvider({ baseUrl: url, apiKey: KEY, models: [{ ...chatModel, id: "m" }] });
    expect(result).toMatchObject({
      ok: false,
      models: ["m"],
      chat: { ok: false, model: "m", error: { kind: "forbidden", status: 403 } },
    });
    expect(result.error).toBeUndefined();
    expect(result.chat!.error!.message).toMatch(/not allowed to use this endpoint or model \(403\)/);
    expect(JSON.stringify(result)).not.toContain("not in your plan");
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it("an error inside a 200 stream fails the chat check", async () => {
    const url = await rawServer((req, res) => {
      if (req.url?.endsWith("/models")) return void res.writeHead(200).end(JSON.stringify({ data: [] }));
      res
        .writeHead(200, { "content-type": "text/event-stream" })
        .end('data: {"error":{"message":"quota exhausted"}}\n\n');
    });
    const result = await probeProvider({ baseUrl: url, apiKey: null, models: [chatModel] });
    expect(result.chat).toMatchObject({
      ok: false,
      error: { kind: "invalid_response", message: expect.stringMatching(/error inside the stream/) },
    });
    expect(JSON.stringify(result)).not.toContain("quota exhausted");
  });

  // Whoever sets the base URL could otherwise read any page the server reaches through a test.
  it.each([
    [401, "application/json", JSON.stringify({ error: { message: SECRET } })],
    [404, "text/plain", SECRET],
    [418, "application/json", JSON.stringify({ detail: SECRET })],
    [500, "text/plain", `upstream trace: ${SECRET}`],
    [200, "text/plain", SECRET],
  ])("never repeats what the upstream answered (HTTP %i, %s)", async (status, type, body) => {
    const url = await rawServer((_req, res) => res.writeHead(status, { "content-type": type }).end(body));
    const result = await probeProvider({ baseUrl: url, apiKey: KEY, models: [chatModel] });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toBeTruthy();
    expect(JSON.stringify(result)).not.toContain("internal-only");
  });
});

describe("remote model list", () => {
  it("listRemoteModels returns the ids", async () => {
    const remote = await listRemoteModels({ baseUrl: mock.url, apiKey: KEY });
    expect(remote).toMatchObject({ ok: true, ids: ["mock-chat", "mock-embedding", "org/mock-large:latest"] });
  });

  it("merging adds new ids disabled and keeps every local setting", () => {
    const local: ProviderModel[] = [
      { id: "mock-chat", type: "chat", contextWindow: 64_000, enabled: true },
      { id: "local-only", type: "chat", contextWindow: 8_000, enabled: true },
    ];
    const { models, added } = mergeRemoteModels(local, ["mock-chat", "text-embedding-3-small", "org/x:1", "bad id"]);
    expect(added).toEqual(["text-embedding-3-small", "org/x:1"]);
    expect(models).toEqual([
      ...local,
      { id: "text-embedding-3-small", type: "embedding", contextWindow: 128_000, enabled: false },
      { id: "org/x:1", type: "chat", contextWindow: 128_000, enabled: false },
    ]);
  });

  it("guesses embedding models from their ids", () => {
    expect(
      ["text-embedding-3-large", "BAAI/bge-m3", "nomic-embed-text", "intfloat/e5-large"].map(guessModelType),
    ).toEqual(Array(4).fill("embedding"));
    expect(["gpt-4o", "deepseek-chat", "qwen2.5:7b"].map(guessModelType)).toEqual(["chat", "chat", "chat"]);
    expect(["BAAI/bge-reranker-v2-m3", "jina-reranker-v2-base", "rerank-english-v3.0"].map(guessModelType)).toEqual(
      Array(3).fill("rerank"),
    );
  });
});
