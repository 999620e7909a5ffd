import type { CompletionMessage } from "@/lib/models/complete";

/** Starts the extraction's system message; the offline demo model recognises it. */
export const MEMORY_SYSTEM_MARKER = "You maintain the long-term memory of an AI agent about its user.";

const INSTRUCTIONS = `${MEMORY_SYSTEM_MARKER}

You get the user's current memory file and a part of an older conversation that is being condensed. List the durable facts and preferences about the user that a future conversation should know: who they are, how they like to work and be answered, standing decisions, names and identifiers they use, and anything they asked to remember.

Rules:
- One fact per line, each line starting with "- ", in the language the user writes in, self-contained (no "as above").
- Only facts that stay true beyond this conversation; skip passing task details, tool output and anything already in the memory file.
- Never record secrets (passwords, keys, tokens).
- If there is nothing to add, answer exactly NONE.`;

export function extractionMessages(memory: string, transcript: string): CompletionMessage[] {
  return [
    { role: "system", content: INSTRUCTIONS },
    {
      role: "user",
      content: `<memory>\n${memory.trim() || "(empty)"}\n</memory>\n\n<conversation>\n${transcript}\n</conversation>`,
    },
  ];
}

/** The facts of an answer: its "- " lines (at most 20); NONE or anything else gives none. */
export function parseFacts(answer: string): string[] {
  return answer
    .split("\n")
    .map((l) => /^\s*[-*]\s+(.+)$/.exec(l)?.[1]?.trim() ?? "")
    .filter(Boolean)
    .slice(0, 20);
}
