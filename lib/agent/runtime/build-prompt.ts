import type { AgentRuntimeContext } from "./context-types";
import type { UserPromptFile } from "@/lib/workspace/user-prompt-files";
import { VIRTUAL } from "@/lib/workspace/paths";

export type PromptInputs = {
  now?: Date;
  /** The user's AGENTS.md / USER.md / MEMORY.md, already read and capped. */
  userFiles?: UserPromptFile[];
  /** The conversation's workdir, when the filesystem tools are available to this run. */
  workdir?: string | null;
};

/**
 * buildPromptWithContext (docs/ARCHITECTURE.md, "Runtime preparation"): date, persona, filesystem
 * constraints, the agent's own prompt, then the user's prompt files — each part only when it
 * applies.
 */
export function buildPromptWithContext(ctx: AgentRuntimeContext, inputs: PromptInputs = {}): string {
  const now = inputs.now ?? new Date();
  const sections = [
    `Current date: ${now.toISOString().slice(0, 10)} (${now.toUTCString()}).`,
    `You are ${ctx.agent.name}, an assistant in Meridian, an agent workspace. You are talking with ${
      ctx.actor.displayName || ctx.actor.username
    }. Answer in the language the user writes in. Use Markdown; put code in fenced blocks with a language tag.`,
  ];
  if (inputs.workdir) sections.push(filesystemSection(inputs.workdir));
  if (ctx.config.system_prompt.trim()) sections.push(ctx.config.system_prompt.trim());
  for (const file of inputs.userFiles ?? []) {
    const note = file.truncated ? " (truncated at 64 KiB)" : "";
    sections.push(
      `<user_file name="${VIRTUAL.userData}/agents/${file.name}"${note}>\n${file.content.trim()}\n</user_file>`,
    );
  }
  return sections.join("\n\n");
}

function filesystemSection(workdir: string): string {
  return [
    "## Files",
    `- Work in this conversation's directory: ${workdir}. Uploaded files are in ${workdir}/uploads/; write results to ${workdir}/outputs/.`,
    `- ${VIRTUAL.userData}/ is the user's persistent workspace; ${VIRTUAL.personalSkills}/ holds their personal skills.`,
    `- ${VIRTUAL.skills}/ is read-only: shared skills you may read but never write.`,
    "- Use absolute paths under /home/gem. Paths outside these folders are refused.",
  ].join("\n");
}
