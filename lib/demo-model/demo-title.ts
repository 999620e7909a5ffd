import { messageText, type ChatRequest } from "./request-schema";
import { withoutScriptMarkers } from "./scripts";
import { TITLE_SYSTEM_MARKER } from "../runs/title-prompt";

/**
 * The demo model's conversation title: the first words of the user's question, without
 * markdown, code or script markers, in the question's language (Chinese: its first dozen
 * characters). Deterministic, so tests can expect it.
 */
const STOP_WORDS = new Set([
  "a",
  "an",
  "the",
  "please",
  "can",
  "could",
  "you",
  "me",
  "i",
  "to",
  "how",
  "do",
  "what",
  "is",
]);

export function isTitleRequest(request: ChatRequest): boolean {
  return request.messages.some((m) => m.role === "system" && messageText(m).startsWith(TITLE_SYSTEM_MARKER));
}

export function demoTitle(request: ChatRequest): string {
  const user = messageText(request.messages.findLast((m) => m.role === "user") ?? { role: "user", content: "" });
  const question = /^User: ([\s\S]*?)\nAssistant: /m.exec(user)?.[1] ?? "";
  const plain = withoutScriptMarkers(question)
    .replace(/```[\s\S]*?(```|$)/g, " ")
    .replace(/[#*_`>~[\]()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (/\p{Script=Han}/u.test(plain)) {
    const han = plain.replace(/[，。！？、；：“”‘’（）\s]/gu, "");
    return [...han].slice(0, 12).join("") || "新对话";
  }
  const words = plain
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()));
  const title = words.slice(0, 5).join(" ");
  return title ? title[0].toUpperCase() + title.slice(1) : "New conversation";
}
