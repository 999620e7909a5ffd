import type { StructuredToolInterface } from "@langchain/core/tools";
import { skillDeclarableTool } from "@/lib/agent/tools/registry";
import { pickUsable } from "@/lib/db/mcp-servers";
import type { McpToolSource } from "./mcp-source";
import type { AgentRuntimeContext, RuntimeSkill } from "./context-types";

/**
 * Tools registered only because effective skills declare them (docs/ARCHITECTURE.md, "Skills"): executable from the
 * start, hidden from the model until a skill that declares them is activated or preloaded.
 * The gate travels on the tool instance, so the skills middleware needs nothing else.
 */
export type SkillGate = { kind: "tool"; tool: string } | { kind: "mcp"; server: string };

const GATE = "skillGate";

function markGated<T extends StructuredToolInterface>(tool: T, gate: SkillGate): T {
  const t = tool as T & { metadata?: Record<string, unknown> };
  t.metadata = { ...t.metadata, [GATE]: gate };
  return tool;
}

export function skillGateOf(tool: unknown): SkillGate | null {
  const gate = (tool as { metadata?: Record<string, unknown> } | undefined)?.metadata?.[GATE];
  return gate && typeof gate === "object" ? (gate as SkillGate) : null;
}

/** Whether activating `skill` opens a tool behind `gate`. */
export function skillOpens(skill: RuntimeSkill, gate: SkillGate): boolean {
  return gate.kind === "tool" ? skill.tools.includes(gate.tool) : skill.mcps.includes(gate.server);
}

export type SkillDependencyTools = {
  tools: StructuredToolInterface[];
  /** Who asked for each tool, for collision messages. */
  sources: Map<string, string>;
  close(): Promise<void>;
};

function declaringSkills(ctx: AgentRuntimeContext, gate: SkillGate): string {
  const slugs = ctx.effectiveSkillSlugs.filter((slug) => skillOpens(ctx.runtimeSkills[slug], gate));
  return slugs.map((s) => `"${s}"`).join(", ");
}

/** Enabled servers the actor may read among `names`, skipping those the run loads directly. */
function skillMcpServers(ctx: AgentRuntimeContext, names: string[]) {
  return pickUsable(ctx.usableMcpServers, { names }).filter((r) => !ctx.mcpServerIds.includes(r.id));
}

/**
 * The built-in tools and MCP tools the effective skills declare that the run does not already
 * have (`taken`: middleware, configured built-ins, configured MCP tools). Declared names that
 * are no tool at all are ignored; MCP servers connect on the first call of one of their tools.
 */
export async function resolveSkillDependencyTools(
  ctx: AgentRuntimeContext,
  taken: ReadonlySet<string>,
  mcpSource: McpToolSource,
): Promise<SkillDependencyTools> {
  const skills = ctx.effectiveSkillSlugs.map((slug) => ctx.runtimeSkills[slug]);
  const sources = new Map<string, string>();
  const builtin: StructuredToolInterface[] = [];
  for (const name of new Set(skills.flatMap((s) => s.tools))) {
    const factory = skillDeclarableTool(name);
    if (!factory || taken.has(name)) continue;
    const gate: SkillGate = { kind: "tool", tool: name };
    builtin.push(markGated(factory(ctx), gate));
    sources.set(name, `built-in tool of skill ${declaringSkills(ctx, gate)}`);
  }
  const servers = skillMcpServers(ctx, [...new Set(skills.flatMap((s) => s.mcps))]);
  const mcp = mcpSource.lazy(servers, { actor: ctx.actor });
  for (const t of mcp.tools) {
    const gate: SkillGate = { kind: "mcp", server: mcp.sources.get(t.name)! };
    markGated(t, gate);
    sources.set(t.name, `MCP server "${gate.server}" (needed by skill ${declaringSkills(ctx, gate)})`);
  }
  return { tools: [...builtin, ...mcp.tools], sources, close: mcp.close };
}
