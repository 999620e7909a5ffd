/**
 * Serialises read-modify-write operations on one file: the model often sends several
 * edit_file calls to the same file in one message and LangGraph runs them concurrently, so
 * without this each would read the old content and the last write would drop the others.
 */
const tails = new Map<string, Promise<unknown>>();

export async function withPathLock<T>(key: string, op: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(op);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
