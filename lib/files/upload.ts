import crypto from "node:crypto";
import type { Actor } from "@/lib/identity/actor";
import { createAttachment } from "@/lib/db/attachments";
import { createThread, findThread, type ThreadRow } from "@/lib/db/threads";
import { getDefaultAgent, getVisibleAgent } from "@/lib/db/agents";
import { ApiError } from "@/lib/errors/api-error";
import { openWorkspace } from "@/lib/workspace/open";
import { sniffUpload } from "./sniff";
import { rootOf } from "./thread-workdir";
import { uploadPathOf } from "@/lib/workspace/upload-path";
import type { RequestFile } from "./request-file";

/** The answer of POST /api/threads/:id/uploads. `name` is the user's file name, `path` the virtual one. */
export type UploadResult = { name: string; path: string; size: number; mediaType: string };

const MAX_NAME_BYTES = 255;

/**
 * Stores an upload in the conversation's uploads/ folder under a server-generated name and
 * records it. The type comes from the bytes (UnsupportedFileType when refused); a conversation that does not exist yet (a new
 * chat uploading before its first message) is created for the actor. Nothing is left behind
 * when any step fails.
 */
export async function saveUpload(actor: Actor, threadId: string, file: RequestFile): Promise<UploadResult> {
  const existing = await findThread(actor, threadId);
  const originalName = cleanFileName(file.name);
  const sniffed = await sniffUpload(file.bytes, originalName, file.declaredType);
  const thread = existing ?? (await createUploadThread(actor, threadId, file.fields.agentId));
  const rootThreadId = rootOf(thread);
  const storedName = `${crypto.randomBytes(16).toString("hex")}.${sniffed.ext}`;
  const path = uploadPathOf(rootThreadId, storedName);
  const workspace = openWorkspace(actor.id);
  await workspace.writeBytes(path, file.bytes);
  try {
    await createAttachment(actor, {
      rootThreadId,
      storedName,
      originalName,
      mediaType: sniffed.mediaType,
      size: file.bytes.length,
    });
  } catch (err) {
    await workspace
      .remove(path)
      .catch((cleanupErr) => console.error(`[uploads] could not remove ${path}:`, cleanupErr));
    throw err;
  }
  return { name: originalName, path, size: file.bytes.length, mediaType: sniffed.mediaType };
}

/** Same rules as the first chat message: the agent must be visible to the actor; someone else's id is a 404. */
async function createUploadThread(actor: Actor, threadId: string, agentId: string | undefined): Promise<ThreadRow> {
  const agent = agentId ? await getVisibleAgent(actor, agentId) : await getDefaultAgent(actor);
  if (!agent) throw new ApiError("not_found:agent", "This agent does not exist or is not shared with you.");
  return createThread(actor, { id: threadId, agentId: agent.id });
}

/** The base name without directories or control characters, at most 255 bytes, never empty. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
  let clean = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (clean === "." || clean === "..") clean = "";
  while (Buffer.byteLength(clean) > MAX_NAME_BYTES) clean = Array.from(clean).slice(0, -1).join("");
  return clean || "file";
}
