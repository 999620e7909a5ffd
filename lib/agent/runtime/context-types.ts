import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Actor } from "@/lib/identity/actor";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import type { McpServerRow } from "@/lib/db/mcp-servers";
import type { VisibleKnowledgeBase } from "@/lib/db/knowledge-bases";

export type { VisibleKnowledgeBase };
import type { UserPromptFile } from "@/lib/workspace/user-prompt-files";
import type { AvailableSkill, RuntimeSkill } from "@/lib/skills/runtime-skill";

export type { RuntimeSkill };

// Types only: the runtime, tools, middleware and catalogs all import these, so this module imports no code.

type VisibleSubagent = { id: string; slug: string; name: string; description: string };

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

/** Everything the graph needs, resolved once before it is built; middleware never re-decides access. */
export type AgentRuntimeContext = {
  actor: Actor;
  /** `foreign`: written by someone else than the actor (an agent another user shared), see needsApproval. */
  agent: { id: string; slug: string; name: string; isSubagent: boolean; foreign: boolean };
  config: AgentConfig;
  modelSpec: string;
  fallbackSpecs: string[];
  /** Built-in tool names after the `tools` rule. */
  toolNames: string[];
  /** MCP servers whose tools this run may load, after the `mcps` rule. */
  mcpServerIds: string[];
  /** Every enabled MCP server the actor may read (the catalog's read): configured and skill-declared servers are picked from it. */
  usableMcpServers: McpServerRow[];
  visibleKnowledgeBases: VisibleKnowledgeBase[];
  visibleSubagents: VisibleSubagent[];
  effectiveSkillSlugs: string[];
  runtimeSkills: Record<string, RuntimeSkill>;
  preloadedSkills: { slug: string; content: string }[];
  /** The user's AGENTS.md, USER.md and MEMORY.md for the system prompt, read while the catalog is. */
  userPromptFiles: UserPromptFile[];
  /** Coordinator mode (the chat's toggle): delegate_task, check_task, task_stop and synthesize instead of task. */
  coordinator?: boolean;
};

export type RuntimeOverrides = { modelSpec?: string | null; config?: Partial<AgentConfig>; coordinator?: boolean };

/**
 * A built-in tool factory receiving the runtime context, so a tool with side effects can
 * re-check its exact target for the acting user at execution time.
 */
export type BuiltinToolFactory = (ctx: AgentRuntimeContext) => StructuredToolInterface;
