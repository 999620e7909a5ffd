import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { startChatRun } from "./start-run";
import { cancelRun } from "./cancel-run";
import { activeRunForThread } from "./registry";
import { findRun } from "@/lib/db/runs";
import { findThread, updateThread } from "@/lib/db/threads";
import type { Actor } from "@/lib/identity/actor";

let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

/** Sends `text` as a new turn of `threadId` and waits until the run and what follows it are done. */
async function turn(actor: Actor, threadId: string, text: string, before?: () => Promise<void>) {
  const { run, stream } = await startChatRun(actor, { threadId, message: userMessage(text), modelSpec: spec });
  const done = activeRunForThread(threadId)?.done;
  await before?.();
  await readAll(stream);
  await done;
  return run;
}

type Internal = { internal?: { totals: { calls: number }; buckets: Record<string, { calls: number }> } };

describe("a new conversation's title", () => {
  it("is generated after the first answer, plain, and its call counts in the run's usage", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("titled", [{ text: "Use `print(n)`." }, { text: "Again." }]);
    const run = await turn(
      actor,
      threadId,
      `\`\`\`python\nprint(1)\n\`\`\` how do I **print** numbers? ${scriptMarker("titled")}`,
    );
    expect((await findThread(actor, threadId))?.title).toBe("Print numbers");
    const usage = (await findRun(actor, run.id))?.tokenUsage as Internal;
    expect(usage.internal?.buckets[spec].calls).toBe(1);
    // The title request did not take the script's next turn: the second answer is the scripted one.
    await turn(actor, threadId, "And then?");
    expect((await findThread(actor, threadId))?.title).toBe("Print numbers");
    expect((await h.client.requests("titled")).length).toBe(2);
  });

  it("is in the user's language", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    await h.client.script("titled-zh", [{ text: "好的。" }]);
    await turn(actor, threadId, `请帮我写一封请假邮件 ${scriptMarker("titled-zh")}`);
    expect((await findThread(actor, threadId))?.title).toBe("请帮我写一封请假邮件");
  });

  it("never replaces a title the user gave, and a stopped first answer gets none", async () => {
    const actor = await createTestUser();
    const renamed = crypto.randomUUID();
    await h.client.script("titled-renamed", [{ text: "Sure.", delayMs: 20 }]);
    await turn(actor, renamed, `Plan a trip ${scriptMarker("titled-renamed")}`, async () => {
      await updateThread(actor, renamed, { title: "My own name" });
    });
    expect((await findThread(actor, renamed))?.title).toBe("My own name");

    const stopped = crypto.randomUUID();
    await h.client.script("titled-stopped", [{ text: "word ".repeat(200), chunkSize: 5, delayMs: 20 }]);
    const question = `Write a long essay ${scriptMarker("titled-stopped")}`;
    const { run, stream } = await startChatRun(actor, {
      threadId: stopped,
      message: userMessage(question),
      modelSpec: spec,
    });
    const done = activeRunForThread(stopped)?.done;
    await cancelRun(actor, run.id);
    await readAll(stream);
    await done;
    expect((await findThread(actor, stopped))?.title).toBe(question);
  });
});
