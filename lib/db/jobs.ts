import { sql } from "drizzle-orm";
import { getDb } from "./client";
import type { jobs } from "./kb-schema";

/**
 * The job queue's statements (lib/jobs runs them). Jobs are system work: whoever enqueues one
 * has already been checked for the resource it touches, and each handler re-checks its target.
 */

export type JobRow = typeof jobs.$inferSelect;

export type NewJob = {
  kind: string;
  payload: Record<string, unknown>;
  /** Jobs with one key run one at a time, and a key with a queued or running job is not enqueued twice. */
  groupKey?: string;
  /** Up to this many jobs of the group run at once (a semaphore); above 1, a key takes any number of jobs. */
  groupLimit?: number;
  maxAttempts?: number;
  delayMs?: number;
};

type RawJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: JobRow["status"];
  group_key: string | null;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
};

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  groupKey: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
};

const claimed = (r: RawJob): ClaimedJob => ({
  id: r.id,
  kind: r.kind,
  payload: r.payload,
  groupKey: r.group_key,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lastError: r.last_error,
});

/**
 * Adds a job; with a one-at-a-time group key that already has a queued or running job, returns
 * that job's id instead.
 */
export async function insertJob(job: NewJob): Promise<{ id: string; created: boolean }> {
  const db = await getDb();
  const id = crypto.randomUUID();
  const delay = `${Math.max(0, Math.round(job.delayMs ?? 0))} milliseconds`;
  const limit = Math.max(1, Math.floor(job.groupLimit ?? 1));
  // One statement, so two concurrent enqueues of one key cannot both insert.
  const res = await db.execute<{ id: string; created: boolean }>(sql`
    with existing as (
      select id from jobs
      where ${job.groupKey ?? null}::text is not null and ${limit}::int = 1 and group_key = ${job.groupKey ?? null}
        and status in ('queued', 'running')
      limit 1
    ), inserted as (
      insert into jobs (id, kind, payload, group_key, group_limit, max_attempts, run_after)
      select ${id}, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.groupKey ?? null}, ${limit},
             ${job.maxAttempts ?? 3}, now() + ${delay}::interval
      where not exists (select 1 from existing)
      returning id
    )
    select id, true as created from inserted
    union all
    select id, false as created from existing`);
  return res.rows[0];
}

/**
 * Adds jobs whose group keys are new (e.g. freshly stored documents) in one statement. Only for
 * keys that cannot have a queued or running job yet: it does not check, unlike insertJob.
 */
async function insertNewJobs(list: NewJob[]): Promise<void> {
  if (list.length === 0) return;
  const db = await getDb();
  const col = <T>(pick: (j: NewJob) => T) => sql.param(list.map(pick));
  await db.execute(sql`
    insert into jobs (id, kind, payload, group_key, max_attempts, run_after)
    select u.id, u.kind, u.payload::jsonb, u.group_key, u.max_attempts, now()
    from unnest(${col(() => crypto.randomUUID())}::text[], ${col((j) => j.kind)}::text[],
                ${col((j) => JSON.stringify(j.payload))}::text[], ${col((j) => j.groupKey ?? null)}::text[],
                ${col((j) => j.maxAttempts ?? 3)}::int[]) as u(id, kind, payload, group_key, max_attempts)`);
}

const wakeKey = Symbol.for("meridian.jobsQueued");
type WakeGlobal = typeof globalThis & { [wakeKey]?: () => void };

/** Who to wake when jobs are queued: this process's runner (lib/jobs/runner.ts), shared by every bundle. */
export function onJobsQueued(wake: () => void): void {
  (globalThis as WakeGlobal)[wakeKey] = wake;
}

/** Queues a job and wakes this process's runner; see insertJob for the group rule. */
export async function enqueueJob(job: NewJob): Promise<{ id: string; created: boolean }> {
  const result = await insertJob(job);
  (globalThis as WakeGlobal)[wakeKey]?.();
  return result;
}

/** Queues jobs under new group keys in one statement (see insertNewJobs) and wakes the runner. */
export async function enqueueNewJobs(list: NewJob[]): Promise<void> {
  await insertNewJobs(list);
  (globalThis as WakeGlobal)[wakeKey]?.();
}

/**
 * A job `j` that may be claimed now: queued and due, or running under an expired lease with
 * attempts left; never while its group already runs `group_limit` jobs under live leases.
 */
const claimable = sql`
  ((j.status = 'queued' and j.run_after <= now())
    or (j.status = 'running' and j.lease_until < now() and j.attempts < j.max_attempts))
  and (j.group_key is null or (
    select count(*) from jobs o
    where o.group_key = j.group_key and o.id <> j.id and o.status = 'running' and o.lease_until >= now()
  ) < j.group_limit)`;

/** Claims of group-limited kinds take this lock, so two workers cannot both fill a group's last slot. */
const CLAIM_LOCK = sql`select pg_advisory_xact_lock(hashtext('meridian.jobs.claim'))`;

const takenBy = (workerId: string, leaseMs: number) =>
  sql`status = 'running', attempts = attempts + 1, worker_id = ${workerId},
      lease_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()`;

/**
 * Claims the oldest ready job of the given kinds for `workerId`: a queued job whose time has
 * come, or a running one whose lease expired (its worker died). A job whose group already has
 * a job running under a live lease waits.
 */
export async function claimJob(
  workerId: string,
  kinds: string[],
  leaseMs: number,
  opts: { serialized?: boolean } = {},
): Promise<ClaimedJob | null> {
  const db = await getDb();
  const claim = sql`
    update jobs set ${takenBy(workerId, leaseMs)}
    where id = (
      select j.id from jobs j
      where j.kind = any(${sql.param(kinds)}::text[])
        and ${claimable}
      order by j.run_after, j.created_at
      limit 1
      for update skip locked)
    returning id, kind, payload, status, group_key, attempts, max_attempts, last_error`;
  const res = opts.serialized
    ? await db.transaction(async (tx) => {
        await tx.execute(CLAIM_LOCK);
        return tx.execute<RawJob>(claim);
      })
    : await db.execute<RawJob>(claim);
  return res.rows[0] ? claimed(res.rows[0]) : null;
}

/** A batch's cap on the sum of a numeric payload field (e.g. the bytes of documents). */
export type BatchWeight = { key: string; max: number };

/** A job's weight under `weight`: its payload's number, 0 without one. */
export function jobWeight(job: Pick<ClaimedJob, "payload">, weight: BatchWeight): number {
  const value = Number(job.payload[weight.key]);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Claims up to `limit` more ready jobs of one kind for `workerId`, oldest first, under the same
 * rules as claimJob: for a worker that runs jobs of this kind together (JobHandler's batch).
 * With `weight`, the claimed jobs' weights add up to at most `weight.max`.
 */
export async function claimMoreJobs(
  workerId: string,
  kind: string,
  leaseMs: number,
  limit: number,
  weight?: BatchWeight,
): Promise<ClaimedJob[]> {
  if (limit <= 0 || (weight && weight.max <= 0)) return [];
  const db = await getDb();
  const w = weight
    ? sql`case when (j.payload->>${weight.key}) ~ '^[0-9]+$' then (j.payload->>${weight.key})::float8 else 0 end`
    : sql`0::float8`;
  // The candidates are locked first (FOR UPDATE cannot sit beside the window that adds up their
  // weights); those over the budget are left as they were and unlocked when the statement ends.
  const res = await db.execute<RawJob & { created_at: string }>(sql`
    with picked as materialized (
      select j.id, j.run_after, j.created_at, ${w} as weight from jobs j
      where j.kind = ${kind}
        and ${claimable}
      order by j.run_after, j.created_at
      limit ${limit}
      for update skip locked
    ), within as (
      select id from (
        select id, sum(weight) over (order by run_after, created_at, id) as running from picked
      ) r
      where ${weight ? sql`r.running <= ${weight.max}` : sql`true`}
    )
    update jobs set ${takenBy(workerId, leaseMs)}
    where id in (select id from within)
    returning id, kind, payload, status, group_key, attempts, max_attempts, last_error, created_at::text`);
  return res.rows.sort((a, b) => a.created_at.localeCompare(b.created_at)).map(claimed);
}

/** Running jobs whose worker died on their last attempt: marked failed and returned, once. */
export async function failAbandonedJobs(kinds: string[]): Promise<ClaimedJob[]> {
  const db = await getDb();
  const res = await db.execute<RawJob>(sql`
    update jobs set status = 'failed', finished_at = now(), updated_at = now(), lease_until = null,
           last_error = 'The worker running this job stopped before it finished.'
    where id in (
      select id from jobs
      where kind = any(${sql.param(kinds)}::text[]) and status = 'running' and lease_until < now() and attempts >= max_attempts
      for update skip locked)
    returning id, kind, payload, status, group_key, attempts, max_attempts, last_error`);
  return res.rows.map(claimed);
}

/** Extends the leases of jobs run together; returns the ids that are still this worker's. */
export async function renewJobLeases(ids: string[], workerId: string, leaseMs: number): Promise<string[]> {
  const db = await getDb();
  const res = await db.execute<{ id: string }>(sql`
    update jobs set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    where id = any(${sql.param(ids)}::text[]) and worker_id = ${workerId} and status = 'running'
    returning id`);
  return res.rows.map((r) => r.id);
}

export async function completeJobs(ids: string[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  const db = await getDb();
  await db.execute(sql`
    update jobs set status = 'completed', finished_at = now(), updated_at = now(), lease_until = null, last_error = null
    where id = any(${sql.param(ids)}::text[]) and worker_id = ${workerId} and status = 'running'`);
}

/** A failed attempt: queued again after `retryInMs`, or failed for good when `retryInMs` is null. */
export async function failJobAttempt(id: string, workerId: string, error: string, retryInMs: number | null) {
  const db = await getDb();
  const res = await db.execute(sql`
    update jobs set last_error = ${error.slice(0, 2000)}, updated_at = now(), lease_until = null,
      status = ${retryInMs === null ? "failed" : "queued"},
      finished_at = ${retryInMs === null ? sql`now()` : null},
      run_after = now() + ${`${retryInMs ?? 0} milliseconds`}::interval
    where id = ${id} and worker_id = ${workerId} and status = 'running'
    returning id`);
  return res.rows.length > 0;
}

/** On a graceful stop: this worker's running jobs go back to the queue without using up an attempt. */
export async function releaseJobs(workerId: string): Promise<number> {
  const db = await getDb();
  const res = await db.execute(sql`
    update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), lease_until = null,
           worker_id = null, run_after = now(), updated_at = now()
    where worker_id = ${workerId} and status = 'running'
    returning id`);
  return res.rows.length;
}

/** Cancels the queued and running jobs of a group; a running one stops at its next lease renewal. */
export async function cancelJobsInGroup(groupKey: string): Promise<number> {
  const db = await getDb();
  const res = await db.execute(sql`
    update jobs set status = 'cancelled', finished_at = now(), updated_at = now(), lease_until = null
    where group_key = ${groupKey} and status in ('queued', 'running')
    returning id`);
  return res.rows.length;
}

/** Finished jobs older than `olderThanMs` are forgotten. */
export async function deleteFinishedJobs(olderThanMs: number): Promise<number> {
  const db = await getDb();
  const res = await db.execute(sql`
    delete from jobs where status in ('completed', 'failed', 'cancelled')
      and finished_at < now() - ${`${olderThanMs} milliseconds`}::interval
    returning id`);
  return res.rows.length;
}

export async function findJob(id: string): Promise<JobRow | null> {
  const db = await getDb();
  const res = await db.query.jobs.findFirst({ where: (j, { eq }) => eq(j.id, id) });
  return res ?? null;
}
