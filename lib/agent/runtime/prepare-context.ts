import type { Actor } from "@/lib/auth/actor";
import type { AgentRow } from "@/lib/db/agents";
import { agentConfigFieldMeta, parseAgentConfig, type AgentConfig } from "@/lib/agent/config-schema";
import { defaultModelSpec, fallbackSpecsFor, findProviderForSpec } from "@/lib/models/providers";
import { ApiError } from "@/lib/http/errors";

export type VisibleKnowledgeBase = { kbId: string; name: string; description: string; kbType: string };
export type RuntimeSkill = { name: string; description: string; path: string; tools: string[]; mcps: string[]; skills: string[] };

/** Everything the graph needs, resolved once before it is built; middleware never re-decides access. */
export type AgentRuntimeContext = {
  actor: Actor;
  agent: { id: string; slug: string; name: string; isSubagent: boolean };
  config: AgentConfig;
  modelSpec: string;
  fallbackSpecs: string[];
  /** Built-in tool names after role and allow-list filtering. */
  toolNames: string[];
  visibleKnowledgeBases: VisibleKnowledgeBase[];
  effectiveSkillSlugs: string[];
  runtimeSkills: Record<string, RuntimeSkill>;
  preloadedSkills: { slug: string; content: string }[];
};

export type RuntimeOverrides = { modelSpec?: string | null; config?: Partial<AgentConfig> };

const isAdmin = (actor: Actor) => actor.role === "admin" || actor.role === "superadmin";

/** Drops the fields the actor's role may not set. */
export function filterConfigForRole(actor: Actor, config: Partial<AgentConfig>): Partial<AgentConfig> {
  if (isAdmin(actor)) return config;
  return Object.fromEntries(
    Object.entries(config).filter(([k]) => !agentConfigFieldMeta[k as keyof AgentConfig]?.adminOnly),
  ) as Partial<AgentConfig>;
}

/** null = everything accessible, [] = none, list = allow-list intersected with access (order kept, no duplicates). */
export function resolveResourceSelection(selection: string[] | null, accessible: string[]): string[] {
  if (selection === null) return [...accessible];
  const allowed = new Set(accessible);
  return [...new Set(selection)].filter((id) => allowed.has(id));
}

export async function prepareAgentRuntimeContext(
  actor: Actor,
  agent: AgentRow,
  overrides: RuntimeOverrides = {},
  builtinToolNames: string[] = [],
): Promise<AgentRuntimeContext> {
  const config = parseAgentConfig({ ...agent.config, ...filterConfigForRole(actor, overrides.config ?? {}) });
  const requested = overrides.modelSpec || config.model || (await defaultModelSpec());
  if (!(await findProviderForSpec(requested))) {
    throw new ApiError("bad_request:model", `Model "${requested}" is not available. Pick another model.`);
  }
  return {
    actor,
    agent: { id: agent.id, slug: agent.slug, name: agent.name, isSubagent: agent.isSubagent },
    config,
    modelSpec: requested,
    fallbackSpecs: await fallbackSpecsFor(requested),
    toolNames: resolveResourceSelection(config.tools, builtinToolNames),
    visibleKnowledgeBases: [],
    effectiveSkillSlugs: [],
    runtimeSkills: {},
    preloadedSkills: [],
  };
}
