import type { Reply } from "./reply";
import type { CompletionUsage } from "./usage";

/** Fields every chunk and the JSON completion share. */
export type CompletionMeta = { id: string; model: string; created: number };

type ToolCallDelta = {
  index: number;
  id?: string;
  type?: "function";
  function: { name?: string; arguments: string };
};

type ChunkDelta = {
  role?: "assistant";
  content?: string;
  refusal?: null;
  reasoning_content?: string;
  tool_calls?: ToolCallDelta[];
};

type ChunkChoice = { index: 0; delta: ChunkDelta; logprobs: null; finish_reason: "stop" | "tool_calls" | null };

export type CompletionChunk = CompletionMeta & {
  object: "chat.completion.chunk";
  system_fingerprint: string;
  choices: ChunkChoice[];
  usage?: CompletionUsage | null;
};

type Step = { kind: "chunk"; chunk: CompletionChunk } | { kind: "done" } | { kind: "cut" };

export const SYSTEM_FINGERPRINT = "fp_meridian_mock";

/**
 * The SSE steps of one streamed completion, in OpenAI's order: role, reasoning, text, tool
 * calls (id and name first, then the arguments in pieces), finish, usage, [DONE].
 */
export function streamSteps(reply: Reply, meta: CompletionMeta, usage: CompletionUsage | null): Step[] {
  // OpenAI sends `usage: null` on every chunk once include_usage is on.
  const base = {
    ...meta,
    object: "chat.completion.chunk" as const,
    system_fingerprint: SYSTEM_FINGERPRINT,
    ...(usage ? { usage: null } : {}),
  };
  const chunk = (delta: ChunkDelta, finish: ChunkChoice["finish_reason"] = null): Step => ({
    kind: "chunk",
    chunk: { ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] },
  });

  const steps: Step[] = [chunk({ role: "assistant", content: "", refusal: null })];
  for (const piece of reply.reasoningChunks) steps.push(chunk({ reasoning_content: piece }));

  let sent = 0;
  for (const piece of reply.textChunks) {
    const room = reply.cutAfterChars === undefined ? Infinity : reply.cutAfterChars - sent;
    const chars = Array.from(piece);
    if (chars.length > room) {
      if (room > 0) steps.push(chunk({ content: chars.slice(0, room).join("") }));
      return [...steps, { kind: "cut" }];
    }
    steps.push(chunk({ content: piece }));
    sent += chars.length;
  }
  if (reply.cutAfterChars !== undefined) return [...steps, { kind: "cut" }];

  reply.toolCalls.forEach((call, index) => {
    steps.push(
      chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }),
    );
    for (const piece of call.argumentChunks)
      steps.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  steps.push(chunk({}, reply.toolCalls.length ? "tool_calls" : "stop"));
  if (usage) steps.push({ kind: "chunk", chunk: { ...base, choices: [], usage } });
  steps.push({ kind: "done" });
  return steps;
}

/**
 * Encodes the steps as an SSE byte stream, pausing `delayMs` between steps and
 * `firstTokenDelayMs` (when set) between the role chunk and the first token. A "cut" step
 * errors the stream: the node adapter then destroys the socket, and a Web host aborts the
 * response, so the client sees a broken connection rather than a clean end.
 */
export function sseStream(steps: Step[], delayMs: number, firstTokenDelayMs?: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const pause = next === 0 ? 0 : next === 1 ? (firstTokenDelayMs ?? delayMs) : delayMs;
      if (pause > 0) await sleep(pause);
      if (cancelled) return;
      const step = steps[next++];
      if (!step) return controller.close();
      if (step.kind === "cut") return controller.error(new Error("mock-llm: stream cut by script"));
      const data = step.kind === "done" ? "[DONE]" : JSON.stringify(step.chunk);
      controller.enqueue(encoder.encode(`data: ${data}\n\n`));
      if (step.kind === "done") controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
}

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
