import { encode } from "gpt-tokenizer";
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

function countCompletion(reply: Reply): { completion: number; reasoning: number } {
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
