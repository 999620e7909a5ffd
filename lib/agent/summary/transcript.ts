import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { countTextTokens } from "@/lib/agent/token-count";
import { isSummaryMessage } from "./event";
import { messageText } from "@/lib/models/message-text";

/** One message as a transcript entry, for the summary prompt and the history file. */
export function transcriptEntry(m: BaseMessage): string {
  const text = messageText(m.content);
  if (isSummaryMessage(m)) return `Earlier summary:\n${text}`;
  if (HumanMessage.isInstance(m)) return `User: ${text}`;
  if (SystemMessage.isInstance(m)) return `System: ${text}`;
  if (ToolMessage.isInstance(m)) return `Tool result (${m.name ?? "tool"}): ${text}`;
  if (AIMessage.isInstance(m)) {
    const calls = (m.tool_calls ?? []).map((c) => `Assistant called ${c.name}(${JSON.stringify(c.args)})`);
    return [text ? `Assistant: ${text}` : "", ...calls].filter(Boolean).join("\n");
  }
  return `${m.getType()}: ${text}`;
}

/**
 * The transcript of `messages` within `maxTokens`: an earlier summary at the start always stays,
 * then as many of the most recent messages as fit (the summary call's input is capped at the summary threshold).
 */
export function cappedTranscript(messages: BaseMessage[], maxTokens: number): { text: string; dropped: number } {
  const entries = messages.map(transcriptEntry);
  const head = isSummaryMessage(messages[0]) ? 1 : 0;
  let budget = maxTokens - (head ? countTextTokens(entries[0]) : 0);
  let from = entries.length;
  while (from > head) {
    const cost = countTextTokens(entries[from - 1]) + 2;
    if (cost > budget) break;
    budget -= cost;
    from--;
  }
  const kept = [...entries.slice(0, head), ...entries.slice(from)];
  return { text: kept.join("\n\n"), dropped: from - head };
}
