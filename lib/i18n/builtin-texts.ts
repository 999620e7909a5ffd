/**
 * The names and descriptions Meridian ships in English for what it installs itself: the seeded
 * agents (editable rows, so a translation applies only while the text is still this one) and
 * the built-in skills (read-only). Plain data: the seed writes these and the client compares
 * with them; the translations live in messages under `builtin`.
 */
export const SEED_AGENT_TEXTS = {
  "agent-default": {
    name: "Meridian Assistant",
    description: "A general assistant that plans multi-step work with a todo list.",
  },
  "agent-researcher": {
    name: "Researcher",
    description: "A subagent that investigates one question in depth and reports its findings with sources.",
  },
} as const;

export type SeedAgentId = keyof typeof SEED_AGENT_TEXTS;

export const BUILTIN_SKILL_SLUGS = ["html-preview", "knowledge-base", "research-report"] as const;
