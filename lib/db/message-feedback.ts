import { and, eq, sql } from "drizzle-orm";
import { getDb } from "./client";
import { messageFeedback, messages, threads } from "./schema";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";

export type Rating = "up" | "down";

/** An answer in one of the actor's chats, or 404 (another user's, a user message, another chat's). */
async function requireAnswer(actor: Actor, threadId: string, messageId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.threadId, threadId),
        eq(messages.role, "assistant"),
        eq(threads.userId, actor.id),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError("not_found:message", "This answer is not in the conversation.");
}

/** The actor's thumbs up or down on an answer (replacing an earlier one), or none (`null`). */
export async function rateAnswer(
  actor: Actor,
  threadId: string,
  messageId: string,
  rating: Rating | null,
): Promise<Rating | null> {
  await requireAnswer(actor, threadId, messageId);
  const db = await getDb();
  const mine = and(eq(messageFeedback.messageId, messageId), eq(messageFeedback.userId, actor.id));
  if (rating === null) {
    await db.delete(messageFeedback).where(mine);
    return null;
  }
  await db
    .insert(messageFeedback)
    .values({ messageId, userId: actor.id, rating })
    .onConflictDoUpdate({
      target: [messageFeedback.messageId, messageFeedback.userId],
      set: { rating, updatedAt: sql`now()` },
    });
  return rating;
}
