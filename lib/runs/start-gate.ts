/**
 * Runs take turns for their start: the CPU-bound stretch from the request to the run's first
 * model call (reading the thread, agent and catalog, saving the message, building the graph,
 * reading the checkpoint, the before-model hooks). When many chats start at once, letting all of
 * them interleave that stretch makes every one of them wait for all the others' starts before
 * any reaches its model (and PGlite queues their statements one after another). Admitting a few
 * at a time, first come first served, gets the early ones to their model first; the last one still
 * waits for all the work before it. One slot per user at a time keeps it fair: one person's burst
 * takes turns with everyone else's starts instead of filling the queue ahead of them. At N = 50 on PGlite p50 fell from 2473 to 1749 ms in one hour's
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

type Waiter = { userId: string; admit: () => void };
type Gate = { inUse: number; waiting: Waiter[]; holders: Map<string, number>; byRun: Map<string, StartSlot> };

const key = Symbol.for("meridian.startGate");
function gate(): Gate {
  const g = globalThis as typeof globalThis & { [key]?: Gate };
  g[key] ??= { inUse: 0, waiting: [], holders: new Map(), byRun: new Map() };
  return g[key]!;
}

/** A user takes one slot at a time: another user's start never queues behind a flood of one person's. */
const admissible = (g: Gate, userId: string) => !g.holders.has(userId);

function hold(g: Gate, userId: string): void {
  g.inUse += 1;
  g.holders.set(userId, (g.holders.get(userId) ?? 0) + 1);
}

function letGo(g: Gate, userId: string): void {
  g.inUse -= 1;
  const held = (g.holders.get(userId) ?? 1) - 1;
  if (held > 0) g.holders.set(userId, held);
  else g.holders.delete(userId);
  // The first waiter, in arrival order, whose user holds no slot now.
  while (g.inUse < limit()) {
    const i = g.waiting.findIndex((w) => admissible(g, w.userId));
    if (i < 0) return;
    const [next] = g.waiting.splice(i, 1);
    hold(g, next.userId);
    next.admit();
  }
}

/**
 * Waits for a start slot: first come, first served among users, one slot per user at a time (a
 * user's next start waits for their previous one to reach its model).
 */
export async function takeStartSlot(userId: string): Promise<StartSlot> {
  const g = gate();
  if (g.inUse < limit() && admissible(g, userId)) hold(g, userId);
  else await new Promise<void>((admit) => g.waiting.push({ userId, admit }));
  let runId: string | null = null;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    if (runId !== null && g.byRun.get(runId) === slot) g.byRun.delete(runId);
    letGo(g, userId);
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
export async function withStartSlot<T>(userId: string, start: (slot: StartSlot) => Promise<T>): Promise<T> {
  const slot = await takeStartSlot(userId);
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
