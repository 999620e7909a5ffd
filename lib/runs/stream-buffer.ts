import type { UIMessageChunk } from "ai";

/** One reader's place in a run's buffer. */
export type RunCursor = {
  /** Waits for chunks past this place, then returns all of them; empty once the run ended or the cursor detached. */
  take(): Promise<readonly UIMessageChunk[]>;
  /** Stops following; a pending `take()` resolves empty. */
  detach(): void;
  /** True once the run is closed and this cursor has taken every chunk. */
  readonly ended: boolean;
};

/**
 * The chunks of one run's UI message stream, kept while the run lives so a browser that
 * reconnects (refresh, network change) replays from the start and then follows live.
 * In-process for the embedded deployment; a Redis-backed store can stand behind the same shape.
 */
export class RunStreamBuffer {
  private chunks: UIMessageChunk[] = [];
  private listeners = new Set<() => void>();
  private closed = false;

  push(chunk: UIMessageChunk): void {
    if (this.closed) return;
    this.chunks.push(chunk);
    this.notify();
  }

  close(): void {
    this.closed = true;
    this.notify();
  }

  /** Every chunk pushed so far, in order. */
  get received(): readonly UIMessageChunk[] {
    return this.chunks;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A reader starting at the first chunk: replay, then live chunks until the run ends. */
  cursor(): RunCursor {
    let index = 0;
    let detached = false;
    let wake: (() => void) | null = null;
    const listener = () => wake?.();
    this.listeners.add(listener);
    const detach = () => {
      detached = true;
      this.listeners.delete(listener);
      wake?.();
    };
    const atEnd = () => this.closed && index >= this.chunks.length;
    return {
      get ended() {
        return atEnd();
      },
      take: async () => {
        while (index >= this.chunks.length && !this.closed && !detached) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
        if (detached) return [];
        const taken = this.chunks.slice(index);
        index = this.chunks.length;
        if (taken.length === 0) this.listeners.delete(listener);
        return taken;
      },
      detach,
    };
  }

  /** A stream of every chunk so far, then live ones until the run ends. Cancelling it only detaches. */
  subscribe(): ReadableStream<UIMessageChunk> {
    const cursor = this.cursor();
    let cancelled = false;
    return new ReadableStream<UIMessageChunk>({
      pull: async (controller) => {
        const taken = await cursor.take();
        if (cancelled) return;
        if (taken.length === 0) controller.close();
        for (const chunk of taken) controller.enqueue(chunk);
      },
      cancel: () => {
        cancelled = true;
        cursor.detach();
      },
    });
  }

  private notify() {
    for (const l of [...this.listeners]) l();
  }
}
