import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  textOf,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { startChatRun, type StartChatInput } from "./start-run";
import { activeRunForThread } from "./registry";
import { listMessages, saveMessage } from "@/lib/db/messages";
import { listRuns } from "@/lib/db/runs";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { EMPTY_ROOT_ID, forkPointBefore } from "./fork-point";
import type { BaseMessage } from "@langchain/core/messages";

// Regenerate and edit: a turn runs again from the checkpoint before it.
let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

type Msg = { role: string; content: unknown };
const userTexts = (body: unknown) =>
  ((body as { messages: Msg[] }).messages ?? [])
    .filter((m) => m.role === "user" || m.role === "assistant")
    .map((m) => `${m.role}:${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}`);

async function turn(
  actor: Actor,
  threadId: string,
  message: StartChatInput["message"],
  extra: Partial<StartChatInput> = {},
) {
  const { stream, run } = await startChatRun(actor, { threadId, message, modelSpec: spec, ...extra });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return { text: textOf(chunks), run };
}

async function latestMessages(threadId: string): Promise<BaseMessage[]> {
  const saver = await getCheckpointer();
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
  return (tuple?.checkpoint.channel_values.messages ?? []) as BaseMessage[];
}

const textOfUi = (m: { parts: unknown[] }) =>
  (m.parts as { type: string; text?: string }[])
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("");

describe("regenerate and edit", () => {
  it("regenerate replaces the last answer from the state before that turn; the old branch stays in checkpoint history", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const key = "regen";
    await h.client.script(key, [{ text: "First answer." }, { text: "Second answer." }, { text: "Second, again." }]);
    const first = userMessage(`One ${scriptMarker(key)}`);
    const second = userMessage(`Two ${scriptMarker(key)}`);
    await turn(actor, threadId, first);
    await turn(actor, threadId, second);
    const before = await listMessages(actor, threadId);
    const oldAnswer = before.at(-1)!;

    const again = await turn(actor, threadId, second, { trigger: "regenerate-message", messageId: oldAnswer.id });
    expect(again.text).toBe("Second, again.");

    // The model saw the history up to the question once, not the old answer.
    const requests = await h.client.requests(key);
    expect(userTexts(requests.at(-1)!.body)).toEqual([
      `user:One ${scriptMarker(key)}`,
      "assistant:First answer.",
      `user:Two ${scriptMarker(key)}`,
    ]);
    // The chat shows the latest branch; the model's state too.
    const after = await listMessages(actor, threadId);
    expect(after.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(after.some((m) => m.id === oldAnswer.id)).toBe(false);
    expect(textOfUi(after[3])).toContain("Second, again.");
    const state = await latestMessages(threadId);
    expect(state.map((m) => m.text)).toEqual([
      first.parts[0].text,
      "First answer.",
      second.parts[0].text,
      "Second, again.",
    ]);

    // The new head's ancestry never held the old answer; the checkpoint history still has it.
    const saver = await getCheckpointer();
    const branch: string[] = [];
    let tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
    while (tuple) {
      for (const m of (tuple.checkpoint.channel_values.messages ?? []) as BaseMessage[]) branch.push(m.text);
      tuple = tuple.parentConfig ? await saver.getTuple(tuple.parentConfig) : undefined;
    }
    expect(branch).not.toContain("Second answer.");
    const all: string[] = [];
    for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: "" } })) {
      for (const m of (t.checkpoint.channel_values.messages ?? []) as BaseMessage[]) all.push(m.text);
    }
    expect(all).toContain("Second answer.");
    // Each run keeps its own usage record.
    expect((await listRuns(actor, threadId)).length).toBe(3);
  });

  it("editing an earlier message forks from there: later turns leave the chat and the model's history", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const key = "edit";
    await h.client.script(key, [
      { text: "A1" },
      { text: "A2" },
      { text: "A3" },
      { text: "Edited answer" },
      { text: "Next" },
    ]);
    const m1 = userMessage(`Q1 ${scriptMarker(key)}`);
    const m2 = userMessage(`Q2 ${scriptMarker(key)}`);
    await turn(actor, threadId, m1);
    await turn(actor, threadId, m2);
    await turn(actor, threadId, userMessage(`Q3 ${scriptMarker(key)}`));

    const edited = { ...m2, parts: [{ type: "text" as const, text: `Q2 edited ${scriptMarker(key)}` }] };
    const r = await turn(actor, threadId, edited, { trigger: "submit-message", messageId: m2.id });
    expect(r.text).toBe("Edited answer");
    const requests = await h.client.requests(key);
    expect(userTexts(requests.at(-1)!.body)).toEqual([
      `user:Q1 ${scriptMarker(key)}`,
      "assistant:A1",
      `user:Q2 edited ${scriptMarker(key)}`,
    ]);
    const saved = await listMessages(actor, threadId);
    expect(saved.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(saved[2].id).toBe(m2.id);
    expect(textOfUi(saved[2])).toBe(`Q2 edited ${scriptMarker(key)}`);

    // The conversation goes on from the new branch.
    await turn(actor, threadId, userMessage("Q4"));
    expect(userTexts((await h.client.requests(key)).at(-1)!.body)).toEqual([
      `user:Q1 ${scriptMarker(key)}`,
      "assistant:A1",
      `user:Q2 edited ${scriptMarker(key)}`,
      "assistant:Edited answer",
      "user:Q4",
    ]);
  });

  it("editing a message whose run never reached the model forks before it, not after the turns that followed", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const key = "lost";
    await h.client.script(key, [{ text: "A1" }, { text: "A3" }, { text: "A2 at last" }]);
    await turn(actor, threadId, userMessage(`Q1 ${scriptMarker(key)}`));
    // As after a run that failed before its graph started: the message is in the chat only.
    const m2 = userMessage(`Q2 ${scriptMarker(key)}`);
    await saveMessage(actor, threadId, { ...m2 }, null);
    await turn(actor, threadId, userMessage(`Q3 ${scriptMarker(key)}`));
    const edited = { ...m2, parts: [{ type: "text" as const, text: `Q2 again ${scriptMarker(key)}` }] };
    await turn(actor, threadId, edited, { trigger: "submit-message", messageId: m2.id });
    expect(userTexts((await h.client.requests(key)).at(-1)!.body)).toEqual([
      `user:Q1 ${scriptMarker(key)}`,
      "assistant:A1",
      `user:Q2 again ${scriptMarker(key)}`,
    ]);
    expect((await listMessages(actor, threadId)).map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("a rerun whose model call fails leaves the chat and the model's state on the same branch", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const key = "fails";
    await h.client.script(key, [{ text: "A1" }, { text: "A2" }, { fault: { status: 400, message: "refused" } }]);
    const m1 = userMessage(`Q1 ${scriptMarker(key)}`);
    await turn(actor, threadId, m1);
    await turn(actor, threadId, userMessage(`Q2 ${scriptMarker(key)}`));
    const edited = { ...m1, parts: [{ type: "text" as const, text: `Q1 edited ${scriptMarker(key)}` }] };
    const r = await turn(actor, threadId, edited, { trigger: "submit-message", messageId: m1.id });
    expect((await listRuns(actor, threadId)).find((run) => run.id === r.run.id)?.status).toBe("failed");
    const chatUsers = (await listMessages(actor, threadId)).filter((m) => m.role === "user").map(textOfUi);
    const stateUsers = (await latestMessages(threadId)).filter((m) => m.getType() === "human").map((m) => m.text);
    expect(chatUsers).toEqual([`Q1 edited ${scriptMarker(key)}`]);
    expect(stateUsers).toEqual(chatUsers);
  });

  it("regenerating the first answer starts from an empty state", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("first", [{ text: "Old" }, { text: "New" }]);
    const m1 = userMessage(`Hi ${scriptMarker("first")}`);
    await turn(actor, threadId, m1);
    const answer = (await listMessages(actor, threadId))[1];
    const r = await turn(actor, threadId, m1, { trigger: "regenerate-message", messageId: answer.id });
    expect(r.text).toBe("New");
    expect((await latestMessages(threadId)).map((m) => m.text)).toEqual([m1.parts[0].text, "New"]);
    expect(userTexts((await h.client.requests("first")).at(-1)!.body)).toEqual([`user:Hi ${scriptMarker("first")}`]);
    // The new branch grows from the empty root; a second fork reuses it and never makes it the head.
    const saver = await getCheckpointer();
    let tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
    const head = tuple!.checkpoint.id;
    while (tuple?.parentConfig) tuple = await saver.getTuple(tuple.parentConfig);
    expect(tuple?.checkpoint.id).toBe(EMPTY_ROOT_ID);
    expect(await forkPointBefore(threadId, [m1.id])).toBe(EMPTY_ROOT_ID);
    const latest = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
    expect(latest?.checkpoint.id).toBe(head);
    expect((latest?.checkpoint.channel_values.messages as BaseMessage[]).map((m) => m.text)).toEqual([
      m1.parts[0].text,
      "New",
    ]);
  });

  it("refuses a message that is not in the conversation, another user's thread, and a messageId that is not the message's", async () => {
    const actor = await createTestUser();
    const other = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("guard", [{ text: "ok" }]);
    const m1 = userMessage(`Hi ${scriptMarker("guard")}`);
    await turn(actor, threadId, m1);
    const stranger = userMessage("not sent before");
    await expect(
      startChatRun(actor, { threadId, message: stranger, trigger: "regenerate-message", messageId: "x" }),
    ).rejects.toMatchObject({ code: "not_found:message" });
    await expect(
      startChatRun(actor, { threadId, message: stranger, trigger: "submit-message", messageId: stranger.id }),
    ).rejects.toMatchObject({ code: "not_found:message" });
    await expect(
      startChatRun(other, { threadId, message: m1, trigger: "regenerate-message", messageId: "x" }),
    ).rejects.toMatchObject({ code: "not_found:message" });
    await expect(
      startChatRun(actor, { threadId, message: stranger, trigger: "submit-message", messageId: m1.id }),
    ).rejects.toMatchObject({ code: "bad_request:chat" });
    // Nothing changed: the chat still has its two messages, and no run was created.
    expect((await listMessages(actor, threadId)).length).toBe(2);
    expect((await listRuns(actor, threadId)).length).toBe(1);
  });
});
