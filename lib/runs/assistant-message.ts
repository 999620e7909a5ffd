import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";

type Delta = Extract<UIMessageChunk, { type: "text-delta" | "reasoning-delta" }>;

function isDelta(chunk: UIMessageChunk): chunk is Delta {
  return chunk.type === "text-delta" || chunk.type === "reasoning-delta";
}

/** Adjacent deltas of one part as one chunk: same message, far fewer steps to build it. */
export function coalesceDeltas(chunks: readonly UIMessageChunk[]): UIMessageChunk[] {
  const out: UIMessageChunk[] = [];
  for (const chunk of chunks) {
    const last = out.at(-1);
    if (last && isDelta(chunk) && isDelta(last) && last.type === chunk.type && last.id === chunk.id) {
      out[out.length - 1] = { ...last, delta: last.delta + chunk.delta };
    } else {
      out.push(chunk);
    }
  }
  return out;
}

/**
 * The assistant UI message built from the chunks the browser received (the run's stream buffer),
 * so the saved message is exactly what the user saw, a stopped run's partial answer included.
 * Built once, when the run ends: the AI SDK's reader copies the whole message for every chunk it
 * reads, which per streamed token grows with the answer.
 */
export async function messageFromChunks(received: readonly UIMessageChunk[]): Promise<UIMessage | undefined> {
  const chunks = coalesceDeltas(received);
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let latest: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream<UIMessage>({ stream, onError: () => {} })) latest = snapshot;
  return latest;
}

/** The text the model streamed in its last step, or "" — what a stopped run leaves unsaved. */
export function lastStepText(message: UIMessage | undefined): string {
  if (!message) return "";
  const parts = message.parts;
  const lastStart = parts.map((p) => p.type).lastIndexOf("step-start");
  return parts
    .slice(lastStart + 1)
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("");
}
