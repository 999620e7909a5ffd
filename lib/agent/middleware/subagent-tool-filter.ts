import { createMiddleware } from "langchain";
import { ToolMessage } from "@langchain/core/messages";
import { toolProperties } from "@/lib/agent/tools/tool-properties";

/**
 * A subagent's slot 4 (see subagents.ts; no nesting): tools whose metadata says `mainAgentOnly`
 * (they delegate, talk to the user or change their setup) are
 * removed from every model request, and a call to one (a model can still name a tool it was
 * never shown) gets a tool error.
 */
export function subagentToolFilterMiddleware() {
  return createMiddleware({
    name: "SubagentToolFilterMiddleware",
    wrapModelCall: (request, handler) =>
      handler({ ...request, tools: request.tools.filter((t) => !toolProperties(t).mainAgentOnly) }),
    wrapToolCall: (request, handler) => {
      if (!toolProperties(request.tool).mainAgentOnly) return handler(request);
      return new ToolMessage({
        content: `Error: ${request.toolCall.name} is only available to the main agent.`,
        tool_call_id: request.toolCall.id ?? "",
        name: request.toolCall.name,
        status: "error",
      });
    },
  });
}
