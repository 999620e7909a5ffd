import type { Actor } from "@/lib/auth/actor";
import { finishRun, requireRun, toRunView, type RunView } from "@/lib/db/runs";
import { activeRun } from "./registry";
import { recordInterruptOutcome } from "./interrupt-message";

/**
 * Stops a run: aborts the model or tool call in flight; the executor keeps the partial
 * answer and its usage, then marks the run cancelled. Idempotent.
 */
export async function cancelRun(actor: Actor, runId: string): Promise<RunView> {
  const row = await requireRun(actor, runId);
  const live = activeRun(runId);
  if (live && live.userId === actor.id) {
    live.abort.abort();
    await Promise.race([live.done, new Promise((r) => setTimeout(r, 10_000))]);
  } else if (row.status === "running" || row.status === "pending" || row.status === "interrupted") {
    // Not executing in this process (an orphan, or an interrupted run waiting for an answer).
    await finishRun(runId, { status: "cancelled", tokenUsage: row.tokenUsage ?? null });
    if (row.status === "interrupted") await recordInterruptOutcome(actor, row.threadId, runId, { status: "cancelled" });
  }
  return toRunView(await requireRun(actor, runId));
}
