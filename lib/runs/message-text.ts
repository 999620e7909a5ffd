import type { UIMessage } from "ai";

/** A message's text parts, joined: what the user typed, or what an answer says. */
export function messageText(message: UIMessage): string {
  return message.parts
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("\n")
    .trim();
}
