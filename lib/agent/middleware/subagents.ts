import { createMiddleware } from "langchain";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { taskTool } from "@/lib/agent/subagents/task-tool";
import type { BuildChildAgent } from "@/lib/agent/subagents/run-subagent";
import { subagentToolFilterMiddleware } from "./subagent-tool-filter";
import type { StructuredToolInterface } from "@langchain/core/tools";

/** The coordinator's meta-tools for a run in coordinator mode (lib/coordinator, given by the run). */
export type CoordinatorTools = (ctx: AgentRuntimeContext) => StructuredToolInterface[];

/**
 * Slot 4 of the chain (docs/ARCHITECTURE.md, "Subagents and coordinator"). A main agent that sees
 * at least one subagent gets `task`, or in coordinator mode the four meta-tools (delegate_task,
 * check_task, task_stop, synthesize); a subagent's own chain instead drops every main-agent-only
 * tool (no `task`: no nesting; no questions to the user, no artifacts, no skill installs).
 */
export function subagentsMiddleware(ctx: AgentRuntimeContext, build: BuildChildAgent, coordinator?: CoordinatorTools) {
  if (ctx.agent.isSubagent) return subagentToolFilterMiddleware();
  if (ctx.coordinator && !coordinator) throw new Error("A run in coordinator mode needs the coordinator's tools.");
  return createMiddleware({
    name: "SubagentsMiddleware",
    // Coordinator mode delegates without waiting (tasks are job rows); otherwise `task` waits for its child.
    tools:
      ctx.coordinator && coordinator ? coordinator(ctx) : ctx.visibleSubagents.length > 0 ? [taskTool(ctx, build)] : [],
  });
}
