import "server-only";
import {
  claimJob,
  claimMoreJobs,
  completeJobs,
  deleteFinishedJobs,
  failAbandonedJobs,
  failJobAttempt,
  enqueueJob,
  enqueueNewJobs,
  onJobsQueued,
  jobWeight,
  releaseJobs,
  renewJobLeases,
  type BatchWeight,
  type ClaimedJob,
} from "@/lib/db/jobs";

/**
 * The one durable job runner: knowledge-base ingestion, embeddings and mind maps, memory
 * extraction and delegated coordinator tasks all run through it. Jobs are rows: a worker claims one with a lease, renews it while working, and a job
 * whose worker died is claimed again once the lease expires, on this instance or another.
 */

export type JobContext = {
  /** Aborted when the job was cancelled or taken over, or the runner stops. */
  signal: AbortSignal;
  attempt: number;
  lastAttempt: boolean;
};

type FailureHandler = {
  /**
   * Jobs of this kind run in a pool of their own, up to this many at once per process (work that
   * mostly waits, such as a coordinator's tasks), instead of sharing the runner's concurrency.
   */
  concurrency?: number;
  /** Claims of this kind are serialized across workers, so group limits (semaphores) hold exactly. */
  serializedClaims?: boolean;
  /**
   * Once, when a job failed for good: its last attempt threw `cause`, or its worker died on it
   * (no cause).
   */
  onFailed?(job: ClaimedJob, error: string, cause?: unknown): Promise<void>;
};

export type BatchContext = {
  /** Aborted when every job of the batch was cancelled or taken over, or the runner stops. */
  signal: AbortSignal;
};

/**
 * A handler runs one job at a time, or (`batchSize` > 1) up to that many ready jobs of its kind
 * together, for work that costs less per job when done in bulk (many small documents). A batch
 * handler returns each failed job's error; a job missing from the map succeeded, and a throw
 * fails them all. Each job keeps its own attempts, retries and onFailed.
 */
export type JobHandler = FailureHandler &
  (
    | { run(job: ClaimedJob, ctx: JobContext): Promise<void> }
    | {
        batchSize: number;
        /** Caps a batch by the sum of a payload number as well (a few large documents, not 32). */
        batchWeight?: BatchWeight;
        runBatch(jobs: ClaimedJob[], ctx: BatchContext): Promise<Map<string, unknown>>;
      }
  );

/** A failure that another attempt cannot fix (a corrupt file): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

const handlersKey = Symbol.for("meridian.jobHandlers");
const runnerKey = Symbol.for("meridian.jobRunner");
type Global = typeof globalThis & { [handlersKey]?: Map<string, JobHandler>; [runnerKey]?: JobRunner };
const g = globalThis as Global;
const handlers = (g[handlersKey] ??= new Map());

export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

// Queued jobs wake this process's runner (lib/db/jobs.ts queues them, without knowing the runner).
onJobsQueued(() => g[runnerKey]?.kick());
export { enqueueJob, enqueueNewJobs };

export type RunnerOptions = {
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  retryBaseMs?: number;
};

const REAP_EVERY_POLLS = 5;
const FINISHED_JOBS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)) || "Unknown error";

export class JobRunner {
  readonly workerId = `worker-${crypto.randomUUID()}`;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly running = new Map<string, { kind: string; controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private again = false;
  private polls = 0;
  private stopped = true;

  constructor(opts: RunnerOptions = {}) {
    this.concurrency = opts.concurrency ?? Number(process.env.JOB_CONCURRENCY || 2);
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.leaseMs ?? Number(process.env.JOB_LEASE_MS || 30_000);
    this.retryBaseMs = opts.retryBaseMs ?? 2000;
  }

  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    this.timer = setInterval(() => this.tick(), this.pollMs);
    this.timer.unref();
    this.kick();
    return this;
  }

  /** Stops claiming, aborts what runs and hands it back to the queue for the next worker. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.claiming;
    for (const { controller } of this.running.values()) controller.abort(new Error("The job runner stopped."));
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
    await releaseJobs(this.workerId);
  }

  get activeJobs(): number {
    return this.running.size;
  }

  /** Claims work now instead of at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claimAll()
      .catch((err) => console.error("[jobs] claiming failed:", errorText(err)))
      .finally(() => {
        this.claiming = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private tick(): void {
    this.polls += 1;
    if (this.polls % REAP_EVERY_POLLS === 0)
      this.reap().catch((err) => console.error("[jobs] reap failed:", errorText(err)));
    if (this.polls % 3600 === 0) deleteFinishedJobs(FINISHED_JOBS_KEPT_MS).catch(() => {});
    this.kick();
  }

  private async claimAll(): Promise<void> {
    const shared = [...handlers.keys()].filter((kind) => !handlers.get(kind)!.concurrency);
    if (shared.length > 0) {
      while (!this.stopped && this.runningOf(shared) < this.concurrency) {
        const job = await claimJob(this.workerId, shared, this.leaseMs);
        if (!job) break;
        const handler = handlers.get(job.kind)!;
        const more = "batchSize" in handler ? await this.claimRestOfBatch(job, handler) : [];
        this.launch([job, ...more]);
      }
    }
    for (const [kind, handler] of handlers) {
      if (!handler.concurrency) continue;
      while (!this.stopped && this.runningOf([kind]) < handler.concurrency) {
        const job = await claimJob(this.workerId, [kind], this.leaseMs, { serialized: handler.serializedClaims });
        if (!job) break;
        this.launch([job]);
      }
    }
  }

  private runningOf(kinds: string[]): number {
    let n = 0;
    for (const r of this.running.values()) if (kinds.includes(r.kind)) n += 1;
    return n;
  }

  private claimRestOfBatch(
    first: ClaimedJob,
    handler: Extract<JobHandler, { batchSize: number }>,
  ): Promise<ClaimedJob[]> {
    const weight = handler.batchWeight;
    const left = weight && { key: weight.key, max: weight.max - jobWeight(first, weight) };
    return claimMoreJobs(this.workerId, first.kind, this.leaseMs, handler.batchSize - 1, left);
  }

  private async reap(): Promise<void> {
    for (const job of await failAbandonedJobs([...handlers.keys()])) {
      await handlers.get(job.kind)?.onFailed?.(job, job.lastError ?? "The worker running this job stopped.");
    }
  }

  private launch(jobs: ClaimedJob[]): void {
    const controller = new AbortController();
    const key = jobs[0].id;
    const done = this.work(jobs, controller).finally(() => {
      this.running.delete(key);
      this.kick();
    });
    this.running.set(key, { kind: jobs[0].kind, controller, done });
  }

  private async work(jobs: ClaimedJob[], controller: AbortController): Promise<void> {
    const handler = handlers.get(jobs[0].kind)!;
    const ids = jobs.map((j) => j.id);
    const heartbeat = setInterval(
      () => {
        renewJobLeases(ids, this.workerId, this.leaseMs)
          .then((mine) => {
            if (mine.length === 0) controller.abort(new Error("The job was cancelled."));
          })
          .catch((err) => console.error("[jobs] lease renewal failed:", errorText(err)));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    let errors: Map<string, unknown>;
    try {
      errors = await runJobs(handler, jobs, controller.signal);
    } catch (err) {
      errors = new Map(ids.map((id) => [id, err]));
    } finally {
      clearInterval(heartbeat);
    }
    if (this.stopped || controller.signal.aborted) return; // released on stop, or no longer ours
    // A job cancelled while its batch ran is no longer 'running': completing it changes nothing.
    await completeJobs(
      ids.filter((id) => !errors.has(id)),
      this.workerId,
    );
    for (const job of jobs) if (errors.has(job.id)) await this.recordFailure(job, handler, errors.get(job.id));
  }

  private async recordFailure(job: ClaimedJob, handler: JobHandler, err: unknown): Promise<void> {
    const permanent = err instanceof PermanentJobError;
    const lastAttempt = job.attempts >= job.maxAttempts;
    const retryIn = permanent || lastAttempt ? null : this.retryBaseMs * 2 ** (job.attempts - 1);
    const message = errorText(err);
    const recorded = await failJobAttempt(job.id, this.workerId, message, retryIn).catch(() => false);
    if (recorded && retryIn === null) await handler.onFailed?.(job, message, err).catch(() => {});
    if (!permanent) console.error(`[jobs] ${job.kind} ${job.id} attempt ${job.attempts} failed:`, message);
  }
}

async function runJobs(handler: JobHandler, jobs: ClaimedJob[], signal: AbortSignal): Promise<Map<string, unknown>> {
  if ("runBatch" in handler) return handler.runBatch(jobs, { signal });
  const [job] = jobs;
  const lastAttempt = job.attempts >= job.maxAttempts;
  await handler.run(job, { signal, attempt: job.attempts, lastAttempt });
  return new Map();
}

/** The process's runner, started once at boot. */
export function startJobRunner(opts?: RunnerOptions): JobRunner {
  g[runnerKey] ??= new JobRunner(opts);
  return g[runnerKey].start();
}

export async function stopJobRunner(): Promise<void> {
  const runner = g[runnerKey];
  delete g[runnerKey];
  await runner?.stop();
}
