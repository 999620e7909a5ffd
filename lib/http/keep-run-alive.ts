import { after } from "next/server";
import { activeRun } from "@/lib/runs/registry";

/**
 * On serverless hosts (Vercel) a function ends with its response unless told otherwise: the run
 * started by this request keeps the function alive until it has saved its end, even when the
 * browser went away. A server process is unaffected.
 */
export function keepAliveUntilRunEnds(runId: string): void {
  after(() => activeRun(runId)?.done);
}
