import { encode } from "gpt-tokenizer";
import type { BaseMessage } from "@langchain/core/messages";
import { AIMessage } from "@langchain/core/messages";
import type { ClientTool, ServerTool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";

/**
 * Approximate token counts with a real BPE tokenizer (o200k). Text is encoded in slices:
 * BPE is quadratic on one long unbroken word, and a slice boundary costs at most a token.
 */
const SLICE = 2000;
const NO_SPECIAL = new Set<string>();
const PER_MESSAGE_OVERHEAD = 4;

export function countTextTokens(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += SLICE) {
    n += encode(text.slice(i, i + SLICE), { disallowedSpecial: NO_SPECIAL }).length;
  }
  return n;
}

function contentText(content: BaseMessage["content"]): string {
  if (typeof content === "string") return content;
  return content
    .map((block) => {
      if (typeof block === "string") return block;
      if ("text" in block && typeof block.text === "string") return block.text;
      // Images and other media: providers bill them separately; count a nominal size.
      return " [media] ";
    })
    .join("");
}

// Messages are immutable once in history; counting each once keeps long threads cheap.
const cache = new WeakMap<BaseMessage, number>();

export function countMessageTokens(message: BaseMessage): number {
  const hit = cache.get(message);
  if (hit !== undefined) return hit;
  let text = contentText(message.content);
  if (AIMessage.isInstance(message) && message.tool_calls?.length) {
    text += JSON.stringify(message.tool_calls.map((c) => ({ name: c.name, args: c.args })));
  }
  const n = countTextTokens(text) + PER_MESSAGE_OVERHEAD;
  cache.set(message, n);
  return n;
}

export function countMessagesTokens(messages: BaseMessage[]): number {
  return messages.reduce((sum, m) => sum + countMessageTokens(m), 0);
}

export function countToolsTokens(tools: (ClientTool | ServerTool)[]): number {
  if (tools.length === 0) return 0;
  const schemas = tools.map((t) => {
    try {
      return convertToOpenAITool(t as Parameters<typeof convertToOpenAITool>[0]);
    } catch {
      return { name: (t as { name?: string }).name ?? "tool" };
    }
  });
  return countTextTokens(JSON.stringify(schemas));
}
