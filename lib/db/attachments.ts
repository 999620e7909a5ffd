import { and, asc, eq } from "drizzle-orm";
import { getDb } from "./client";
import { attachments } from "./schema";
import { requireThread } from "./threads";
import type { Actor } from "@/lib/identity/actor";
import { uploadPathOf, type UploadScope } from "@/lib/workspace/upload-path";

export type AttachmentRow = typeof attachments.$inferSelect;

export type NewAttachment = {
  rootThreadId: string;
  storedName: string;
  originalName: string;
  mediaType: string;
  size: number;
};

/** Records an upload in one of the actor's conversations (404 for anyone else's). */
export async function createAttachment(actor: Actor, input: NewAttachment): Promise<AttachmentRow> {
  await requireThread(actor, input.rootThreadId);
  const db = await getDb();
  const [row] = await db
    .insert(attachments)
    .values({
      id: crypto.randomUUID(),
      userId: actor.id,
      threadId: input.rootThreadId,
      storedName: input.storedName,
      originalName: input.originalName,
      mediaType: input.mediaType,
      size: input.size,
    })
    .returning();
  return row;
}

/** The conversation's uploads, oldest first; empty for a conversation that is not the actor's. */
export async function listThreadAttachments(actor: Actor, rootThreadId: string): Promise<AttachmentRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.userId, actor.id), eq(attachments.threadId, rootThreadId)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** What the model is told about: each upload's original name and where to read it. */
export async function listAttachmentsForModel(
  actor: Actor,
  rootThreadId: string,
): Promise<{ name: string; path: string }[]> {
  const rows = await listThreadAttachments(actor, rootThreadId);
  return rows.map((r) => ({ name: r.originalName, path: uploadPathOf(rootThreadId, r.storedName) }));
}

/** Returns whether a record was removed. */
export async function deleteAttachmentByStoredName(
  actor: Actor,
  rootThreadId: string,
  storedName: string,
): Promise<boolean> {
  const db = await getDb();
  const deleted = await db
    .delete(attachments)
    .where(
      and(
        eq(attachments.userId, actor.id),
        eq(attachments.threadId, rootThreadId),
        eq(attachments.storedName, storedName),
      ),
    )
    .returning({ id: attachments.id });
  return deleted.length > 0;
}

/** Forgets the records of uploads whose files a deletion removed (see uploadsAffectedBy). */
export async function deleteAttachmentsIn(actor: Actor, target: UploadScope): Promise<number> {
  if (target.scope === "file")
    return (await deleteAttachmentByStoredName(actor, target.rootThreadId, target.storedName)) ? 1 : 0;
  const db = await getDb();
  const mine = eq(attachments.userId, actor.id);
  const deleted = await db
    .delete(attachments)
    .where(target.scope === "all" ? mine : and(mine, eq(attachments.threadId, target.rootThreadId)))
    .returning({ id: attachments.id });
  return deleted.length;
}
