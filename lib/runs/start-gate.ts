/**
 * Runs take turns for their start: the CPU-bound stretch from the request to the run's first
 * model call (reading the thread, agent and catalog, saving the message, building the graph,
 * reading the checkpoint, the before-model hooks). When many chats start at once, letting all of
 * them interleave that stretch makes every one of them wait for all the others' starts before
 * any reaches its model (and PGlite queues their statements one after another). Admitting a few
 * at a time, first come first served, gets the early ones to their model first; the last one still
 * waits for all the work before it. At N = 50 on PGlite p50 fell from 2473 to 1749 ms in one hour's
 * runs, p99 stayed (bench/RESULTS.md).
 *
 * A slot is given back when the run calls its model (`modelCallStarting`), when it ends, or after
 * `RUN_START_MAX_HOLD_MS` at the latest, so a start that waits on the network (an MCP server)
 * never holds the others up for long.
 */

/** Starts admitted at once: `RUN_START_CONCURRENCY`, default 4. */
function limit(): number {
  const n = Number(process.env.RUN_START_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : 4;
}

/** The longest a start keeps its slot: `RUN_START_MAX_HOLD_MS`, default 1000. */
function maxHoldMs(): number {
  const n = Number(process.env.RUN_START_MAX_HOLD_MS);
  return Number.isFinite(n) && n > 0 ? n : 1000;
}

export type StartSlot = {
  /** Lets `modelCallStarting(runId)` give the slot back. */
  handTo(runId: string): void;
  /** Idempotent. */
  release(): void;
};

type Gate = { inUse: number; waiting: (() => void)[]; byRun: Map<string, StartSlot> };

const key = Symbol.for("meridian.startGate");
function gate(): Gate {
  const g = globalThis as typeof globalThis & { [key]?: Gate };
  g[key] ??= { inUse: 0, waiting: [], byRun: new Map() };
  return g[key]!;
}

/** Waits for a start slot (first come, first served). */
export async function takeStartSlot(): Promise<StartSlot> {
  const g = gate();
  if (g.inUse >= limit()) await new Promise<void>((resolve) => g.waiting.push(resolve));
  else g.inUse += 1;
  let runId: string | null = null;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    if (runId !== null && g.byRun.get(runId) === slot) g.byRun.delete(runId);
    const next = g.waiting.shift();
    // The slot passes straight to the next waiter, so a new arrival cannot overtake the queue.
    if (next) next();
    else g.inUse -= 1;
  };
  const timer = setTimeout(release, maxHoldMs());
  timer.unref?.();
  const slot: StartSlot = {
    handTo(id) {
      if (released) return;
      runId = id;
      g.byRun.set(id, slot);
    },
    release,
  };
  return slot;
}

/** Runs `start` in a start slot, which the started run keeps; a start that throws gives it back. */
export async function withStartSlot<T>(start: (slot: StartSlot) => Promise<T>): Promise<T> {
  const slot = await takeStartSlot();
  try {
    return await start(slot);
  } catch (err) {
    slot.release();
    throw err;
  }
}

/** The run is about to call its model: its start is over. */
export function modelCallStarting(runId: string | undefined): void {
  if (runId) gate().byRun.get(runId)?.release();
}

/** For tests: starts in progress and starts waiting. */
export function startGateLoad(): { inUse: number; waiting: number } {
  const g = gate();
  return { inUse: g.inUse, waiting: g.waiting.length };
}
