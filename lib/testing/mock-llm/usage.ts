import { encode } from "gpt-tokenizer";
import { messageText, type ChatRequest } from "./request-schema";
import { joined, toolCallArguments, type Reply } from "./reply";

/** OpenAI Chat Completions usage, with the optional detail objects real providers vary on. */
export type CompletionUsage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens: number };
  completion_tokens_details: { reasoning_tokens: number };
};

// User text may contain "<|endoftext|>" and the like; count it as text, never throw.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return text ? encode(text, AS_PLAIN_TEXT).length : 0;
}

export function tokenize(text: string): Uint32Array {
  return Uint32Array.from(encode(text, AS_PLAIN_TEXT));
}

/**
 * The prompt as one text, tools first like providers lay it out, so a growing conversation
 * keeps its earlier requests as a prefix (what prefix caching rewards).
 */
export function serializePrompt(request: ChatRequest): string {
  const parts: string[] = [];
  for (const tool of request.tools ?? []) parts.push(`[tool]\n${JSON.stringify(tool.function)}\n`);
  for (const message of request.messages) {
    const calls = (message.tool_calls ?? []).map((call) => `${call.function.name}(${call.function.arguments ?? ""})`);
    const header = message.tool_call_id ? `${message.role} ${message.tool_call_id}` : message.role;
    parts.push(`[${header}]\n${messageText(message)}${calls.length ? `\n${calls.join("\n")}` : ""}\n`);
  }
  return parts.join("");
}

export function countCompletion(reply: Reply): { completion: number; reasoning: number } {
  const reasoning = countTokens(joined(reply.reasoningChunks));
  const calls = reply.toolCalls.map((call) => `${call.name}(${toolCallArguments(call)})`).join("\n");
  return { completion: reasoning + countTokens(joined(reply.textChunks)) + countTokens(calls), reasoning };
}

/** Computed figures, with the turn's overrides applied; total always adds up. */
export function buildUsage(computed: { prompt: number; cached: number }, reply: Reply): CompletionUsage {
  const override = reply.usage ?? {};
  const counted = countCompletion(reply);
  const prompt = override.prompt_tokens ?? computed.prompt;
  const completion = override.completion_tokens ?? counted.completion;
  const cached = override.cached_tokens === undefined ? computed.cached : override.cached_tokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(cached === null ? {} : { prompt_tokens_details: { cached_tokens: cached } }),
    completion_tokens_details: { reasoning_tokens: override.reasoning_tokens ?? counted.reasoning },
  };
}

const CACHE_MIN_TOKENS = 1024;
const CACHE_BLOCK_TOKENS = 64;

/**
 * A provider-style prompt cache: a request reads from cache the longest token prefix it
 * shares with an earlier request in the same scope, in whole 64-token blocks, and only
 * once that prefix reaches 1024 tokens (OpenAI's published behaviour).
 */
export class PrefixCache {
  private readonly seen = new Map<string, Uint32Array[]>();

  constructor(private readonly entriesPerScope = 32) {}

  /** Cached tokens for this prompt, then remembers it for later requests. */
  observe(scope: string, tokens: Uint32Array): number {
    const earlier = this.seen.get(scope) ?? [];
    let longest = 0;
    for (const previous of earlier) longest = Math.max(longest, commonPrefixLength(previous, tokens));
    if (this.entriesPerScope > 0) {
      earlier.push(tokens);
      if (earlier.length > this.entriesPerScope) earlier.shift();
      this.seen.set(scope, earlier);
    }
    const blocks = Math.floor(longest / CACHE_BLOCK_TOKENS) * CACHE_BLOCK_TOKENS;
    return blocks >= CACHE_MIN_TOKENS ? blocks : 0;
  }

  clear(): void {
    this.seen.clear();
  }
}

function commonPrefixLength(a: Uint32Array, b: Uint32Array): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a[i] === b[i]) i += 1;
  return i;
}
