import { after } from "next/server";
import { activeRun } from "@/lib/runs/registry";

/**
 * On serverless hosts (Vercel) a function ends with its response unless told otherwise: the run
 * started by this request keeps the function alive until it has saved its end and done what
 * follows it (a new conversation's title), even when the browser went away. Taken now: the run
 * leaves the registry when it ends, before that work. A server process is unaffected.
 */
export function keepAliveUntilRunEnds(runId: string): void {
  const done = activeRun(runId)?.done;
  after(() => done);
}
