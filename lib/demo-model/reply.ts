import type { ReplyTurn, UsageOverride } from "./turns";
import type { ChatRequest } from "./request-schema";
import { resolveToolResultRefs } from "./tool-result-refs";

/**
 * One assistant answer, already cut into the pieces it will stream in. Scripted turns and
 * the demo brain both produce a Reply; the JSON and SSE encoders only read it.
 */
export type ReplyToolCall = { id: string; name: string; argumentChunks: string[] };

export type Reply = {
  /** Overrides the requested model in the response. */
  model?: string;
  reasoningChunks: string[];
  textChunks: string[];
  toolCalls: ReplyToolCall[];
  usage?: UsageOverride;
  delayMs: number;
  /** Pause before the first chunk after the role, as a provider's time to first token; `delayMs` when unset. */
  firstTokenDelayMs?: number;
  /** Cut the connection after this many characters of text. */
  cutAfterChars?: number;
};

const DEFAULT_CHUNK_SIZE = 8;

/** `request`: the conversation, for `{{tool:K:field}}` references in the turn's tool arguments. */
export function replyFromTurn(turn: ReplyTurn, request?: ChatRequest): Reply {
  const size = turn.chunkSize ?? DEFAULT_CHUNK_SIZE;
  return {
    model: turn.model,
    reasoningChunks: chunkByChars(turn.reasoning ?? "", size),
    textChunks: chunkByChars(turn.text ?? "", size),
    toolCalls: (turn.toolCalls ?? []).map((call) => ({
      id: call.id ?? newToolCallId(),
      name: call.name,
      argumentChunks: chunkByChars(
        "rawArgs" in call
          ? call.rawArgs
          : JSON.stringify(request ? resolveToolResultRefs(call.args, request) : call.args),
        size,
      ),
    })),
    usage: turn.usage,
    delayMs: turn.delayMs ?? 0,
    firstTokenDelayMs: turn.firstTokenDelayMs,
    cutAfterChars: turn.cutAfterChars,
  };
}

export function textReply(text: string): Reply {
  return { reasoningChunks: [], textChunks: chunkByChars(text, DEFAULT_CHUNK_SIZE), toolCalls: [], delayMs: 0 };
}

export function joined(chunks: string[]): string {
  return chunks.join("");
}

export function toolCallArguments(call: ReplyToolCall): string {
  return call.argumentChunks.join("");
}

/** Splits by code points so a chunk never ends inside a surrogate pair (emoji, rare CJK). */
export function chunkByChars(text: string, size: number): string[] {
  const chars = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < chars.length; i += size) chunks.push(chars.slice(i, i + size).join(""));
  return chunks;
}

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/** Groups of `wordsPerChunk` words with their trailing spaces and punctuation; CJK-aware. */
export function chunkByWords(text: string, wordsPerChunk: number): string[] {
  const chunks: string[] = [];
  let current = "";
  let words = 0;
  for (const { segment, isWordLike } of wordSegmenter.segment(text)) {
    if (isWordLike && words === wordsPerChunk) {
      chunks.push(current);
      current = "";
      words = 0;
    }
    current += segment;
    if (isWordLike) words += 1;
  }
  if (current) chunks.push(current);
  return chunks;
}

export function newToolCallId(): string {
  return `call_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
}

export function newCompletionId(): string {
  return `chatcmpl-${crypto.randomUUID().replace(/-/g, "")}`;
}
