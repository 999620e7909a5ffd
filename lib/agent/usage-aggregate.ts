import type { UsageMetadata } from "@langchain/core/messages";
import type { ProviderUsage, UsageAggregate, UsageBucket } from "./ui-parts";

/** One model call's provider usage, normalised; `cacheRead` null when the provider did not report it. */
export type CallUsage = {
  spec: string;
  responseModel: string | null;
  usage: Omit<ProviderUsage, "cacheReadTokens" | "cacheReportedInputTokens"> & { cacheRead: number | null };
};

const CACHE_READ_KEYS = ["cache_read", "priority_cache_read", "flex_cache_read"] as const;

export function normaliseUsage(meta: UsageMetadata | undefined): CallUsage["usage"] | null {
  if (!meta) return null;
  const details = meta.input_token_details as Record<string, number | undefined> | undefined;
  const reported = CACHE_READ_KEYS.filter((k) => typeof details?.[k] === "number");
  return {
    inputTokens: meta.input_tokens ?? 0,
    outputTokens: meta.output_tokens ?? 0,
    totalTokens: meta.total_tokens ?? (meta.input_tokens ?? 0) + (meta.output_tokens ?? 0),
    reasoningTokens: (meta.output_token_details as Record<string, number | undefined> | undefined)?.reasoning ?? 0,
    cacheRead: reported.length ? reported.reduce((s, k) => s + (details?.[k] ?? 0), 0) : null,
  };
}

export function emptyAggregate(): UsageAggregate {
  return {
    buckets: {},
    totals: {
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 0,
      cacheReadTokens: 0,
      cacheReportedInputTokens: 0,
      reasoningTokens: 0,
    },
  };
}

function emptyBucket(spec: string): UsageBucket {
  return {
    spec,
    responseModels: [],
    calls: 0,
    callsWithCacheInfo: 0,
    cacheHitRatio: null,
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    cacheReadTokens: 0,
    cacheReportedInputTokens: 0,
    reasoningTokens: 0,
  };
}

/** Adds one call to an aggregate (pure). */
export function addCall(agg: UsageAggregate, call: CallUsage): UsageAggregate {
  const prev = agg.buckets[call.spec] ?? emptyBucket(call.spec);
  const bucket: UsageBucket = { ...prev, calls: prev.calls + 1, responseModels: [...prev.responseModels] };
  if (call.responseModel && !bucket.responseModels.includes(call.responseModel)) {
    bucket.responseModels.push(call.responseModel);
  }
  const totals = { ...agg.totals, calls: agg.totals.calls + 1 };
  const u = call.usage;
  const cacheKnown = u.cacheRead !== null;
  for (const target of [bucket, totals]) {
    target.inputTokens += u.inputTokens;
    target.outputTokens += u.outputTokens;
    target.totalTokens += u.totalTokens;
    target.reasoningTokens += u.reasoningTokens;
    if (cacheKnown) {
      target.cacheReadTokens += u.cacheRead ?? 0;
      target.cacheReportedInputTokens += u.inputTokens;
    }
  }
  if (cacheKnown) bucket.callsWithCacheInfo += 1;
  bucket.cacheHitRatio =
    bucket.callsWithCacheInfo > 0 && bucket.cacheReportedInputTokens > 0
      ? bucket.cacheReadTokens / bucket.cacheReportedInputTokens
      : null;
  return { buckets: { ...agg.buckets, [call.spec]: bucket }, totals };
}

/**
 * A run's saved usage with one more of the app's own calls under `internal`, beside the
 * summaries': for calls made for the run after it ended (its conversation's title).
 */
export function withInternalCall(
  usage: Record<string, unknown> | null,
  runId: string,
  call: CallUsage,
): Record<string, unknown> {
  const saved = usage ?? { runId, buckets: {}, totals: null };
  const internal = (saved.internal as UsageAggregate | undefined) ?? { ...emptyAggregate(), runId };
  return { ...saved, internal: addCall(internal, call) };
}
