import { z } from "zod";
import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/errors/api-error";
import { stopDelegatedTask, toTaskView } from "@/lib/db/delegated-tasks";
import { abortTaskWorker } from "@/lib/coordinator/task-job";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200), taskId: z.string().min(1).max(100) });

/** Stops one of the chat's delegated tasks (idempotent): `{task, stopped}`. */
export const POST = route({ params }, async ({ actor, params }) => {
  const outcome = await stopDelegatedTask(actor, params.id, params.taskId);
  if (!outcome) throw new ApiError("not_found:task", "This task does not exist in this conversation.");
  if (outcome.stopped) await abortTaskWorker(params.taskId);
  return { task: toTaskView(outcome.task), stopped: outcome.stopped };
});
