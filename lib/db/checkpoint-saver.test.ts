import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { emptyCheckpoint, ERROR, INTERRUPT, type Checkpoint } from "@langchain/langgraph-checkpoint";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import type { DbHandle } from "./client";
import { BatchedPostgresSaver } from "./checkpoint-saver";

let handle: DbHandle;
let ours: BatchedPostgresSaver;
let stock: PostgresSaver;

beforeAll(async () => {
  handle = await createTestDatabase();
  ours = new BatchedPostgresSaver(handle.pool);
  await ours.setup();
  stock = new PostgresSaver(handle.pool);
});
afterAll(destroyTestDatabase);

function checkpoint(id: string, values: Record<string, unknown>, versions: Record<string, number>): Checkpoint {
  return { ...emptyCheckpoint(), id, channel_values: values, channel_versions: versions };
}

let queries = 0;
function counting<T>(fn: () => Promise<T>): Promise<T> {
  const query = handle.pool.query.bind(handle.pool);
  handle.pool.query = ((...args: Parameters<typeof query>) => {
    queries++;
    return query(...args);
  }) as typeof handle.pool.query;
  return fn().finally(() => {
    handle.pool.query = query;
  });
}

describe("BatchedPostgresSaver", () => {
  it("stores what the stock saver reads back, and reads what it stores the same way", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const history = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? new AIMessage({ id: `a${i}`, content: `answer ${i} `.repeat(20) }) : new HumanMessage(`question ${i}`),
    );
    const first = await ours.put(
      thread,
      checkpoint("1f000000-0000-6000-8000-000000000001", { messages: history, todos: [] }, { messages: 1, todos: 1 }),
      { source: "loop", step: 1, parents: {} },
      { messages: 1, todos: 1 },
    );
    const second = await ours.put(
      first,
      checkpoint(
        "1f000000-0000-6000-8000-000000000002",
        { messages: [...history, new HumanMessage("and then?")], todos: [{ content: "x", status: "pending" }] },
        { messages: 2, todos: 2, skipped: 1 },
      ),
      { source: "loop", step: 2, parents: {} },
      { messages: 2, todos: 2, skipped: 1 }, // "skipped" has a version but no value: stored as empty
    );
    await ours.putWrites(second, [["messages", [new AIMessage({ id: "w1", content: "partial" })]]], "task-b");
    await ours.putWrites(
      second,
      [
        [INTERRUPT, { value: "first" }],
        [INTERRUPT, { value: "second" }], // the same special channel twice: the last one stays
        [ERROR, "boom"],
      ],
      "task-a",
    );

    for (const config of [thread, second, first]) {
      const a = await ours.getTuple(config);
      const b = await stock.getTuple(config);
      expect(a).toEqual(b);
    }
    const latest = (await ours.getTuple(thread))!;
    expect(latest.checkpoint.id).toBe("1f000000-0000-6000-8000-000000000002");
    expect((latest.checkpoint.channel_values.messages as unknown[]).length).toBe(51);
    expect(latest.checkpoint.channel_values.todos).toEqual([{ content: "x", status: "pending" }]);
    expect(latest.pendingWrites!.map(([task, channel]) => `${task}:${channel}`)).toEqual([
      `task-a:${INTERRUPT}`, // by task, then by index (special channels have negative ones)
      `task-a:${ERROR}`,
      "task-b:messages",
    ]);
    expect(latest.pendingWrites!.find(([, channel]) => channel === INTERRUPT)![2]).toEqual({ value: "second" });
    expect(latest.parentConfig?.configurable?.checkpoint_id).toBe("1f000000-0000-6000-8000-000000000001");
  });

  it("sends a checkpoint, a task's writes and a read as one statement each", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    queries = 0;
    const saved = await counting(() =>
      ours.put(
        thread,
        checkpoint("1f000000-0000-6000-8000-000000000003", { a: 1, b: 2, c: 3, d: 4 }, { a: 1, b: 1, c: 1, d: 1 }),
        { source: "loop", step: 1, parents: {} },
        { a: 1, b: 1, c: 1, d: 1 },
      ),
    );
    expect(queries).toBe(1);
    await counting(() =>
      ours.putWrites(
        saved,
        [
          ["a", 5],
          ["b", 6],
        ],
        "t",
      ),
    );
    expect(queries).toBe(2);
    const tuple = await counting(() => ours.getTuple(thread));
    expect(queries).toBe(3);
    expect(tuple?.checkpoint.channel_values).toEqual({ a: 1, b: 2, c: 3, d: 4 });
  });

  it("finds nothing for an unknown thread or checkpoint", async () => {
    expect(await ours.getTuple({ configurable: { thread_id: "nobody", checkpoint_ns: "" } })).toBeUndefined();
    expect(
      await ours.getTuple({ configurable: { thread_id: "nobody", checkpoint_ns: "", checkpoint_id: "x" } }),
    ).toBeUndefined();
  });

  it("serves the thread's next read from the values it wrote, with one statement and no blobs", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const messages = [new HumanMessage({ id: "h", content: "hi" }), new AIMessage({ id: "a", content: "hello" })];
    await ours.put(
      thread,
      checkpoint("1f000000-0000-6000-8000-000000000004", { messages }, { messages: 1 }),
      { source: "loop", step: 1, parents: {} },
      { messages: 1 },
    );
    queries = 0;
    const tuple = await counting(() => ours.getTuple(thread));
    expect(queries).toBe(1);
    expect(tuple?.checkpoint.channel_values.messages).toBe(messages);
    expect(tuple).toEqual(await stock.getTuple(thread));
  });

  it("never serves remembered values once another process has written the thread", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const put = (saver: PostgresSaver, id: string, text: string, version: number) =>
      saver.put(
        thread,
        checkpoint(id, { messages: [new HumanMessage({ id: "h", content: text })] }, { messages: version }),
        { source: "loop", step: version, parents: {} },
        { messages: version },
      );
    await put(ours, "1f000000-0000-6000-8000-000000000005", "mine", 1);
    const elsewhere = new BatchedPostgresSaver(handle.pool); // another app instance
    await put(elsewhere, "1f000000-0000-6000-8000-000000000006", "theirs", 2);
    const latest = await ours.getTuple(thread);
    expect(latest?.checkpoint.id).toBe("1f000000-0000-6000-8000-000000000006");
    expect((latest?.checkpoint.channel_values.messages as HumanMessage[])[0].content).toBe("theirs");
    // An older checkpoint asked for by id is read from the database.
    const older = await ours.getTuple({
      configurable: { ...thread.configurable, checkpoint_id: "1f000000-0000-6000-8000-000000000005" },
    });
    expect((older?.checkpoint.channel_values.messages as HumanMessage[])[0].content).toBe("mine");
    // A deleted thread has no checkpoint, remembered or not.
    await elsewhere.deleteThread(thread.configurable.thread_id);
    expect(await ours.getTuple(thread)).toBeUndefined();
  });
});
