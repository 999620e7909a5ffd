import type { StructuredToolInterface } from "@langchain/core/tools";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";

/**
 * Built-in tools by name. Each entry is a factory receiving the runtime context, so a tool
 * with side effects can re-check its exact target for the acting user at execution time.
 * Tools that belong to a middleware (write_todos, filesystem tools) are registered there.
 */
export type BuiltinToolFactory = (ctx: AgentRuntimeContext) => StructuredToolInterface;

export const builtinTools: Record<string, BuiltinToolFactory> = {};

export function builtinToolNames(): string[] {
  return Object.keys(builtinTools);
}
