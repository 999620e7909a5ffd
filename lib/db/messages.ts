import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { UIMessage } from "ai";
import { getDb } from "./client";
import { messageFeedback, messages, threads } from "./schema";
import type { Actor } from "@/lib/identity/actor";

/**
 * The thread's chat messages in order (the first `limit` when given), as AI SDK UI messages;
 * only for the thread's owner.
 */
export async function listMessages(actor: Actor, threadId: string, limit?: number): Promise<UIMessage[]> {
  const db = await getDb();
  const query = db
    .select({ id: messages.id, role: messages.role, parts: messages.parts, metadata: messages.metadata })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .where(and(eq(messages.threadId, threadId), eq(threads.userId, actor.id)))
    .orderBy(asc(messages.seq));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    parts: r.parts as UIMessage["parts"],
    ...(r.metadata ? { metadata: r.metadata } : {}),
  }));
}

/**
 * The thread's messages as the chat shows them: each message's metadata also says when it was
 * written (`createdAt`) and, for an answer the user rated, `feedback` ("up" | "down").
 */
export async function listChatMessages(actor: Actor, threadId: string): Promise<UIMessage[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: messages.id,
      role: messages.role,
      parts: messages.parts,
      metadata: messages.metadata,
      createdAt: messages.createdAt,
      feedback: messageFeedback.rating,
    })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .leftJoin(messageFeedback, and(eq(messageFeedback.messageId, messages.id), eq(messageFeedback.userId, actor.id)))
    .where(and(eq(messages.threadId, threadId), eq(threads.userId, actor.id)))
    .orderBy(asc(messages.seq));
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    parts: r.parts as UIMessage["parts"],
    metadata: {
      ...r.metadata,
      createdAt: new Date(r.createdAt).toISOString(),
      ...(r.feedback ? { feedback: r.feedback } : {}),
    },
  }));
}

/**
 * The statement that saves (or replaces) one message of a thread the actor owns, returning a row
 * when it did; the id must not belong to another thread. Run alone by saveMessage, and as part of
 * the statement that ends a run (endRunWrites in runs.ts).
 */
export function upsertMessageSql(actor: Actor, threadId: string, message: UIMessage, runId: string | null): SQL {
  const metadata = (message.metadata as Record<string, unknown> | undefined) ?? null;
  return sql`
    INSERT INTO ${messages} (id, thread_id, role, parts, metadata, run_id)
    SELECT ${message.id}, ${threadId}, ${message.role}, ${JSON.stringify(message.parts)}::jsonb,
           ${metadata === null ? null : JSON.stringify(metadata)}::jsonb, ${runId}
    WHERE EXISTS (SELECT 1 FROM ${threads} WHERE ${threads.id} = ${threadId} AND ${threads.userId} = ${actor.id})
    ON CONFLICT (id) DO UPDATE SET parts = EXCLUDED.parts, metadata = EXCLUDED.metadata, run_id = EXCLUDED.run_id
      WHERE ${messages.threadId} = ${threadId}
    RETURNING 1`;
}

/**
 * Saves (or replaces) one message of a thread the actor owns; the id must not belong to another
 * thread. The ownership check rides in the insert itself (one round trip, not two).
 */
export async function saveMessage(
  actor: Actor,
  threadId: string,
  message: UIMessage,
  runId: string | null,
): Promise<void> {
  const db = await getDb();
  const saved = await db.execute(upsertMessageSql(actor, threadId, message, runId));
  if (saved.rows.length > 0) return;
  // Nothing written: a thread the actor does not own is an error; an id of another thread stays as it is.
  const owned = await db
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, actor.id)));
  if (owned.length === 0) throw new Error(`Thread ${threadId} is not owned by ${actor.id}`);
}

/**
 * Deletes the messages after `messageId` in a thread the actor owns (a regenerated or edited turn
 * replaces what followed it; the model's old branch stays in the checkpoint history). Returns
 * how many went; none when the message is not in the thread.
 */
export async function deleteMessagesAfter(actor: Actor, threadId: string, messageId: string): Promise<number> {
  const db = await getDb();
  const res = await db.execute(sql`
    DELETE FROM ${messages} m
    USING ${threads} t, ${messages} pivot
    WHERE t.id = ${threadId} AND t.user_id = ${actor.id}
      AND m.thread_id = t.id AND pivot.thread_id = t.id AND pivot.id = ${messageId}
      AND m.seq > pivot.seq
    RETURNING m.id`);
  return res.rows.length;
}

/**
 * A message of a thread the actor owns and the messages after it, in order (id and role); empty
 * when the message is not in the thread.
 */
export async function messagesFrom(
  actor: Actor,
  threadId: string,
  messageId: string,
): Promise<{ id: string; role: string }[]> {
  const db = await getDb();
  const res = await db.execute(sql`
    SELECT m.id, m.role FROM ${messages} m
    JOIN ${threads} t ON t.id = m.thread_id AND t.user_id = ${actor.id}
    JOIN ${messages} pivot ON pivot.thread_id = t.id AND pivot.id = ${messageId}
    WHERE t.id = ${threadId} AND m.seq >= pivot.seq
    ORDER BY m.seq`);
  return res.rows as { id: string; role: string }[];
}
