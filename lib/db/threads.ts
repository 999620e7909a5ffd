import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "./client";
import { agentRuns, threads } from "./schema";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { findOwnRow } from "./own-row";

export type ThreadRow = typeof threads.$inferSelect;
export type ThreadStatus = "idle" | "running" | "interrupted";
export type ThreadSummary = {
  id: string;
  title: string;
  agentId: string | null;
  modelSpec: string | null;
  /** Coordinator mode is on for this chat. */
  coordinator: boolean;
  status: ThreadStatus;
  createdAt: string;
  updatedAt: string;
};

export const MAX_TITLE_LENGTH = 200;

/** Threads the actor owns, newest first. Subagent child threads never appear in the chat list. */
export async function listThreads(actor: Actor): Promise<ThreadSummary[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(threads)
    .where(and(eq(threads.userId, actor.id), isNull(threads.parentThreadId)))
    .orderBy(desc(threads.updatedAt));
  return withStatus(rows);
}

async function withStatus(rows: ThreadRow[]): Promise<ThreadSummary[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const active = await db
    .select({ threadId: agentRuns.threadId, status: agentRuns.status })
    .from(agentRuns)
    .where(
      and(
        inArray(
          agentRuns.threadId,
          rows.map((r) => r.id),
        ),
        inArray(agentRuns.status, ["pending", "running", "interrupted"]),
      ),
    );
  const statusOf = new Map<string, ThreadStatus>();
  for (const r of active) {
    if (r.status === "interrupted") {
      if (!statusOf.has(r.threadId)) statusOf.set(r.threadId, "interrupted");
    } else statusOf.set(r.threadId, "running");
  }
  return rows.map((r) => toSummary(r, statusOf.get(r.id) ?? "idle"));
}

export function toSummary(r: ThreadRow, status: ThreadStatus = "idle"): ThreadSummary {
  return {
    id: r.id,
    title: r.title,
    agentId: r.agentId,
    modelSpec: r.modelSpec,
    coordinator: r.coordinator,
    status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The actor's thread, or null — a thread of someone else is indistinguishable from a missing one. */
export function findThread(actor: Actor, id: string): Promise<ThreadRow | null> {
  return findOwnRow(threads, actor, id);
}

export async function requireThread(actor: Actor, id: string): Promise<ThreadRow> {
  const row = await findThread(actor, id);
  if (!row) throw new ApiError("not_found:thread", "This conversation does not exist.");
  return row;
}

/** The actor's thread: its row and its summary (with the run status) as the API shows it. */
export async function getThreadWithSummary(
  actor: Actor,
  id: string,
): Promise<{ row: ThreadRow; summary: ThreadSummary }> {
  const row = await requireThread(actor, id);
  const [summary] = await withStatus([row]);
  return { row, summary };
}

export async function createThread(
  actor: Actor,
  input: { id?: string; agentId: string | null; title?: string; modelSpec?: string | null; coordinator?: boolean },
): Promise<ThreadRow> {
  const db = await getDb();
  const id = input.id ?? crypto.randomUUID();
  const inserted = await db
    .insert(threads)
    .values({
      id,
      userId: actor.id,
      agentId: input.agentId,
      title: (input.title ?? "").slice(0, MAX_TITLE_LENGTH),
      modelSpec: input.modelSpec ?? null,
      rootThreadId: id,
      coordinator: input.coordinator ?? false,
    })
    .onConflictDoNothing()
    .returning();
  // An id that already exists and is not the actor's must not reveal anything.
  if (inserted.length === 0) return requireThread(actor, id);
  return inserted[0];
}

export async function updateThread(
  actor: Actor,
  id: string,
  patch: { title?: string; modelSpec?: string | null; agentId?: string | null; coordinator?: boolean },
): Promise<ThreadRow> {
  const db = await getDb();
  const set: Partial<typeof threads.$inferInsert> = { updatedAt: new Date() };
  if (patch.title !== undefined) set.title = patch.title.slice(0, MAX_TITLE_LENGTH);
  if (patch.modelSpec !== undefined) set.modelSpec = patch.modelSpec;
  if (patch.agentId !== undefined) set.agentId = patch.agentId;
  if (patch.coordinator !== undefined) set.coordinator = patch.coordinator;
  const [row] = await db
    .update(threads)
    .set(set)
    .where(and(eq(threads.id, id), eq(threads.userId, actor.id)))
    .returning();
  if (!row) throw new ApiError("not_found:thread", "This conversation does not exist.");
  return row;
}

/**
 * Replaces a conversation's automatic title (the one it got from its first message) with a
 * generated one, only if it still has it: a rename made in between wins. Leaves the
 * conversation's place in the list (updated_at) as it was. Returns whether it replaced it.
 */
export async function replaceAutoTitle(actor: Actor, id: string, auto: string, title: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(threads)
    .set({ title: title.slice(0, MAX_TITLE_LENGTH) })
    .where(and(eq(threads.id, id), eq(threads.userId, actor.id), eq(threads.title, auto)))
    .returning({ id: threads.id });
  return rows.length > 0;
}

export async function touchThread(actor: Actor, id: string): Promise<void> {
  const db = await getDb();
  await db
    .update(threads)
    .set({ updatedAt: new Date() })
    .where(and(eq(threads.id, id), eq(threads.userId, actor.id)));
}

/** Deletes the thread with its messages and runs (cascade); returns the ids of its whole tree. */
export async function deleteThread(actor: Actor, id: string): Promise<string[]> {
  const db = await getDb();
  const tree = await db
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.userId, actor.id), eq(threads.rootThreadId, id)));
  const ids = [...new Set([id, ...tree.map((t) => t.id)])];
  const deleted = await db
    .delete(threads)
    .where(and(inArray(threads.id, ids), eq(threads.userId, actor.id)))
    .returning({ id: threads.id });
  if (!deleted.some((d) => d.id === id)) throw new ApiError("not_found:thread", "This conversation does not exist.");
  return deleted.map((d) => d.id);
}

/**
 * A subagent's conversation: a thread of the actor under `parentThreadId`, in the
 * same conversation tree (`rootThreadId`), hidden from the chat list. Its checkpoint keeps the
 * child's history; the root's workdir is shared.
 */
export async function createChildThread(
  actor: Actor,
  input: { parentThreadId: string; rootThreadId: string; agentId: string; title: string; modelSpec: string },
): Promise<ThreadRow> {
  const db = await getDb();
  const [row] = await db
    .insert(threads)
    .values({
      id: crypto.randomUUID(),
      userId: actor.id,
      agentId: input.agentId,
      title: input.title.slice(0, MAX_TITLE_LENGTH),
      modelSpec: input.modelSpec,
      rootThreadId: input.rootThreadId,
      parentThreadId: input.parentThreadId,
    })
    .returning();
  return row;
}

/** The actor's subagent thread `id` in the conversation tree of `rootThreadId`, or null (also for a chat thread). */
export async function findChildThread(actor: Actor, id: string, rootThreadId: string): Promise<ThreadRow | null> {
  const row = await findThread(actor, id);
  return row && row.parentThreadId !== null && row.rootThreadId === rootThreadId ? row : null;
}
