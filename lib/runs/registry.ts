import { RunStreamBuffer } from "./stream-buffer";

/** A run executing in this process. */
export type ActiveRun = {
  runId: string;
  threadId: string;
  userId: string;
  abort: AbortController;
  buffer: RunStreamBuffer;
  /** Settles when the run has reached its terminal state and everything is saved. */
  done: Promise<void>;
};

type Registry = { byRun: Map<string, ActiveRun>; byThread: Map<string, string> };

const key = Symbol.for("meridian.runs");
function registry(): Registry {
  const g = globalThis as typeof globalThis & { [key]?: Registry };
  g[key] ??= { byRun: new Map(), byThread: new Map() };
  return g[key]!;
}

export function registerRun(run: ActiveRun): void {
  registry().byRun.set(run.runId, run);
  registry().byThread.set(run.threadId, run.runId);
}

export function unregisterRun(runId: string): void {
  const r = registry();
  const run = r.byRun.get(runId);
  r.byRun.delete(runId);
  if (run && r.byThread.get(run.threadId) === runId) r.byThread.delete(run.threadId);
}

export function activeRun(runId: string): ActiveRun | undefined {
  return registry().byRun.get(runId);
}

export function activeRunForThread(threadId: string): ActiveRun | undefined {
  const id = registry().byThread.get(threadId);
  return id ? registry().byRun.get(id) : undefined;
}

/** How long a delete or cancel waits for aborted runs to save their partial answer. */
export const ABORT_WAIT_MS = 10_000;

/**
 * Aborts the live runs among `runs` that belong to `userId`, then waits (at most
 * ABORT_WAIT_MS) until they have saved what they had, so nothing writes into rows being removed.
 */
export async function abortLiveRunsAndWait(runs: (ActiveRun | undefined)[], userId: string): Promise<void> {
  const live = runs.filter((run): run is ActiveRun => run?.userId === userId);
  if (live.length === 0) return;
  for (const run of live) run.abort.abort();
  await Promise.race([
    Promise.allSettled(live.map((run) => run.done)),
    new Promise((r) => setTimeout(r, ABORT_WAIT_MS)),
  ]);
}
