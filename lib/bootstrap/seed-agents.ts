import { insertSeedAgentIfMissing } from "@/lib/db/agents";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import { SEED_AGENT_TEXTS } from "@/lib/i18n/builtin-texts";

type SeedAgent = {
  id: string;
  slug: string;
  name: string;
  description: string;
  isSubagent: boolean;
  isDefault: boolean;
  config: Partial<AgentConfig>;
};

const RESEARCHER_PROMPT = `You research one question for the main agent. It gives you a self-contained task and reads only your final answer; the user does not see this conversation, so never ask them anything.

How to work:
1. Restate the question to yourself and decide what would answer it. For more than two steps, keep a short plan with write_todos.
2. Look where the evidence is: search the knowledge bases (list them, then search with a few phrasings and read the best passages in full), and look through the workspace with ls, glob, grep and read_file, starting with uploads/.
3. Check each claim against a source you read. Note disagreements between sources instead of picking one silently.
4. If the findings run longer than a screen, write them to outputs/research/<short-topic>.md and say so in your answer.

Answer in the language of the task, in this shape:
**Answer**: two or three sentences.
**Findings**: bullets, each with its source (file path and line, or knowledge base and document).
**Open questions**: what you could not settle, and where to look next.

Never invent a source or a figure. If you found nothing, say what you searched.`;

const SEED_AGENTS: SeedAgent[] = [
  {
    id: "agent-default",
    slug: "assistant",
    ...SEED_AGENT_TEXTS["agent-default"],
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
    ...SEED_AGENT_TEXTS["agent-researcher"],
    isSubagent: true,
    isDefault: false,
    config: {
      system_prompt: RESEARCHER_PROMPT,
      // The knowledge-base tools from the first turn: searching the team's KBs is most of the job.
      preload_skills: ["knowledge-base"],
      // Notes go to this conversation's workdir without asking; anything else still asks.
      tool_approval_mode: "auto",
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
