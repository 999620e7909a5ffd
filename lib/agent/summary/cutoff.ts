import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";

/**
 * Where older history ends when the last `keep` messages stay (an L2 pass): messages before the
 * returned index are summarised, the rest kept. A tool result is never separated from the AI
 * message that called it: a cut that would land on a tool result moves back to that AI message
 * (more is kept), or, when the call is not found before the cut, forward past the results.
 * Returns 0 when nothing needs to go.
 */
export function safeCutoff(messages: BaseMessage[], keep: number): number {
  if (messages.length <= keep) return 0;
  const raw = messages.length - keep;
  if (!ToolMessage.isInstance(messages[raw])) return raw;
  const ids = new Set<string>();
  let end = raw;
  while (end < messages.length && ToolMessage.isInstance(messages[end])) {
    ids.add((messages[end] as ToolMessage).tool_call_id);
    end++;
  }
  for (let i = raw - 1; i >= 0; i--) {
    const m = messages[i];
    if (AIMessage.isInstance(m) && m.tool_calls?.some((c) => c.id && ids.has(c.id))) return i;
    if (!ToolMessage.isInstance(m)) break;
  }
  return end;
}
