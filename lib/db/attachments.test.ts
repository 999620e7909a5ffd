import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "./client";
import { attachments, users } from "./schema";
import { createThread, deleteThread } from "./threads";
import {
  createAttachment,
  deleteAttachmentByStoredName,
  deleteAttachmentsIn,
  listAttachmentsForModel,
  listThreadAttachments,
} from "./attachments";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const file = (rootThreadId: string, storedName: string, originalName = `${storedName}-original.pdf`) => ({
  rootThreadId,
  storedName,
  originalName,
  mediaType: "application/pdf",
  size: 123,
});

async function rowsOfUser(userId: string) {
  const db = await getDb();
  return db.select().from(attachments).where(eq(attachments.userId, userId));
}

describe("attachments", () => {
  it("lists a conversation's uploads oldest first, for its owner only", async () => {
    const owner = await insertTestUser();
    const other = await insertTestUser();
    const thread = await createThread(owner, { agentId: null });
    const second = await createThread(owner, { agentId: null });
    await createAttachment(owner, file(thread.id, "a1.pdf", "First report.pdf"));
    await createAttachment(owner, file(thread.id, "a2.pdf", "第二份.pdf"));
    await createAttachment(owner, file(second.id, "b1.pdf"));

    const rows = await listThreadAttachments(owner, thread.id);
    expect(rows.map((r) => [r.storedName, r.originalName])).toEqual([
      ["a1.pdf", "First report.pdf"],
      ["a2.pdf", "第二份.pdf"],
    ]);
    expect(rows[0]).toMatchObject({ userId: owner.id, threadId: thread.id, mediaType: "application/pdf", size: 123 });
    expect(await listThreadAttachments(other, thread.id)).toEqual([]);
    expect(await listAttachmentsForModel(owner, thread.id)).toEqual([
      { name: "First report.pdf", path: `/home/gem/user-data/projects/${thread.id}/uploads/a1.pdf` },
      { name: "第二份.pdf", path: `/home/gem/user-data/projects/${thread.id}/uploads/a2.pdf` },
    ]);
    expect(await listAttachmentsForModel(other, thread.id)).toEqual([]);
  });

  it("never records an upload into someone else's conversation", async () => {
    const owner = await insertTestUser();
    const intruder = await insertTestUser();
    const thread = await createThread(owner, { agentId: null });
    await expect(createAttachment(intruder, file(thread.id, "x.pdf"))).rejects.toMatchObject({
      code: "not_found:thread",
    });
    await expect(createAttachment(intruder, file("no-such-thread", "x.pdf"))).rejects.toMatchObject({
      code: "not_found:thread",
    });
    expect(await rowsOfUser(intruder.id)).toEqual([]);
    expect(await listThreadAttachments(owner, thread.id)).toEqual([]);
  });

  it("deletes one record by stored name, only the actor's own", async () => {
    const owner = await insertTestUser();
    const other = await insertTestUser();
    const thread = await createThread(owner, { agentId: null });
    await createAttachment(owner, file(thread.id, "keep.pdf"));
    await createAttachment(owner, file(thread.id, "drop.pdf"));
    expect(await deleteAttachmentByStoredName(other, thread.id, "drop.pdf")).toBe(false);
    expect(await deleteAttachmentByStoredName(owner, thread.id, "drop.pdf")).toBe(true);
    expect(await deleteAttachmentByStoredName(owner, thread.id, "drop.pdf")).toBe(false);
    expect((await listThreadAttachments(owner, thread.id)).map((r) => r.storedName)).toEqual(["keep.pdf"]);
  });

  it("forgets the records under a deleted folder: one conversation's or all of them", async () => {
    const owner = await insertTestUser();
    const other = await insertTestUser();
    const t1 = await createThread(owner, { agentId: null });
    const t2 = await createThread(owner, { agentId: null });
    const theirs = await createThread(other, { agentId: null });
    await createAttachment(owner, file(t1.id, "1.pdf"));
    await createAttachment(owner, file(t1.id, "2.pdf"));
    await createAttachment(owner, file(t2.id, "3.pdf"));
    await createAttachment(other, file(theirs.id, "4.pdf"));

    expect(await deleteAttachmentsIn(owner, { scope: "thread", rootThreadId: t1.id })).toBe(2);
    expect(await deleteAttachmentsIn(owner, { scope: "file", rootThreadId: t2.id, storedName: "3.pdf" })).toBe(1);
    await createAttachment(owner, file(t2.id, "5.pdf"));
    expect(await deleteAttachmentsIn(owner, { scope: "all" })).toBe(1);
    expect(await rowsOfUser(owner.id)).toEqual([]);
    expect((await rowsOfUser(other.id)).map((r) => r.storedName)).toEqual(["4.pdf"]);
  });

  it("leaves no rows when the conversation or the user is deleted", async () => {
    const owner = await insertTestUser();
    const thread = await createThread(owner, { agentId: null });
    const kept = await createThread(owner, { agentId: null });
    await createAttachment(owner, file(thread.id, "gone.pdf"));
    await createAttachment(owner, file(kept.id, "kept.pdf"));
    await deleteThread(owner, thread.id);
    expect((await rowsOfUser(owner.id)).map((r) => r.storedName)).toEqual(["kept.pdf"]);

    const db = await getDb();
    await db.delete(users).where(eq(users.id, owner.id));
    expect(await rowsOfUser(owner.id)).toEqual([]);
  });
});
