import type { Actor } from "@/lib/auth/actor";
import { listVisibleSubagents } from "@/lib/db/agents";
import { findUsableMcpServers, type McpServerRow } from "@/lib/db/mcp-servers";
import { builtinToolNames } from "@/lib/agent/tools/registry";
import { loadAvailableSkills } from "@/lib/skills/catalog";
import "@/lib/skills/projection"; // registers the /home/gem/skills projection wherever the runtime is loaded
import type { VisibleKnowledgeBase } from "./prepare-context";

export type VisibleSubagent = { id: string; slug: string; name: string; description: string };
export type AvailableSkill = { slug: string; name: string; description: string; path: string; tools: string[]; mcps: string[]; skills: string[]; content?: string };

/**
 * Everything an actor may access, per resource kind, in a stable order. The one place the
 * runtime asks "may this user use it"; resource selections are intersected with these lists.
 */
export type ResourceCatalog = {
  tools: string[];
  /** Enabled servers the actor may read, as read once per run start; passed down to the MCP and skill tools. */
  mcpServers: McpServerRow[];
  knowledgeBases: VisibleKnowledgeBase[];
  skills: AvailableSkill[];
  subagents: VisibleSubagent[];
};

export async function loadResourceCatalog(actor: Actor): Promise<ResourceCatalog> {
  const [servers, skills] = await Promise.all([findUsableMcpServers(actor), loadAvailableSkills(actor)]);
  return {
    tools: builtinToolNames(),
    mcpServers: servers,
    // Knowledge bases arrive with their issue; until then none is accessible.
    knowledgeBases: [],
    skills,
    subagents: (await listVisibleSubagents(actor)).map(({ id, slug, name, description }) => ({ id, slug, name, description })),
  };
}
