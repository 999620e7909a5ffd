import type { Actor } from "@/lib/identity/actor";
import { deleteUser, threadsOfDeletableUser } from "@/lib/db/user-admin";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { removeUserFiles } from "@/lib/files/remove-workspace";
import { abortLiveRunsAndWait, activeRunForThread } from "./registry";

/**
 * Deletes an account with everything it owns: stops its replies in flight first (so no run
 * writes into a deleted thread), then the rows (foreign keys cascade), the checkpoints and the
 * files of the workspace.
 */
export async function deleteUserEverywhere(actor: Actor, userId: string): Promise<void> {
  const threadIds = await threadsOfDeletableUser(actor, userId);
  await abortLiveRunsAndWait(threadIds.map(activeRunForThread), userId);
  const deleted = await deleteUser(actor, userId);
  const saver = await getCheckpointer();
  for (const id of new Set([...threadIds, ...deleted])) await saver.deleteThread(id);
  await removeUserFiles(userId);
}
