import { tool } from "@langchain/core/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import {
  chatBody,
  chatModel,
  postJson,
  readCompletionStream,
  streamMessage,
} from "@/lib/testing/scripted-model/test-support";

let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(() => server.close());

const completions = () => `${server.url}/chat/completions`;

describe("models", () => {
  it("lists the configured models", async () => {
    const res = await fetch(`${server.url}/models`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.object).toBe("list");
    expect(body.data.map((m: { id: string }) => m.id)).toEqual([
      "demo-chat",
      "demo-fallback",
      "demo-embedding",
      "demo-rerank",
    ]);
    expect(body.data[0]).toMatchObject({ object: "model", owned_by: "meridian-mock" });
  });

  it("lists models given as an option", async () => {
    const custom = await startMockLlmServer({ models: ["alpha", "beta"] });
    try {
      const body = await (await fetch(`${custom.url}/models`)).json();
      expect(body.data.map((m: { id: string }) => m.id)).toEqual(["alpha", "beta"]);
    } finally {
      await custom.close();
    }
  });
});

describe("chat completions over plain HTTP", () => {
  it("answers a non-streaming request with the scripted text, a unique id and the requested model", async () => {
    server.mock.script("plain", [{ text: "Hello there", repeat: 2 }]);
    const first = await (await postJson(completions(), chatBody("[[mock:plain]] hi", { model: "m-1" }))).json();
    const second = await (await postJson(completions(), chatBody("[[mock:plain]] hi", { model: "m-1" }))).json();
    expect(first.object).toBe("chat.completion");
    expect(first.model).toBe("m-1");
    expect(first.choices[0].message).toMatchObject({ role: "assistant", content: "Hello there" });
    expect(first.choices[0].finish_reason).toBe("stop");
    expect(first.id).toMatch(/^chatcmpl-[0-9a-f]{32}$/);
    expect(second.id).not.toBe(first.id);
  });

  it("streams text in chunkSize pieces, then stop, usage and [DONE]", async () => {
    server.mock.script("chunks", [{ text: "abcdefghij", chunkSize: 4, model: "served-model" }]);
    const res = await postJson(
      completions(),
      chatBody("[[mock:chunks]]", { stream: true, stream_options: { include_usage: true } }),
    );
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const streamed = await readCompletionStream(res);
    const pieces = streamed.chunks.map((c) => c.choices[0]?.delta.content).filter(Boolean);
    expect(pieces).toEqual(["abcd", "efgh", "ij"]);
    expect(streamed.finishReason).toBe("stop");
    expect(streamed.sawDone).toBe(true);
    expect(new Set(streamed.chunks.map((c) => c.id)).size).toBe(1);
    expect(streamed.chunks.every((c) => c.model === "served-model")).toBe(true);
    const last = streamed.chunks[streamed.chunks.length - 1];
    expect(last.choices).toEqual([]);
    expect(last.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it("sends no usage chunk unless include_usage is asked for", async () => {
    server.mock.script("no-usage", [{ text: "short" }]);
    const streamed = await readCompletionStream(
      await postJson(completions(), chatBody("[[mock:no-usage]]", { stream: true })),
    );
    expect(streamed.usage).toBeNull();
    expect(streamed.chunks.every((c) => c.choices.length === 1)).toBe(true);
  });

  it("streams reasoning before text and tool calls the OpenAI way", async () => {
    server.mock.script("tools", [
      {
        reasoning: "Need the weather.",
        text: "Checking.",
        toolCalls: [
          { name: "get_weather", args: { city: "Paris" }, id: "call_fixed" },
          { name: "get_time", args: { zone: "Europe/Paris" } },
        ],
        chunkSize: 5,
      },
    ]);
    const streamed = await readCompletionStream(
      await postJson(completions(), chatBody("[[mock:tools]]", { stream: true })),
    );
    expect(streamed.reasoning).toBe("Need the weather.");
    expect(streamed.text).toBe("Checking.");
    const deltas = streamed.chunks.map((c) => c.choices[0]?.delta).filter((d) => d !== undefined);
    const firstReasoning = deltas.findIndex((d) => d.reasoning_content);
    const firstText = deltas.findIndex((d) => d.content);
    const firstTool = deltas.findIndex((d) => d.tool_calls);
    expect(firstReasoning).toBeLessThan(firstText);
    expect(firstText).toBeLessThan(firstTool);
    // The opening delta of a call carries id, type and name; later ones only argument pieces.
    const opening = deltas[firstTool].tool_calls![0];
    expect(opening).toMatchObject({
      index: 0,
      id: "call_fixed",
      type: "function",
      function: { name: "get_weather", arguments: "" },
    });
    const pieces = deltas.filter((d) => d.tool_calls?.[0].index === 0 && !d.tool_calls[0].id);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((d) => d.tool_calls![0].function.name === undefined)).toBe(true);
    expect(JSON.parse(streamed.toolCalls[0].arguments)).toEqual({ city: "Paris" });
    expect(streamed.toolCalls[1].name).toBe("get_time");
    expect(streamed.toolCalls[1].id).toMatch(/^call_/);
    expect(streamed.finishReason).toBe("tool_calls");
  });

  it("returns tool calls in a non-streaming message with null content", async () => {
    server.mock.script("tools-json", [{ toolCalls: [{ name: "lookup", rawArgs: '{"q": "x"' }] }]);
    const body = await (await postJson(completions(), chatBody("[[mock:tools-json]]"))).json();
    const message = body.choices[0].message;
    expect(message.content).toBeNull();
    expect(message.tool_calls[0].function).toEqual({ name: "lookup", arguments: '{"q": "x"' });
    expect(body.choices[0].finish_reason).toBe("tool_calls");
  });

  it("rejects a body that is not a chat request with an OpenAI-style 400", async () => {
    const res = await postJson(completions(), { model: "demo-chat" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toContain("messages");
  });

  it("answers unknown paths with 404", async () => {
    const res = await fetch(`${server.url}/completions/legacy`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("unknown_url");
  });
});

describe("chat completions through LangChain's ChatOpenAI", () => {
  const weather = tool(async ({ city }: { city: string }) => `Sunny in ${city}`, {
    name: "get_weather",
    description: "Weather for a city",
    schema: z.object({ city: z.string() }),
  });

  it("parses streamed tool calls, usage and the model that answered", async () => {
    server.mock.script("lc-tools", [
      {
        toolCalls: [{ name: "get_weather", args: { city: "Lyon" } }],
        model: "demo-fallback",
        usage: { prompt_tokens: 1500, cached_tokens: 1024 },
      },
    ]);
    const model = chatModel(server.url).bindTools([weather]);
    const message = await streamMessage(model, [
      { role: "system", content: "[[mock:lc-tools]] You are helpful." },
      { role: "user", content: "Weather in Lyon?" },
    ]);
    expect(message.tool_calls).toEqual([
      expect.objectContaining({ name: "get_weather", args: { city: "Lyon" }, id: expect.stringMatching(/^call_/) }),
    ]);
    expect(message.response_metadata.model_name).toBe("demo-fallback");
    expect(message.usage_metadata?.input_tokens).toBe(1500);
    expect(message.usage_metadata?.output_tokens).toBeGreaterThan(0);
    expect(message.usage_metadata?.input_token_details?.cache_read).toBe(1024);
    expect(message.id).toMatch(/^chatcmpl-/);

    const [logged] = server.mock.requests("lc-tools");
    const body = logged.body as { tools: { function: { name: string } }[]; stream: boolean };
    expect(body.tools.map((t) => t.function.name)).toEqual(["get_weather"]);
    expect(body.stream).toBe(true);
  });

  it("streams text chunks that LangChain concatenates, with reasoning in additional_kwargs", async () => {
    server.mock.script("lc-text", [{ reasoning: "Think.", text: "The answer is 42.", chunkSize: 3 }]);
    const stream = await chatModel(server.url).stream("[[mock:lc-text]] question");
    let text = "";
    let reasoning = "";
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      text += typeof chunk.content === "string" ? chunk.content : "";
      reasoning += String(chunk.additional_kwargs.reasoning_content ?? "");
    }
    expect(text).toBe("The answer is 42.");
    expect(reasoning).toBe("Think.");
    expect(chunks).toBeGreaterThan(5);
  });
});
