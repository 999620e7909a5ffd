import { createAgent } from "langchain";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { buildPromptWithContext } from "./runtime/build-prompt";
import { loadChatModel } from "./runtime/load-model";
import { resolveRuntimeToolsWithMcp } from "./runtime/resolve-tools";
import type { AgentRuntimeContext } from "./runtime/context-types";
import { mainAgentMiddleware } from "./middleware";
import { getCheckpointer } from "./checkpointer";
import { openWorkspace } from "@/lib/workspace/open";
import { workdirOf } from "@/lib/workspace/paths";
import { reservedToolNames } from "./tools/tool-properties";
import type { AgentRunContext } from "./run-context";
import { enqueueMemoryExtraction } from "@/lib/memory/memory-job";

/**
 * ChatbotAgent: the main agent graph for one run, built from the prepared runtime context.
 * Built per run (cheap) so per-run middleware state, such as a model switch, never leaks.
 */
export async function buildChatbotAgent(
  ctx: AgentRuntimeContext,
  opts: {
    checkpointer?: BaseCheckpointSaver;
    /** The conversation root (its workdir is shown in the prompt). */ rootThreadId?: string;
  } = {},
) {
  const model = await loadChatModel(ctx.modelSpec);
  const fallbacks = await Promise.all(ctx.fallbackSpecs.map((spec) => loadChatModel(spec)));
  const workdir = opts.rootThreadId ? workdirOf(opts.rootThreadId) : undefined;
  const middleware = mainAgentMiddleware({
    ctx,
    fallbacks,
    backend: openWorkspace(ctx.actor.id),
    workdir,
    // The memory bridge: what a summary cuts off is mined for durable facts in the background.
    onCutoff: (messages, at) => enqueueMemoryExtraction({ ...at, modelSpec: ctx.modelSpec, messages }),
  });
  // The middleware's own tools declare `middlewareOwned`: no configured, MCP or skill tool may take their names.
  const runtimeTools = await resolveRuntimeToolsWithMcp(ctx, reservedToolNames(middleware.ownTools));
  try {
    const agent = createAgent({
      name: "ChatbotAgent",
      model,
      tools: runtimeTools.tools,
      systemPrompt: buildPromptWithContext(ctx, {
        userFiles: ctx.userPromptFiles,
        workdir: workdir ?? null,
      }),
      middleware: middleware.around(runtimeTools.tools),
      checkpointer: opts.checkpointer ?? (await getCheckpointer()),
    });
    return Object.assign(agent, {
      // The run that streams this agent calls close() at its end: it releases the MCP connections.
      close: runtimeTools.close,
      /**
       * Streams the compiled graph itself. ReactAgent.stream first reads the whole saved state
       * and feeds it back in as input (to fill middleware defaults, which the state schemas
       * already give): a second checkpoint load and a merge of the whole history on every run.
       */
      streamRun: (input: unknown, options: ReturnType<typeof runStreamOptions>) =>
        agent.graph.stream(input as never, options),
    });
  } catch (err) {
    await runtimeTools.close();
    throw err;
  }
}

export type ChatbotAgent = Awaited<ReturnType<typeof buildChatbotAgent>>;

/** How a run streams the agent: every run, and the P1 bench, use exactly these options. */
export function runStreamOptions(
  ctx: AgentRuntimeContext,
  run: { threadId: string; runId: string; signal?: AbortSignal; forkFrom?: string },
) {
  return {
    // A fork (regenerate, edit) starts from an older checkpoint; LangGraph writes the new branch after it.
    configurable: run.forkFrom
      ? { thread_id: run.threadId, checkpoint_ns: "", checkpoint_id: run.forkFrom }
      : { thread_id: run.threadId },
    context: {
      userId: ctx.actor.id,
      threadId: run.threadId,
      rootThreadId: run.threadId,
      runId: run.runId,
      agentId: ctx.agent.id,
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
