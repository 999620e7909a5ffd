/**
 * The summary prompt shipped as the default of `summary_prompt`: intent, requirements and
 * preferences, progress and decisions, artifacts and references, next steps.
 * `{messages}` is replaced by the transcript of the history being summarised.
 */
const DEFAULT_SUMMARY_PROMPT = `You are condensing the earlier part of a conversation between a user and an AI agent so the agent can continue the work without it. The agent will see only your summary and the most recent messages.

Write the summary in the language the user writes in, under exactly these headings:

## Intent
What the user wants overall, in one or two sentences.

## Requirements and preferences
Every constraint, preference, name, number and fact the user stated (keep exact values, spellings and identifiers). Include anything the user asked to remember.

## Progress and decisions
What has been done, what was decided and why, what was tried and did not work.

## Artifacts and references
Files written or read (full paths), tools and knowledge bases consulted and what they returned that still matters, links and ids.

## Next steps
What remains to be done, in order, including any question waiting for the user.

Be complete about facts and concise in wording; do not invent anything. If an earlier summary is part of the transcript, carry its content forward.

<conversation>
{messages}
</conversation>`;

/** The prompt with the transcript in place of `{messages}` (appended when an admin's prompt lacks it). */
export function fillSummaryPrompt(prompt: string | null | undefined, transcript: string): string {
  const template = prompt?.trim() ? prompt : DEFAULT_SUMMARY_PROMPT;
  if (!template.includes("{messages}")) return `${template}\n\n<conversation>\n${transcript}\n</conversation>`;
  // A function replacement: `$&` and friends in the transcript stay literal.
  return template.replace("{messages}", () => transcript);
}
