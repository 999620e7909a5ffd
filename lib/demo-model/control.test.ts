import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mockClient, scriptMarker } from "@/lib/testing/scripted-model/client";
import { createDemoModel } from "./handler";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import { chatBody, postJson } from "@/lib/testing/scripted-model/test-support";

let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer({ demoDelayMs: 0 });
});
afterAll(() => server.close());
beforeEach(() => mockClient(server.url).reset());

describe("control API through mockClient", () => {
  it("registers scripts and reports how far they got", async () => {
    const client = mockClient(server.url);
    await client.script("ctl", [{ text: "one", repeat: 2 }, { text: "two" }]);
    await postJson(`${server.url}/chat/completions`, chatBody(`${scriptMarker("ctl")} go`));
    expect(await client.scripts()).toEqual([{ key: "ctl", turns: 2, served: 1, remaining: 2 }]);
    expect(await client.removeScript("ctl")).toBe(true);
    expect(await client.removeScript("ctl")).toBe(false);
    expect(await client.scripts()).toEqual([]);
  });

  it("logs every model request with key, model, path, parsed body, time and status", async () => {
    const client = mockClient(`${server.url}/`);
    await client.script("logged", [{ fault: { status: 429 } }, { text: "ok" }]);
    const before = Date.now();
    const tools = [{ type: "function", function: { name: "read_file", parameters: { type: "object" } } }];
    await postJson(`${server.url}/chat/completions`, chatBody("[[mock:logged]]", { model: "m-a", tools }));
    await postJson(`${server.url}/chat/completions`, chatBody("[[mock:logged]]", { model: "m-b", tools }));
    await postJson(`${server.url}/chat/completions`, chatBody("no script here"));

    const logged = await client.requests("logged");
    expect(logged.map((r) => [r.key, r.model, r.path, r.status])).toEqual([
      ["logged", "m-a", "/chat/completions", 429],
      ["logged", "m-b", "/chat/completions", 200],
    ]);
    const body = logged[0].body as { tools: { function: { name: string } }[]; messages: { content: string }[] };
    expect(body.tools[0].function.name).toBe("read_file");
    expect(body.messages[0].content).toBe("[[mock:logged]]");
    expect(logged[0].receivedAt).toBeGreaterThanOrEqual(before);
    expect(logged[1].receivedAt).toBeGreaterThanOrEqual(logged[0].receivedAt);

    const all = await client.requests();
    expect(all).toHaveLength(3);
    expect(all[2].key).toBeNull();
  });

  it("logs when a streamed answer's first token went out, after its first-token delay", async () => {
    const client = mockClient(server.url);
    await client.script("timed", [{ text: "first token late", firstTokenDelayMs: 150, delayMs: 5 }, { text: "whole" }]);
    const streamed = await postJson(`${server.url}/chat/completions`, {
      ...chatBody(`${scriptMarker("timed")} go`),
      stream: true,
    });
    const streamedAt = Date.now();
    await streamed.text();
    await postJson(`${server.url}/chat/completions`, chatBody(`${scriptMarker("timed")} again`));

    const [first, second] = await client.requests("timed");
    // The role event goes out at once; the first token only after the delay.
    expect(first.firstTokenAt! - first.receivedAt).toBeGreaterThanOrEqual(145);
    expect(first.firstTokenAt!).toBeGreaterThanOrEqual(streamedAt);
    expect(second.firstTokenAt).toBeUndefined();
  });

  it("reset forgets scripts and the log", async () => {
    const client = mockClient(server.url);
    await client.script("gone", [{ text: "x" }]);
    await postJson(`${server.url}/chat/completions`, chatBody("[[mock:gone]]"));
    await client.reset();
    expect(await client.requests()).toEqual([]);
    expect(await client.scripts()).toEqual([]);
  });

  it("refuses an invalid script with the reason", async () => {
    const res = await postJson(`${server.url.replace(/\/v1$/, "")}/__mock/scripts`, {
      key: "bad",
      turns: [{ fault: { status: 200 } }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/turns\.0/);
    await expect(mockClient(server.url).script("bad", [{ text: "x", delayMs: -1 }])).rejects.toThrow(/400/);
  });
});

describe("control API availability", () => {
  it("is off unless asked for, so the in-app model never exposes it", async () => {
    const mock = createDemoModel();
    const res = await mock.handle(new Request("http://app.local/__mock/requests"));
    expect(res.status).toBe(404);
    const withControl = createDemoModel({ control: true });
    expect((await withControl.handle(new Request("http://app.local/__mock/requests"))).status).toBe(200);
  });

  it("keeps no log when the limit is 0", async () => {
    const mock = createDemoModel({ requestLogLimit: 0, demoDelayMs: 0 });
    await mock.handle(new Request("http://app.local/v1/models"));
    expect(mock.requests()).toEqual([]);
  });
});
