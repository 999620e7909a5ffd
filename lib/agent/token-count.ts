import { encode } from "gpt-tokenizer";
import type { BaseMessage } from "@langchain/core/messages";
import { AIMessage } from "@langchain/core/messages";
import type { ClientTool, ServerTool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { TextMemo } from "./text-memo";

/**
 * Approximate token counts with a real BPE tokenizer (o200k). Text is encoded in pieces that end
 * at a paragraph break, long paragraphs in slices: BPE is quadratic on one long unbroken word, and
 * a piece boundary costs at most a token.
 */
const SLICE = 2000;
const NO_SPECIAL = new Set<string>();
const PER_MESSAGE_OVERHEAD = 4;

function encodeCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += SLICE) {
    n += encode(text.slice(i, i + SLICE), { disallowedSpecial: NO_SPECIAL }).length;
  }
  return n;
}

/**
 * Every model call recounts the system prompt, the tool schemas and the whole history, which
 * are mostly the texts of the previous call (and runs rebuild them as new objects from the
 * checkpoint). Counts are remembered by text, least recently used first out, up to a budget of
 * characters, so a long conversation costs BPE only for what is new; and by paragraph, so a text
 * that differs in one paragraph (each conversation's system prompt names its own workdir) costs
 * BPE for that paragraph only.
 */
const PARAGRAPH_END = /(?<=\n\n)/;
const byParagraph = new TextMemo(2_000_000, encodeCount);
const byText = new TextMemo(8_000_000, (text) =>
  text
    .split(PARAGRAPH_END)
    .reduce((n, piece) => n + (piece.length < 64 ? encodeCount(piece) : byParagraph.get(piece)), 0),
);

export function countTextTokens(text: string): number {
  return text.length < 64 ? encodeCount(text) : byText.get(text);
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

// Messages are immutable once in history: a message object is counted once.
const byMessage = new WeakMap<BaseMessage, number>();

function countMessageTokens(message: BaseMessage): number {
  const hit = byMessage.get(message);
  if (hit !== undefined) return hit;
  let text = contentText(message.content);
  if (AIMessage.isInstance(message) && message.tool_calls?.length) {
    text += JSON.stringify(message.tool_calls.map((c) => ({ name: c.name, args: c.args })));
  }
  const n = countTextTokens(text) + PER_MESSAGE_OVERHEAD;
  byMessage.set(message, n);
  return n;
}

function countMessagesTokens(messages: BaseMessage[]): number {
  return messages.reduce((sum, m) => sum + countMessageTokens(m), 0);
}

// A tool's schema as the model receives it, converted once per tool object, and once per
// (schema object, name, description): tools built per run around a shared schema convert once.
const toolJson = new WeakMap<object, string>();
const toolJsonBySchema = new WeakMap<object, Map<string, string>>();

function openAIToolJson(t: ClientTool | ServerTool): string {
  const key = t as object;
  const hit = toolJson.get(key);
  if (hit !== undefined) return hit;
  const { name, description, schema } = t as { name?: unknown; description?: unknown; schema?: unknown };
  const bySchema = schema && typeof schema === "object" ? toolJsonBySchema.get(schema) : undefined;
  const nameKey = `${String(name)}\u0000${String(description)}`;
  let json = bySchema?.get(nameKey);
  if (json === undefined) {
    let converted: unknown;
    try {
      converted = convertToOpenAITool(t as Parameters<typeof convertToOpenAITool>[0]);
    } catch {
      converted = { name: typeof name === "string" ? name : "tool" };
    }
    json = JSON.stringify(converted);
    if (schema && typeof schema === "object") {
      if (!bySchema) toolJsonBySchema.set(schema, new Map([[nameKey, json]]));
      else bySchema.set(nameKey, json);
    }
  }
  toolJson.set(key, json);
  return json;
}

export function countToolsTokens(tools: (ClientTool | ServerTool)[]): number {
  if (tools.length === 0) return 0;
  return countTextTokens(`[${tools.map(openAIToolJson).join(",")}]`);
}

type CountedRequest = {
  messages: BaseMessage[];
  systemPrompt?: string;
  systemMessage?: { text: string };
  tools: (ClientTool | ServerTool)[];
};

/**
 * Our approximate count of a model request by part (never the provider's): the system prompt
 * (plus `extraSystem`, text that inner middleware will append), the messages, the tool schemas.
 */
export function requestTokens(request: CountedRequest, messages = request.messages, extraSystem = "") {
  const breakdown = {
    system: countTextTokens((request.systemMessage?.text ?? request.systemPrompt ?? "") + extraSystem),
    messages: countMessagesTokens(messages),
    tools: countToolsTokens(request.tools),
  };
  return { breakdown, total: breakdown.system + breakdown.messages + breakdown.tools };
}
