import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoModel } from "./handler";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import { chatBody, chatModel, parseSse, postJson, streamMessage } from "@/lib/testing/scripted-model/test-support";

let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(() => server.close());

const completions = () => `${server.url}/chat/completions`;

/** Reads until the body ends or breaks, keeping what arrived before a break. */
async function readUntilBroken(res: Response): Promise<{ raw: string; error: unknown; arrivals: number[] }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const arrivals: number[] = [];
  let raw = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { raw, error: null, arrivals };
      arrivals.push(Date.now());
      raw += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { raw, error, arrivals };
  }
}

describe("fault turns", () => {
  it("returns 429 with retry-after, then 429 without it, then the answer", async () => {
    server.mock.script("rate", [
      { fault: { status: 429, retryAfter: 2 } },
      { fault: { status: 429, message: "Slow down" } },
      { text: "finally" },
    ]);
    const withHeader = await postJson(completions(), chatBody("[[mock:rate]]"));
    expect(withHeader.status).toBe(429);
    expect(withHeader.headers.get("retry-after")).toBe("2");
    expect((await withHeader.json()).error).toMatchObject({ type: "rate_limit_error", code: "rate_limit_exceeded" });

    const withoutHeader = await postJson(completions(), chatBody("[[mock:rate]]", { stream: true }));
    expect(withoutHeader.status).toBe(429);
    expect(withoutHeader.headers.get("retry-after")).toBeNull();
    expect((await withoutHeader.json()).error.message).toBe("Slow down");

    const ok = await postJson(completions(), chatBody("[[mock:rate]]"));
    expect((await ok.json()).choices[0].message.content).toBe("finally");
  });

  it("returns 529 overloaded and 500 with OpenAI-style bodies, repeat included", async () => {
    server.mock.script("overload", [{ fault: { status: 529, repeat: 2 } }, { fault: { status: 500 } }]);
    const responses = [];
    for (let i = 0; i < 3; i += 1) responses.push(await postJson(completions(), chatBody("[[mock:overload]]")));
    expect(responses.map((r) => r.status)).toEqual([529, 529, 500]);
    const overloaded = await responses[0].json();
    expect(overloaded.error).toMatchObject({ type: "overloaded_error", code: "overloaded", param: null });
    expect(typeof overloaded.error.message).toBe("string");
    expect((await responses[2].json()).error.type).toBe("server_error");
  });

  it("surfaces a fault to ChatOpenAI as an error carrying the status", async () => {
    server.mock.script("lc-fault", [{ fault: { status: 503 } }]);
    const error = await chatModel(server.url)
      .invoke("[[mock:lc-fault]]")
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ status: 503 });
  });
});

describe("cut streams", () => {
  it("streams the first characters, then breaks the connection without [DONE]", async () => {
    server.mock.script("cut", [{ text: "The quick brown fox jumps", cutAfterChars: 10, chunkSize: 4 }]);
    const res = await postJson(
      completions(),
      chatBody("[[mock:cut]]", { stream: true, stream_options: { include_usage: true } }),
    );
    expect(res.status).toBe(200);
    const { raw, error } = await readUntilBroken(res);
    expect(error).toBeInstanceOf(Error);
    const partial = parseSse(raw);
    expect(partial.text).toBe("The quick ");
    expect(partial.sawDone).toBe(false);
    expect(partial.finishReason).toBeNull();
  });

  it("makes ChatOpenAI throw after the partial text arrived", async () => {
    server.mock.script("lc-cut", [{ text: "Partial answer that never ends", cutAfterChars: 8 }]);
    let text = "";
    const run = async () => {
      for await (const chunk of await chatModel(server.url).stream("[[mock:lc-cut]]")) text += String(chunk.content);
    };
    await expect(run()).rejects.toThrow();
    expect(text).toBe("Partial ");
  });

  it("breaks a non-streaming response off mid-body", async () => {
    server.mock.script("cut-json", [{ text: "whole answer", cutAfterChars: 20 }]);
    const res = await postJson(completions(), chatBody("[[mock:cut-json]]"));
    await expect(res.json()).rejects.toThrow();
  });
});

describe("slow tokens", () => {
  it("paces chunks by delayMs", async () => {
    server.mock.script("slow", [{ text: "abcdefghijkl", chunkSize: 2, delayMs: 60 }]);
    const started = Date.now();
    const res = await postJson(completions(), chatBody("[[mock:slow]]", { stream: true }));
    const { raw, error, arrivals } = await readUntilBroken(res);
    const elapsed = Date.now() - started;
    expect(error).toBeNull();
    expect(parseSse(raw).text).toBe("abcdefghijkl");
    // 6 text chunks plus role and finish steps: at least 7 pauses of 60 ms.
    expect(elapsed).toBeGreaterThanOrEqual(380);
    expect(arrivals.length).toBeGreaterThan(3);
    expect(arrivals[arrivals.length - 1] - arrivals[0]).toBeGreaterThanOrEqual(250);
  });
});

/** Milliseconds from `started` until the first text content arrived, and the text. */
async function firstTextAfter(res: Response, started: number): Promise<{ firstTextMs: number; text: string }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let raw = "";
  let firstTextMs = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { firstTextMs, text: parseSse(raw).text };
    raw += decoder.decode(value, { stream: true });
    if (firstTextMs < 0 && parseSse(raw.slice(0, raw.lastIndexOf("\n\n") + 2)).text) firstTextMs = Date.now() - started;
  }
}

describe("time to first token", () => {
  it("waits firstTokenDelayMs before the first token, then paces by delayMs", async () => {
    const text = "abcdefgh".repeat(4);
    server.mock.script("ttft", [{ text, chunkSize: 8, delayMs: 20, firstTokenDelayMs: 200 }]);
    const started = Date.now();
    const res = await postJson(completions(), chatBody("[[mock:ttft]]", { stream: true }));
    const { firstTextMs, text: streamed } = await firstTextAfter(res, started);
    const elapsed = Date.now() - started;
    expect(streamed).toBe(text);
    expect(firstTextMs).toBeGreaterThanOrEqual(195);
    expect(firstTextMs).toBeLessThan(600); // loose: the machine may be busy
    // Then 3 more text chunks and the finish, 20 ms apart.
    expect(elapsed - firstTextMs).toBeGreaterThanOrEqual(75);
  });

  it("delays unscripted demo answers by the server-wide demoFirstTokenDelayMs, streamed or not", async () => {
    const mock = createDemoModel({ demoDelayMs: 0, demoFirstTokenDelayMs: 150 });
    const post = (stream: boolean) =>
      mock.handle(
        new Request("http://mock.local/v1/chat/completions", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(chatBody("hello", { stream })),
        }),
      );
    let started = Date.now();
    const { firstTextMs, text } = await firstTextAfter(await post(true), started);
    expect(text.length).toBeGreaterThan(0);
    expect(firstTextMs).toBeGreaterThanOrEqual(145);
    started = Date.now();
    await (await post(false)).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
  });
});

describe("api key", () => {
  it("refuses requests without the bearer key with an OpenAI-style 401", async () => {
    const mock = createDemoModel({ apiKey: "sekret", demoDelayMs: 0 });
    const request = (authorization?: string) =>
      new Request("http://mock.local/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(chatBody("hi")),
      });
    for (const header of [undefined, "Bearer wrong", "sekret"]) {
      const res = await mock.handle(request(header));
      expect(res.status).toBe(401);
      expect((await res.json()).error).toMatchObject({ type: "invalid_request_error", code: "invalid_api_key" });
    }
    expect((await mock.handle(request("Bearer sekret"))).status).toBe(200);
  });

  it("lets ChatOpenAI in with the right key over HTTP and logs the refusal", async () => {
    const guarded = await startMockLlmServer({ apiKey: "right" });
    try {
      guarded.mock.script("auth", [{ text: "welcome" }]);
      const wrong = await chatModel(guarded.url, { apiKey: "wrong" })
        .invoke("[[mock:auth]]")
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(wrong).toMatchObject({ status: 401 });
      const answer = await streamMessage(chatModel(guarded.url, { apiKey: "right" }), "[[mock:auth]]");
      expect(answer.content).toBe("welcome");
      expect(guarded.mock.requests().map((entry) => [entry.key, entry.status])).toEqual([
        [null, 401],
        ["auth", 200],
      ]);
    } finally {
      await guarded.close();
    }
  });
});
