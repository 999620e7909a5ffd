import { failExpiredRuns, renewRunLeases, runLeaseMs } from "@/lib/db/run-leases";
import { failOrphanedRuns } from "@/lib/db/runs";
import { handleAborts, listenForAborts } from "@/lib/redis/abort-broadcast";
import { isMultiInstance } from "@/lib/redis/client";
import { activeRun } from "./registry";

/**
 * At start: which runs left by earlier processes are orphans. One instance (no REDIS_URL) fails
 * every pending or running run, as nothing else can be executing them. With several instances
 * only those whose lease expired are failed, and a sweep keeps doing so while this one serves:
 * a run whose instance died ends within a lease and a half.
 */
export async function settleOrphanedRuns(): Promise<number> {
  return isMultiInstance() ? (await failExpiredRuns()).length : failOrphanedRuns();
}

const key = Symbol.for("meridian.leaseKeeping");

/** Renews the leases of the runs executing here; with Redis, also sweeps expired ones and takes cancels from other instances. */
export async function startLeaseKeeping(): Promise<void> {
  const g = globalThis as typeof globalThis & { [key]?: boolean };
  if (g[key]) return;
  g[key] = true;
  const leaseMs = runLeaseMs();
  const renew = setInterval(
    () => {
      renewRunLeases().catch((err) => console.error("[runs] lease renewal failed:", (err as Error).message));
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  renew.unref();
  if (!isMultiInstance()) return;
  const sweep = setInterval(
    () => {
      failExpiredRuns()
        .then((ids) => ids.length > 0 && console.warn(`[runs] failed ${ids.length} run(s) whose instance stopped`))
        .catch((err) => console.error("[runs] expired-lease sweep failed:", (err as Error).message));
    },
    Math.max(100, Math.floor(leaseMs / 2)),
  );
  sweep.unref();
  handleAborts("run", (runId) => activeRun(runId)?.abort.abort());
  await listenForAborts();
}
