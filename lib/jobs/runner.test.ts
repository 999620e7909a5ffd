import { asc, eq } from "drizzle-orm";
import { readUntil } from "@/lib/testing/wait";
import { getDb } from "@/lib/db/client";
import { jobs } from "@/lib/db/kb-schema";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { cancelJobsInGroup, claimJob, findJob, insertJob, type BatchWeight, type ClaimedJob } from "@/lib/db/jobs";
import {
  enqueueJob,
  enqueueNewJobs,
  JobRunner,
  PermanentJobError,
  registerJobHandler,
  type JobContext,
} from "./runner";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const runners: JobRunner[] = [];
// A lease far above any job here: on a loaded CI machine a renewal can come late, and a lease that
// expires mid-job frees its slot (six jobs of a group limited to three ran at once with 600 ms).
// The tests of takeover and renewal set their own short leases.
const runner = (opts: ConstructorParameters<typeof JobRunner>[0] = {}) => {
  const r = new JobRunner({ pollMs: 50, leaseMs: 10_000, retryBaseMs: 20, ...opts });
  runners.push(r);
  return r;
};
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000) =>
  readUntil(read, ok, { ms, everyMs: 25 });
const settled = (id: string) =>
  until(
    () => findJob(id),
    (j) => j !== null && ["completed", "failed", "cancelled"].includes(j.status),
  );

/** onFailed runs after the job's row is marked failed: wait for it before looking. */
const reported = (failed: unknown[]) =>
  until(
    async () => failed.length,
    (n) => n > 0,
  );

let kindNo = 0;
function kind(run: (job: ClaimedJob, ctx: JobContext) => Promise<void>) {
  const name = `test.kind${++kindNo}`;
  const failed: { job: ClaimedJob; error: string }[] = [];
  registerJobHandler(name, { run, onFailed: async (job, error) => void failed.push({ job, error }) });
  return { name, failed };
}

describe("the job runner", () => {
  it("runs a queued job once and marks it completed", async () => {
    const seen: unknown[] = [];
    const k = kind(async (job) => void seen.push(job.payload));
    runner().start();
    const { id } = await enqueueJob({ kind: k.name, payload: { n: 1 } });
    expect(await settled(id)).toMatchObject({ status: "completed", attempts: 1, lastError: null });
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("does not queue a second job for a group that has one waiting", async () => {
    const k = kind(async () => {});
    const first = await insertJob({ kind: k.name, payload: {}, groupKey: "doc-1" });
    const second = await insertJob({ kind: k.name, payload: {}, groupKey: "doc-1" });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    runner().start();
    await settled(first.id);
    const third = await insertJob({ kind: k.name, payload: {}, groupKey: "doc-1" });
    expect(third.created).toBe(true);
  });

  it("runs at most a group's limit of jobs at once, across workers, in a pool of the kind's own", async () => {
    let running = 0;
    let most = 0;
    const name = `test.kind${++kindNo}`;
    registerJobHandler(name, {
      concurrency: 8,
      serializedClaims: true,
      async run() {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 120));
        running -= 1;
      },
    });
    // A group of many jobs (no de-duplication above a limit of 1), and two workers competing for them.
    const ids = [];
    for (let i = 0; i < 9; i++)
      ids.push((await insertJob({ kind: name, payload: { i }, groupKey: "sem-1", groupLimit: 3 })).id);
    expect(new Set(ids).size).toBe(9);
    // The shared pool of 1 does not hold these back: the kind has its own.
    runner({ concurrency: 1 }).start();
    runner({ concurrency: 1 }).start();
    for (const id of ids) expect((await settled(id))?.status).toBe("completed");
    expect(most).toBe(3);
  });

  it("retries a failed attempt and keeps the last error while it waits", async () => {
    let calls = 0;
    const k = kind(async () => {
      if (++calls === 1) throw new Error("flaky network");
    });
    runner().start();
    const { id } = await enqueueJob({ kind: k.name, payload: {} });
    expect(await settled(id)).toMatchObject({ status: "completed", attempts: 2 });
    expect(k.failed).toEqual([]);
  });

  it("fails at once on a permanent error and reports it once", async () => {
    let calls = 0;
    const k = kind(async () => {
      calls++;
      throw new PermanentJobError("The PDF is damaged.");
    });
    runner().start();
    const { id } = await enqueueJob({ kind: k.name, payload: {} });
    expect(await settled(id)).toMatchObject({ status: "failed", attempts: 1, lastError: "The PDF is damaged." });
    expect(calls).toBe(1);
    // The handler hears of it right after the row says failed.
    await reported(k.failed);
    expect(k.failed.map((f) => f.error)).toEqual(["The PDF is damaged."]);
  });

  it("gives up after the last attempt", async () => {
    const k = kind(async (_job, ctx) => {
      throw new Error(`attempt ${ctx.attempt}${ctx.lastAttempt ? " (last)" : ""}`);
    });
    runner().start();
    const { id } = await enqueueJob({ kind: k.name, payload: {}, maxAttempts: 3 });
    expect(await settled(id)).toMatchObject({ status: "failed", attempts: 3, lastError: "attempt 3 (last)" });
    await reported(k.failed);
    expect(k.failed).toHaveLength(1);
  });

  it("takes over a job whose worker died once its lease expires", async () => {
    const ran: string[] = [];
    const k = kind(async () => void ran.push("again"));
    const { id } = await insertJob({ kind: k.name, payload: {} });
    // A worker claims it and dies: nothing renews the lease.
    expect(await claimJob("dead-worker", [k.name], 300)).toMatchObject({ id, attempts: 1 });
    const live = runner().start();
    await new Promise((r) => setTimeout(r, 150));
    expect((await findJob(id))?.status).toBe("running"); // the lease still holds
    expect(ran).toEqual([]);
    expect(await settled(id)).toMatchObject({ status: "completed", attempts: 2, workerId: live.workerId });
    expect(ran).toEqual(["again"]);
  });

  it("fails a job whose worker died on its last attempt, and tells the handler", async () => {
    const k = kind(async () => {});
    const { id } = await insertJob({ kind: k.name, payload: { doc: "x" }, maxAttempts: 1 });
    await claimJob("dead-worker", [k.name], 100);
    runner().start();
    const job = await settled(id);
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job?.lastError).toMatch(/stopped before it finished/);
    await reported(k.failed);
    expect(k.failed.map((f) => f.job.payload)).toEqual([{ doc: "x" }]);
  });

  it("keeps a long job alive by renewing its lease", async () => {
    const k = kind((_job, ctx) => new Promise((resolve) => setTimeout(resolve, 1500, ctx)));
    runner({ leaseMs: 300 }).start();
    const { id } = await enqueueJob({ kind: k.name, payload: {} });
    const claimed = await until(
      () => findJob(id),
      (j) => j?.status === "running",
    );
    // Another worker polling all along, five leases long, never takes it over.
    runner({ leaseMs: 300 }).start();
    expect(await settled(id)).toMatchObject({ status: "completed", attempts: 1, workerId: claimed?.workerId });
  });

  it("aborts a running job that was cancelled, and leaves it cancelled", async () => {
    let aborted = false;
    const k = kind(
      (_job, ctx) =>
        new Promise<void>((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => {
            aborted = true;
            reject(ctx.signal.reason);
          });
        }),
    );
    const r = runner({ leaseMs: 300 }).start();
    const { id } = await enqueueJob({ kind: k.name, payload: {}, groupKey: "cancel-me" });
    await until(
      () => findJob(id),
      (j) => j?.status === "running",
    );
    expect(await cancelJobsInGroup("cancel-me")).toBe(1);
    await until(
      async () => aborted,
      (v) => v,
    );
    await until(
      async () => r.activeJobs,
      (n) => n === 0,
    );
    expect(await findJob(id)).toMatchObject({ status: "cancelled" });
    expect(k.failed).toEqual([]);
  });

  it("on stop, hands a running job back without using up an attempt", async () => {
    let started = 0;
    const k = kind(
      (_job, ctx) =>
        new Promise<void>((resolve, reject) => {
          if (++started > 1) return resolve();
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason));
        }),
    );
    const first = runner().start();
    const { id } = await enqueueJob({ kind: k.name, payload: {} });
    await until(
      async () => started,
      (n) => n === 1,
    );
    await first.stop();
    expect(await findJob(id)).toMatchObject({ status: "queued", attempts: 0 });
    runner().start();
    expect(await settled(id)).toMatchObject({ status: "completed", attempts: 1 });
  });

  describe("a kind that runs jobs in batches", () => {
    function batchKind(batchSize: number, fail: (job: ClaimedJob) => unknown, batchWeight?: BatchWeight) {
      const name = `test.batch${++kindNo}`;
      const batches: number[][] = [];
      const failed: string[] = [];
      registerJobHandler(name, {
        batchSize,
        batchWeight,
        runBatch: async (jobs) => {
          batches.push(jobs.map((j) => Number(j.payload.n)));
          const errors = new Map<string, unknown>();
          for (const job of jobs) {
            const err = fail(job);
            if (err) errors.set(job.id, err);
          }
          return errors;
        },
        onFailed: async (job, error) => void failed.push(`${job.payload.n}: ${error}`),
      });
      return { name, batches, failed };
    }
    const jobsOf = async (name: string) =>
      (await getDb()).select().from(jobs).where(eq(jobs.kind, name)).orderBy(asc(jobs.createdAt));

    it("hands ready jobs over together, up to the batch size, and retries only the one that failed", async () => {
      const k = batchKind(3, (job) => (job.payload.n === 2 && job.attempts === 1 ? new Error("flaky") : null));
      await enqueueNewJobs([1, 2, 3, 4, 5].map((n) => ({ kind: k.name, payload: { n }, groupKey: `b${kindNo}-${n}` })));
      // The failed job comes back after the second batch was claimed, even on a loaded machine.
      runner({ concurrency: 1, retryBaseMs: 1_500 }).start();
      const done = await until(
        () => jobsOf(k.name),
        (list) => list.every((j) => j.status === "completed"),
      );
      expect(k.batches.slice(0, 2).map((b) => b.length)).toEqual([3, 2]);
      expect(k.batches.flat().sort()).toEqual([1, 2, 2, 3, 4, 5]);
      expect(done.map((j) => [j.payload.n, j.attempts])).toEqual(
        expect.arrayContaining([
          [1, 1],
          [2, 2],
          [3, 1],
          [4, 1],
          [5, 1],
        ]),
      );
      expect(k.failed).toEqual([]);
    });

    it("fails a job with a permanent error alone, and tells the handler once", async () => {
      const k = batchKind(4, (job) => (job.payload.n === 1 ? new PermanentJobError("The PDF is damaged.") : null));
      await enqueueNewJobs([1, 2].map((n) => ({ kind: k.name, payload: { n } })));
      runner().start();
      const done = await until(
        () => jobsOf(k.name),
        (list) => list.every((j) => j.status === "completed" || j.status === "failed"),
      );
      expect(done.map((j) => [j.payload.n, j.status])).toEqual(
        expect.arrayContaining([
          [1, "failed"],
          [2, "completed"],
        ]),
      );
      expect(k.batches).toEqual([[1, 2]]);
      await reported(k.failed);
      expect(k.failed).toEqual(["1: The PDF is damaged."]);
    });

    it("caps a batch by the sum of a payload number, and still runs a job heavier than the cap alone", async () => {
      const k = batchKind(8, () => null, { key: "bytes", max: 10 });
      for (const [n, bytes] of [
        [1, 4],
        [2, 4],
        [3, 4],
        [4, 20],
        [5, 1],
      ]) {
        await insertJob({ kind: k.name, payload: { n, bytes } });
        await new Promise((r) => setTimeout(r, 3)); // queued in this order (PGlite's clock has millisecond steps)
      }
      runner({ concurrency: 1 }).start();
      await until(
        () => jobsOf(k.name),
        (list) => list.every((j) => j.status === "completed"),
      );
      // 4 + 4 fit in 10, a third 4 does not; 20 is over the cap and runs alone; the queue keeps its order.
      expect(k.batches).toEqual([[1, 2], [3], [4], [5]]);
    });

    it("never hands over a job whose group already has one running", async () => {
      const k = batchKind(4, () => null);
      const { id } = await insertJob({ kind: k.name, payload: { n: 1 }, groupKey: "same-doc" });
      await claimJob("live-worker", [k.name], 60_000); // running elsewhere under a live lease
      await (
        await getDb()
      )
        .insert(jobs)
        .values({ id: crypto.randomUUID(), kind: k.name, payload: { n: 2 }, groupKey: "same-doc" });
      await enqueueJob({ kind: k.name, payload: { n: 3 } });
      runner().start();
      await until(
        async () => k.batches.flat(),
        (ns) => ns.includes(3),
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(k.batches.flat()).toEqual([3]);
      expect((await findJob(id))?.workerId).toBe("live-worker");
    });
  });
});
