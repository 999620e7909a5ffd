import { createUIMessageStreamResponse } from "ai";
import { describe, expect, it } from "vitest";
import { RunStreamBuffer } from "@/lib/runs/stream-buffer";
import { runStreamResponse } from "./run-stream-response";

describe("runStreamResponse", () => {
  it("has the status and headers createUIMessageStreamResponse gave it", async () => {
    const buffer = new RunStreamBuffer();
    buffer.close();
    const ours = runStreamResponse(buffer, "run-1");
    const sdk = createUIMessageStreamResponse({
      stream: new ReadableStream({ start: (c) => c.close() }),
      headers: { "x-meridian-run-id": "run-1", "cache-control": "no-cache, no-transform" },
    });
    expect(ours.status).toBe(sdk.status);
    expect([...ours.headers]).toEqual([...sdk.headers]);
    expect(Object.fromEntries(ours.headers)).toMatchObject({
      "content-type": "text/event-stream",
      "cache-control": "no-cache, no-transform",
      "x-vercel-ai-ui-message-stream": "v1",
      "x-meridian-run-id": "run-1",
    });
    expect(await ours.text()).toBe(await sdk.text());
  });
});
