import { z } from "zod";

/**
 * The files a user message carried, kept in the message's metadata (`metadata.attachments`)
 * so the transcript can show them under the message. The server fills in name, size and type
 * from the thread's upload records; the client only names the paths.
 */
const MAX_MESSAGE_ATTACHMENTS = 20;

const messageAttachmentSchema = z.object({
  name: z.string().min(1).max(255),
  path: z.string().min(1).max(1024),
  size: z.number().int().nonnegative(),
  mediaType: z.string().max(255),
});

export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

const metadataSchema = z.object({ attachments: z.array(messageAttachmentSchema).max(MAX_MESSAGE_ATTACHMENTS) });

/** The attachments a message's metadata lists; none for anything else. */
export function attachmentsOf(metadata: unknown): MessageAttachment[] {
  const parsed = metadataSchema.safeParse(metadata);
  return parsed.success ? parsed.data.attachments : [];
}

/** The paths a sent message names (whatever else its metadata holds is not kept). */
export function requestedAttachmentPaths(metadata: unknown): string[] {
  const list = (metadata as { attachments?: unknown } | null | undefined)?.attachments;
  if (!Array.isArray(list)) return [];
  const paths = list
    .map((entry) => (entry && typeof entry === "object" ? (entry as { path?: unknown }).path : undefined))
    .filter((path): path is string => typeof path === "string");
  return [...new Set(paths)].slice(0, MAX_MESSAGE_ATTACHMENTS);
}
