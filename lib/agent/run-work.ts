/**
 * Work a tool starts that can outlive its run's graph: LangGraph rejects a stopped run at once,
 * without waiting for the tool calls in flight, so a subagent's run could still be ending (its
 * run row not yet cancelled) after its parent has saved its own end. The run's executor waits
 * for what is tracked here before it saves its end.
 */
const pending = new Map<string, Set<Promise<void>>>();

/** Tracks `work` under the run `runId` until it settles; returns `work` unchanged. */
export function trackRunWork<T>(runId: string, work: Promise<T>): Promise<T> {
  let set = pending.get(runId);
  if (!set) pending.set(runId, (set = new Set()));
  const entry: Set<Promise<void>> = set;
  const settled: Promise<void> = work.then(
    () => forget(runId, entry, settled),
    () => forget(runId, entry, settled),
  );
  entry.add(settled);
  return work;
}

function forget(runId: string, set: Set<Promise<void>>, settled: Promise<void>) {
  set.delete(settled);
  if (set.size === 0 && pending.get(runId) === set) pending.delete(runId);
}

/** Resolves when the run's tracked work has settled (true), or after `timeoutMs` (false). */
export async function runWorkSettled(runId: string, timeoutMs: number): Promise<boolean> {
  const set = pending.get(runId);
  if (!set?.size) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([Promise.all([...set]).then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
