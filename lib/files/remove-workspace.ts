import { openWorkspace } from "@/lib/workspace/open";
import { CONVERSATION_ID, VIRTUAL, workdirOf } from "@/lib/workspace/paths";
import { StoreNotFound } from "@/lib/workspace/store/types";

/** Removes a deleted conversation's workdir (nothing there is fine; other failures are logged). */
export async function removeWorkdir(userId: string, rootThreadId: string): Promise<void> {
  if (!CONVERSATION_ID.test(rootThreadId)) return; // such an id never had a workdir of its own
  await removeQuietly(userId, workdirOf(rootThreadId));
}

/** Empties a deleted user's workspace. */
export async function removeUserFiles(userId: string): Promise<void> {
  const workspace = openWorkspace(userId);
  let entries;
  try {
    entries = await workspace.list(VIRTUAL.userData);
  } catch (err) {
    console.error(`[workspace] could not list the files of deleted user ${userId}:`, err);
    return;
  }
  for (const e of entries) await removeQuietly(userId, e.virtual);
}

async function removeQuietly(userId: string, virtual: string): Promise<void> {
  try {
    await openWorkspace(userId).remove(virtual);
  } catch (err) {
    if (!(err instanceof StoreNotFound))
      console.error(`[workspace] could not remove ${virtual} of user ${userId}:`, err);
  }
}
