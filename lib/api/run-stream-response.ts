import { UI_MESSAGE_STREAM_HEADERS } from "ai";
import { runEventStream } from "@/lib/runs/sse-stream";
import type { RunStreamBuffer } from "@/lib/runs/stream-buffer";

/**
 * A run's live UI message stream as server-sent events, with the headers createUIMessageStreamResponse
 * sets. The bytes come straight from the run's buffer, batched per write (lib/runs/sse-stream.ts).
 * `no-transform` keeps the server's gzip off this response: gzip saved 2 of 76 bytes an event and
 * cost about 85 µs of CPU and a zlib state per open stream (bench/RESULTS.md).
 */
export function runStreamResponse(buffer: RunStreamBuffer, runId: string): Response {
  return new Response(runEventStream(buffer), {
    headers: {
      ...UI_MESSAGE_STREAM_HEADERS,
      "x-meridian-run-id": runId,
      "cache-control": "no-cache, no-transform",
    },
  });
}
