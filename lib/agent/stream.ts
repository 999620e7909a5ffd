import { toUIMessageStream } from "@ai-sdk/langchain";
import { HumanMessage } from "@langchain/core/messages";
import type { UIMessageChunk } from "ai";
import { isUIPartChunk, partChunk, type MeridianDataParts } from "./ui-parts";

/**
 * LangGraph stream -> AI SDK UI message stream. Text, reasoning and tool parts come from
 * @ai-sdk/langchain; data parts written with `emitPart` travel as custom events and pass
 * through as is; state `todos` becomes a `data-todos` part whenever it changes (token usage is
 * streamed by its middleware); internal model calls tagged `nostream` (summaries, memory
 * extraction) never reach the answer text.
 */

type GraphEvent = [string, unknown] | [string[], string, unknown];

function modeAndData(ev: GraphEvent): [string, unknown] {
  return ev.length === 3 ? [ev[1], ev[2]] : [ev[0], ev[1]];
}

function isInternalMessage(data: unknown): boolean {
  const meta = Array.isArray(data) ? (data[1] as { tags?: string[] } | undefined) : undefined;
  return Boolean(meta?.tags?.includes("nostream"));
}

/**
 * The converter looks at every message of every state for tool calls, tool results, reasoning and
 * citations to emit; the history before the current turn has nothing left to emit (its reasoning
 * and citations were streamed in their own runs) and grows with the conversation. It sees the
 * messages from the turn's last user message on (a resumed run's pending tool call included).
 */
function currentTurn() {
  let first: unknown;
  return (messages: unknown[]): unknown[] => {
    if (first === undefined) {
      const lastUser = messages.findLastIndex((m) => HumanMessage.isInstance(m));
      first = messages[Math.max(0, lastUser)] ?? null;
    }
    const at = first === null ? 0 : messages.lastIndexOf(first);
    return at > 0 ? messages.slice(at) : messages;
  };
}

async function* withStateParts(
  events: AsyncIterable<GraphEvent>,
  onValues?: (values: Record<string, unknown>) => void,
  onInterrupt?: () => void,
): AsyncGenerator<GraphEvent> {
  let lastTodos: string | undefined;
  const turnOf = currentTurn();
  for await (const ev of events) {
    const [mode, data] = modeAndData(ev);
    if (mode === "messages" && isInternalMessage(data)) continue;
    const state = ev.length === 2 && mode === "values" && data && typeof data === "object" ? data : null;
    const messages = state && (state as { messages?: unknown }).messages;
    yield Array.isArray(messages) ? [mode, { ...state, messages: turnOf(messages) }] : ev;
    if (mode !== "values" || !data || typeof data !== "object" || ev.length === 3) continue;
    const values = data as Record<string, unknown>;
    // An interrupt arrives as a values event of its own (`__interrupt__` only): not a state.
    if ("__interrupt__" in values) {
      onInterrupt?.();
      continue;
    }
    onValues?.(values);
    if (values.todos === undefined) continue;
    const serialized = JSON.stringify(values.todos);
    if (lastTodos === serialized) continue;
    lastTodos = serialized;
    yield [
      "custom",
      partChunk("todos", { todos: values.todos as MeridianDataParts["todos"]["todos"] }, { id: "todos" }),
    ];
  }
}

/** The converter wraps a custom event as `data-<event.type>` around it; a part from `emitPart` is the event itself. */
function unwrapCustomData(chunk: UIMessageChunk): UIMessageChunk {
  if (!chunk.type.startsWith("data-")) return chunk;
  const inner = (chunk as { data?: unknown }).data;
  return isUIPartChunk(inner) ? (inner as UIMessageChunk) : chunk;
}

export type AgentStreamOutcome = {
  error: unknown | null;
  /** The graph stopped at an interrupt (a question or an approval waits). */
  interrupted?: boolean;
};

/**
 * UI chunks of one graph stream, without the converter's own start/finish/error framing:
 * the run executor frames the message itself (message id, run status, final error).
 */
export async function* agentUIChunks(
  events: AsyncIterable<GraphEvent>,
  outcome: AgentStreamOutcome,
  onValues?: (values: Record<string, unknown>) => void,
): AsyncGenerator<UIMessageChunk> {
  const states = withStateParts(events, onValues, () => (outcome.interrupted = true));
  const ui = toUIMessageStream(states as AsyncIterable<never>, {
    onError: (err) => {
      outcome.error = err;
    },
    onAbort: () => {
      outcome.error = new DOMException("The run was stopped.", "AbortError");
    },
  });
  const reader = ui.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (value.type === "start" || value.type === "finish" || value.type === "error") continue;
    yield unwrapCustomData(value);
  }
}
