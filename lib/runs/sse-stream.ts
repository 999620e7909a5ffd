import type { UIMessageChunk } from "ai";
import type { RunStreamBuffer } from "./stream-buffer";

const encoder = new TextEncoder();

/** One event as the AI SDK's JsonToSseTransformStream writes it. */
const sseEvent = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`;

/** What JsonToSseTransformStream writes when the stream ends. */
const SSE_DONE = "data: [DONE]\n\n";

/**
 * A run's stream as server-sent-event bytes, replay first. Each read gets everything received
 * since the previous one as ONE Uint8Array: an idle reader gets each event at once, a busy server
 * writes what piled up in one syscall instead of one per event (issue 11). Cancel only detaches.
 */
export function runEventStream(buffer: RunStreamBuffer): ReadableStream<Uint8Array> {
  return sseStream(buffer, (text) => encoder.encode(text));
}

/** The same events as text: what a run shares with other instances through Redis (shared-stream.ts). */
export function runEventText(buffer: RunStreamBuffer): ReadableStream<string> {
  return sseStream(buffer, (text) => text);
}

function sseStream<T>(buffer: RunStreamBuffer, encode: (text: string) => T): ReadableStream<T> {
  const cursor = buffer.cursor();
  let cancelled = false;
  return new ReadableStream<T>(
    {
      pull: async (controller) => {
        const taken = await cursor.take();
        if (cancelled) return;
        let text = "";
        for (const chunk of taken) text += sseEvent(chunk);
        // Nothing can follow the last chunk, so [DONE] rides in the same write.
        const ended = cursor.ended;
        if (ended) text += SSE_DONE;
        controller.enqueue(encode(text));
        if (ended) {
          cursor.detach();
          controller.close();
        }
      },
      cancel: () => {
        cancelled = true;
        cursor.detach();
      },
    },
    // Pull only when a read is waiting, so a read takes all that piled up while the last write ran.
    { highWaterMark: 0 },
  );
}
