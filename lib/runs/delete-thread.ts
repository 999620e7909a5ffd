import type { Actor } from "@/lib/auth/actor";
import { deleteThread } from "@/lib/db/threads";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { activeRunForThread } from "./registry";

/** Stops a running reply, then removes the thread, its messages, runs and checkpoints. */
export async function deleteThreadEverywhere(actor: Actor, threadId: string): Promise<void> {
  const live = activeRunForThread(threadId);
  if (live && live.userId === actor.id) {
    live.abort.abort();
    await Promise.race([live.done, new Promise((r) => setTimeout(r, 10_000))]);
  }
  const ids = await deleteThread(actor, threadId);
  const saver = await getCheckpointer();
  for (const id of ids) await saver.deleteThread(id);
}
