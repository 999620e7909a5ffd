import type { PromptTokens } from "./prompt-tokens";

const CACHE_MIN_TOKENS = 1024;
const CACHE_BLOCK_TOKENS = 64;

/**
 * A provider-style prompt cache: a request reads from cache the longest token prefix it
 * shares with an earlier request in the same scope, in whole 64-token blocks, and only
 * once that prefix reaches 1024 tokens (OpenAI's published behaviour).
 */
export class PrefixCache {
  private readonly seen = new Map<string, PromptTokens[]>();

  constructor(private readonly entriesPerScope = 32) {}

  /** Cached tokens for this prompt, then remembers it for later requests. */
  observe(scope: string, prompt: PromptTokens): number {
    const earlier = this.seen.get(scope) ?? [];
    let longest = 0;
    for (const previous of earlier) longest = Math.max(longest, sharedPrefixLength(previous, prompt));
    if (this.entriesPerScope > 0) {
      earlier.push(prompt);
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

/**
 * The common token prefix of two prompts' concatenated parts. Leading parts that are the same
 * array (the tokenizer's memo hands out one per text) count whole without reading a token.
 */
export function sharedPrefixLength(a: PromptTokens, b: PromptTokens): number {
  let shared = 0;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) shared += a[i++].length;
  // Token by token from there; equal runs may cross part boundaries on either side.
  let partA = i;
  let partB = i;
  let atA = 0;
  let atB = 0;
  for (;;) {
    for (; partA < a.length && atA === a[partA].length; partA += 1) atA = 0;
    for (; partB < b.length && atB === b[partB].length; partB += 1) atB = 0;
    if (partA === a.length || partB === b.length) return shared;
    const x = a[partA];
    const y = b[partB];
    const run = Math.min(x.length - atA, y.length - atB);
    let k = 0;
    while (k < run && x[atA + k] === y[atB + k]) k += 1;
    shared += k;
    if (k < run) return shared;
    atA += run;
    atB += run;
  }
}
