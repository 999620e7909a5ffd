import type { BaseMessage } from "@langchain/core/messages";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { transcriptEntry } from "./transcript";
import { isSummaryMessage } from "./event";

/** Caps the history file: beyond it the oldest sections go (the summary carries them). */
const MAX_HISTORY_BYTES = 8 * 1024 * 1024;

/**
 * Appends the history that an L2 pass summarises to `<workdir>/outputs/conversation_history/<thread>.md`
 * (SPEC 3.5), as the messages were in state (not their L1 view). Returns the path, or null when
 * it could not be written: the summary still goes ahead and says so.
 */
export async function appendHistory(
  backend: WorkspaceBackend,
  path: string,
  messages: BaseMessage[],
  now = new Date(),
): Promise<string | null> {
  const entries = messages.filter((m) => !isSummaryMessage(m)).map(transcriptEntry);
  const section = `## Summarised at ${now.toISOString()}\n\n${entries.join("\n\n")}\n\n`;
  try {
    let existing = "";
    if (await backend.stat(path)) existing = (await backend.readBytes(path)).toString("utf8");
    let text = existing + section;
    if (Buffer.byteLength(text) > MAX_HISTORY_BYTES) {
      const start = text.indexOf("\n## Summarised at ", text.length - MAX_HISTORY_BYTES / 2);
      text = start > 0 ? text.slice(start + 1) : section;
    }
    await backend.writeBytes(path, text);
    return path;
  } catch (err) {
    console.error("[summarization] could not write the conversation history:", err);
    return null;
  }
}
