import type { TokenUsageState } from "./ui-parts";
import { countTextTokens } from "./token-count";

/** The run aggregate from state, plus an estimate for a call cut short (the provider never reported it). */
export function runUsage(
  values: Record<string, unknown> | undefined,
  runId: string,
  spec: string,
  partial: string,
): Record<string, unknown> | null {
  const usage = values?.tokenUsage as TokenUsageState | undefined;
  let run: Record<string, unknown> | null = usage?.run?.runId === runId ? usage.run : null;
  // Summary calls are saved with the run under `internal`, apart from its main-model figures.
  const internal = usage?.internal?.run.runId === runId ? usage.internal.run : null;
  if (internal) run = { ...(run ?? { runId, buckets: {}, totals: null }), internal };
  if (!partial) return run;
  return {
    ...(run ?? { runId, buckets: {}, totals: null }),
    partialCall: { spec, approximateOutputTokens: countTextTokens(partial), estimated: true },
  };
}
