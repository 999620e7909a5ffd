import type { Actor } from "@/lib/identity/actor";
import type { AgentRow } from "@/lib/db/agents";
import { agentConfigSchema, parseAgentConfig, type AgentConfig } from "@/lib/agent/config/config-schema";
import { isAdminRole, stripAdminOnlyFields } from "@/lib/agent/config/config-access";
import { defaultModelSpec, fallbackSpecsFor, findProviderForSpec } from "@/lib/models/providers";
import { skillClosure } from "@/lib/skills/closure";
import { ApiError } from "@/lib/errors/api-error";
import { findActiveUserById } from "@/lib/db/users";
import type { AgentRuntimeContext, ResourceCatalog, RuntimeOverrides } from "./context-types";
import { loadResourceCatalog } from "./resource-catalog";
import { listAgentsFolder, readUserPromptFiles } from "@/lib/workspace/user-prompt-files";
import { isAnotherUsersAgent } from "@/lib/agent/config/agent-view";

/** Drops the fields the actor's role may not set. */
function filterConfigForRole(actor: Actor, config: Partial<AgentConfig>): Partial<AgentConfig> {
  return isAdminRole(actor.role) ? config : stripAdminOnlyFields(config);
}

/** null = everything accessible, [] = none, list = allow-list intersected with access (order kept, no duplicates). */
function resolveResourceSelection(selection: string[] | null, accessible: string[]): string[] {
  if (selection === null) return [...accessible];
  const allowed = new Set(accessible);
  return [...new Set(selection)].filter((id) => allowed.has(id));
}

/** Subagents differ: null or [] = every visible subagent; a non-empty list is an allow-list. */
export function resolveSubagentSelection(selection: string[] | null, visible: string[]): string[] {
  return selection === null || selection.length === 0 ? [...visible] : resolveResourceSelection(selection, visible);
}

/**
 * The stored config as it applies at run time: admin-only fields count only when an admin
 * wrote them (a seeded agent, or one owned by an admin); otherwise their defaults apply.
 */
function effectiveStoredConfig(agent: AgentRow, ownerIsAdmin: boolean): AgentConfig {
  const stored = parseAgentConfig(agent.config);
  return ownerIsAdmin ? stored : agentConfigSchema.parse(stripAdminOnlyFields(stored));
}

export function deriveRuntimeContext(
  actor: Actor,
  agent: AgentRow,
  config: AgentConfig,
  catalog: ResourceCatalog,
): Omit<AgentRuntimeContext, "modelSpec" | "fallbackSpecs" | "userPromptFiles"> {
  const knowledgeIds = resolveResourceSelection(
    config.knowledges,
    catalog.knowledgeBases.map((k) => k.kbId),
  );
  const skillsBySlug = new Map(catalog.skills.map((s) => [s.slug, s]));
  const dependencies = new Map(catalog.skills.map((s) => [s.slug, s.skills]));
  const selectedSkills = resolveResourceSelection(
    config.skills,
    catalog.skills.map((s) => s.slug),
  );
  const effectiveSkillSlugs = skillClosure(selectedSkills, dependencies);
  const preloaded = skillClosure(resolveResourceSelection(config.preload_skills, effectiveSkillSlugs), dependencies);
  const subagentSlugs = agent.isSubagent
    ? [] // no nesting: subagents never delegate
    : resolveSubagentSelection(
        config.subagents,
        catalog.subagents.map((s) => s.slug),
      );
  return {
    actor,
    agent: {
      id: agent.id,
      slug: agent.slug,
      name: agent.name,
      isSubagent: agent.isSubagent,
      foreign: isAnotherUsersAgent(actor, agent),
    },
    config,
    toolNames: resolveResourceSelection(config.tools, catalog.tools),
    mcpServerIds: resolveResourceSelection(
      config.mcps,
      catalog.mcpServers.map((s) => s.id),
    ),
    usableMcpServers: catalog.mcpServers,
    visibleKnowledgeBases: knowledgeIds.map((id) => catalog.knowledgeBases.find((k) => k.kbId === id)!),
    visibleSubagents: subagentSlugs.map((slug) => catalog.subagents.find((s) => s.slug === slug)!),
    effectiveSkillSlugs,
    runtimeSkills: Object.fromEntries(
      effectiveSkillSlugs.map((slug) => {
        const s = skillsBySlug.get(slug)!;
        return [
          slug,
          {
            name: s.name,
            description: s.description,
            path: s.path,
            tools: s.tools,
            mcps: s.mcps,
            skills: s.skills,
            ...(s.builtin && { builtin: true }),
          },
        ];
      }),
    ),
    preloadedSkills: preloaded.map((slug) => ({ slug, content: skillsBySlug.get(slug)?.content ?? "" })),
  };
}

/**
 * prepareAgentRuntimeContext (docs/ARCHITECTURE.md, "Runtime preparation"): role filtering,
 * resource rules, derived resources, model.
 */
export async function prepareAgentRuntimeContext(
  actor: Actor,
  agent: AgentRow,
  overrides: RuntimeOverrides = {},
  opts: { ownerIsAdmin?: boolean; catalog?: ResourceCatalog } = {},
): Promise<AgentRuntimeContext> {
  const ownerIsAdmin = opts.ownerIsAdmin ?? (await ownerIsAdminOf(agent));
  const config = agentConfigSchema.parse({
    ...effectiveStoredConfig(agent, ownerIsAdmin),
    ...filterConfigForRole(actor, overrides.config ?? {}),
  });
  // Both wait on the database and the disk: one wait instead of two.
  // The agents folder holds the prompt files and the personal skills: listed once for both.
  const agentsFolder = listAgentsFolder(actor.id);
  const [catalog, userPromptFiles] = await Promise.all([
    opts.catalog ?? loadResourceCatalog(actor, agentsFolder),
    readUserPromptFiles(actor.id, agentsFolder),
  ]);
  const requested = overrides.modelSpec || config.model || (await defaultModelSpec());
  if (!(await findProviderForSpec(requested))) {
    throw new ApiError("bad_request:model", `Model "${requested}" is not available. Pick another model.`);
  }
  return {
    ...deriveRuntimeContext(actor, agent, config, catalog),
    modelSpec: requested,
    fallbackSpecs: await fallbackSpecsFor(requested),
    userPromptFiles,
    // A subagent never coordinates (no nesting).
    coordinator: Boolean(overrides.coordinator) && !agent.isSubagent,
  };
}

async function ownerIsAdminOf(agent: AgentRow): Promise<boolean> {
  if (!agent.ownerId) return true; // seeded by the system
  const owner = await findActiveUserById(agent.ownerId);
  return owner ? isAdminRole(owner.role) : false;
}
