import { messageText, type ChatRequest } from "./request-schema";
import { withoutScriptMarkers } from "./scripts";
import { MEMORY_SYSTEM_MARKER } from "../memory/extract-prompt";

/**
 * The demo model's memory extraction: the user's sentences in the transcript that state a
 * lasting fact or preference ("remember …", "my … is", "I prefer …", 记住/我喜欢/我叫 …), one per
 * line, or NONE. Deterministic, so tests and the offline demo show the bridge working.
 */
export const DURABLE =
  /\b(remember|my|i prefer|i like|i am|i'm|call me|always|never)\b|记住|我喜欢|我叫|我是|我的|请总是/i;

export function isMemoryRequest(request: ChatRequest): boolean {
  return request.messages.some((m) => m.role === "system" && messageText(m).startsWith(MEMORY_SYSTEM_MARKER));
}

export function demoMemory(request: ChatRequest): string {
  const user = messageText(request.messages.findLast((m) => m.role === "user") ?? { role: "user", content: "" });
  const transcript = /<conversation>([\s\S]*)<\/conversation>/.exec(user)?.[1] ?? "";
  const facts: string[] = [];
  for (const [, said] of transcript.matchAll(/^User: (.+)$/gm)) {
    for (const sentence of withoutScriptMarkers(said).split(/(?<=[.!?。！？])\s*/)) {
      const s = sentence.trim();
      if (s.length >= 6 && s.length <= 300 && DURABLE.test(s) && !/password|密码/i.test(s)) facts.push(s);
    }
  }
  return facts.length ? [...new Set(facts)].map((f) => `- ${f}`).join("\n") : "NONE";
}
