import type { BaseMessage } from "@langchain/core/messages";

/** The text of a message's content; media blocks stand as a short marker. */
export function messageText(content: BaseMessage["content"]): string {
  if (typeof content === "string") return content;
  return content
    .map((block) => {
      if (typeof block === "string") return block;
      if (block && typeof block === "object" && "text" in block && typeof block.text === "string") return block.text;
      return "[media]";
    })
    .join("\n");
}
