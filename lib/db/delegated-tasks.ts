import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "./client";
import { delegatedTasks, type DelegatedTaskStatus } from "./schema";
import { jobs } from "./kb-schema";
import type { Actor } from "@/lib/identity/actor";

/**
 * A coordinator's delegated tasks (docs/ARCHITECTURE.md, "Subagents and coordinator"). The
 * coordinator's tools and the status panel read them for the acting user and the coordinating chat;
 * the job that runs one writes its state by id (system work: the job re-checks the user before it
 * starts).
 */

export type DelegatedTaskRow = typeof delegatedTasks.$inferSelect;

/** A task as the API shows it (the status panel's coordinator section). */
export type DelegatedTaskView = {
  id: string;
  agentName: string;
  description: string;
  status: DelegatedTaskRow["status"];
  progress: DelegatedTaskRow["progress"];
  childThreadId: string | null;
  childRunId: string | null;
  error: string | null;
  /** The worker run's provider-reported tokens, once known. */
  tokens: { input: number; output: number } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export function toTaskView(t: DelegatedTaskRow, tokens: DelegatedTaskView["tokens"] = null): DelegatedTaskView {
  return {
    id: t.id,
    agentName: t.agentName,
    description: t.description.slice(0, 500),
    status: t.status,
    progress: t.progress ?? null,
    childThreadId: t.childThreadId,
    childRunId: t.childRunId,
    error: t.error,
    tokens,
    createdAt: t.createdAt.toISOString(),
    startedAt: t.startedAt?.toISOString() ?? null,
    finishedAt: t.finishedAt?.toISOString() ?? null,
  };
}
export const OPEN_TASK_STATUSES: DelegatedTaskStatus[] = ["queued", "running"];

export async function insertDelegatedTask(
  actor: Actor,
  input: Pick<
    DelegatedTaskRow,
    "threadId" | "parentRunId" | "agentSlug" | "agentName" | "description" | "modelSpec" | "timeoutMs"
  >,
): Promise<DelegatedTaskRow> {
  const db = await getDb();
  const [row] = await db
    .insert(delegatedTasks)
    .values({ id: crypto.randomUUID(), userId: actor.id, ...input })
    .returning();
  return row;
}

/** The chat's tasks with these ids (others are simply missing), for the actor only. */
export async function findDelegatedTasks(actor: Actor, threadId: string, ids: string[]): Promise<DelegatedTaskRow[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(delegatedTasks)
    .where(
      and(eq(delegatedTasks.userId, actor.id), eq(delegatedTasks.threadId, threadId), inArray(delegatedTasks.id, ids)),
    );
}

/** The chat's tasks, newest first. */
export async function listDelegatedTasks(actor: Actor, threadId: string, limit = 100): Promise<DelegatedTaskRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(delegatedTasks)
    .where(and(eq(delegatedTasks.userId, actor.id), eq(delegatedTasks.threadId, threadId)))
    .orderBy(desc(delegatedTasks.createdAt))
    .limit(limit);
}

/** How many of the chat's tasks (or, without `threadId`, all the actor's) are queued or running. */
export async function countOpenTasks(actor: Actor, threadId?: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(delegatedTasks)
    .where(
      and(
        eq(delegatedTasks.userId, actor.id),
        threadId === undefined ? undefined : eq(delegatedTasks.threadId, threadId),
        inArray(delegatedTasks.status, OPEN_TASK_STATUSES),
      ),
    );
  return row?.n ?? 0;
}

export async function setTaskJob(id: string, jobId: string): Promise<void> {
  const db = await getDb();
  await db.update(delegatedTasks).set({ jobId }).where(eq(delegatedTasks.id, id));
}

/** The job's view of its task (no actor: the job re-checks the task's user itself). */
export async function getTaskForJob(id: string): Promise<DelegatedTaskRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(delegatedTasks).where(eq(delegatedTasks.id, id));
  return row ?? null;
}

/** A worker took the task: running, with its start time kept from the first attempt. False when it was stopped meanwhile. */
export async function markTaskRunning(id: string): Promise<DelegatedTaskRow | null> {
  const db = await getDb();
  const [row] = await db
    .update(delegatedTasks)
    .set({ status: "running", startedAt: sql`coalesce(${delegatedTasks.startedAt}, now())` })
    .where(and(eq(delegatedTasks.id, id), inArray(delegatedTasks.status, OPEN_TASK_STATUSES)))
    .returning();
  return row ?? null;
}

export async function setTaskChild(id: string, child: { childThreadId: string; childRunId: string }): Promise<void> {
  const db = await getDb();
  await db.update(delegatedTasks).set(child).where(eq(delegatedTasks.id, id));
}

export async function setTaskProgress(id: string, progress: DelegatedTaskRow["progress"]): Promise<void> {
  const db = await getDb();
  await db
    .update(delegatedTasks)
    .set({ progress })
    .where(and(eq(delegatedTasks.id, id), eq(delegatedTasks.status, "running")));
}

/** Ends an open task; a task already ended (stopped by the user, say) keeps its outcome. */
export async function finishTask(
  id: string,
  outcome: {
    status: Exclude<DelegatedTaskStatus, "queued" | "running">;
    result?: string | null;
    error?: string | null;
  },
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(delegatedTasks)
    .set({
      status: outcome.status,
      result: outcome.result ?? null,
      error: outcome.error ?? null,
      finishedAt: new Date(),
    })
    .where(and(eq(delegatedTasks.id, id), inArray(delegatedTasks.status, OPEN_TASK_STATUSES)))
    .returning({ id: delegatedTasks.id });
  return rows.length > 0;
}

/**
 * Stops the actor's task: cancelled (if still open) together with its job, in one statement, so
 * no worker claims it afterwards and the one running it loses its lease. Idempotent: a task
 * already ended is returned as it is. Null when the chat has no such task.
 */
export async function stopDelegatedTask(
  actor: Actor,
  threadId: string,
  id: string,
): Promise<{ task: DelegatedTaskRow; stopped: boolean } | null> {
  const db = await getDb();
  const res = await db.execute<{ id: string }>(sql`
    with t as (
      update ${delegatedTasks} set status = 'cancelled', finished_at = now(), error = 'Stopped.'
      where id = ${id} and user_id = ${actor.id} and thread_id = ${threadId} and status in ('queued', 'running')
      returning id, job_id
    ), j as (
      update ${jobs} set status = 'cancelled', finished_at = now(), updated_at = now(), lease_until = null
      where id = (select job_id from t) and status in ('queued', 'running')
      returning id
    )
    select id from t`);
  const [task] = await findDelegatedTasks(actor, threadId, [id]);
  return task ? { task, stopped: res.rows.length > 0 } : null;
}
