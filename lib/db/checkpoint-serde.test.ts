import { afterEach, describe, expect, it, vi } from "vitest";
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { MessageCachingSerializer } from "./checkpoint-serde";

const history = () => [
  new HumanMessage({ id: "h1", content: "What is in the report?" }),
  new AIMessage({ id: "a1", content: "", tool_calls: [{ id: "c1", name: "read_file", args: { path: "r.md" } }] }),
  new ToolMessage({ id: "t1", content: "# Report\n\nSales grew 4 %.", tool_call_id: "c1" }),
  new AIMessage({ id: "a2", content: "Sales grew **4 %**.", response_metadata: { model_name: "m" } }),
];

describe("the checkpoint serializer", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes exactly the stock serializer's bytes, which the stock serializer reads back", async () => {
    const messages = history();
    const ours = new MessageCachingSerializer();
    const stock = new JsonPlusSerializer();
    for (const value of [messages, { todos: [{ content: "x" }] }, [messages[0]], "text", [1, 2]]) {
      const [type, bytes] = await ours.dumpsTyped(value);
      expect([type, Buffer.from(bytes).toString()]).toEqual(
        await stock.dumpsTyped(value).then(([t, b]) => [t, Buffer.from(b).toString()]),
      );
      expect(await stock.loadsTyped(type, bytes)).toEqual(await stock.loadsTyped(...(await stock.dumpsTyped(value))));
    }
  });

  it("serializes a message object once, however often the history is written", async () => {
    const dumps = vi.spyOn(JsonPlusSerializer.prototype as unknown as { _dumps: () => Uint8Array }, "_dumps");
    const ours = new MessageCachingSerializer();
    const messages = history();
    await ours.dumpsTyped(messages);
    expect(dumps).toHaveBeenCalledTimes(4);
    dumps.mockClear();
    const next = [...messages, new HumanMessage({ id: "h2", content: "And costs?" })];
    const [, bytes] = await ours.dumpsTyped(next);
    expect(dumps).toHaveBeenCalledTimes(1);
    expect(Buffer.from(bytes).toString()).toBe(
      Buffer.from((await new JsonPlusSerializer().dumpsTyped(next))[1]).toString(),
    );
  });

  it("does not remember a message without an id, which the messages reducer gives one in place", async () => {
    const ours = new MessageCachingSerializer();
    const pending = [new HumanMessage("first"), new HumanMessage("second")];
    await ours.dumpsTyped(pending);
    pending[0].id = "h-1";
    pending[0].lc_kwargs.id = "h-1";
    const [, bytes] = await ours.dumpsTyped(pending);
    expect(Buffer.from(bytes).toString()).toContain('"id":"h-1"');
  });
});
