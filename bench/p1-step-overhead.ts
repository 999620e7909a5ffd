import { createAgent } from "langchain";
import { HumanMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { startAgentHarness, createTestUser, MOCK_PROVIDER } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/mock-llm";
import { getDefaultAgent } from "@/lib/db/agents";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { buildChatbotAgent, runStreamOptions } from "@/lib/agent/graph";
import { writeTodosTool } from "@/lib/agent/middleware/todos";
import { summarize } from "./stats";

/**
 * P1: server overhead per agent step. The same zero-latency scripted model serves both
 * agents; each turn is two model steps (a write_todos call, then an answer). The full chain
 * adds our middleware, runtime preparation and the PGlite/PostgreSQL checkpointer.
 */
export async function benchStepOverhead(turns = 40) {
  const h = await startAgentHarness();
  const actor = await createTestUser();
  const spec = `${MOCK_PROVIDER}:mock-chat`;
  const script = Array.from({ length: turns + 5 }, () => [
    { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "step", status: "in_progress" }] } }] },
    { text: "done" },
  ]).flat();

  const agentRow = (await getDefaultAgent(actor))!;
  const full: number[] = [];
  await h.client.script("p1-full", script);
  for (let i = 0; i < turns + 5; i++) {
    const started = performance.now();
    const ctx = await prepareAgentRuntimeContext(actor, agentRow, { modelSpec: spec });
    const graph = await buildChatbotAgent(ctx);
    const threadId = crypto.randomUUID();
    const stream = await graph.streamRun(
      { messages: [new HumanMessage(`bench ${scriptMarker("p1-full")}`)] },
      runStreamOptions(ctx, { threadId, runId: crypto.randomUUID() }),
    );
    for await (const _ of stream) void _;
    if (i >= 5) full.push((performance.now() - started) / 2);
  }

  const bare: number[] = [];
  await h.client.script("p1-bare", script);
  const model = new ChatOpenAI({
    model: "mock-chat",
    apiKey: "x",
    configuration: { baseURL: h.mock.url },
    streaming: true,
    streamUsage: true,
    maxRetries: 0,
  });
  const bareAgent = createAgent({ model, tools: [writeTodosTool] });
  for (let i = 0; i < turns + 5; i++) {
    const started = performance.now();
    const stream = await bareAgent.stream(
      { messages: [new HumanMessage(`bench ${scriptMarker("p1-bare")}`)] },
      { streamMode: ["values", "messages"] },
    );
    for await (const _ of stream) void _;
    if (i >= 5) bare.push((performance.now() - started) / 2);
  }
  await h.stop();
  const f = summarize(full);
  const b = summarize(bare);
  return { full: f, bare: b, overheadP50: f.p50 - b.p50, overheadMean: f.mean - b.mean };
}
