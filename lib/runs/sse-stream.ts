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
 * writes what piled up in one syscall instead of one per event. Cancel only detaches.
 */
export function runEventStream(buffer: RunStreamBuffer): ReadableStream<Uint8Array> {
  return sseStream(buffer, (text) => encoder.encode(text));
}

/** The same events as text: what a run shares with other instances through Redis (shared-stream.ts). */
export function runEventText(buffer: RunStreamBuffer): ReadableStream<string> {
  return sseStream(buffer, (text) => text);
}

/**
 * Once the answer's text is flowing, a write waits until this long after the previous one, so a
 * stream of small deltas goes out a few at a time: each write costs the server a pass through the
 * response stream and a system call (~80 µs), and a model streams a delta every 10–30 ms. The
 * first text after a pause goes out at once; 40 ms is below what a reader can see.
 */
const MIN_TEXT_WRITE_GAP_MS = 40;

const isDelta = (chunk: UIMessageChunk) => chunk.type === "text-delta" || chunk.type === "reasoning-delta";

function sseStream<T>(buffer: RunStreamBuffer, encode: (text: string) => T): ReadableStream<T> {
  const cursor = buffer.cursor();
  let cancelled = false;
  let lastDeltaWrite = 0;
  return new ReadableStream<T>(
    {
      pull: async (controller) => {
        const gap = lastDeltaWrite + MIN_TEXT_WRITE_GAP_MS - Date.now();
        if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
        const taken = await cursor.take();
        if (cancelled) return;
        if (taken.some(isDelta)) lastDeltaWrite = Date.now();
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
