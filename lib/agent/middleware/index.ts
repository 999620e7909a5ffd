import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { todoMiddleware, TODO_PROMPT_SUFFIX } from "./todos";
import { patchToolCallsMiddleware } from "./patch-tool-calls";
import { modelRetryFallbackMiddleware } from "./model-retry-fallback";
import { tokenUsageMiddleware } from "./token-usage";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { runFilesystemMiddleware } from "./filesystem";
import { largeToolResultsMiddleware } from "./large-tool-results";
import { artifactsMiddleware } from "./artifacts";
import { attachmentsMiddleware } from "./attachments";
import { skillsMiddleware } from "./skills";
import { summarizationMiddleware, type CutoffListener } from "./summarization";
import { subagentsMiddleware, type CoordinatorTools } from "./subagents";
import type { BuildChildAgent } from "@/lib/agent/subagents/run-subagent";
import { imageCompatMiddleware } from "./image-compat";
import { HUMAN_IN_THE_LOOP_TOOLS, toolApprovalMiddleware } from "./human-in-the-loop";
import { stepLimitMiddleware } from "./step-limit";
import { withCombinedHooks } from "@/lib/shims/combine-hooks";
import { shimOn } from "@/lib/shims/switch";

export type MiddlewareDeps = {
  ctx: AgentRuntimeContext;
  fallbacks: BaseChatModel[];
  /** The acting user's workspace (/home/gem/user-data and the read-only skills view). */
  backend: WorkspaceBackend;
  /** The conversation's workdir (virtual path), when the run belongs to a conversation. */
  workdir?: string;
  /** Receives the messages an L2 summary cut off (the memory bridge). */
  onCutoff?: CutoffListener;
  /** Builds a subagent's graph for `task` (lib/agent/graph.ts; passed in, so no import cycle). */
  buildChild?: BuildChildAgent;
  /** Coordinator mode's meta-tools (lib/coordinator; given by the run, which sits above the agent). */
  coordinatorTools?: CoordinatorTools;
};

/**
 * The main agent's middleware chain, outermost first
 * (docs/ARCHITECTURE.md, "The middleware chain"). before* hooks run in this order, after* in
 * reverse; for wrapModelCall the first entry is the outermost wrapper, so token usage (innermost)
 * sees whichever model retry/fallback actually called.
 *   1 filesystem (+ large tool results to files, inside it) · 2 attachments · artifacts
 *   3 skills (prompt list, preload, activation on reading SKILL.md, tool gating)
 *   4 subagents: `task` for a main agent, the main-agent-only tool filter for a subagent · 5 summarization: L1 view, L2 summary
 *   6 todo list · 7 patch tool calls · 8 model fallback + retry
 *   9 image input compatibility (+ ocr_parse_file) · 10 token usage
 *   11 human in the loop: approvals and ask_user_question (last, so its afterModel reviews tool calls first)
 * The step limit first enforces `max_execution_steps` (model calls per run) and ends the run cleanly.
 * All before and after hooks run as one node per kind (combine-hooks.ts): a node per hook costs a superstep.
 * A usual run has no before-agent node at all: the skills' runs only for an agent that preloads skills, and the
 * saved history's patch for unanswered tool calls rides in the after-model node.
 * `ownTools` are known before the run's own tools resolve (their names are reserved); approvals
 * need both, so the chain is completed by `around(the run's tools)`.
 */
const noChildren: BuildChildAgent = () => Promise.reject(new Error("Subagents are not available in this context."));

export function mainAgentMiddleware({
  ctx,
  fallbacks,
  backend,
  workdir,
  onCutoff,
  buildChild,
  coordinatorTools,
}: MiddlewareDeps) {
  const chain = [
    stepLimitMiddleware(ctx.config.max_execution_steps),
    runFilesystemMiddleware(),
    largeToolResultsMiddleware(backend),
    attachmentsMiddleware(ctx.actor),
    artifactsMiddleware(backend),
    skillsMiddleware({ ctx, backend }),
    subagentsMiddleware(ctx, buildChild ?? noChildren, coordinatorTools),
    summarizationMiddleware({ config: ctx.config, backend, onCutoff, innerSystemText: TODO_PROMPT_SUFFIX }),
    todoMiddleware(),
    patchToolCallsMiddleware(),
    modelRetryFallbackMiddleware({
      retries: ctx.config.model_retry_times,
      fallbacks,
      baseDelayMs: Number(process.env.LLM_RETRY_BASE_DELAY_MS) || 1000,
    }),
    imageCompatMiddleware(),
    tokenUsageMiddleware(),
  ] as const;
  const chainTools = chain.flatMap((m) => m.tools ?? []);
  return {
    /** Every tool the middleware register. */
    ownTools: [...chainTools, ...HUMAN_IN_THE_LOOP_TOOLS],
    /** The whole chain for a run whose own tools (built-in, MCP, skill dependencies) are `tools`. */
    around(tools: StructuredToolInterface[]) {
      // Approvals judge every registered tool: the run's own and those the middleware bring.
      const approvals = toolApprovalMiddleware({
        mode: ctx.config.tool_approval_mode,
        tools: [...tools, ...chainTools],
        workdir,
        foreignAgent: ctx.agent.foreign,
      });
      const full = [...chain, approvals];
      return shimOn("combine-hooks") ? withCombinedHooks(full) : full;
    },
  };
}
