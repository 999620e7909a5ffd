import type { StructuredToolInterface } from "@langchain/core/tools";
import type { AgentRuntimeContext } from "./context-types";
import { builtinTools } from "@/lib/agent/tools/registry";
import type { McpToolSource } from "./mcp-source";
import { pickUsable } from "@/lib/db/mcp-servers";
import { resolveSkillDependencyTools } from "./skill-tools";

/**
 * resolveConfiguredRuntimeTools: the executable tools of this run (built-in by name; MCP
 * tools and skill dependencies join here). Visibility to the model is decided by middleware.
 */
function resolveConfiguredRuntimeTools(
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

export type RuntimeTools = { tools: StructuredToolInterface[]; close(): Promise<void> };

/**
 * The run's executable tools including the MCP tools of `ctx.mcpServerIds` and the tools the
 * effective skills declare. Opens the MCP connections: the caller calls `close()` when the run
 * ends. A name taken twice (middleware, built-in, MCP, skill) fails the run naming both owners.
 */
export async function resolveRuntimeToolsWithMcp(
  ctx: AgentRuntimeContext,
  reservedNames: string[],
  mcpSource: McpToolSource,
): Promise<RuntimeTools> {
  const builtin = resolveConfiguredRuntimeTools(ctx, reservedNames);
  const mcp = await mcpSource.connect(pickUsable(ctx.usableMcpServers, { ids: ctx.mcpServerIds }), {
    actor: ctx.actor,
  });
  const owners = new Map<string, string>([
    ...reservedNames.map((n) => [n, "middleware"] as const),
    ...builtin.map((t) => [t.name, "built-in"] as const),
  ]);
  for (const t of mcp.tools) {
    const source = `MCP server "${mcp.sources.get(t.name)}"`;
    const taken = owners.get(t.name);
    if (taken) {
      await mcp.close();
      throw new Error(
        `Two tools are named "${t.name}" (${taken} and ${source}). Rename the MCP server or disable one of the tools.`,
      );
    }
    owners.set(t.name, source);
  }
  // Skill dependencies not configured directly: registered now, visible once their skill is active.
  const skillTools = await resolveSkillDependencyTools(ctx, new Set(owners.keys()), mcpSource).catch(async (err) => {
    await mcp.close();
    throw err;
  });
  const close = async () => void (await Promise.all([mcp.close(), skillTools.close()]));
  for (const t of skillTools.tools) {
    const taken = owners.get(t.name);
    if (taken) {
      await close();
      throw new Error(
        `Two tools are named "${t.name}" (${taken} and ${skillTools.sources.get(t.name)}). Rename the MCP server or remove the dependency from the skill.`,
      );
    }
    owners.set(t.name, skillTools.sources.get(t.name)!);
  }
  return { tools: [...builtin, ...mcp.tools, ...skillTools.tools], close };
}
