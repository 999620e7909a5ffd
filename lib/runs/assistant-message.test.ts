import { describe, expect, it } from "vitest";
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { coalesceDeltas, lastStepText, messageFromChunks } from "./assistant-message";

const chunks: UIMessageChunk[] = [
  { type: "start", messageId: "m1" },
  { type: "start-step" },
  { type: "reasoning-start", id: "r1" },
  { type: "reasoning-delta", id: "r1", delta: "Let me " },
  { type: "reasoning-delta", id: "r1", delta: "think." },
  { type: "reasoning-end", id: "r1" },
  { type: "text-start", id: "t1" },
  { type: "text-delta", id: "t1", delta: "Hello" },
  { type: "text-delta", id: "t1", delta: ", " },
  { type: "data-todos", id: "todos", data: { todos: [] } },
  { type: "text-delta", id: "t1", delta: "world" },
  { type: "text-delta", id: "t1", delta: "!" },
  { type: "text-end", id: "t1" },
  { type: "finish-step" },
  { type: "start-step" },
  { type: "text-start", id: "t2" },
  { type: "text-delta", id: "t2", delta: "Second " },
  { type: "text-delta", id: "t2", delta: "step." },
  { type: "text-end", id: "t2" },
  { type: "finish-step" },
  { type: "finish" },
];

async function slowBuild(list: UIMessageChunk[]): Promise<UIMessage | undefined> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(c) {
      for (const chunk of list) c.enqueue(chunk);
      c.close();
    },
  });
  let latest: UIMessage | undefined;
  for await (const m of readUIMessageStream<UIMessage>({ stream })) latest = m;
  return latest;
}

describe("the saved assistant message", () => {
  it("merges only adjacent deltas of the same part, in order", () => {
    const merged = coalesceDeltas(chunks);
    const deltas = merged.filter((c) => c.type === "text-delta" || c.type === "reasoning-delta");
    expect(deltas).toEqual([
      { type: "reasoning-delta", id: "r1", delta: "Let me think." },
      { type: "text-delta", id: "t1", delta: "Hello, " },
      { type: "text-delta", id: "t1", delta: "world!" },
      { type: "text-delta", id: "t2", delta: "Second step." },
    ]);
    expect(merged.length).toBe(chunks.length - 4);
  });

  it("builds the same message the browser builds from every chunk", async () => {
    const message = await messageFromChunks(chunks);
    expect(message).toEqual(await slowBuild(chunks));
    expect(lastStepText(message)).toBe("Second step.");
  });

  it("keeps what a stopped run streamed, without a finish", async () => {
    expect(lastStepText(await messageFromChunks(chunks.slice(0, 11)))).toBe("Hello, world");
  });
});
