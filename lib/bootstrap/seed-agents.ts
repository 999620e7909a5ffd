import { insertSeedAgentIfMissing } from "@/lib/db/agents";
import type { AgentConfig } from "@/lib/agent/config/config-schema";

type SeedAgent = {
  id: string;
  slug: string;
  name: string;
  description: string;
  isSubagent: boolean;
  isDefault: boolean;
  config: Partial<AgentConfig>;
};

const SEED_AGENTS: SeedAgent[] = [
  {
    id: "agent-default",
    slug: "assistant",
    name: "Meridian Assistant",
    description: "A general assistant that plans multi-step work with a todo list.",
    isSubagent: false,
    isDefault: true,
    config: {
      system_prompt:
        "Be concise and concrete. For tasks of three or more steps, plan with write_todos first and keep the list current as you work.",
    },
  },
  {
    id: "agent-researcher",
    slug: "researcher",
    name: "Researcher",
    description: "A subagent that investigates one question in depth and reports its findings with sources.",
    isSubagent: true,
    isDefault: false,
    config: {
      system_prompt:
        "You research one question for the main agent. Work step by step, then report findings, open questions and sources in a short structured summary.",
    },
  },
];

/** First start: the default agent and a demo subagent. Existing rows (possibly edited by an admin) are kept. */
export async function seedAgents(): Promise<void> {
  for (const a of SEED_AGENTS) {
    await insertSeedAgentIfMissing({
      id: a.id,
      slug: a.slug,
      name: a.name,
      description: a.description,
      isSubagent: a.isSubagent,
      backend: a.isSubagent ? "SubAgentBackend" : "ChatbotAgent",
      isDefault: a.isDefault,
      config: a.config,
      sharing: {
        read: { global: true, departmentIds: [], userIds: [] },
        manage: { global: false, departmentIds: [], userIds: [] },
      },
    });
  }
}
