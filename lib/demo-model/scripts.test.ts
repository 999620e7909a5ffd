import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptRegistry, exhaustedText, scriptKeyOfChat } from "./scripts";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import { chatBody, postJson } from "@/lib/testing/scripted-model/test-support";
import type { ChatRequest } from "./request-schema";

describe("ScriptRegistry", () => {
  it("serves turns in order, a repeated turn n times, then nothing", () => {
    const registry = new ScriptRegistry();
    registry.set("k", [{ text: "a", repeat: 2 }, { fault: { status: 500 } }, { text: "c" }]);
    const served = [1, 2, 3, 4, 5].map(() => registry.take("k"));
    expect(served).toEqual([
      { text: "a", repeat: 2 },
      { text: "a", repeat: 2 },
      { fault: { status: 500 } },
      { text: "c" },
      null,
    ]);
    expect(registry.status()).toEqual([{ key: "k", turns: 3, served: 4, remaining: 0 }]);
  });

  it("restarts a script registered again under the same key", () => {
    const registry = new ScriptRegistry();
    registry.set("k", [{ text: "old" }]);
    registry.take("k");
    registry.set("k", [{ text: "new" }]);
    expect(registry.take("k")).toEqual({ text: "new" });
    expect(registry.take("unknown")).toBeNull();
  });
});

describe("scriptKeyOfChat", () => {
  const request = (messages: ChatRequest["messages"]): ChatRequest => ({ model: "m", messages });

  it("finds markers in string and array content, system before user", () => {
    const key = scriptKeyOfChat(
      request([
        { role: "user", content: "first [[mock:from-user]]" },
        { role: "system", content: [{ type: "text", text: "You are an agent. [[mock:from-system]]" }] },
      ]),
      new Headers(),
    );
    expect(key).toBe("from-system");
  });

  it("ignores markers in assistant and tool messages", () => {
    const key = scriptKeyOfChat(
      request([
        { role: "user", content: "hello" },
        { role: "assistant", content: "[[mock:nope]]" },
        { role: "tool", content: "[[mock:nope-either]]", tool_call_id: "c1" },
      ]),
      new Headers(),
    );
    expect(key).toBeNull();
  });

  it("prefers the x-mock-script header", () => {
    const key = scriptKeyOfChat(
      request([{ role: "user", content: "[[mock:marker]]" }]),
      new Headers({ "x-mock-script": "header" }),
    );
    expect(key).toBe("header");
  });
});

describe("scripts over HTTP", () => {
  let server: MockLlmServer;
  beforeAll(async () => {
    server = await startMockLlmServer({ demoDelayMs: 0 });
  });
  afterAll(() => server.close());

  const ask = async (content: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await postJson(`${server.url}/chat/completions`, chatBody(content, extra), headers);
    const body = await res.json();
    return body.choices[0].message.content as string;
  };

  it("routes by marker, by header, and to the demo brain without either", async () => {
    server.mock.script("by-marker", [{ text: "from marker script" }]);
    server.mock.script("by-header", [{ text: "from header script" }]);
    expect(await ask("hi [[mock:by-marker]]")).toBe("from marker script");
    expect(await ask("hi", {}, { "x-mock-script": "by-header" })).toBe("from header script");
    expect(await ask("hi")).toContain("Meridian");
  });

  it("finds a marker in array content of a user message", async () => {
    server.mock.script("array", [{ text: "array ok" }]);
    const res = await postJson(`${server.url}/chat/completions`, {
      model: "demo-chat",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "look [[mock:array]]" },
            { type: "image_url", image_url: { url: "data:," } },
          ],
        },
      ],
    });
    expect((await res.json()).choices[0].message.content).toBe("array ok");
  });

  it("repeats a turn, then answers readably once the script is used up", async () => {
    server.mock.script("rep", [{ text: "again", repeat: 3 }, { text: "last" }]);
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await ask("[[mock:rep]]"));
    expect(answers).toEqual(["again", "again", "again", "last", exhaustedText("rep")]);
    expect(exhaustedText("rep")).toBe('[mock] script "rep" has no more turns');
  });

  it("consumes turns per key whatever the model, logging each model", async () => {
    server.mock.script("fallback", [{ fault: { status: 529, repeat: 2 } }, { text: "from fallback" }]);
    const statuses: number[] = [];
    for (const model of ["primary", "primary"]) {
      statuses.push(
        (await postJson(`${server.url}/chat/completions`, chatBody("[[mock:fallback]]", { model }))).status,
      );
    }
    expect(statuses).toEqual([529, 529]);
    expect(await ask("[[mock:fallback]]", { model: "secondary" })).toBe("from fallback");
    const log = server.mock.requests("fallback");
    expect(log.map((entry) => [entry.model, entry.status])).toEqual([
      ["primary", 529],
      ["primary", 529],
      ["secondary", 200],
    ]);
  });

  it("rejects an invalid turn when the script is registered", () => {
    expect(() => server.mock.script("bad", [{ text: "x", toolcalls: [] } as never])).toThrow();
  });
});
