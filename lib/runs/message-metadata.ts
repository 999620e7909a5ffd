import type { Actor } from "@/lib/identity/actor";
import { listThreadAttachments } from "@/lib/db/attachments";
import { requestedAttachmentPaths, type MessageAttachment } from "@/lib/files/message-attachments";
import { uploadPathOf } from "@/lib/workspace/upload-path";

/**
 * What a sent user message keeps as metadata: only the files it names that are uploads of this
 * conversation by this user, described from their upload records (a forged path, another
 * conversation's file or a client-made name or size is dropped). Undefined when none is left.
 */
export async function userMessageMetadata(
  actor: Actor,
  threadId: string,
  sent: unknown,
): Promise<{ attachments: MessageAttachment[] } | undefined> {
  const paths = requestedAttachmentPaths(sent);
  if (!paths.length) return undefined;
  const uploads = new Map(
    (await listThreadAttachments(actor, threadId)).map((row) => [uploadPathOf(threadId, row.storedName), row]),
  );
  const attachments = paths.flatMap((path) => {
    const row = uploads.get(path);
    return row ? [{ name: row.originalName, path, size: row.size, mediaType: row.mediaType }] : [];
  });
  return attachments.length ? { attachments } : undefined;
}
