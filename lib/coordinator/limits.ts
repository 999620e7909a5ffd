/** Coordinator mode's limits, from the environment (README: configuration). */
export function coordinatorLimits() {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value >= min ? Math.floor(value) : fallback;
  };
  return {
    /** Tasks of one chat running at once (the semaphore), across every app instance. */
    concurrency: int("COORDINATOR_CONCURRENCY", 4, 1),
    /** A task's time from its first start; it holds across restarts. */
    timeoutMs: int("COORDINATOR_TASK_TIMEOUT_MS", 10 * 60_000, 1000),
    /** Unfinished tasks one chat may have. */
    maxOpen: 50,
    /** Unfinished tasks one person may have across their chats (USER_MAX_COORDINATOR_TASKS). */
    maxOpenPerUser: int("USER_MAX_COORDINATOR_TASKS", 100, 1),
    synthesizeDefaultSeconds: 300,
    synthesizeMaxSeconds: 1800,
    /** How often synthesize reads the tasks again (they may run on another instance). */
    pollMs: 250,
  };
}
