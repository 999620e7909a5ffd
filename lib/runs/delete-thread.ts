import type { Actor } from "@/lib/auth/actor";
import { deleteThread, findThread } from "@/lib/db/threads";
import { removeWorkdir } from "@/lib/files/remove-workspace";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { abortLiveRunsAndWait, activeRunForThread } from "./registry";

/** Stops a running reply, then removes the thread, its messages, runs, uploads records, checkpoints and workdir. */
export async function deleteThreadEverywhere(actor: Actor, threadId: string): Promise<void> {
  await abortLiveRunsAndWait([activeRunForThread(threadId)], actor.id);
  const thread = await findThread(actor, threadId);
  const ids = await deleteThread(actor, threadId);
  const saver = await getCheckpointer();
  for (const id of ids) await saver.deleteThread(id);
  // A subagent thread shares its conversation's workdir; only the conversation's root owns it.
  if (thread && (thread.rootThreadId ?? thread.id) === thread.id) await removeWorkdir(actor.id, thread.id);
}
