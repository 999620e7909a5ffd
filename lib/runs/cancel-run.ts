import type { Actor } from "@/lib/auth/actor";
import { finishRun, requireRun, toRunView, transitionRun, type RunView } from "@/lib/db/runs";
import { abortLiveRunsAndWait, activeRun } from "./registry";
import { recordInterruptOutcome } from "./interrupt-message";

/**
 * Stops a run: aborts the model or tool call in flight; the executor keeps the partial
 * answer and its usage, then marks the run cancelled. Idempotent.
 */
export async function cancelRun(actor: Actor, runId: string): Promise<RunView> {
  const row = await requireRun(actor, runId);
  const live = activeRun(runId);
  if (live && live.userId === actor.id) {
    await abortLiveRunsAndWait([live], actor.id);
  } else if (row.status === "interrupted") {
    // Waiting for an answer: cancel only if a resume has not claimed it in the meantime.
    if (await transitionRun(actor, runId, "interrupted", "cancelled")) {
      await recordInterruptOutcome(actor, row.threadId, runId, { status: "cancelled" });
    }
  } else if (row.status === "running" || row.status === "pending") {
    // Not executing in this process: an orphan of a crash or restart.
    await finishRun(actor, runId, { status: "cancelled", tokenUsage: row.tokenUsage ?? null });
  }
  return toRunView(await requireRun(actor, runId));
}
