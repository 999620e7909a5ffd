import { positiveIntFromEnv } from "@/lib/config/env-number";

/**
 * How far reading one uploaded document may go (README "Limits"): text kept per document, and the
 * worker thread's wall-clock time and heap for reading it.
 */
export type KbParseLimits = { maxTextChars: number; timeoutMs: number; maxMemoryMb: number };

export const DEFAULT_KB_PARSE_LIMITS: KbParseLimits = {
  maxTextChars: 20_000_000,
  timeoutMs: 120_000,
  maxMemoryMb: 512,
};

export function kbParseLimits(): KbParseLimits {
  const d = DEFAULT_KB_PARSE_LIMITS;
  return {
    maxTextChars: positiveIntFromEnv("KB_MAX_TEXT_CHARS", d.maxTextChars),
    timeoutMs: positiveIntFromEnv("KB_PARSE_TIMEOUT_SECONDS", d.timeoutMs / 1000) * 1000,
    maxMemoryMb: positiveIntFromEnv("KB_PARSE_MEMORY_MB", d.maxMemoryMb),
  };
}
