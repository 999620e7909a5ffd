import type { Actor } from "@/lib/identity/actor";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import { getDefaultAgent } from "@/lib/db/agents";
import { updateAgent } from "@/lib/agent/config/manage";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { openWorkspace } from "@/lib/workspace/open";
import { VIRTUAL } from "@/lib/workspace/paths";
import { scriptMarker, type MockClient, type Turn } from "./scripted-model";
import { userMessage, MOCK_PROVIDER } from "./agent-harness";

/**
 * A scripted long conversation, shared by its test and its bench (P4): one thread of
 * `turns` user turns against the default agent, every `toolEvery`-th turn reading a large file
 * (a tool result well over the summary's per-result limit), a context-overflow error from the
 * provider at `overflowAt`, and a fact stated in turn 1. Summaries and memory extraction go to
 * the demo model (their requests carry no script marker of their own).
 */

export const LONG_FACT = "Remember: my project is called BLUEFIN.";
const SCRIPT = "long-conversation";

export type LongConversationOptions = {
  actor: Actor;
  admin: Actor;
  client: MockClient;
  turns: number;
  config: Partial<AgentConfig>;
  toolEvery?: number;
  overflowAt?: number;
  /** Called after each turn with its wall time. */
  onTurn?(turn: number, ms: number): void;
};

const overflow: Turn = {
  fault: {
    status: 400,
    message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens.",
    code: "context_length_exceeded",
  },
};

export async function driveLongConversation(opts: LongConversationOptions): Promise<{ threadId: string }> {
  const toolEvery = opts.toolEvery ?? 3;
  const agent = (await getDefaultAgent(opts.admin))!;
  await updateAgent(opts.admin, agent.id, { config: { tool_approval_mode: "trust", ...opts.config } });
  const big = `${VIRTUAL.userData}/long-conversation/report.txt`;
  const line = (i: number) => `${i}. The quarterly figures for region ${i % 7} rose by ${(i * 37) % 100} percent.`;
  await openWorkspace(opts.actor.id).writeBytes(big, Array.from({ length: 90 }, (_, i) => line(i)).join("\n"));

  const turns: Turn[] = [];
  for (let i = 1; i <= opts.turns; i++) {
    if (i === opts.overflowAt) turns.push(overflow);
    if (i % toolEvery === 0) turns.push({ toolCalls: [{ name: "read_file", args: { file_path: big } }] });
    turns.push({ text: `Answer ${i}: noted, and here is a short reply about point ${i}.` });
  }
  await opts.client.script(SCRIPT, turns);

  const threadId = crypto.randomUUID();
  for (let i = 1; i <= opts.turns; i++) {
    const text = i === 1 ? `${LONG_FACT} Let us start.` : `Turn ${i}: tell me about point ${i} of the report.`;
    const started = performance.now();
    const { stream } = await startChatRun(opts.actor, {
      threadId,
      message: userMessage(`${text} ${scriptMarker(SCRIPT)}`),
      modelSpec: `${MOCK_PROVIDER}:mock-chat`,
    });
    const reader = stream.getReader();
    while (!(await reader.read()).done);
    await activeRunForThread(threadId)?.done;
    opts.onTurn?.(i, performance.now() - started);
  }
  return { threadId };
}
