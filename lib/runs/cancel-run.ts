import type { Actor } from "@/lib/identity/actor";
import {
  ACTIVE_RUN_STATUSES,
  finishRun,
  requireRun,
  toRunView,
  transitionRun,
  type RunRow,
  type RunView,
} from "@/lib/db/runs";
import { broadcastAbort } from "@/lib/redis/abort-broadcast";
import { ABORT_WAIT_MS, abortLiveRunsAndWait, activeRun } from "./registry";
import { recordInterruptOutcome } from "./interrupt-message";

const ACTIVE = new Set<RunRow["status"]>(ACTIVE_RUN_STATUSES);
const POLL_MS = 100;

/**
 * Stops a run: aborts the model or tool call in flight; the executor keeps the partial
 * answer and its usage, then marks the run cancelled. Idempotent. A run executing on another
 * instance is aborted there through Redis; this waits until it has saved its end.
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
  } else if (ACTIVE.has(row.status)) {
    const elsewhere = leaseIsLive(row) && (await broadcastAbort("run", runId));
    const ended = elsewhere && (await endedWithin(actor, runId, ABORT_WAIT_MS));
    // Not executing anywhere (an orphan of a crash or restart), or its instance did not answer.
    if (!ended) await finishRun(actor, runId, { status: "cancelled", tokenUsage: row.tokenUsage ?? null });
  }
  return toRunView(await requireRun(actor, runId));
}

const leaseIsLive = (row: RunRow) => row.leaseUntil !== null && row.leaseUntil.getTime() > Date.now();

/** Polls the run's row until it leaves pending/running; false after `ms`. */
async function endedWithin(actor: Actor, runId: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (!ACTIVE.has((await requireRun(actor, runId)).status)) return true;
  }
  return false;
}
