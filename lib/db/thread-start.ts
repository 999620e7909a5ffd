import { and, eq, sql } from "drizzle-orm";
import type { UIMessage } from "ai";
import { getDb } from "./client";
import { preparedQuery } from "./prepared-query";
import { agentRuns, messages, threads } from "./schema";
import type { Actor } from "@/lib/identity/actor";
import type { ThreadRow } from "./threads";
import { MAX_TITLE_LENGTH } from "./threads";
import type { RunRow } from "./runs";
import { holdRunLease, leaseEnd } from "./run-leases";
import { catalogVersionsObject, toCatalogVersions, type CatalogVersions } from "./catalog-cache";

/**
 * What a chat's start reads first, in one statement: the actor's thread (null when it has none
 * with this id, someone else's included) and the catalog's versions (catalog-cache.ts).
 */
export async function findThreadForStart(
  actor: Actor,
  id: string,
): Promise<{ thread: ThreadRow | null; catalog: CatalogVersions }> {
  const db = await getDb();
  const [row] = await preparedQuery(db, "threadForStart", (db) => {
    const one = db
      .select({ versions: catalogVersionsObject().as("versions") })
      .from(sql`(select 1) as one`)
      .as("v");
    return db
      .select({ thread: threads, versions: one.versions })
      .from(one)
      .leftJoin(threads, and(eq(threads.id, sql.placeholder("id")), eq(threads.userId, sql.placeholder("userId"))))
      .prepare("");
  }).execute({ id, userId: actor.id });
  return { thread: row?.thread ?? null, catalog: toCatalogVersions(row?.versions ?? null) };
}

export type NewThreadStart = {
  thread: { id: string; agentId: string | null; title: string; modelSpec: string | null; coordinator: boolean };
  run: { modelSpec: string };
  /** The user's first message, saved under the run. */
  message: UIMessage;
};

/**
 * The first message of a new conversation: the thread, its running run and the user's message,
 * written by one statement (all three or none), instead of three round trips that PGlite runs one
 * after another. Returns null when the thread id is already taken (by the actor or anyone else):
 * the caller then takes the step-by-step path, which tells those two apart. A message id that
 * belongs to another thread is left alone, as saveMessage does.
 */
export async function startNewThread(
  actor: Actor,
  start: NewThreadStart,
): Promise<{ thread: ThreadRow; run: RunRow } | null> {
  const db = await getDb();
  const now = new Date();
  const thread: ThreadRow = {
    id: start.thread.id,
    userId: actor.id,
    agentId: start.thread.agentId,
    title: start.thread.title.slice(0, MAX_TITLE_LENGTH),
    modelSpec: start.thread.modelSpec,
    rootThreadId: start.thread.id,
    parentThreadId: null,
    coordinator: start.thread.coordinator,
    createdAt: now,
    updatedAt: now,
  };
  const run: RunRow = {
    id: crypto.randomUUID(),
    threadId: thread.id,
    userId: actor.id,
    agentId: thread.agentId,
    runType: "chat",
    status: "running",
    parentRunId: null,
    modelSpec: start.run.modelSpec,
    tokenUsage: null,
    error: null,
    createdAt: now,
    finishedAt: null,
    leaseUntil: leaseEnd(now.getTime()),
  };
  const metadata = (start.message.metadata as Record<string, unknown> | undefined) ?? null;
  const { rows } = await db.execute<{ created: number }>(sql`
    WITH t AS (
      INSERT INTO ${threads} (id, user_id, agent_id, title, model_spec, root_thread_id, coordinator, created_at, updated_at)
      VALUES (${thread.id}, ${actor.id}, ${thread.agentId}, ${thread.title}, ${thread.modelSpec}, ${thread.id},
              ${thread.coordinator}, ${now}, ${now})
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    ),
    r AS (
      INSERT INTO ${agentRuns} (id, thread_id, user_id, agent_id, run_type, status, model_spec, created_at, lease_until)
      SELECT ${run.id}, t.id, ${actor.id}, ${run.agentId}, 'chat', 'running', ${run.modelSpec}, ${now}, ${run.leaseUntil} FROM t
      RETURNING 1
    ),
    m AS (
      INSERT INTO ${messages} (id, thread_id, role, parts, metadata, run_id)
      SELECT ${start.message.id}, t.id, 'user', ${JSON.stringify(start.message.parts)}::jsonb,
             ${metadata === null ? null : JSON.stringify(metadata)}::jsonb, ${run.id} FROM t
      ON CONFLICT (id) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS created FROM r`);
  if (rows[0]?.created !== 1) return null;
  holdRunLease(run.id); // the process that creates a run executes it
  return { thread, run };
}
