import { startAgentHarness, createTestUser, userMessage, MOCK_PROVIDER } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { summarize } from "./stats";

/**
 * P2: time to the first streamed text byte of a chat run, against the model's own time to
 * first token for the same scripted answer fetched directly. The difference is what the
 * server adds: run bookkeeping, runtime preparation, graph start, checkpoints, conversion.
 */
export async function benchFirstByte(turns = 30) {
  const h = await startAgentHarness();
  const actor = await createTestUser();
  const turn = { text: "Hello there, this is the answer.", chunkSize: 8 };

  const model: number[] = [];
  await h.client.script("p2-model", Array(turns + 5).fill(turn));
  for (let i = 0; i < turns + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${h.mock.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "mock-chat",
        stream: true,
        messages: [{ role: "user", content: `hi ${scriptMarker("p2-model")}` }],
      }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value);
      if (buf.includes('"content":"')) break;
    }
    if (i >= 5) model.push(performance.now() - started);
    await reader.cancel();
  }

  const server: number[] = [];
  await h.client.script("p2-app", Array(turns + 5).fill(turn));
  for (let i = 0; i < turns + 5; i++) {
    const threadId = crypto.randomUUID();
    const started = performance.now();
    const { stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`hi ${scriptMarker("p2-app")}`),
      modelSpec: `${MOCK_PROVIDER}:mock-chat`,
    });
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done || value.type === "text-delta") break;
    }
    if (i >= 5) server.push(performance.now() - started);
    await reader.cancel();
    await activeRunForThread(threadId)?.done;
  }
  await h.stop();
  const m = summarize(model);
  const s = summarize(server);
  return { model: m, server: s, addedP50: s.p50 - m.p50, addedMean: s.mean - m.mean };
}
