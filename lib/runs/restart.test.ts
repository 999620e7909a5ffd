import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRestartableDatabase } from "@/lib/testing/test-db";
import { startMockLlmServer, mockClient, scriptMarker, type MockLlmServer } from "@/lib/testing/scripted-model";
import { createTestUser, readAll, userMessage, textOf, MOCK_MODELS } from "@/lib/testing/agent-harness";
import { getDb } from "@/lib/db/client";
import { providers } from "@/lib/db/schema";
import { seedAgents } from "@/lib/bootstrap/seed-agents";
import { startChatRun } from "./start-run";
import { activeRunForThread } from "./registry";
import { listMessages } from "@/lib/db/messages";
import { getThreadState } from "./thread-state";

// A thread's history (messages, checkpoints, state) survives closing and reopening the
// database, as on a server restart — on PGlite's data dir and on PostgreSQL alike.
let mock: MockLlmServer;
let db: Awaited<ReturnType<typeof createRestartableDatabase>>;

beforeAll(async () => {
  mock = await startMockLlmServer({ models: MOCK_MODELS });
  db = await createRestartableDatabase();
  await db.reopen();
  await (await getDb()).insert(providers).values({
    id: "mock",
    name: "Scripted",
    baseUrl: mock.url,
    models: [{ id: "mock-chat", type: "chat", contextWindow: 32_000, enabled: true }],
  });
  await seedAgents();
});
afterAll(async () => {
  await db.destroy();
  await mock.close();
});

describe("restart", () => {
  it("keeps messages, state and the model's history across a restart", async () => {
    const actor = await createTestUser();
    const threadId = crypto.randomUUID();
    const client = mockClient(mock.url);
    await client.script("restart", [
      {
        toolCalls: [
          { name: "write_todos", args: { todos: [{ content: "remember the code word", status: "completed" }] } },
        ],
      },
      { text: "The code word is heliotrope." },
      { text: "You told me: heliotrope." },
    ]);
    const first = await startChatRun(actor, {
      threadId,
      message: userMessage(`Remember ${scriptMarker("restart")}`),
      modelSpec: "mock:mock-chat",
    });
    expect(textOf(await readAll(first.stream))).toBe("The code word is heliotrope.");
    await activeRunForThread(threadId)?.done;

    await db.reopen(); // the "restart": every connection closed, the database opened again

    expect((await listMessages(actor, threadId)).map((m) => m.role)).toEqual(["user", "assistant"]);
    const state = await getThreadState(actor, threadId);
    expect(state.todos).toEqual([{ content: "remember the code word", status: "completed" }]);
    expect(state.runs[0].status).toBe("completed");

    const second = await startChatRun(actor, { threadId, message: userMessage("What was it?") });
    await readAll(second.stream);
    await activeRunForThread(threadId)?.done;
    const last = (await client.requests("restart")).at(-1)!.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(last.messages)).toContain("The code word is heliotrope.");
    expect((await listMessages(actor, threadId)).length).toBe(4);
  });
});
