import { positiveIntFromEnv } from "@/lib/config/env-number";

/** Consecutive failed summaries of one conversation before summaries pause. */
const L2_FAILURES_BEFORE_PAUSE = 3;
/** Conversations whose failures are remembered, oldest forgotten first. */
const MAX_TRACKED = 2000;

type Entry = { failures: number; pausedUntil: number };

/**
 * A circuit breaker per conversation for L2 summaries (docs/ARCHITECTURE.md, "Summary"): after
 * `L2_FAILURES_BEFORE_PAUSE` failures in a row, proactive summaries pause for
 * `SUMMARY_PAUSE_MINUTES` (default 10), so a failing summary model is not called again on every
 * model call; the L1 view and the context-overflow path carry the conversation meanwhile. A
 * success closes it. Kept per process: another instance learns it from its own failures.
 */
class SummaryBreaker {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly pauseMs = () => positiveIntFromEnv("SUMMARY_PAUSE_MINUTES", 10) * 60_000) {}

  paused(threadId: string, now = Date.now()): boolean {
    return (this.entries.get(threadId)?.pausedUntil ?? 0) > now;
  }

  succeeded(threadId: string): void {
    this.entries.delete(threadId);
  }

  /** Counts a failure; returns the minutes of the pause it starts, or null when it starts none. */
  failed(threadId: string, now = Date.now()): number | null {
    const entry = this.entries.get(threadId) ?? { failures: 0, pausedUntil: 0 };
    this.entries.delete(threadId);
    entry.failures += 1;
    let paused: number | null = null;
    if (entry.failures >= L2_FAILURES_BEFORE_PAUSE) {
      const ms = this.pauseMs();
      entry.pausedUntil = now + ms;
      entry.failures = 0;
      paused = Math.round(ms / 60_000);
    }
    this.entries.set(threadId, entry);
    if (this.entries.size > MAX_TRACKED) this.entries.delete(this.entries.keys().next().value!);
    return paused;
  }
}

export const summaryBreaker = new SummaryBreaker();
