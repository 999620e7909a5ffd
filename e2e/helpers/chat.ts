import { expect, type APIRequestContext } from "@playwright/test";
import { mockClient, scriptMarker } from "../../lib/testing/scripted-model/client";

export const MOCK_URL = process.env.E2E_MOCK_URL || `http://127.0.0.1:${process.env.E2E_MOCK_PORT || 4010}/v1`;
export const mock = mockClient(MOCK_URL);
export { scriptMarker };

export type StreamEvent = { type: string; [key: string]: unknown };

/** Parses an AI SDK UI message stream (SSE) body into its chunks. */
export function parseSse(body: string): StreamEvent[] {
  return body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as StreamEvent);
}

export function userMessage(text: string) {
  return { id: `m-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text }] };
}

/** Sends one message through POST /api/chat and reads the whole stream. */
export async function sendChat(
  api: APIRequestContext,
  threadId: string,
  text: string,
  extra: Record<string, unknown> = {},
) {
  const message = userMessage(text);
  const res = await api.post("/api/chat", { data: { id: threadId, message, ...extra } });
  expect(res.status(), await res.text().catch(() => "")).toBe(200);
  const events = parseSse(await res.text());
  const run = events.filter((e) => e.type === "data-run").at(-1)?.data as { runId: string; status: string };
  return {
    events,
    run,
    /** The user message sent, and the id the answer is saved under. */
    message,
    answerId: (events.find((e) => e.type === "start") as { messageId?: string } | undefined)?.messageId,
    text: events
      .filter((e) => e.type === "text-delta")
      .map((e) => e.delta)
      .join(""),
  };
}
