import type { UIMessageChunk } from "ai";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  textOf,
  dataParts,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { startChatRun } from "./start-run";
import { cancelRun } from "./cancel-run";
import { activeRunForThread } from "./registry";
import { startGateLoad } from "./start-gate";
import { listMessages } from "@/lib/db/messages";
import { findRun, listRuns } from "@/lib/db/runs";
import { createThread, findThread } from "@/lib/db/threads";
import { createAttachment } from "@/lib/db/attachments";
import { uploadPathOf } from "@/lib/workspace/upload-path";
import { getCheckpointer } from "@/lib/agent/checkpointer";

let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

describe("a chat run", () => {
  it("streams todos, text, token usage and run status, then saves both messages and the run", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("basic", [
      { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "Look it up", status: "in_progress" }] } }] },
      { text: "Here is the **answer**.", usage: { prompt_tokens: 1000, completion_tokens: 10, cached_tokens: 250 } },
    ]);
    const { run, stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`Plan it ${scriptMarker("basic")}`),
      modelSpec: spec,
    });
    const chunks = await readAll(stream);

    expect(chunks[0]).toMatchObject({ type: "start" });
    expect(textOf(chunks)).toBe("Here is the **answer**.");
    expect(dataParts(chunks, "todos").at(-1)?.todos).toEqual([{ content: "Look it up", status: "in_progress" }]);
    const usage = dataParts(chunks, "token-usage").at(-1)!;
    expect(usage.run?.buckets[spec].calls).toBe(2);
    // On the streaming path the model id comes from the generation info, not the message.
    expect(usage.run?.buckets[spec].responseModels).toEqual(["mock-chat"]);
    expect(usage.latest?.buckets[spec].cacheHitRatio).toBeCloseTo(0.25);
    expect(dataParts(chunks, "run").at(-1)).toEqual({ runId: run.id, status: "completed" });
    expect(chunks.at(-1)).toEqual({ type: "finish" });

    await activeRunForThread(threadId)?.done;
    const saved = await listMessages(actor, threadId);
    expect(saved.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(JSON.stringify(saved[1].parts)).toContain("Here is the **answer**.");
    const row = await findRun(actor, run.id);
    expect(row?.status).toBe("completed");
    expect((row?.tokenUsage as { buckets: Record<string, { calls: number }> }).buckets[spec].calls).toBe(2);
  });

  it("sends only the new message and rebuilds history from the checkpoint", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("history", [{ text: "First answer." }, { text: "Second answer." }]);
    await readAll(
      (await startChatRun(actor, { threadId, message: userMessage(`One ${scriptMarker("history")}`), modelSpec: spec }))
        .stream,
    );
    await activeRunForThread(threadId)?.done;
    await readAll((await startChatRun(actor, { threadId, message: userMessage("Two") })).stream);
    await activeRunForThread(threadId)?.done;

    const requests = await h.client.requests("history");
    const last = requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    const transcript = last.messages.map((m) => `${m.role}:${JSON.stringify(m.content)}`).join("\n");
    expect(transcript).toContain("First answer.");
    expect(transcript).toMatch(/user:.*Two/);
  });

  it("refuses a second run on the same thread with a conflict and saves nothing for it", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("busy", [{ text: "slow ".repeat(40), chunkSize: 5, delayMs: 20 }]);
    const first = await startChatRun(actor, {
      threadId,
      message: userMessage(`Go ${scriptMarker("busy")}`),
      modelSpec: spec,
    });
    await expect(startChatRun(actor, { threadId, message: userMessage("Again", "second-msg") })).rejects.toMatchObject({
      code: "conflict:run",
      status: 409,
    });
    await readAll(first.stream);
    await activeRunForThread(threadId)?.done;
    const saved = await listMessages(actor, threadId);
    expect(saved.some((m) => m.id === "second-msg")).toBe(false);
  });

  it("stops on cancel and keeps the partial answer in the message, the checkpoint and the run", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("cancel", [{ text: "word ".repeat(200), chunkSize: 5, delayMs: 15 }]);
    const { run, stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`Long ${scriptMarker("cancel")}`),
      modelSpec: spec,
    });
    const reader = stream.getReader();
    const seen: string[] = [];
    while (seen.join("").length < 40) {
      const { value } = await reader.read();
      if (value?.type === "text-delta") seen.push(value.delta);
    }
    const view = await cancelRun(actor, run.id);
    expect(view.status).toBe("cancelled");
    expect(view.tokenUsage).toMatchObject({ partialCall: { spec, estimated: true } });

    const saved = await listMessages(actor, threadId);
    const answer = JSON.stringify(saved.find((m) => m.role === "assistant")?.parts);
    expect(answer).toContain("word word");
    expect(answer.length).toBeLessThan(1000 + 500);
    const tuple = await (await getCheckpointer()).getTuple({ configurable: { thread_id: threadId } });
    const msgs = (tuple?.checkpoint.channel_values as { messages: { content: unknown }[] }).messages;
    expect(String(msgs.at(-1)?.content)).toMatch(/^word word/);
  });

  it("after Stop the model's history still holds the question before the partial answer, wherever the stop lands", async () => {
    // On PostgreSQL the run's last checkpoint and the kept partial answer go over different pool
    // connections: one stop in four lost the question (the next turn, "Continue", came without it).
    const actor = await createTestUser();
    const lost: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const threadId = crypto.randomUUID();
      const key = `stop-${i}-${threadId.slice(0, 6)}`;
      await h.client.script(key, [{ text: "word ".repeat(200), chunkSize: 5, delayMs: 10 }]);
      const { run, stream } = await startChatRun(actor, {
        threadId,
        message: userMessage(`Question ${i} ${scriptMarker(key)}`),
        modelSpec: spec,
      });
      const reader = stream.getReader();
      for (let received = 0; received < 20 + (i % 4) * 15;) {
        const { value } = await reader.read();
        if (value?.type === "text-delta") received += value.delta.length;
      }
      await cancelRun(actor, run.id);
      const tuple = await (await getCheckpointer()).getTuple({ configurable: { thread_id: threadId } });
      const history = (tuple?.checkpoint.channel_values as { messages: { content: unknown }[] }).messages;
      const texts = history.map((m) => String(m.content).slice(0, 12));
      if (!(texts[0]?.startsWith(`Question ${i}`) && texts.at(-1)?.startsWith("word word"))) {
        lost.push(`${i}: ${JSON.stringify(texts)}`);
      }
    }
    expect(lost).toEqual([]);
  });

  it("replays the stream from the start for a client that reconnects mid-run", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("resume", [{ text: "abcdefghij".repeat(10), chunkSize: 10, delayMs: 10 }]);
    const { stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`R ${scriptMarker("resume")}`),
      modelSpec: spec,
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel(); // the browser went away
    const again = activeRunForThread(threadId)!.buffer.subscribe();
    const chunks = await readAll(again);
    expect(chunks[0]).toMatchObject({ type: "start" });
    expect(textOf(chunks)).toBe("abcdefghij".repeat(10));
  });

  it("streams the new turn's tool calls and none of an earlier turn's", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const todo = (content: string) => ({ name: "write_todos", args: { todos: [{ content, status: "completed" }] } });
    await h.client.script("turns", [
      { toolCalls: [{ ...todo("First"), id: "call-first" }] },
      { text: "Done once." },
      { toolCalls: [{ ...todo("Second"), id: "call-second" }] },
      { text: "Done twice." },
    ]);
    const send = async (text: string) => {
      const { stream } = await startChatRun(actor, {
        threadId,
        message: userMessage(`${text} ${scriptMarker("turns")}`),
        modelSpec: spec,
      });
      const chunks = await readAll(stream);
      await activeRunForThread(threadId)?.done;
      return chunks;
    };
    const calls = (chunks: UIMessageChunk[]) =>
      chunks.flatMap((c) =>
        c.type === "tool-input-available" || c.type === "tool-output-available" ? [c.toolCallId] : [],
      );
    expect(calls(await send("Once"))).toEqual(["call-first", "call-first"]);
    const second = await send("Again");
    expect(calls(second)).toEqual(["call-second", "call-second"]);
    expect(textOf(second)).toBe("Done twice.");
  });

  it("still records how a run ended when its answer cannot be stored in one statement with it", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    // Postgres's jsonb refuses a NUL character: the answer's row fails, so the one-statement end fails.
    await h.client.script("nul", [{ text: "Before\u0000after" }]);
    const { run, stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`Say it ${scriptMarker("nul")}`),
      modelSpec: spec,
    });
    await readAll(stream);
    await activeRunForThread(threadId)?.done;
    expect(await findRun(actor, run.id)).toMatchObject({ status: "completed" });
    expect((await listMessages(actor, threadId)).map((m) => m.role)).toEqual(["user"]);
  });

  it("starts a new conversation with the thread, run and message it returns, as stored", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    // The answer waits, so the run is still running when the stored rows are read.
    await h.client.script("fresh", [{ text: "Hello.", firstTokenDelayMs: 1000 }]);
    const { run, stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`First **question** ${scriptMarker("fresh")}`, "first-msg"),
      modelSpec: spec,
    });
    const stored = await findRun(actor, run.id);
    expect(stored).toEqual(run);
    expect(run).toMatchObject({ threadId, userId: actor.id, status: "running", runType: "chat", modelSpec: spec });
    expect(await findThread(actor, threadId)).toMatchObject({
      userId: actor.id,
      title: expect.stringContaining("First **question**"),
      modelSpec: spec,
      rootThreadId: threadId,
    });
    expect((await listMessages(actor, threadId)).map((m) => m.id)).toEqual(["first-msg"]);
    await readAll(stream);
    await activeRunForThread(threadId)?.done;
  });

  it("refuses a conversation id that another user owns, and writes nothing for it", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("owned", [{ text: "Mine." }]);
    await readAll(
      (await startChatRun(owner, { threadId, message: userMessage(`Hi ${scriptMarker("owned")}`), modelSpec: spec }))
        .stream,
    );
    await activeRunForThread(threadId)?.done;
    await expect(
      startChatRun(other, { threadId, message: userMessage("Let me in", "intruder-msg"), modelSpec: spec }),
    ).rejects.toMatchObject({ code: "not_found:thread", status: 404 });
    expect(await findThread(other, threadId)).toBeNull();
    expect((await listMessages(owner, threadId)).map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(await listRuns(owner, threadId)).toHaveLength(1);
  });

  it("leaves no thread or run behind when a new conversation's first message cannot be stored", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    // Postgres's jsonb refuses a NUL character; the title (from the text) is fine, the message's parts are not.
    const message = userMessage("A fine title");
    message.parts.push({ type: "data-note", data: "Before\u0000after" } as never);
    await expect(startChatRun(actor, { threadId, message, modelSpec: spec })).rejects.toThrow();
    expect(await findThread(actor, threadId)).toBeNull();
    expect(await listRuns(actor, threadId)).toEqual([]);
    expect(startGateLoad().inUse).toBe(0);
  });

  it("keeps on the user message the files it carried: this conversation's uploads only, described by their records", async () => {
    const actor = await createTestUser();
    const other = await createTestUser();
    const thread = await createThread(actor, { agentId: null });
    const elsewhere = await createThread(actor, { agentId: null });
    const theirs = await createThread(other, { agentId: null });
    await createAttachment(actor, {
      rootThreadId: thread.id,
      storedName: "a1.csv",
      originalName: "sales.csv",
      mediaType: "text/csv",
      size: 42,
    });
    await createAttachment(actor, {
      rootThreadId: elsewhere.id,
      storedName: "b1.csv",
      originalName: "b.csv",
      mediaType: "text/csv",
      size: 1,
    });
    await createAttachment(other, {
      rootThreadId: theirs.id,
      storedName: "c1.csv",
      originalName: "c.csv",
      mediaType: "text/csv",
      size: 1,
    });
    await h.client.script("carried", [{ text: "Read." }, { text: "Again." }]);
    const sent = {
      ...userMessage(`Look at this ${scriptMarker("carried")}`),
      metadata: {
        attachments: [
          // The client's name and size are not trusted; the record's are kept.
          { path: uploadPathOf(thread.id, "a1.csv"), name: "forged.exe", size: 1 },
          { path: uploadPathOf(elsewhere.id, "b1.csv") },
          { path: uploadPathOf(theirs.id, "c1.csv") },
          { path: "/etc/passwd" },
        ],
        injected: "not kept",
      },
    };
    await readAll((await startChatRun(actor, { threadId: thread.id, message: sent, modelSpec: spec })).stream);
    await activeRunForThread(thread.id)?.done;
    const [saved] = await listMessages(actor, thread.id);
    expect(saved.metadata).toEqual({
      attachments: [{ name: "sales.csv", path: uploadPathOf(thread.id, "a1.csv"), size: 42, mediaType: "text/csv" }],
    });

    // A message naming no upload of this conversation keeps no metadata at all.
    const bare = { ...userMessage("And now?"), metadata: { attachments: [{ path: "/etc/passwd" }], injected: 1 } };
    await readAll((await startChatRun(actor, { threadId: thread.id, message: bare })).stream);
    await activeRunForThread(thread.id)?.done;
    const second = (await listMessages(actor, thread.id)).find((m) => m.id === bare.id);
    expect(second?.metadata).toBeUndefined();
  });

  it("refuses an unknown model before writing anything", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await expect(
      startChatRun(actor, { threadId, message: userMessage("hi"), modelSpec: "nope:missing" }),
    ).rejects.toMatchObject({ code: "bad_request:model" });
    expect(await listMessages(actor, threadId)).toEqual([]);
  });

  describe("with one start at a time (RUN_START_CONCURRENCY=1)", () => {
    beforeEach(() => {
      vi.stubEnv("RUN_START_CONCURRENCY", "1");
      vi.stubEnv("RUN_START_MAX_HOLD_MS", "60000"); // only the model call or the run's end frees it
    });
    afterEach(() => vi.unstubAllEnvs());

    it("lets the next chat start once the first one calls its model, not when it ends", async () => {
      const actor = await createTestUser();
      await h.client.script("gate-slow", [{ text: "slow answer", firstTokenDelayMs: 3000 }]);
      await h.client.script("gate-fast", [{ text: "fast answer" }]);
      const slowThread = crypto.randomUUID();
      const slow = await startChatRun(actor, {
        threadId: slowThread,
        message: userMessage(`S ${scriptMarker("gate-slow")}`),
        modelSpec: spec,
      });
      await expect.poll(() => startGateLoad().inUse, { timeout: 2500 }).toBe(0);
      expect(activeRunForThread(slowThread)).toBeDefined(); // still waiting for its first token

      const fast = await startChatRun(actor, {
        threadId: crypto.randomUUID(),
        message: userMessage(`F ${scriptMarker("gate-fast")}`),
        modelSpec: spec,
      });
      expect(textOf(await readAll(fast.stream))).toBe("fast answer");
      expect(activeRunForThread(slowThread)).toBeDefined();
      expect(textOf(await readAll(slow.stream))).toBe("slow answer");
    });

    it("frees the slot of a start that is refused, so the next chat is not stuck behind it", async () => {
      const actor = await createTestUser();
      await expect(
        startChatRun(actor, { threadId: crypto.randomUUID(), message: userMessage("hi"), agentId: "no-such-agent" }),
      ).rejects.toMatchObject({ code: "not_found:agent" });
      expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
    });

    it("frees the slot of a run that ends before any model call", async () => {
      const actor = await createTestUser();
      const threadId = crypto.randomUUID();
      const { run } = await startChatRun(actor, {
        threadId,
        message: userMessage(`C ${scriptMarker("gate-fast")}`),
        modelSpec: spec,
      });
      await cancelRun(actor, run.id);
      await activeRunForThread(threadId)?.done;
      expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
    });
  });
});
