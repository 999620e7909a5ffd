import type { AgentRuntimeContext } from "./prepare-context";

/**
 * The system prompt: date, persona, then the agent's own prompt. Workspace constraints and
 * the user's AGENTS.md / USER.md / MEMORY.md join here as the workspace arrives.
 */
export function buildPromptWithContext(ctx: AgentRuntimeContext, now = new Date()): string {
  const sections = [
    `Current date: ${now.toISOString().slice(0, 10)} (${now.toUTCString()}).`,
    `You are ${ctx.agent.name}, an assistant in Meridian, an agent workspace. You are talking with ${
      ctx.actor.displayName || ctx.actor.username
    }. Answer in the language the user writes in. Use Markdown; put code in fenced blocks with a language tag.`,
  ];
  if (ctx.config.system_prompt.trim()) sections.push(ctx.config.system_prompt.trim());
  return sections.join("\n\n");
}
