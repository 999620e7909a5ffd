import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { emptyCheckpoint, ERROR, INTERRUPT, type Checkpoint } from "@langchain/langgraph-checkpoint";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
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
  return {
    ...emptyCheckpoint(),
    ts: "2026-01-01T00:00:00.000Z",
    id,
    channel_values: values,
    channel_versions: versions,
  };
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
  it("reads back what it stores, in this process and in a fresh one, as the stock saver reads its own", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const history = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? new AIMessage({ id: `a${i}`, content: `answer ${i} `.repeat(20) }) : new HumanMessage(`question ${i}`),
    );
    const values1 = { messages: history, todos: [] };
    const values2 = {
      messages: [...history, new HumanMessage("and then?")],
      todos: [{ content: "x", status: "pending" }],
    };
    const metadata = (step: number) => ({ source: "loop" as const, step, parents: {} });
    const writeBoth = async (saver: PostgresSaver, config: typeof thread) => {
      const first = await saver.put(
        config,
        checkpoint("1f000000-0000-6000-8000-000000000001", values1, { messages: 1, todos: 1 }),
        metadata(1),
        { messages: 1, todos: 1 },
      );
      const second = await saver.put(
        first,
        checkpoint("1f000000-0000-6000-8000-000000000002", values2, { messages: 2, todos: 2, skipped: 1 }),
        metadata(2),
        { messages: 2, todos: 2, skipped: 1 }, // "skipped" has a version but no value: stored as empty
      );
      await saver.putWrites(second, [["messages", [new AIMessage({ id: "w1", content: "partial" })]]], "task-b");
      await saver.putWrites(
        second,
        [
          [INTERRUPT, { value: "first" }],
          [INTERRUPT, { value: "second" }], // the same special channel twice: the last one stays
          [ERROR, "boom"],
        ],
        "task-a",
      );
      return [config, second, first];
    };
    const configs = await writeBoth(ours, thread);
    // The stock saver writing the same thing is the reference for what a read returns.
    const reference = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const stockConfigs = await writeBoth(stock, reference);
    const withThread = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replaceAll(reference.configurable.thread_id, thread.configurable.thread_id));

    const fresh = new BatchedPostgresSaver(handle.pool); // another process: nothing remembered
    for (const [i, config] of configs.entries()) {
      const expected = withThread(await stock.getTuple(stockConfigs[i]));
      expect(JSON.parse(JSON.stringify(await ours.getTuple(config)))).toEqual(expected);
      expect(JSON.parse(JSON.stringify(await fresh.getTuple(config)))).toEqual(expected);
    }
    const latest = (await fresh.getTuple(thread))!;
    expect(latest.checkpoint.id).toBe("1f000000-0000-6000-8000-000000000002");
    expect(latest.checkpoint.channel_values.messages).toEqual(values2.messages);
    expect(latest.checkpoint.channel_values.todos).toEqual([{ content: "x", status: "pending" }]);
    expect(latest.pendingWrites!.map(([task, channel]) => `${task}:${channel}`)).toEqual([
      `task-a:${INTERRUPT}`, // by task, then by index (special channels have negative ones)
      `task-a:${ERROR}`,
      "task-b:messages",
    ]);
    expect(latest.pendingWrites!.find(([, channel]) => channel === INTERRUPT)![2]).toEqual({ value: "second" });
    expect(latest.parentConfig?.configurable?.checkpoint_id).toBe("1f000000-0000-6000-8000-000000000001");
    // History, newest first, the same way.
    const listed = [];
    for await (const tuple of fresh.list(thread)) listed.push(tuple.checkpoint.channel_values.messages);
    expect(listed).toEqual([values2.messages, values1.messages]);
    const limited = [];
    for await (const tuple of fresh.list(thread, { limit: 1 })) limited.push(tuple.checkpoint.id);
    expect(limited).toEqual(["1f000000-0000-6000-8000-000000000002"]);
  });

  it("stores each history message once, and a checkpoint's history as the list of their keys", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const history = Array.from({ length: 100 }, (_, i) => new AIMessage({ id: `m${i}`, content: "x".repeat(1000) }));
    let config: RunnableConfig = thread;
    for (let step = 1; step <= 3; step++) {
      const messages = history.slice(0, 97 + step);
      config = await ours.put(
        config,
        checkpoint(`1f000000-0000-6000-8000-00000000001${step}`, { messages }, { messages: step }),
        { source: "loop", step, parents: {} },
        { messages: step },
      );
    }
    const { rows } = await handle.pool.query<{ channel: string; n: number; bytes: number }>(
      `SELECT channel, count(*)::int AS n, sum(octet_length(blob))::int AS bytes FROM checkpoint_blobs
        WHERE thread_id = $1 GROUP BY channel ORDER BY channel`,
      [thread.configurable.thread_id],
    );
    const by = Object.fromEntries(rows.map((r) => [r.channel, r]));
    expect(by.__messages__.n).toBe(100); // 98 + 1 + 1: each message once
    expect(by.messages.n).toBe(3);
    expect(by.messages.bytes).toBeLessThan(3 * 100 * 30); // keys, not 100 KB of history per step
    const read = await new BatchedPostgresSaver(handle.pool).getTuple(thread);
    expect(read?.checkpoint.channel_values.messages).toEqual(history);
  });

  it("reads a history stored whole by earlier versions, and stores the next step by keys", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const old = [new HumanMessage({ id: "h1", content: "hi" }), new AIMessage({ id: "a1", content: "hello" })];
    await stock.put(
      thread,
      checkpoint("1f000000-0000-6000-8000-000000000021", { messages: old }, { messages: 1 }),
      { source: "loop", step: 1, parents: {} },
      { messages: 1 },
    );
    const saver = new BatchedPostgresSaver(handle.pool);
    const head = (await saver.getTuple(thread))!;
    expect(head.checkpoint.channel_values.messages).toEqual(old);
    const next = [
      ...(head.checkpoint.channel_values.messages as AIMessage[]),
      new HumanMessage({ id: "h2", content: "bye" }),
    ];
    await saver.put(
      head.config,
      checkpoint("1f000000-0000-6000-8000-000000000022", { messages: next }, { messages: 2 }),
      { source: "loop", step: 2, parents: {} },
      { messages: 2 },
    );
    // The old messages were never stored as rows: they are written with the new one.
    const fresh = new BatchedPostgresSaver(handle.pool);
    expect((await fresh.getTuple(thread))?.checkpoint.channel_values.messages).toEqual(next);
  });

  it("fails a read whose history names a message that is not stored, saying which", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const messages = [new HumanMessage({ id: "h1", content: "hi" }), new AIMessage({ id: "a1", content: "hello" })];
    await ours.put(
      thread,
      checkpoint("1f000000-0000-6000-8000-000000000031", { messages }, { messages: 1 }),
      { source: "loop", step: 1, parents: {} },
      { messages: 1 },
    );
    await handle.pool.query(
      `DELETE FROM checkpoint_blobs WHERE ctid IN (SELECT ctid FROM checkpoint_blobs WHERE thread_id = $1 AND channel = '__messages__' LIMIT 1)`,
      [thread.configurable.thread_id],
    );
    await expect(new BatchedPostgresSaver(handle.pool).getTuple(thread)).rejects.toThrow(
      /Checkpoint channel "messages" names message .+, which is not stored/,
    );
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
    expect(tuple).toEqual(await new BatchedPostgresSaver(handle.pool).getTuple(thread));
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
  it("answers a just-created thread's first read without a query, once, and never after a write", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    ours.markFresh(thread.configurable.thread_id);
    queries = 0;
    expect(await counting(() => ours.getTuple(thread))).toBeUndefined();
    expect(queries).toBe(0);
    // The mark is spent: the next read asks the database.
    await counting(() => ours.getTuple(thread));
    expect(queries).toBe(1);

    // A write drops the mark: the read after it finds what was written.
    ours.markFresh(thread.configurable.thread_id);
    await ours.put(
      thread,
      checkpoint(
        "1f000000-0000-6000-8000-000000000007",
        { messages: [new HumanMessage({ id: "h", content: "hi" })] },
        {
          messages: 1,
        },
      ),
      { source: "loop", step: 1, parents: {} },
      { messages: 1 },
    );
    expect((await ours.getTuple(thread))?.checkpoint.id).toBe("1f000000-0000-6000-8000-000000000007");
  });

  it("makes a read wait for this process's write of the same thread still on its way", async () => {
    const thread = { configurable: { thread_id: `t-${crypto.randomUUID()}`, checkpoint_ns: "" } };
    const writing = ours.put(
      thread,
      checkpoint(
        "1f000000-0000-6000-8000-000000000008",
        { messages: [new HumanMessage({ id: "h", content: "q" })] },
        {
          messages: 1,
        },
      ),
      { source: "loop", step: 1, parents: {} },
      { messages: 1 },
    );
    // Not awaited: the read starts while the write is in flight (another pool connection).
    const read = await ours.getTuple(thread);
    expect(read?.checkpoint.id).toBe("1f000000-0000-6000-8000-000000000008");
    await writing;
  });
});
