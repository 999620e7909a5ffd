import pg from "pg";
import { HumanMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { startAgentHarness, createTestUser, MOCK_PROVIDER } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { getDefaultAgent } from "@/lib/db/agents";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { buildChatbotAgent, runStreamOptions } from "@/lib/agent/graph";
import { summarize, ms } from "./stats";
import { mcpToolSource } from "@/lib/mcp/tool-source";

/**
 * `npm run bench:stages`: where a turn's server time goes, stage by stage — runtime preparation,
 * graph construction, and the stream of a two-step turn (write_todos, then an answer) — with the
 * database round trips of each, for the run's checkpoint modes. MODES=exit,memory picks some;
 * QLOG=1 prints every query.
 */
let queries = 0;
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  if (process.env.QLOG) {
    const a = args[0] as string | { text?: string };
    console.log("Q", (typeof a === "string" ? a : (a?.text ?? "?")).replace(/\s+/g, " ").slice(0, 110));
  }
  return (orig as (...a: unknown[]) => unknown).apply(this, args);
} as typeof orig;

const h = await startAgentHarness();
const actor = await createTestUser();
const spec = `${MOCK_PROVIDER}:mock-chat`;
const turns = 30;
const script = Array.from({ length: 4 * (turns + 5) }, () => [
  { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "step", status: "in_progress" }] } }] },
  { text: "done" },
]).flat();
await h.client.script("st", script);
const agentRow = (await getDefaultAgent(actor))!;

type Row = { prep: number; build: number; stream: number; qPrep: number; qBuild: number; qStream: number };
async function turn(mode: "async" | "exit" | "memory"): Promise<Row> {
  let t = performance.now();
  let q = queries;
  const ctx = await prepareAgentRuntimeContext(actor, agentRow, { modelSpec: spec });
  const prep = performance.now() - t;
  const qPrep = queries - q;
  t = performance.now();
  q = queries;
  const graph = await buildChatbotAgent(ctx, {
    services: { mcp: mcpToolSource },
    ...(mode === "memory" ? { checkpointer: new MemorySaver() } : {}),
  });
  const build = performance.now() - t;
  const qBuild = queries - q;
  t = performance.now();
  q = queries;
  const threadId = crypto.randomUUID();
  const options = runStreamOptions(ctx, { threadId, runId: crypto.randomUUID() });
  const stream = await graph.streamRun(
    { messages: [new HumanMessage(`bench ${scriptMarker("st")}`)] },
    // What runs use ("exit"), against a checkpoint per superstep ("async") and no database at all.
    { ...options, durability: mode === "async" ? "async" : options.durability },
  );
  for await (const _ of stream) void _;
  const streamT = performance.now() - t;
  const qStream = queries - q;
  return { prep, build, stream: streamT, qPrep, qBuild, qStream };
}

for (const mode of (process.env.MODES?.split(",") ?? ["async", "exit", "memory"]) as ("async" | "exit" | "memory")[]) {
  const rows: Row[] = [];
  for (let i = 0; i < turns + 5; i++) {
    const r = await turn(mode);
    if (i >= 5) rows.push(r);
  }
  const f = (k: keyof Row) => summarize(rows.map((r) => r[k]));
  console.log(
    `${mode}: prep ${ms(f("prep").p50)} (${f("qPrep").p50} q) · build ${ms(f("build").p50)} (${f("qBuild").p50} q) · stream 2 steps ${ms(f("stream").p50)} (${f("qStream").p50} q)`,
  );
}
await h.stop();
process.exit(0);
