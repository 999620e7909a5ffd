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

function positiveInt(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

export function kbParseLimits(): KbParseLimits {
  const d = DEFAULT_KB_PARSE_LIMITS;
  return {
    maxTextChars: positiveInt("KB_MAX_TEXT_CHARS", d.maxTextChars),
    timeoutMs: positiveInt("KB_PARSE_TIMEOUT_SECONDS", d.timeoutMs / 1000) * 1000,
    maxMemoryMb: positiveInt("KB_PARSE_MEMORY_MB", d.maxMemoryMb),
  };
}
