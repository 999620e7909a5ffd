import type { Actor } from "@/lib/identity/actor";
import { listVisibleSubagents } from "@/lib/db/agents";
import { findUsableMcpServers } from "@/lib/db/mcp-servers";
import { listReadableKnowledgeBases } from "@/lib/db/knowledge-bases";
import { builtinToolNames } from "@/lib/agent/tools/registry";
import { loadAvailableSkills } from "@/lib/skills/catalog";
import "@/lib/skills/projection"; // registers the /home/gem/skills projection wherever the runtime is loaded
import type { ResourceCatalog } from "./context-types";
import type { AgentsFolder } from "@/lib/workspace/user-prompt-files";

export async function loadResourceCatalog(actor: Actor, agentsFolder?: AgentsFolder): Promise<ResourceCatalog> {
  const [servers, skills, subagents, knowledgeBases] = await Promise.all([
    findUsableMcpServers(actor),
    loadAvailableSkills(actor, agentsFolder),
    listVisibleSubagents(actor),
    listReadableKnowledgeBases(actor),
  ]);
  return {
    tools: builtinToolNames(),
    mcpServers: servers,
    knowledgeBases,
    skills,
    subagents: subagents.map(({ id, slug, name, description }) => ({
      id,
      slug,
      name,
      description,
    })),
  };
}
