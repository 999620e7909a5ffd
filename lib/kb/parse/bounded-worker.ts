import type { ResourceLimits, Transferable, Worker } from "node:worker_threads";

/**
 * Work on untrusted input (parsing an uploaded document) off the main thread, bounded: each task
 * runs in a worker thread with a heap limit and a wall-clock timeout, so a bomb costs that worker,
 * never the server's responsiveness. Tasks run one at a time per runner (parsing does not crowd
 * out requests on a small machine); a worker that timed out, ran out of memory or crashed is
 * replaced for the next task, and an idle one is stopped.
 *
 * The worker side answers `{ id, ok: true, value }` or `{ id, ok: false, error }` (see
 * serveWorkerTasks); `error` is rebuilt by `reviveError` so a task's own refusals keep their type.
 */
export type WorkerLimits = { timeoutMs: number; maxMemoryMb: number };

export type WorkerFailureReason = "timeout" | "memory" | "crashed";

export class WorkerTaskFailed extends Error {
  readonly name = "WorkerTaskFailed";
  constructor(
    readonly reason: WorkerFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** By name: a runner shared on globalThis may be another bundle's copy of this module. */
export const isWorkerTaskFailed = (err: unknown): err is WorkerTaskFailed =>
  err instanceof Error && err.name === "WorkerTaskFailed";

export type SerializedError = { name: string; message: string; [key: string]: unknown };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

const IDLE_MS = 30_000;

export class BoundedWorker {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  private nextId = 0;

  constructor(
    private readonly spawn: (resourceLimits: ResourceLimits) => Worker,
    private readonly limits: () => WorkerLimits,
    private readonly reviveError: (error: SerializedError) => Error = plainError,
  ) {}

  /** Runs `task` after those queued before it; `transfer` moves buffers instead of copying them. */
  run<T>(task: string, input: unknown, transfer: Transferable[] = []): Promise<T> {
    const result = this.queue.then(() => this.runNow<T>(task, input, transfer));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Stops the worker now (tests, shutdown); the next task starts a new one. */
  async stop(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private runNow<T>(task: string, input: unknown, transfer: Transferable[]): Promise<T> {
    clearTimeout(this.idle);
    const { timeoutMs, maxMemoryMb } = this.limits();
    const worker = (this.worker ??= this.start(maxMemoryMb));
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      const settle = (finish: () => void) => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        finish();
        this.scheduleIdleStop();
      };
      const fail = (reason: WorkerFailureReason, message: string) => {
        this.discard(worker);
        settle(() => reject(new WorkerTaskFailed(reason, message)));
      };
      const onMessage = (answer: Answer) => {
        if (answer.id !== id) return;
        settle(() => (answer.ok ? resolve(answer.value as T) : reject(this.reviveError(answer.error))));
      };
      const onError = (err: Error & { code?: string }) =>
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? fail("memory", `it needed more than ${maxMemoryMb} MB of memory`)
          : fail("crashed", `the worker failed: ${err.message}`);
      const onExit = (code: number) => fail("crashed", `the worker stopped (exit code ${code})`);
      const timer = setTimeout(() => {
        void worker.terminate();
        fail("timeout", `it took longer than ${Math.round(timeoutMs / 1000)} s`);
      }, timeoutMs);
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage({ id, task, input }, transfer);
    });
  }

  private start(maxMemoryMb: number): Worker {
    const worker = this.spawn({ maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 });
    worker.unref(); // an idle worker never keeps the process alive
    return worker;
  }

  private discard(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
  }

  private scheduleIdleStop(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.stop(), IDLE_MS);
    this.idle.unref();
  }
}

function plainError(error: SerializedError): Error {
  return Object.assign(new Error(error.message), { name: error.name });
}

/** The worker side: answers each `{ id, task, input }` with the task's value or its error. */
export function serveWorkerTasks(
  port: import("node:worker_threads").MessagePort,
  tasks: Record<string, (input: never) => Promise<{ value: unknown; transfer?: Transferable[] }>>,
): void {
  port.on("message", async ({ id, task, input }: { id: number; task: string; input: never }) => {
    try {
      const run = tasks[task];
      if (!run) throw new Error(`unknown task ${task}`);
      const { value, transfer } = await run(input);
      port.postMessage({ id, ok: true, value } satisfies Answer, transfer ?? []);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      port.postMessage({ id, ok: false, error: { ...e, name: e.name, message: e.message } } satisfies Answer);
    }
  });
}
