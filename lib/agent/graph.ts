import { createAgent } from "langchain";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { buildPromptWithContext } from "./runtime/build-prompt";
import { loadChatModel } from "./runtime/load-model";
import { resolveRuntimeToolsWithMcp } from "./runtime/resolve-tools";
import type { AgentRuntimeContext } from "./runtime/context-types";
import { mainAgentMiddleware } from "./middleware";
import type { CoordinatorTools } from "./middleware/subagents";
import type { McpToolSource } from "./runtime/mcp-source";
import { getCheckpointer } from "./checkpointer";
import { openWorkspace } from "@/lib/workspace/open";
import { workdirOf } from "@/lib/workspace/paths";
import { reservedToolNames } from "./tools/tool-properties";
import { enqueueMemoryExtraction } from "@/lib/memory/memory-job";
import { runStreamOptions } from "./stream-options";
import type { BuildChildAgent, ChildAgent } from "./subagents/run-subagent";
import { installLightRunContext } from "@/lib/shims/light-run-context";
import { shimOn } from "@/lib/shims/switch";

export { runStreamOptions };

// Graph runs carry their config on a plain async context object unless something traces (light-run-context.ts).
if (shimOn("light-run-context")) installLightRunContext();

/**
 * ChatbotAgent: the main agent graph for one run, built from the prepared runtime context.
 * Built per run (cheap) so per-run middleware state, such as a model switch, never leaks.
 */
/**
 * What the app above the agent layer hands it (docs/ARCHITECTURE.md, "Layers"): the MCP tools
 * (lib/mcp/tool-source.ts), and for a run in coordinator mode the coordinator's meta-tools.
 */
export type AgentServices = { mcp: McpToolSource; coordinatorTools?: CoordinatorTools };

/** A subagent's graph (task, delegated tasks): this same builder on its own context (its chain filters, never delegates). */
export function childAgentBuilder(services: AgentServices): BuildChildAgent {
  return (childCtx, o) =>
    buildChatbotAgent(childCtx, {
      rootThreadId: o.rootThreadId,
      services: { mcp: services.mcp },
    }) as unknown as Promise<ChildAgent>;
}

export async function buildChatbotAgent(
  ctx: AgentRuntimeContext,
  opts: {
    checkpointer?: BaseCheckpointSaver;
    /** The conversation root (its workdir is shown in the prompt). */ rootThreadId?: string;
    services: AgentServices;
  },
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
    buildChild: childAgentBuilder(opts.services),
    coordinatorTools: opts.services.coordinatorTools,
  });
  // The middleware's own tools declare `middlewareOwned`: no configured, MCP or skill tool may take their names.
  const runtimeTools = await resolveRuntimeToolsWithMcp(ctx, reservedToolNames(middleware.ownTools), opts.services.mcp);
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
