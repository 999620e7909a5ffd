import { createUIMessageStreamResponse, type UIMessageChunk } from "ai";

/**
 * A run's live UI message stream as server-sent events. `no-transform` keeps the server's gzip
 * off this response: every event is flushed alone, so gzip saved 2 of 76 bytes an event and cost
 * about 85 µs of CPU and a zlib state per open stream (bench/RESULTS.md, issue 11).
 */
export function runStreamResponse(stream: ReadableStream<UIMessageChunk>, runId: string): Response {
  return createUIMessageStreamResponse({
    stream,
    headers: { "x-meridian-run-id": runId, "cache-control": "no-cache, no-transform" },
  });
}
