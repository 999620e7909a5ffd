import { and, asc, eq } from "drizzle-orm";
import type { UIMessage } from "ai";
import { getDb } from "./client";
import { messages, threads } from "./schema";
import type { Actor } from "@/lib/auth/actor";

/** The thread's chat messages in order, as AI SDK UI messages; only for the thread's owner. */
export async function listMessages(actor: Actor, threadId: string): Promise<UIMessage[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: messages.id, role: messages.role, parts: messages.parts, metadata: messages.metadata })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .where(and(eq(messages.threadId, threadId), eq(threads.userId, actor.id)))
    .orderBy(asc(messages.seq));
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    parts: r.parts as UIMessage["parts"],
    ...(r.metadata ? { metadata: r.metadata } : {}),
  }));
}

/**
 * Saves (or replaces) one message of a thread the actor owns. The caller has already checked
 * ownership; the id must not belong to another thread.
 */
export async function saveMessage(
  actor: Actor,
  threadId: string,
  message: UIMessage,
  runId: string | null,
): Promise<void> {
  const db = await getDb();
  const owned = await db
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, actor.id)));
  if (owned.length === 0) throw new Error(`Thread ${threadId} is not owned by ${actor.id}`);
  const metadata = (message.metadata as Record<string, unknown> | undefined) ?? null;
  await db
    .insert(messages)
    .values({ id: message.id, threadId, role: message.role, parts: message.parts, metadata, runId })
    .onConflictDoUpdate({
      target: messages.id,
      set: { parts: message.parts, metadata, runId },
      setWhere: eq(messages.threadId, threadId),
    });
}
