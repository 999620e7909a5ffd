import { createMiddleware } from "langchain";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { taskTool } from "@/lib/agent/subagents/task-tool";
import type { BuildChildAgent } from "@/lib/agent/subagents/run-subagent";
import { subagentToolFilterMiddleware } from "./subagent-tool-filter";

/**
 * Slot 4 of the chain (SPEC 3.4). A main agent that sees at least one subagent gets `task`; a
 * subagent's own chain instead drops every main-agent-only tool (no `task`: no nesting; no
 * questions to the user, no artifacts, no skill installs).
 */
export function subagentsMiddleware(ctx: AgentRuntimeContext, build: BuildChildAgent) {
  if (ctx.agent.isSubagent) return subagentToolFilterMiddleware();
  return createMiddleware({
    name: "SubagentsMiddleware",
    tools: ctx.visibleSubagents.length > 0 ? [taskTool(ctx, build)] : [],
  });
}
