import type { AgentRuntimeContext } from "./runtime/context-types";
import type { AgentRunContext } from "./run-context";

/** How a run streams the agent: every run, and the P1 bench, use exactly these options. */
export function runStreamOptions(
  ctx: AgentRuntimeContext,
  run: {
    threadId: string;
    runId: string;
    signal?: AbortSignal;
    forkFrom?: string;
    /** The conversation root, for a subagent's run (its own thread is a child of it). */
    rootThreadId?: string;
    /** See AgentRunContext.newConversation. */
    newConversation?: boolean;
    /** See AgentRunContext.modelCallStarting. */
    modelCallStarting?: () => void;
  },
) {
  return {
    // A fork (regenerate, edit) starts from an older checkpoint; LangGraph writes the new branch after it.
    configurable: run.forkFrom
      ? { thread_id: run.threadId, checkpoint_ns: "", checkpoint_id: run.forkFrom }
      : { thread_id: run.threadId },
    context: {
      userId: ctx.actor.id,
      threadId: run.threadId,
      rootThreadId: run.rootThreadId ?? run.threadId,
      runId: run.runId,
      agentId: ctx.agent.id,
      ...(run.newConversation ? { newConversation: true } : {}),
      ...(run.modelCallStarting ? { modelCallStarting: run.modelCallStarting } : {}),
    } satisfies AgentRunContext,
    streamMode: ["values", "messages", "custom"] as ("values" | "messages" | "custom")[],
    signal: run.signal,
    // One checkpoint when the run ends, is interrupted, fails or is cancelled, instead of one per
    // superstep (bench/RESULTS.md). A crashed process loses the run's unfinished steps from the
    // model's history, as the transcript loses the answer it had not saved yet.
    durability: "exit" as "exit" | "async" | "sync",
    recursionLimit: ctx.config.max_execution_steps * 6 + 10,
  };
}
