import type { UIMessageChunk } from "ai";

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

  /** A stream of every chunk so far, then live ones until the run ends. Cancelling it only detaches. */
  subscribe(): ReadableStream<UIMessageChunk> {
    let index = 0;
    let wake: (() => void) | null = null;
    const listener = () => wake?.();
    this.listeners.add(listener);
    return new ReadableStream<UIMessageChunk>({
      pull: async (controller) => {
        while (index >= this.chunks.length && !this.closed) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
        if (index < this.chunks.length) {
          controller.enqueue(this.chunks[index++]);
          return;
        }
        this.listeners.delete(listener);
        controller.close();
      },
      cancel: () => {
        this.listeners.delete(listener);
        wake?.();
      },
    });
  }

  private notify() {
    for (const l of [...this.listeners]) l();
  }
}
