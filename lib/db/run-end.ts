import { sql } from "drizzle-orm";
import type { UIMessage } from "ai";
import { getDb } from "./client";
import { agentRuns, threads, type RunStatus } from "./schema";
import { upsertMessageSql } from "./messages";
import type { Actor } from "@/lib/auth/actor";

export type RunResult = {
  status: RunStatus;
  tokenUsage?: Record<string, unknown> | null;
  error?: { code: string; message: string } | null;
};

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
  const { rows } = await db.execute<{ saved: number }>(sql`
    WITH saved AS (${saveAnswer}),
    finished AS (
      UPDATE ${agentRuns}
      SET status = ${result.status}, token_usage = ${json(result.tokenUsage)}::jsonb,
          error = ${json(result.error)}::jsonb, finished_at = ${now}
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
