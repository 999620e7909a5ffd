import { createAgent } from "langchain";
import { HumanMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { startAgentHarness, createTestUser, MOCK_PROVIDER } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { getDefaultAgent } from "@/lib/db/agents";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { buildChatbotAgent, runStreamOptions } from "@/lib/agent/graph";
import { writeTodosTool } from "@/lib/agent/middleware/todos";
import { summarize } from "./stats";
import { mcpToolSource } from "@/lib/mcp/tool-source";

/**
 * P1: server overhead per agent step. The same zero-latency scripted model serves both
 * agents; each turn is two model steps (a write_todos call, then an answer). The full chain
 * adds our middleware, runtime preparation and the PGlite/PostgreSQL checkpointer.
 *
 * Both agents share LangChain's code, so whichever runs first pays for the JIT warming it for
 * the other: both get the same warm-up turns, then their measured turns alternate (full, bare,
 * full, ...), so a slower minute of the machine weighs on both alike.
 */
export async function benchStepOverhead(turns = 60, warmup = 80) {
  const h = await startAgentHarness();
  const actor = await createTestUser();
  const spec = `${MOCK_PROVIDER}:mock-chat`;
  const script = Array.from({ length: turns + warmup }, () => [
    { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "step", status: "in_progress" }] } }] },
    { text: "done" },
  ]).flat();
  await h.client.script("p1-full", script);
  await h.client.script("p1-bare", script);

  const agentRow = (await getDefaultAgent(actor))!;
  const fullTurn = async () => {
    const ctx = await prepareAgentRuntimeContext(actor, agentRow, { modelSpec: spec });
    const graph = await buildChatbotAgent(ctx, { services: { mcp: mcpToolSource } });
    const stream = await graph.streamRun(
      { messages: [new HumanMessage(`bench ${scriptMarker("p1-full")}`)] },
      runStreamOptions(ctx, { threadId: crypto.randomUUID(), runId: crypto.randomUUID() }),
    );
    for await (const _ of stream) void _;
  };

  const model = new ChatOpenAI({
    model: "mock-chat",
    apiKey: "x",
    configuration: { baseURL: h.mock.url },
    streaming: true,
    streamUsage: true,
    maxRetries: 0,
  });
  const bareAgent = createAgent({ model, tools: [writeTodosTool] });
  const bareTurn = async () => {
    const stream = await bareAgent.stream(
      { messages: [new HumanMessage(`bench ${scriptMarker("p1-bare")}`)] },
      { streamMode: ["values", "messages"] },
    );
    for await (const _ of stream) void _;
  };

  /** Milliseconds per model step of one two-step turn. */
  const perStep = async (turn: () => Promise<void>) => {
    const started = performance.now();
    await turn();
    return (performance.now() - started) / 2;
  };
  for (let i = 0; i < warmup; i++) {
    await fullTurn();
    await bareTurn();
  }
  const full: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < turns; i++) {
    full.push(await perStep(fullTurn));
    bare.push(await perStep(bareTurn));
  }
  await h.stop();
  const f = summarize(full);
  const b = summarize(bare);
  return { full: f, bare: b, overheadP50: f.p50 - b.p50, overheadMean: f.mean - b.mean };
}
