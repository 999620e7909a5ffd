import type { CallUsage } from "@/lib/agent/usage-aggregate";

/**
 * Usage of the agent's own model calls made during a model step besides the answer (an L2
 * summary), handed from the middleware that made them to token usage, which records them apart
 * from the main model's figures. Keyed by the run's context object (each middleware
 * gets a runtime of its own, all with the run's context), so nothing outlives the run.
 */
const pending = new WeakMap<object, CallUsage[]>();

type Runtime = { context?: unknown };

function keyOf(runtime: Runtime): object {
  return runtime.context && typeof runtime.context === "object" ? runtime.context : runtime;
}

export function noteInternalCall(runtime: Runtime, call: CallUsage): void {
  const key = keyOf(runtime);
  const list = pending.get(key);
  if (list) list.push(call);
  else pending.set(key, [call]);
}

export function takeInternalCalls(runtime: Runtime): CallUsage[] {
  const key = keyOf(runtime);
  const list = pending.get(key);
  if (!list) return [];
  pending.delete(key);
  return list;
}
