import { deleteExpiredSessions } from "@/lib/db/sessions";

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const timerKey = Symbol.for("meridian.sessionCleanupTimer");
type GlobalWithTimer = typeof globalThis & { [timerKey]?: NodeJS.Timeout };

export async function cleanupExpiredSessions(): Promise<number> {
  const removed = await deleteExpiredSessions();
  if (removed > 0) console.log(`[meridian] removed ${removed} expired session(s)`);
  return removed;
}

/** Hourly cleanup; one timer per process, never keeping the process alive by itself. */
export function scheduleSessionCleanup(intervalMs = CLEANUP_INTERVAL_MS): NodeJS.Timeout {
  const g = globalThis as GlobalWithTimer;
  if (g[timerKey]) return g[timerKey];
  const timer = setInterval(() => {
    cleanupExpiredSessions().catch((err) => console.error("[meridian] session cleanup failed", err));
  }, intervalMs);
  timer.unref();
  g[timerKey] = timer;
  return timer;
}

export function stopSessionCleanup(): void {
  const g = globalThis as GlobalWithTimer;
  if (g[timerKey]) clearInterval(g[timerKey]);
  delete g[timerKey];
}
