import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { startAgentHarness, createTestUser, MOCK_MODELS } from "@/lib/testing/agent-harness";
import { driveLongConversation } from "@/lib/testing/long-conversation";
import { l1View } from "@/lib/agent/summary/l1-view";
import { countTextTokens } from "@/lib/agent/token-count";
import { getDatabase } from "@/lib/db/client";
import { summarize } from "./stats";
import { startModelProcess } from "./model-process";
import { watchModelTime } from "./model-time";

/**
 * P4: the scripted 300-turn conversation of the long-conversation test (every third
 * turn reads a ~1,800-token file; zero-latency model in its own process; threshold 8K, ratio
 * 0.8, keep 6, result limit 300), reporting the largest request the model got as a share of the
 * threshold, the L1-only and L2 passes, the server time of a turn (model time excluded, median
 * of the 10 turns ending at turns 10, 100 and 300, after a 40-turn warm-up conversation), what the
 * thread's checkpoints take in the database, and the cost of one L1 pass over 500 messages.
 */
export async function benchSummary(turns = 300) {
  const h = await startAgentHarness({ mock: await startModelProcess(["--models", MOCK_MODELS.join(",")]) });
  const admin = await createTestUser("superadmin");
  const actor = await createTestUser();
  const threshold = 8;
  const model = watchModelTime(h.mock.url);
  const config = {
    summary_threshold: threshold,
    summary_l2_trigger_ratio: 0.8,
    summary_keep_messages: 6,
    summary_tool_result_token_limit: 300,
  };
  // Warm the code paths on a conversation of their own first (summaries included).
  await driveLongConversation({ actor, admin, client: h.client, turns: 40, config });
  await h.client.reset();
  model.take();
  const times: number[] = [];
  const { threadId } = await driveLongConversation({
    actor,
    admin,
    client: h.client,
    turns,
    config,
    onTurn: (_turn, ms) => times.push(ms - model.take()),
  });
  model.restore();

  type Msg = { role: string; content: unknown };
  type Body = { messages: Msg[]; tools?: unknown[] };
  const text = (m: Msg) =>
    typeof m.content === "string"
      ? m.content
      : Array.isArray(m.content)
        ? m.content.map((p: { text?: string }) => p.text ?? "").join("")
        : "";
  const chat = (await h.client.requests()).filter((r) => r.path === "/chat/completions" && r.status === 200);
  const main = chat.filter((r) => r.key === "long-conversation").map((r) => r.body as Body);
  const sizes = main.map(
    (b) =>
      b.messages.reduce((n, m) => n + 4 + countTextTokens(text(m)), 0) +
      (b.tools?.length ? countTextTokens(JSON.stringify(b.tools)) : 0),
  );
  const l2 = chat.filter((r) => {
    const b = r.body as Body;
    return !b.tools?.length && b.messages.length === 1 && text(b.messages[0]).includes("<conversation>");
  }).length;
  // What the thread's checkpoints take in the database (blobs, checkpoint rows and task writes).
  const { pool } = await getDatabase();
  const { rows } = await pool.query<{ bytes: string }>(
    `SELECT (SELECT coalesce(sum(octet_length(blob)), 0) FROM checkpoint_blobs WHERE thread_id = $1)
          + (SELECT coalesce(sum(octet_length(checkpoint::text) + octet_length(metadata::text)), 0) FROM checkpoints WHERE thread_id = $1)
          + (SELECT coalesce(sum(octet_length(blob)), 0) FROM checkpoint_writes WHERE thread_id = $1) AS bytes`,
    [threadId],
  );
  const withReceipts = main.filter((b) => b.messages.some((m) => text(m).includes("[Tool result shortened"))).length;
  await h.stop();

  const at = (turn: number) => summarize(times.slice(turn - 10, turn)).p50;
  return {
    turns,
    maxShare: Math.max(...sizes) / (threshold * 1024),
    requests: main.length,
    l2,
    l1Only: withReceipts - l2,
    turn10: at(10),
    turn100: at(100),
    turn300: at(turns),
    checkpointBytes: Number(rows[0].bytes),
    l1: benchL1Pass(),
  };
}

/** One L1 pass over 500 messages as a new run sees them (rebuilt from the checkpoint; results already saved). */
function benchL1Pass() {
  const result = Array.from({ length: 90 }, (_, i) => `${i}. The quarterly figures for region ${i % 7} rose.`).join(
    "\n",
  );
  const build = (): BaseMessage[] => {
    const out: BaseMessage[] = [];
    for (let i = 0; out.length < 500; i++) {
      out.push(new HumanMessage(`Turn ${i}: tell me about point ${i} of the report.`));
      if (i % 3 === 0) {
        out.push(
          new AIMessage({ content: "", tool_calls: [{ id: `c${i}`, name: "read_file", args: { file_path: "/r" } }] }),
        );
        out.push(new ToolMessage({ content: `${result}\n${i}`, tool_call_id: `c${i}`, name: "read_file" }));
      }
      out.push(new AIMessage(`Answer ${i}: noted.`));
    }
    return out.slice(0, 500);
  };
  const saved = new Map<string, string>();
  const opts = {
    keepMessages: 6,
    toolResultTokenLimit: 300,
    unseenTokenLimit: 4096,
    resultsDir: "/home/gem/user-data/projects/bench/outputs/large_tool_results",
    save: async (path: string, text: string) => void saved.set(path, text),
  };
  const rebuilt: number[] = [];
  const same: number[] = [];
  return (async () => {
    const first = build();
    const cold = performance.now();
    await l1View(first, opts);
    const coldMs = performance.now() - cold;
    for (let i = 0; i < 20; i++) {
      const messages = build();
      let t = performance.now();
      await l1View(messages, opts);
      rebuilt.push(performance.now() - t);
      t = performance.now();
      await l1View(messages, opts);
      same.push(performance.now() - t);
    }
    return { coldMs, rebuilt: summarize(rebuilt).p50, same: summarize(same).p50 };
  })();
}
