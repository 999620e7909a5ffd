import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import {
  hasImages,
  imageCompatMiddleware,
  imageOfBlock,
  moveToolImagesToUserMessages,
  withoutImages,
} from "./image-compat";
import { ImageRefusalMemory } from "@/lib/models/vision";
import { startMockLlmServer, scriptMarker, type MockLlmServer } from "@/lib/testing/scripted-model";
import { chatModel, streamMessage } from "@/lib/testing/scripted-model/test-support";

const PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const PNG_URL = `data:image/png;base64,${PNG_B64}`;
const A_PNG = "/home/gem/user-data/projects/t1/uploads/a.png";
const B_PNG = "/home/gem/user-data/b.png";

/** What deepagents' read_file returns for an image, inside the ToolMessage the agent stores. */
function imageResult(id: string) {
  return new ToolMessage({
    content: [{ type: "image", mimeType: "image/png", data: PNG_B64 }] as never,
    tool_call_id: id,
    name: "read_file",
    id: `tm-${id}`,
  });
}

function readCall(id: string, file_path: string) {
  return { id, name: "read_file", args: { file_path }, type: "tool_call" as const };
}

function history(marker = ""): BaseMessage[] {
  return [
    new HumanMessage({ content: `look at my pictures ${marker}`, id: "h1" }),
    new AIMessage({
      content: "",
      id: "ai1",
      tool_calls: [readCall("c1", A_PNG), readCall("c2", "/home/gem/user-data/notes.md")],
    }),
    imageResult("c1"),
    new ToolMessage({ content: "     1\thello", tool_call_id: "c2", name: "read_file", id: "tm-c2" }),
    new AIMessage({ content: "", id: "ai2", tool_calls: [readCall("c3", B_PNG)] }),
    imageResult("c3"),
  ];
}

const snapshot = (messages: BaseMessage[]) => JSON.stringify(messages.map((m) => [m.getType(), m.id, m.content]));

function imageParts(message: BaseMessage): unknown[] {
  return Array.isArray(message.content) ? message.content.filter((b) => imageOfBlock(b)) : [];
}

function textOf(message: BaseMessage): string {
  return Array.isArray(message.content)
    ? message.content.map((b) => (b as { text?: string }).text ?? "").join("\n")
    : String(message.content);
}

describe("imageOfBlock", () => {
  it.each([
    ["v1 image with data", { type: "image", mimeType: "image/png", data: PNG_B64 }, PNG_URL],
    ["legacy base64 image", { type: "image", source_type: "base64", mime_type: "image/png", data: PNG_B64 }, PNG_URL],
    ["image_url object", { type: "image_url", image_url: { url: PNG_URL } }, PNG_URL],
    ["image_url string", { type: "image_url", image_url: PNG_URL }, PNG_URL],
    ["image by url", { type: "image", url: "https://example.com/x.png" }, "https://example.com/x.png"],
  ])("reads %s", (_name, block, url) => {
    expect(imageOfBlock(block)?.url).toBe(url);
  });

  it.each([
    [{ type: "text", text: "x" }],
    [{ type: "file", mimeType: "application/pdf", data: "x" }],
    [null],
    ["image"],
  ])("ignores %j", (block) => {
    expect(imageOfBlock(block)).toBeNull();
  });
});

describe("moveToolImagesToUserMessages", () => {
  it("moves each run's images into a user message right after that run, naming the paths, and leaves state untouched", () => {
    const original = history();
    const before = snapshot(original);
    const out = moveToolImagesToUserMessages(original);

    expect(out.map((m) => m.getType())).toEqual(["human", "ai", "tool", "tool", "human", "ai", "tool", "human"]);
    // Tool results keep their ids and call ids, carry a note instead of the image.
    const tool1 = out[2] as ToolMessage;
    expect(tool1.tool_call_id).toBe("c1");
    expect(tool1.id).toBe("tm-c1");
    expect(imageParts(tool1)).toEqual([]);
    expect(textOf(tool1)).toContain(A_PNG);
    expect(out[3]).toBe(original[3]); // text result: the same object
    // The inserted user message carries the image as a Chat Completions image_url part.
    expect(textOf(out[4])).toContain(A_PNG);
    expect(out[4].content).toContainEqual({ type: "image_url", image_url: { url: PNG_URL } });
    expect(textOf(out[7])).toContain(B_PNG);
    expect(imageParts(out[7])).toHaveLength(1);

    expect(snapshot(original)).toBe(before);
    expect(original).toHaveLength(6);
    expect(imageParts(original[2])).toHaveLength(1);
  });

  it("gathers several images of one run into one user message, each labelled", () => {
    const messages = [
      new AIMessage({ content: "", tool_calls: [readCall("x1", A_PNG), readCall("x2", B_PNG)] }),
      imageResult("x1"),
      imageResult("x2"),
    ];
    const out = moveToolImagesToUserMessages(messages);
    expect(out.map((m) => m.getType())).toEqual(["ai", "tool", "tool", "human"]);
    const text = textOf(out[3]);
    expect(text).toContain(`[1] ${A_PNG}`);
    expect(text).toContain(`[2] ${B_PNG}`);
    expect(imageParts(out[3])).toHaveLength(2);
  });

  it("returns equal messages when no tool result has an image", () => {
    const messages = [new HumanMessage("hi"), new AIMessage("hello")];
    expect(hasImages(messages)).toBe(false);
    expect(moveToolImagesToUserMessages(messages)).toEqual(messages);
  });
});

describe("withoutImages", () => {
  it("replaces every image by a note that names the path and ocr_parse_file, without touching state", () => {
    const original = [
      ...history(),
      new HumanMessage({ content: [{ type: "image_url", image_url: { url: PNG_URL } }] as never }),
    ];
    const before = snapshot(original);
    const out = withoutImages(original);
    expect(out).toHaveLength(original.length);
    expect(hasImages(out)).toBe(false);
    expect(textOf(out[2])).toContain(`ocr_parse_file with file_paths ["${A_PNG}"]`);
    expect(textOf(out[5])).toContain(B_PNG);
    expect(textOf(out[6])).toMatch(/cannot view images/);
    expect(snapshot(original)).toBe(before);
  });

  it("says only that the image is hidden when no path is known", () => {
    const out = withoutImages([imageResult("orphan")]);
    expect(textOf(out[0])).toMatch(/returned by read_file is not shown/);
    expect(textOf(out[0])).not.toContain("ocr_parse_file");
  });
});

describe("ImageRefusalMemory", () => {
  it("forgets a refusal after its time to live", () => {
    let now = 1000;
    const memory = new ImageRefusalMemory(60_000, () => now);
    memory.remember("p:m");
    expect(memory.refused("p:m")).toBe(true);
    expect(memory.refused("p:other")).toBe(false);
    now += 60_001;
    expect(memory.refused("p:m")).toBe(false);
  });
});

// The middleware on its own, in front of a real Chat Completions client and the scripted server.
describe("imageCompatMiddleware over HTTP", () => {
  let server: MockLlmServer;
  let model: ChatOpenAI;
  beforeAll(async () => {
    server = await startMockLlmServer({ demoDelayMs: 0 });
    model = chatModel(server.url);
  });
  afterAll(() => server.close());

  type Middleware = ReturnType<typeof imageCompatMiddleware>;
  function call(mw: Middleware, messages: BaseMessage[]) {
    const request = { model, messages, systemMessage: undefined, tools: [], state: { messages }, runtime: {} };
    const handler = (req: { model: ChatOpenAI; messages: BaseMessage[] }) => streamMessage(req.model, req.messages);
    return mw.wrapModelCall!(request as never, handler as never) as Promise<AIMessage>;
  }
  type Body = { messages: { role: string; content: unknown }[] };
  const bodies = (key: string) => server.mock.requests(key).map((r) => r.body as Body);
  const imagesIn = (body: Body) =>
    body.messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((p) => (p as { type: string }).type === "image_url");

  it("sends the image in a user message after the tool results to a model that accepts images", async () => {
    server.mock.script("sees", [{ text: "a red pixel" }]);
    const messages = history(scriptMarker("sees"));
    const before = snapshot(messages);
    const answer = await call(imageCompatMiddleware({ memory: new ImageRefusalMemory() }), messages);
    expect(answer.text).toBe("a red pixel");
    const [body] = bodies("sees");
    expect(body.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "tool",
      "user",
      "assistant",
      "tool",
      "user",
    ]);
    expect(JSON.stringify(body.messages[2].content)).not.toContain("image_url");
    expect(JSON.stringify(body.messages[7].content)).toContain(B_PNG);
    expect(imagesIn(body)).toHaveLength(2);
    expect(snapshot(messages)).toBe(before);
  });

  it("retries once without images after a refusal, then skips images for the rest of the run and in-process", async () => {
    server.mock.script(
      "blind",
      [{ text: "I will OCR it" }, { text: "second call" }, { text: "next run" }, { text: "fresh memory" }],
      { rejectImages: true },
    );
    const memory = new ImageRefusalMemory();
    const mw = imageCompatMiddleware({ memory });
    const messages = history(scriptMarker("blind"));
    const before = snapshot(messages);

    expect((await call(mw, messages)).text).toBe("I will OCR it");
    expect(server.mock.requests("blind").map((r) => r.status)).toEqual([400, 200]);
    const retried = bodies("blind")[1];
    expect(imagesIn(retried)).toEqual([]);
    expect(JSON.stringify(retried.messages)).toContain(`ocr_parse_file with file_paths [\\"${A_PNG}\\"]`);
    expect(retried.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "assistant", "tool"]);
    expect(snapshot(messages)).toBe(before);
    expect(memory.refused("demo-chat")).toBe(true);

    // Same run: straight to the image-free request.
    expect((await call(mw, messages)).text).toBe("second call");
    // Another run of this process: the in-process memory holds.
    expect((await call(imageCompatMiddleware({ memory }), messages)).text).toBe("next run");
    expect(server.mock.requests("blind").map((r) => r.status)).toEqual([400, 200, 200, 200]);
    // Without the memory the image is tried again.
    expect((await call(imageCompatMiddleware({ memory: new ImageRefusalMemory() }), messages)).text).toBe(
      "fresh memory",
    );
    expect(server.mock.requests("blind").map((r) => r.status)).toEqual([400, 200, 200, 200, 400, 200]);
  });

  it("passes other 400s through untouched, without a second call", async () => {
    server.mock.script("bad", [
      { fault: { status: 400, message: "Invalid value for temperature." } },
      { text: "never" },
    ]);
    const memory = new ImageRefusalMemory();
    await expect(call(imageCompatMiddleware({ memory }), history(scriptMarker("bad")))).rejects.toThrow(/temperature/);
    expect(server.mock.requests("bad")).toHaveLength(1);
    expect(memory.refused("demo-chat")).toBe(false);
  });

  it("leaves requests without images alone", async () => {
    server.mock.script("plain", [{ text: "hi" }], { rejectImages: true });
    const answer = await call(imageCompatMiddleware({ memory: new ImageRefusalMemory() }), [
      new HumanMessage(`hello ${scriptMarker("plain")}`),
    ]);
    expect(answer.text).toBe("hi");
    expect(server.mock.requests("plain").map((r) => r.status)).toEqual([200]);
  });

  it("registers ocr_parse_file", () => {
    expect(imageCompatMiddleware().tools?.map((t) => t.name)).toEqual(["ocr_parse_file"]);
  });
});
