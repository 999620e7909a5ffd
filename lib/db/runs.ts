import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { UIMessage } from "ai";
import { getDb } from "./client";
import { agentRuns, agents, threads, type RunStatus } from "./schema";
import { upsertMessageSql } from "./messages";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { isUniqueViolation } from "./pg-errors";
import { findOwnRow } from "./own-row";
import { dropRunLease, holdRunLease, leaseEnd } from "./run-leases";

export type RunRow = typeof agentRuns.$inferSelect;
export type RunView = {
  id: string;
  threadId: string;
  status: RunStatus;
  runType: RunRow["runType"];
  parentRunId: string | null;
  modelSpec: string | null;
  tokenUsage: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
  createdAt: string;
  finishedAt: string | null;
};

export const ACTIVE_RUN_STATUSES: RunStatus[] = ["pending", "running"];

export function toRunView(r: RunRow): RunView {
  return {
    id: r.id,
    threadId: r.threadId,
    status: r.status,
    runType: r.runType,
    parentRunId: r.parentRunId,
    modelSpec: r.modelSpec,
    tokenUsage: r.tokenUsage ?? null,
    error: r.error ?? null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Starts a run row; the database's partial unique index refuses a second active run per thread. */
export async function createRun(
  actor: Actor,
  input: {
    threadId: string;
    agentId: string | null;
    modelSpec: string;
    runType?: RunRow["runType"];
    parentRunId?: string;
  },
): Promise<RunRow> {
  const db = await getDb();
  try {
    const [row] = await db
      .insert(agentRuns)
      .values({
        id: crypto.randomUUID(),
        threadId: input.threadId,
        userId: actor.id,
        agentId: input.agentId,
        modelSpec: input.modelSpec,
        runType: input.runType ?? "chat",
        parentRunId: input.parentRunId ?? null,
        status: "running",
        leaseUntil: leaseEnd(),
      })
      .returning();
    holdRunLease(row.id); // the process that creates a run executes it
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError(
        "conflict:run",
        "A reply is still running in this conversation. Wait for it or stop it first.",
      );
    }
    throw err;
  }
}

export type RunResult = {
  status: RunStatus;
  tokenUsage?: Record<string, unknown> | null;
  error?: { code: string; message: string } | null;
};

/** Records how the actor's run ended; another user's run is left as it is. */
export async function finishRun(actor: Actor, runId: string, result: RunResult): Promise<void> {
  const db = await getDb();
  dropRunLease(runId);
  await db
    .update(agentRuns)
    .set({
      status: result.status,
      tokenUsage: result.tokenUsage ?? null,
      error: result.error ?? null,
      finishedAt: new Date(),
      leaseUntil: null,
    })
    .where(and(eq(agentRuns.id, runId), eq(agentRuns.userId, actor.id)));
}

/**
 * The writes that end a run, in one statement: the answer (if any) saved into the thread, the
 * run's status, usage and error, and the thread's `updated_at`. Each part is scoped by the actor,
 * as saveMessage, finishRun and touchThread are; a thread or run of another user is left as it
 * is. Returns whether the answer was saved (false when there was none, or the thread is not the
 * actor's). A failing statement writes nothing: the caller then takes the three steps one by one.
 */
export async function endRunWrites(
  actor: Actor,
  end: { threadId: string; runId: string; answer: UIMessage | null; result: RunResult },
): Promise<{ answerSaved: boolean }> {
  const db = await getDb();
  const { threadId, runId, answer, result } = end;
  const now = new Date();
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const saveAnswer = answer ? upsertMessageSql(actor, threadId, answer, runId) : sql`SELECT 1 WHERE false`;
  dropRunLease(runId);
  const { rows } = await db.execute<{ saved: number }>(sql`
    WITH saved AS (${saveAnswer}),
    finished AS (
      UPDATE ${agentRuns}
      SET status = ${result.status}, token_usage = ${json(result.tokenUsage)}::jsonb,
          error = ${json(result.error)}::jsonb, finished_at = ${now}, lease_until = NULL
      WHERE ${agentRuns.id} = ${runId} AND ${agentRuns.userId} = ${actor.id}
      RETURNING 1
    ),
    touched AS (
      UPDATE ${threads} SET updated_at = ${now}
      WHERE ${threads.id} = ${threadId} AND ${threads.userId} = ${actor.id}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM saved)::int AS saved`);
  return { answerSaved: rows[0]?.saved > 0 };
}

export function findRun(actor: Actor, runId: string): Promise<RunRow | null> {
  return findOwnRow(agentRuns, actor, runId);
}

export async function requireRun(actor: Actor, runId: string): Promise<RunRow> {
  const row = await findRun(actor, runId);
  if (!row) throw new ApiError("not_found:run", "This run does not exist.");
  return row;
}

export async function listRuns(actor: Actor, threadId: string, limit = 20): Promise<RunRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(agentRuns)
    .where(and(eq(agentRuns.threadId, threadId), eq(agentRuns.userId, actor.id)))
    .orderBy(desc(agentRuns.createdAt))
    .limit(limit);
}

/** The runs of the subagents this chat delegated to (on its child threads), newest first. */
/** A delegated task as the status panel lists it: the run, the subagent's name and the task's title. */
export type SubagentRunView = RunView & { agentName: string | null; title: string };

/** The subagent runs delegated from `threadId` (its child threads), newest first (owner only). */
export async function listSubagentRuns(actor: Actor, threadId: string, limit = 50): Promise<SubagentRunView[]> {
  const db = await getDb();
  const rows = await db
    .select({ run: agentRuns, title: threads.title, agentName: agents.name })
    .from(agentRuns)
    .innerJoin(threads, eq(threads.id, agentRuns.threadId))
    .leftJoin(agents, eq(agents.id, agentRuns.agentId))
    .where(
      and(
        eq(threads.parentThreadId, threadId),
        eq(threads.userId, actor.id),
        eq(agentRuns.userId, actor.id),
        eq(agentRuns.runType, "subagent"),
      ),
    )
    .orderBy(desc(agentRuns.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...toRunView(r.run), agentName: r.agentName, title: r.title }));
}

/** The thread's newest run of its own (subagent runs aside): the only one an interrupt can be answered on. */
export async function latestThreadRun(actor: Actor, threadId: string): Promise<RunRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(agentRuns)
    .where(and(eq(agentRuns.threadId, threadId), eq(agentRuns.userId, actor.id), ne(agentRuns.runType, "subagent")))
    .orderBy(desc(agentRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** Moves one of the actor's runs from `from` to `to` only if it is still in `from`; false when someone got there first. */
export async function transitionRun(actor: Actor, runId: string, from: RunStatus, to: RunStatus): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(agentRuns)
    .set({ status: to })
    .where(and(eq(agentRuns.id, runId), eq(agentRuns.userId, actor.id), eq(agentRuns.status, from)))
    .returning({ id: agentRuns.id });
  return rows.length > 0;
}

/** Interrupted runs of a thread whose question or approval will never be answered (a new message came instead). */
export async function settleInterruptedRuns(actor: Actor, threadId: string, status: RunStatus): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .update(agentRuns)
    .set({ status })
    .where(and(eq(agentRuns.threadId, threadId), eq(agentRuns.userId, actor.id), eq(agentRuns.status, "interrupted")))
    .returning({ id: agentRuns.id });
  return rows.map((r) => r.id);
}

/** The actor's chats replying now (pending or running; a subagent's run belongs to its chat's). */
export async function countActiveRuns(actor: Actor): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agentRuns)
    .where(
      and(
        eq(agentRuns.userId, actor.id),
        inArray(agentRuns.status, ACTIVE_RUN_STATUSES),
        ne(agentRuns.runType, "subagent"),
      ),
    );
  return row?.n ?? 0;
}

export async function findActiveRun(actor: Actor, threadId: string): Promise<RunRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(agentRuns)
    .where(
      and(
        eq(agentRuns.threadId, threadId),
        eq(agentRuns.userId, actor.id),
        inArray(agentRuns.status, ACTIVE_RUN_STATUSES),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * At start-up no run can still be executing in this process: runs left pending or running by
 * a previous process are failed, so no thread stays blocked by an orphan.
 */
export async function failOrphanedRuns(): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(agentRuns)
    .set({
      status: "failed",
      error: { code: "internal:restart", message: "The server restarted while this reply was running." },
      finishedAt: new Date(),
    })
    .where(inArray(agentRuns.status, ACTIVE_RUN_STATUSES))
    .returning({ id: agentRuns.id });
  return rows.length;
}

/**
 * Changes a run's saved usage under its row lock: `update` gets the usage as saved (null when
 * the run saved none) and gives what to save. For the app's own model calls made for a run after
 * it ended (lib/runs/first-answer-title.ts).
 */
export async function updateRunUsage(
  actor: Actor,
  runId: string,
  update: (usage: Record<string, unknown> | null) => Record<string, unknown>,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tokenUsage: agentRuns.tokenUsage })
      .from(agentRuns)
      .where(and(eq(agentRuns.id, runId), eq(agentRuns.userId, actor.id)))
      .for("update");
    if (!row) return;
    await tx
      .update(agentRuns)
      .set({ tokenUsage: update((row.tokenUsage as Record<string, unknown> | null) ?? null) })
      .where(eq(agentRuns.id, runId));
  });
}
