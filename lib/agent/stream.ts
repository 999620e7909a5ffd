import { toUIMessageStream } from "@ai-sdk/langchain";
import type { UIMessageChunk } from "ai";

/**
 * LangGraph stream -> AI SDK UI message stream. Text, reasoning and tool parts come from
 * @ai-sdk/langchain; state keys the status panel shows (todos, token usage) become
 * `data-<name>` parts with fixed ids whenever they change; internal model calls tagged
 * `nostream` (summaries, memory extraction) never reach the answer text.
 */
export const STATE_PARTS = { todos: "todos", tokenUsage: "token-usage" } as const;

type GraphEvent = [string, unknown] | [string[], string, unknown];

function modeAndData(ev: GraphEvent): [string, unknown] {
  return ev.length === 3 ? [ev[1], ev[2]] : [ev[0], ev[1]];
}

function isInternalMessage(data: unknown): boolean {
  const meta = Array.isArray(data) ? (data[1] as { tags?: string[] } | undefined) : undefined;
  return Boolean(meta?.tags?.includes("nostream"));
}

export async function* withStateParts(
  events: AsyncIterable<GraphEvent>,
  onValues?: (values: Record<string, unknown>) => void,
): AsyncGenerator<GraphEvent> {
  const last = new Map<string, string>();
  for await (const ev of events) {
    const [mode, data] = modeAndData(ev);
    if (mode === "messages" && isInternalMessage(data)) continue;
    yield ev;
    if (mode !== "values" || !data || typeof data !== "object" || ev.length === 3) continue;
    const values = data as Record<string, unknown>;
    // An interrupt arrives as a values event of its own (`__interrupt__` only): not a state.
    if ("__interrupt__" in values) continue;
    onValues?.(values);
    for (const [key, part] of Object.entries(STATE_PARTS)) {
      if (values[key] === undefined) continue;
      const payload = key === "todos" ? { todos: values[key] } : values[key];
      const serialized = JSON.stringify(payload);
      if (last.get(key) === serialized) continue;
      last.set(key, serialized);
      yield ["custom", { type: part, id: part, data: payload }];
    }
  }
}

/** Custom events are `{type, id, data}`; the part's data is the inner `data`. */
function unwrapCustomData(chunk: UIMessageChunk): UIMessageChunk {
  if (!chunk.type.startsWith("data-")) return chunk;
  const c = chunk as { type: `data-${string}`; id?: string; data: unknown; transient?: boolean };
  const inner = c.data as { type?: unknown; data?: unknown } | null;
  if (inner && typeof inner === "object" && "data" in inner && typeof inner.type === "string") {
    return { ...c, data: inner.data } as UIMessageChunk;
  }
  return chunk;
}

export type AgentStreamOutcome = { error: unknown | null };

/**
 * UI chunks of one graph stream, without the converter's own start/finish/error framing:
 * the run executor frames the message itself (message id, run status, final error).
 */
export async function* agentUIChunks(
  events: AsyncIterable<GraphEvent>,
  outcome: AgentStreamOutcome,
  onValues?: (values: Record<string, unknown>) => void,
): AsyncGenerator<UIMessageChunk> {
  const ui = toUIMessageStream(withStateParts(events, onValues) as AsyncIterable<never>, {
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
