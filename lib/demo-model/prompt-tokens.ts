import { messageText, type ChatRequest } from "./request-schema";
import { tokenize } from "./usage";
import { TextMemo } from "@/lib/agent/text-memo";

/** A prompt's tokens, part by part; the whole prompt is their concatenation. */
export type PromptTokens = readonly Uint32Array[];

/**
 * The prompt as the texts of its parts, tools first like providers lay it out, so a growing
 * conversation keeps its earlier requests as a prefix (what prefix caching rewards).
 */
export function promptParts(request: ChatRequest): string[] {
  const parts: string[] = [];
  for (const tool of request.tools ?? []) parts.push(`[tool]\n${JSON.stringify(tool.function)}\n`);
  for (const message of request.messages) {
    const calls = (message.tool_calls ?? []).map((call) => `${call.function.name}(${call.function.arguments ?? ""})`);
    const header = message.tool_call_id ? `${message.role} ${message.tool_call_id}` : message.role;
    parts.push(`[${header}]\n${messageText(message)}${calls.length ? `\n${calls.join("\n")}` : ""}\n`);
  }
  return parts;
}

export function promptLength(prompt: PromptTokens): number {
  return prompt.reduce((sum, part) => sum + part.length, 0);
}

const DEFAULT_MEMO_CHARS = 4_000_000;

/**
 * Tokenizes prompts part by part. Every request repeats the tool schemas, the system prompt and
 * the history, so each part's tokens are remembered by text, least recently used first out, up
 * to a budget of characters: a part seen before costs a map lookup and comes back as the same
 * array, which lets the prefix cache compare parts by identity.
 */
export class PromptTokenizer {
  private readonly memo: TextMemo<Uint32Array>;

  constructor(budgetChars = DEFAULT_MEMO_CHARS, encode: (text: string) => Uint32Array = tokenize) {
    this.memo = new TextMemo(budgetChars, encode);
  }

  tokens(request: ChatRequest): PromptTokens {
    return promptParts(request).map((part) => this.part(part));
  }

  part(text: string): Uint32Array {
    return this.memo.get(text);
  }

  /** Entries and characters held (for tests: the budget is a bound). */
  get size(): { entries: number; chars: number } {
    return this.memo.size;
  }
}
