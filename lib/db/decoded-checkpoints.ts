/**
 * The decoded channel values of each thread's latest checkpoint that this process wrote or read,
 * least recently used first out, within a budget of their serialized size (the decoded objects
 * take a small multiple of it). One history larger than a quarter of the budget is not kept.
 * With them, the content keys of the thread's message rows known to be stored (the saver writes
 * only the others).
 */
type Entry = { id: string; values: Record<string, unknown>; bytes: number; keys: Set<string> };

export class DecodedCheckpoints {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The thread's remembered checkpoint id and values (the caller checks the id against the database). */
  get(threadId: string): { id: string; values: Record<string, unknown>; keys: Set<string> } | undefined {
    const entry = this.entries.get(threadId);
    if (!entry) return undefined;
    this.entries.delete(threadId);
    this.entries.set(threadId, entry);
    return entry;
  }

  remember(
    threadId: string,
    id: string,
    values: Record<string, unknown>,
    bytes: number,
    keys = new Set<string>(),
  ): void {
    this.forget(threadId);
    if (bytes > this.budgetBytes / 4) return;
    this.entries.set(threadId, { id, values, bytes, keys });
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  forget(threadId: string): void {
    const entry = this.entries.get(threadId);
    if (!entry) return;
    this.entries.delete(threadId);
    this.bytes -= entry.bytes;
  }

  /** Threads and serialized bytes held (for tests: the budget is a bound). */
  get size(): { threads: number; bytes: number } {
    return { threads: this.entries.size, bytes: this.bytes };
  }
}
