import type { StructuredToolInterface } from "@langchain/core/tools";
import type { AgentRuntimeContext } from "./prepare-context";
import { builtinTools } from "@/lib/agent/tools/registry";

/**
 * resolveConfiguredRuntimeTools: the executable tools of this run (built-in by name; MCP
 * tools and skill dependencies join here). Visibility to the model is decided by middleware.
 */
export function resolveConfiguredRuntimeTools(
  ctx: AgentRuntimeContext,
  reservedNames: string[] = [],
): StructuredToolInterface[] {
  const tools = ctx.toolNames.flatMap((name) => (builtinTools[name] ? [builtinTools[name](ctx)] : []));
  const seen = new Map<string, string>(reservedNames.map((n) => [n, "middleware"]));
  for (const t of tools) {
    if (seen.has(t.name)) {
      throw new Error(`Two tools are named "${t.name}" (${seen.get(t.name)} and built-in). Rename or disable one.`);
    }
    seen.set(t.name, "built-in");
  }
  return tools;
}
