import {
  startAgentHarness,
  createTestUser,
  userMessage,
  MOCK_MODELS,
  MOCK_PROVIDER,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { summarize } from "./stats";
import { startModelProcess } from "./model-process";
import { watchModelTime } from "./model-time";

/**
 * P4: server time of one turn as a conversation grows. Every turn of one thread plans with
 * write_todos and answers ~600 characters (zero-latency model); the figure is the turn's time
 * minus the time spent waiting for the model, median of the
 * turns 1-5, 46-50 and 96-100 (after 5 warm-up turns on another thread), from the request to the run's last write.
 */
export async function benchLongConversation(turns = 100) {
  const h = await startAgentHarness({ mock: await startModelProcess(["--models", MOCK_MODELS.join(",")]) });
  const actor = await createTestUser();
  const answer = "This is a fairly ordinary answer of a few sentences, as a chat model gives. ".repeat(8);
  await h.client.script(
    "p4",
    Array.from({ length: turns + 10 }, (_, i) => [
      { toolCalls: [{ name: "write_todos", args: { todos: [{ content: `step ${i}`, status: "completed" }] } }] },
      { text: answer },
    ]).flat(),
  );
  const model = watchModelTime(h.mock.url);
  const warmup = 5;
  const times: number[] = [];
  let threadId = crypto.randomUUID();
  for (let i = 0; i < warmup + turns; i++) {
    if (i === warmup) threadId = crypto.randomUUID(); // warm code paths first, then one new thread
    const started = performance.now();
    model.take();
    const { stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`Turn ${i + 1 - warmup}: tell me more. ${scriptMarker("p4")}`),
      modelSpec: `${MOCK_PROVIDER}:mock-chat`,
    });
    const reader = stream.getReader();
    while (!(await reader.read()).done);
    await activeRunForThread(threadId)?.done;
    const modelMs = model.take();
    if (i >= warmup) times.push(performance.now() - started - modelMs);
  }
  model.restore();
  await h.stop();
  const at = (turn: number) => summarize(times.slice(Math.max(0, turn - 5), turn)).p50;
  return { turns, turn1: summarize(times.slice(0, 5)).p50, turn50: at(Math.min(50, turns)), turn100: at(turns) };
}
