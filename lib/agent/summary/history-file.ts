import type { BaseMessage } from "@langchain/core/messages";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { transcriptEntry } from "./transcript";
import { isSummaryMessage } from "./event";

/** Caps the history file: beyond it the oldest sections go (the summary carries them). */
const MAX_HISTORY_BYTES = 8 * 1024 * 1024;

/** A section's heading: when it was written and which messages of the conversation (1-based, in state order) it holds. */
const HEADING = /^## Summarised at (\S+) · messages (\d+)–(\d+)$/;

/**
 * Appends the history that an L2 pass summarises to `<workdir>/outputs/conversation_history/<thread>.md`
 * as the messages were in state (not their L1 view); `from` is the state index of
 * the first one. Sections that start at or after it are dropped first: they hold turns of a
 * branch the user left by regenerating or editing (the checkpoint history still has them), or
 * the same messages summarised before. Written under the file's lock. Returns the path, or null
 * when it could not be written: the summary still goes ahead and says so.
 */
export async function appendHistory(
  backend: WorkspaceBackend,
  path: string,
  messages: BaseMessage[],
  from: number,
  now = new Date(),
): Promise<string | null> {
  const entries = messages.filter((m) => !isSummaryMessage(m)).map(transcriptEntry);
  const heading = `## Summarised at ${now.toISOString()} · messages ${from + 1}–${from + messages.length}`;
  const section = `${heading}\n\n${entries.join("\n\n")}\n\n`;
  try {
    await backend.update(path, (current) => {
      const kept = sectionsOf(current?.toString("utf8") ?? "").filter((s) => !(s.start !== null && s.start > from));
      let text = kept.map((s) => s.text).join("") + section;
      if (Buffer.byteLength(text) > MAX_HISTORY_BYTES) {
        const start = text.indexOf("\n## Summarised at ", text.length - MAX_HISTORY_BYTES / 2);
        text = start > 0 ? text.slice(start + 1) : section;
      }
      return text;
    });
    return path;
  } catch (err) {
    console.error("[summarization] could not write the conversation history:", err);
    return null;
  }
}

/** The file's sections with the first message each holds (null for text without such a heading). */
function sectionsOf(text: string): { text: string; start: number | null }[] {
  const sections: { text: string; start: number | null }[] = [];
  for (const part of text.split(/(?=^## Summarised at )/m)) {
    if (!part) continue;
    const match = HEADING.exec(part.split("\n", 1)[0]);
    sections.push({ text: part, start: match ? Number(match[2]) : null });
  }
  return sections;
}
