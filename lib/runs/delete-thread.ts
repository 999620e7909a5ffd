import type { Actor } from "@/lib/identity/actor";
import { deleteThread, findThread } from "@/lib/db/threads";
import { listDelegatedTasks, OPEN_TASK_STATUSES, stopDelegatedTask } from "@/lib/db/delegated-tasks";
import { abortTaskWorker } from "@/lib/coordinator/task-job";
import { removeWorkdir } from "@/lib/files/remove-workspace";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { abortLiveRunsAndWait, activeRunForThread } from "./registry";

/**
 * Stops a running reply and the chat's open delegated tasks, then removes the thread, its
 * messages, runs, tasks, uploads records, checkpoints and workdir.
 */
export async function deleteThreadEverywhere(actor: Actor, threadId: string): Promise<void> {
  await abortLiveRunsAndWait([activeRunForThread(threadId)], actor.id);
  await stopOpenTasks(actor, threadId);
  const thread = await findThread(actor, threadId);
  const ids = await deleteThread(actor, threadId);
  const saver = await getCheckpointer();
  for (const id of ids) await saver.deleteThread(id);
  // A subagent thread shares its conversation's workdir; only the conversation's root owns it.
  if (thread && (thread.rootThreadId ?? thread.id) === thread.id) await removeWorkdir(actor.id, thread.id);
}

/** Cancels the tasks and their jobs, so no worker goes on writing into a deleted chat. */
async function stopOpenTasks(actor: Actor, threadId: string): Promise<void> {
  const open = (await listDelegatedTasks(actor, threadId)).filter((t) => OPEN_TASK_STATUSES.includes(t.status));
  for (const task of open) {
    const outcome = await stopDelegatedTask(actor, threadId, task.id);
    if (outcome?.stopped) await abortTaskWorker(task.id);
  }
}
