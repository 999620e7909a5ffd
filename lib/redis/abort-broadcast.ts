import { redisConnections } from "./client";

/**
 * Stop requests that reach every instance: a cancel or a task stop handled by one instance
 * aborts the work wherever it executes. Each instance registers what a kind of request aborts
 * locally and subscribes once (bootstrap). Without Redis there is only this process, and the
 * callers abort locally themselves.
 */
export type AbortKind = "run" | "task";

const CHANNEL = "meridian:abort";

type Handlers = Map<AbortKind, (id: string) => void>;
const key = Symbol.for("meridian.abortHandlers");
function handlers(): Handlers {
  const g = globalThis as typeof globalThis & { [key]?: Handlers };
  return (g[key] ??= new Map());
}

/** What this instance does when any instance asks to abort `kind` work with some id. */
export function handleAborts(kind: AbortKind, handler: (id: string) => void): void {
  handlers().set(kind, handler);
}

function dispatch(message: string): void {
  try {
    const { kind, id } = JSON.parse(message) as { kind: AbortKind; id: string };
    if (typeof id === "string") handlers().get(kind)?.(id);
  } catch (err) {
    console.error("[redis] a malformed abort message:", (err as Error).message);
  }
}

/** Subscribes this instance to abort requests; false without Redis. */
export async function listenForAborts(): Promise<boolean> {
  const connections = redisConnections();
  if (!connections) return false;
  const { subscriber } = await connections;
  await subscriber.subscribe(CHANNEL, dispatch);
  return true;
}

/** Asks every instance (this one included) to abort; false without Redis. */
export async function broadcastAbort(kind: AbortKind, id: string): Promise<boolean> {
  const connections = redisConnections();
  if (!connections) return false;
  const { publisher } = await connections;
  await publisher.publish(CHANNEL, JSON.stringify({ kind, id }));
  return true;
}
