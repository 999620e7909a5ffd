import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import { mockClient } from "@/lib/testing/scripted-model/client";
import { IMAGE_REFUSAL_MESSAGE } from "./image-refusal";
import { modelScriptKey } from "./scripts";
import { chatBody, chatModel, postJson, streamMessage } from "@/lib/testing/scripted-model/test-support";
import { HumanMessage } from "@langchain/core/messages";
import { classifyModelError } from "@/lib/models/model-errors";

const PIXEL = "data:image/png;base64,iVBORw0KGgo=";

function imageBody(marker: string, model = "demo-chat") {
  return {
    model,
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: `what is this? ${marker}` },
          { type: "image_url", image_url: { url: PIXEL } },
        ],
      },
    ],
  };
}

describe("scripts that refuse image input and scripts keyed by model", () => {
  let server: MockLlmServer;
  beforeAll(async () => {
    server = await startMockLlmServer({ demoDelayMs: 0 });
  });
  afterAll(() => server.close());

  it("answers an image request with the provider's 400 without using a turn, and text requests normally", async () => {
    server.mock.script("blind", [{ text: "text only answer" }], { rejectImages: true });
    const refused = await postJson(`${server.url}/chat/completions`, imageBody("[[mock:blind]]"));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({
      message: IMAGE_REFUSAL_MESSAGE,
      type: "invalid_request_error",
    });

    const ok = await postJson(`${server.url}/chat/completions`, chatBody("plain [[mock:blind]]"));
    expect((await ok.json()).choices[0].message.content).toBe("text only answer");
    expect(server.mock.requests("blind").map((r) => r.status)).toEqual([400, 200]);
  });

  it("accepts images by default", async () => {
    server.mock.script("sees", [{ text: "a cat" }]);
    const res = await postJson(`${server.url}/chat/completions`, imageBody("[[mock:sees]]"));
    expect((await res.json()).choices[0].message.content).toBe("a cat");
  });

  it("reaches a client as a non-retryable 400 whose message names image_url", async () => {
    server.mock.script("blind-client", [{ text: "unused" }], { rejectImages: true });
    const model = chatModel(server.url);
    const err = await streamMessage(model, [
      new HumanMessage({
        content: [
          { type: "text", text: "[[mock:blind-client]]" },
          { type: "image_url", image_url: { url: PIXEL } },
        ],
      }),
    ]).catch((e: unknown) => e);
    const c = classifyModelError(err);
    expect(c.status).toBe(400);
    expect(c.retryable).toBe(false);
    expect(c.message).toContain("image_url is not supported");
  });

  it("takes the option through the control API", async () => {
    await mockClient(server.url).script("blind-http", [{ text: "x" }], { rejectImages: true });
    const res = await postJson(`${server.url}/chat/completions`, imageBody("[[mock:blind-http]]"));
    expect(res.status).toBe(400);
  });

  it("serves unmarked requests for a model from its model script; marked requests keep their own", async () => {
    server.mock.script(modelScriptKey("vision-x"), [{ text: "OCR: hello" }]);
    server.mock.script("marked", [{ text: "from marked" }]);
    const unmarked = await postJson(`${server.url}/chat/completions`, imageBody("", "vision-x"));
    expect((await unmarked.json()).choices[0].message.content).toBe("OCR: hello");
    const marked = await postJson(`${server.url}/chat/completions`, chatBody("[[mock:marked]]", { model: "vision-x" }));
    expect((await marked.json()).choices[0].message.content).toBe("from marked");
    const other = await postJson(`${server.url}/chat/completions`, chatBody("hi", { model: "another" }));
    expect((await other.json()).choices[0].message.content).toContain("Meridian");
    expect(server.mock.requests(modelScriptKey("vision-x"))).toHaveLength(1);
  });
});
