import { createMiddleware } from "langchain";
import { ToolMessage } from "@langchain/core/messages";

/** Tools that talk to the user or change their setup: the main agent's alone (SPEC 3). */
export const MAIN_AGENT_ONLY_TOOLS = new Set(["present_artifacts", "ask_user_question", "install_skill"]);

/**
 * For subagent backends: the main-agent-only tools are removed from every model request, and
 * a call to one (a model can still name a tool it was never given) gets a tool error.
 */
export function subagentToolFilterMiddleware() {
  return createMiddleware({
    name: "SubagentToolFilterMiddleware",
    wrapModelCall: (request, handler) =>
      handler({ ...request, tools: request.tools.filter((t) => !MAIN_AGENT_ONLY_TOOLS.has(String(t.name))) }),
    wrapToolCall: (request, handler) => {
      if (!MAIN_AGENT_ONLY_TOOLS.has(request.toolCall.name)) return handler(request);
      return new ToolMessage({
        content: `Error: ${request.toolCall.name} is only available to the main agent.`,
        tool_call_id: request.toolCall.id ?? "",
        name: request.toolCall.name,
        status: "error",
      });
    },
  });
}
